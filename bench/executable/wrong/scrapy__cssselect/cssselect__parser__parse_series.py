"""Hand-written wrong implementations of `cssselect/parser.py::parse_series` (scrapy/cssselect @ 439ad91e89).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/cssselect'
COMMIT = '439ad91e8911e4b366945d1c9eea8db93dd5d368'
TARGET = 'cssselect/parser.py::parse_series'
SETUP = 'from cssselect.parser import parse_series, parse'
NEEDS = ['cast']
WRONG = [
    {
        "why": 'a bare sign before n is not read as -1 / +1',
        "code": 'def parse_series(tokens: Iterable[Token]) -> tuple[int, int]:\n    for token in tokens:\n        if token.type == "STRING":\n            raise ValueError("String tokens not allowed in series.")\n    s = "".join(cast("str", token.value) for token in tokens).strip()\n    if s == "odd":\n        return 2, 1\n    if s == "even":\n        return 2, 0\n    if s == "n":\n        return 1, 0\n    if "n" not in s:\n        return 0, int(s)\n    a, b = s.split("n", 1)\n    a_as_int = int(a) if a else 1\n    b_as_int = int(b) if b else 0\n    return a_as_int, b_as_int\n',
        "witness": "result = parse_series(parse('li:nth-child(-n+3)')[0].parsed_tree.arguments)",
    },
    {
        "why": 'odd and even swapped',
        "code": 'def parse_series(tokens: Iterable[Token]) -> tuple[int, int]:\n    for token in tokens:\n        if token.type == "STRING":\n            raise ValueError("String tokens not allowed in series.")\n    s = "".join(cast("str", token.value) for token in tokens).strip()\n    if s == "odd":\n        return 2, 0\n    if s == "even":\n        return 2, 1\n    if s == "n":\n        return 1, 0\n    if "n" not in s:\n        return 0, int(s)\n    a, b = s.split("n", 1)\n    a_as_int: int\n    if not a:\n        a_as_int = 1\n    elif a in {"-", "+"}:\n        a_as_int = int(a + "1")\n    else:\n        a_as_int = int(a)\n    b_as_int = int(b) if b else 0\n    return a_as_int, b_as_int\n',
        "witness": "result = parse_series(parse('li:nth-child(odd)')[0].parsed_tree.arguments)",
    },
]
