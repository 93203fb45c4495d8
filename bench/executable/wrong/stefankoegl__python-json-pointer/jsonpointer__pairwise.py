"""Hand-written wrong implementations of `jsonpointer.py::pairwise` (stefankoegl/python-json-pointer @ 5998f951dc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'stefankoegl/python-json-pointer'
COMMIT = '5998f951dcc5ace60f67f35afe6778c445401a07'
TARGET = 'jsonpointer.py::pairwise'
SETUP = 'from jsonpointer import pairwise'
NEEDS = ['tee']
WRONG = [
    {
        "why": 'slices the input: fails on an iterator that has no slicing',
        "code": 'def pairwise(iterable):\n    return zip(iterable, iterable[1:])\n',
        "witness": 'result = list(pairwise(iter([1, 2, 3])))',
    },
    {
        "why": 'zips one iterator with itself: non-overlapping pairs',
        "code": 'def pairwise(iterable):\n    it = iter(iterable)\n    return zip(it, it)\n',
        "witness": 'result = list(pairwise([1, 2, 3, 4]))',
    },
]
