"""Hand-written wrong implementations of `src/pydash/arrays.py::chunk` (dgilland/pydash @ 3585eb2901).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'dgilland/pydash'
COMMIT = '3585eb29018ea1535e7df4e10b33df68bbffcf9e'
TARGET = 'src/pydash/arrays.py::chunk'
SETUP = 'from pydash.arrays import chunk'
NEEDS = ['ceil']
WRONG = [
    {
        "why": 'floor division: the incomplete last chunk is dropped',
        "code": '''def chunk(array, size=1):
    chunks = len(array) // size
    return [array[i * size : (i + 1) * size] for i in range(chunks)]
''',
        "witness": 'result = chunk([1, 2, 3, 4, 5], 2)',
    },
    {
        "why": 'slides by one instead of by size',
        "code": '''def chunk(array, size=1):
    chunks = int(ceil(len(array) / float(size)))
    return [array[i : i + size] for i in range(chunks)]
''',
        "witness": 'result = chunk([1, 2, 3, 4], 2)',
    },
]
