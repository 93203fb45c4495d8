"""Hand-written wrong implementations of `bracex/__init__.py::ExpandBrace.get_int_range` (facelessuser/bracex @ d46a882b94).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'facelessuser/bracex'
COMMIT = 'd46a882b94f91429de387e2fdbcbc74dbf1b6126'
TARGET = 'bracex/__init__.py::ExpandBrace.get_int_range'
SETUP = 'import bracex'
NEEDS = ['int64', 'format_values']
WRONG = [
    {
        "why": "counts the values of the span, ignoring the increment",
        "code": "def get_int_range(self, m: re.Match[str]) -> tuple[Iterator[str], int]:\n    \"\"\"Get an integer range between start and end and increments of increment.\"\"\"\n\n    # Capture zero padding extent and capture numerical values without padding and limited to 19 digits.\n    # 64-bit integers are no longer than 19 digits.\n    spad = m.start(2), m.end(2)\n    off = m.start(1)\n    start = m.group(1)[:spad[0] - off] + m.group(1)[spad[1] - off:spad[1] - off + 19]\n\n    epad = m.start(4), m.end(4)\n    off = m.start(3)\n    end = m.group(3)[:epad[0] - off] + m.group(3)[epad[1] - off :epad[1] - off  + 19]\n\n    ipad = m.start(6), m.end(6)\n    off = m.start(5)\n    increment = m.group(5)[0:ipad[0] - off] + m.group(5)[ipad[1] - off:ipad[1] - off + 19] if m.group(5) else '1'\n\n    # Ensure values are within 64 bit range.\n    first = int64(start)\n    last = int64(end)\n    inc = max(1, int64(increment))\n\n    spad_len = spad[1] - spad[0]\n    epad_len = epad[1] - epad[0]\n    padding = max(spad_len + len(start), epad_len + len(end)) if spad_len or epad_len else 0\n\n    if first < last:\n        span = abs(last - first + 1)\n        ainc = abs(inc)\n        count = span\n        r = range(first, last + 1, inc)\n    else:\n        span = abs(first - last + 1)\n        ainc = abs(inc)\n        count = span\n        r = range(first, last - 1, -inc)\n\n    return self.format_values(r, padding), count\n",
        "witness": "m = bracex.RE_INT_ITER.match('1..10..3}')\nv, n = bracex.ExpandBrace().get_int_range(m)\nresult = (list(v), n)",
    },
    {
        "why": "formats the values with str, dropping the zero padding",
        "code": "def get_int_range(self, m: re.Match[str]) -> tuple[Iterator[str], int]:\n    \"\"\"Get an integer range between start and end and increments of increment.\"\"\"\n\n    # Capture zero padding extent and capture numerical values without padding and limited to 19 digits.\n    # 64-bit integers are no longer than 19 digits.\n    spad = m.start(2), m.end(2)\n    off = m.start(1)\n    start = m.group(1)[:spad[0] - off] + m.group(1)[spad[1] - off:spad[1] - off + 19]\n\n    epad = m.start(4), m.end(4)\n    off = m.start(3)\n    end = m.group(3)[:epad[0] - off] + m.group(3)[epad[1] - off :epad[1] - off  + 19]\n\n    ipad = m.start(6), m.end(6)\n    off = m.start(5)\n    increment = m.group(5)[0:ipad[0] - off] + m.group(5)[ipad[1] - off:ipad[1] - off + 19] if m.group(5) else '1'\n\n    # Ensure values are within 64 bit range.\n    first = int64(start)\n    last = int64(end)\n    inc = max(1, int64(increment))\n\n    spad_len = spad[1] - spad[0]\n    epad_len = epad[1] - epad[0]\n    padding = max(spad_len + len(start), epad_len + len(end)) if spad_len or epad_len else 0\n\n    if first < last:\n        span = abs(last - first + 1)\n        ainc = abs(inc)\n        count = math.ceil(span / ainc) if ainc <= span else 1\n        r = range(first, last + 1, inc)\n    else:\n        span = abs(first - last + 1)\n        ainc = abs(inc)\n        count = math.ceil(span / ainc) if ainc <= span else 1\n        r = range(first, last - 1, -inc)\n\n    return (str(v) for v in r), count\n",
        "witness": "m = bracex.RE_INT_ITER.match('01..03}')\nv, n = bracex.ExpandBrace().get_int_range(m)\nresult = (list(v), n)",
    },
]
