"""Hand-written wrong implementations of `pymonet/utils.py::compose` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::compose'
SETUP = 'from pymonet.utils import compose'
WRONG = [
    {
        "why": 'left to right',
        "code": '''def compose(value, *functions):
    """Perform right-to-left function composition."""
    for function in functions:
        value = function(value)
    return value
''',
        "witness": 'result = compose(1, lambda x: x * 2, lambda x: x + 3)',
    },
    {
        "why": 'None without functions',
        "code": '''def compose(value, *functions):
    """Perform right-to-left function composition."""
    if not functions:
        return None
    return reduce(lambda current, function: function(current), functions[::-1], value)
''',
        "witness": 'result = compose(5)',
    },
]
