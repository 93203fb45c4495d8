"""Hand-written wrong implementations of `bracex/__init__.py::ExpandBrace.get_char_range` (facelessuser/bracex @ d46a882b94).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'facelessuser/bracex'
COMMIT = 'd46a882b94f91429de387e2fdbcbc74dbf1b6126'
TARGET = 'bracex/__init__.py::ExpandBrace.get_char_range'
SETUP = 'import bracex'
NEEDS = ['int64', '_alpha', '_nalpha']
WRONG = [
    {
        "why": "leaves the end letter out (exclusive range end)",
        "code": "def get_char_range(self, m: re.Match[str]) -> tuple[Iterator[str], int]:\n    \"\"\"Get a range of alphabetic characters.\"\"\"\n\n    start = m.group(1)\n    end = m.group(2)\n\n    # Capture zero padding extent and capture numerical values without padding and limited to 19 digits.\n    # 64-bit integers are no longer than 19 digits.\n    ipad = m.start(4), m.end(4)\n    off = m.start(3)\n    increment = m.group(3)[0:ipad[0] - off] + m.group(3)[ipad[1] - off:ipad[1] - off + 19] if m.group(3) else '1'\n\n    # Ensure values are within 64 bit range.\n    inc = max(1, int64(increment))\n\n    inverse = start > end\n    alpha = _nalpha if inverse else _alpha\n\n    first = alpha.index(start)\n    last = alpha.index(end)\n\n    if first < last:\n        span = last - first + 1\n        count = math.ceil(span / inc) if inc <= abs(span) else 1\n        r = range(first, last, inc)\n    else:\n        span = first - last + 1\n        count = math.ceil(span / inc) if inc <= abs(span) else 1\n        r = range(first, last, -inc)\n    return (alpha[i] for i in r), count\n",
        "witness": "m = bracex.RE_CHR_ITER.match('a..c}')\nv, n = bracex.ExpandBrace().get_char_range(m)\nresult = (list(v), n)",
    },
    {
        "why": "ignores the increment (always steps by one letter)",
        "code": "def get_char_range(self, m: re.Match[str]) -> tuple[Iterator[str], int]:\n    \"\"\"Get a range of alphabetic characters.\"\"\"\n\n    start = m.group(1)\n    end = m.group(2)\n\n    # Capture zero padding extent and capture numerical values without padding and limited to 19 digits.\n    # 64-bit integers are no longer than 19 digits.\n    ipad = m.start(4), m.end(4)\n    off = m.start(3)\n    increment = m.group(3)[0:ipad[0] - off] + m.group(3)[ipad[1] - off:ipad[1] - off + 19] if m.group(3) else '1'\n\n    # Ensure values are within 64 bit range.\n    inc = 1\n\n    inverse = start > end\n    alpha = _nalpha if inverse else _alpha\n\n    first = alpha.index(start)\n    last = alpha.index(end)\n\n    if first < last:\n        span = last - first + 1\n        count = math.ceil(span / inc) if inc <= abs(span) else 1\n        r = range(first, last + 1, inc)\n    else:\n        span = first - last + 1\n        count = math.ceil(span / inc) if inc <= abs(span) else 1\n        r = range(first, last - 1, -inc)\n    return (alpha[i] for i in r), count\n",
        "witness": "m = bracex.RE_CHR_ITER.match('a..e..2}')\nv, n = bracex.ExpandBrace().get_char_range(m)\nresult = (list(v), n)",
    },
]
