"""Hand-written wrong implementations of `pymonet/utils.py::identity` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::identity'
SETUP = 'from pymonet.utils import identity'
WRONG = [
    {
        "why": 'returns a copy instead of the object',
        "code": '''def identity(value: T) -> T:
    """Return first argument."""
    import copy
    return copy.copy(value)
''',
        "witness": 'x = [1]\nresult = identity(x) is x',
    },
    {
        "why": 'None for falsy values',
        "code": '''def identity(value: T) -> T:
    """Return first argument."""
    return value if value else None
''',
        "witness": 'result = identity(0)',
    },
]
