"""Hand-written wrong implementations of `pymonet/utils.py::curry` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::curry'
SETUP = 'from pymonet.utils import curry'
WRONG = [
    {
        "why": 'ignores args_count and always uses the arity',
        "code": '''def curry(x, args_count=None):
    """Curry x."""
    args_count = x.__code__.co_argcount

    def fn(*args):
        if len(args) == args_count:
            return x(*args)
        return curry(lambda *args1: x(*(args + args1)), args_count - len(args))
    return fn
''',
        "witness": 'result = callable(curry(lambda a, b, c=10: a + b + c, 2)(1)(2))',
    },
    {
        "why": 'puts later arguments first',
        "code": '''def curry(x, args_count=None):
    """Curry x."""
    if args_count is None:
        args_count = x.__code__.co_argcount

    def fn(*args):
        if len(args) == args_count:
            return x(*args)
        return curry(lambda *args1: x(*(args1 + args)), args_count - len(args))
    return fn
''',
        "witness": 'result = curry(lambda a, b: a - b)(5)(3)',
    },
]
