"""Hand-written wrong implementations of `hashids.py::_split` (davidaurelio/hashids-python @ 09f879a196).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'davidaurelio/hashids-python'
COMMIT = '09f879a1967836f1e399c12b745c24291e3e73ad'
TARGET = 'hashids.py::_split'
SETUP = 'from hashids import _split'
NEEDS = []
WRONG = [
    {
        "why": 'never yields the part after the last splitter',
        "code": "def _split(string, splitters):\n    part = ''\n    for character in string:\n        if character in splitters:\n            yield part\n            part = ''\n        else:\n            part += character\n",
        "witness": "result = list(_split('a-b', '-'))",
    },
    {
        "why": 'skips empty parts between adjacent splitters',
        "code": "def _split(string, splitters):\n    part = ''\n    for character in string:\n        if character in splitters:\n            if part:\n                yield part\n            part = ''\n        else:\n            part += character\n    yield part\n",
        "witness": "result = list(_split('a--b', '-'))",
    },
]
