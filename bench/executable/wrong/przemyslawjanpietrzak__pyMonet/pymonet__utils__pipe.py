"""Hand-written wrong implementations of `pymonet/utils.py::pipe` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::pipe'
SETUP = 'from pymonet.utils import pipe'
WRONG = [
    {
        "why": 'right to left',
        "code": '''def pipe(value, *functions):
    """Perform left-to-right function composition."""
    for function in reversed(functions):
        value = function(value)
    return value
''',
        "witness": 'result = pipe(1, lambda x: x * 2, lambda x: x + 3)',
    },
    {
        "why": 'applies only the first function',
        "code": '''def pipe(value, *functions):
    """Perform left-to-right function composition."""
    return functions[0](value) if functions else value
''',
        "witness": 'result = pipe(1, lambda x: x * 2, lambda x: x + 3)',
    },
]
