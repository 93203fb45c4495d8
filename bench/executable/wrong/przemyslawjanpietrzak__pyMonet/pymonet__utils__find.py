"""Hand-written wrong implementations of `pymonet/utils.py::find` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::find'
SETUP = 'from pymonet.utils import find'
WRONG = [
    {
        "why": 'returns the last match',
        "code": '''@curry
def find(collection: List[T], key: Callable[[T], bool]):
    """Return the first element of the list which matches the keys, or None."""
    found = None
    for item in collection:
        if key(item):
            found = item
    return found
''',
        "witness": 'result = find([1, 2, 3, 4], lambda x: x > 1)',
    },
    {
        "why": 'False when nothing matches',
        "code": '''@curry
def find(collection: List[T], key: Callable[[T], bool]):
    """Return the first element of the list which matches the keys, or None."""
    for item in collection:
        if key(item):
            return item
    return False
''',
        "witness": 'result = find([1], lambda x: False)',
    },
]
