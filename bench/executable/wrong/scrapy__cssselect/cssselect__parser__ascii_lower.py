"""Hand-written wrong implementations of `cssselect/parser.py::ascii_lower` (scrapy/cssselect @ 439ad91e89).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/cssselect'
COMMIT = '439ad91e8911e4b366945d1c9eea8db93dd5d368'
TARGET = 'cssselect/parser.py::ascii_lower'
SETUP = 'from cssselect.parser import ascii_lower'
NEEDS = []
WRONG = [
    {
        "why": 'lower-cases every letter, not only ASCII ones',
        "code": 'def ascii_lower(string: str) -> str:\n    return string.lower()\n',
        "witness": "result = ascii_lower('\\u00c9A')",
    },
    {
        "why": 'drops the characters outside ASCII',
        "code": 'def ascii_lower(string: str) -> str:\n    return string.encode("ascii", "ignore").lower().decode("ascii")\n',
        "witness": "result = ascii_lower('\\u00c9A')",
    },
]
