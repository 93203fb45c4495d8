"""Hand-written wrong implementations of `pymonet/utils.py::increase` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::increase'
SETUP = 'from pymonet.utils import increase'
WRONG = [
    {
        "why": 'truncates to an int first',
        "code": '''def increase(value: int) -> int:
    """Return increased by 1 argument."""
    return int(value) + 1
''',
        "witness": 'result = increase(1.5)',
    },
    {
        "why": 'uses the magnitude',
        "code": '''def increase(value: int) -> int:
    """Return increased by 1 argument."""
    return abs(value) + 1
''',
        "witness": 'result = increase(-3)',
    },
]
