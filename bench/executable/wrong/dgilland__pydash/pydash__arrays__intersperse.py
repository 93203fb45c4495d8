"""Hand-written wrong implementations of `src/pydash/arrays.py::intersperse` (dgilland/pydash @ 3585eb2901).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'dgilland/pydash'
COMMIT = '3585eb29018ea1535e7df4e10b33df68bbffcf9e'
TARGET = 'src/pydash/arrays.py::intersperse'
SETUP = 'from pydash.arrays import intersperse'
NEEDS = ['iterintersperse']
WRONG = [
    {
        "why": 'separator after every element, the last one too',
        "code": '''def intersperse(array, separator):
    out = []
    for item in array:
        out.extend([item, separator])
    return out
''',
        "witness": "result = intersperse([1, 2], 'x')",
    },
    {
        "why": 'returns the generator instead of a list',
        "code": '''def intersperse(array, separator):
    return iterintersperse(array, separator)
''',
        "witness": "result = type(intersperse([1, 2], 'x')).__name__",
    },
]
