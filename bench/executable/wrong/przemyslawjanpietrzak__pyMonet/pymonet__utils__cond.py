"""Hand-written wrong implementations of `pymonet/utils.py::cond` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::cond'
SETUP = 'from pymonet.utils import cond'
WRONG = [
    {
        "why": 'the last matching branch wins',
        "code": '''def cond(condition_list):
    """Return the execute function of the first true condition."""
    def result(*args):
        chosen = None
        for condition_function, execute_function in condition_list:
            if condition_function(*args):
                chosen = execute_function(*args)
        return chosen
    return result
''',
        "witness": "result = cond([(lambda x: x > 0, lambda x: 'pos'), (lambda x: True, lambda x: 'any')])(5)",
    },
    {
        "why": 'returns the function instead of calling it',
        "code": '''def cond(condition_list):
    """Return the execute function of the first true condition."""
    def result(*args):
        for condition_function, execute_function in condition_list:
            if condition_function(*args):
                return execute_function
    return result
''',
        "witness": "result = callable(cond([(lambda x: x > 0, lambda x: 'pos')])(5))",
    },
]
