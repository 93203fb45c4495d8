"""Hand-written wrong implementations of `pymonet/utils.py::memoize` (przemyslawjanpietrzak/pyMonet @ 94610ee4f1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'przemyslawjanpietrzak/pyMonet'
COMMIT = '94610ee4f1c71aa5f50e0813539bf1a2ea279d70'
TARGET = 'pymonet/utils.py::memoize'
SETUP = 'from pymonet.utils import memoize'
WRONG = [
    {
        "why": 'never caches',
        "code": '''def memoize(fn: Callable, key=eq) -> Callable:
    """Cache the results of fn per argument."""
    def memoized_fn(argument):
        return fn(argument)
    return memoized_fn
''',
        "witness": 'calls = []\nf = memoize(lambda a: calls.append(a) or a * 2)\nf(1)\nf(1)\nresult = len(calls)',
    },
    {
        "why": 'one cached value for every argument',
        "code": '''def memoize(fn: Callable, key=eq) -> Callable:
    """Cache the results of fn per argument."""
    cache = []

    def memoized_fn(argument):
        if cache:
            return cache[0]
        cache.append(fn(argument))
        return cache[0]
    return memoized_fn
''',
        "witness": 'f = memoize(lambda a: a * 2)\nf(1)\nresult = f(2)',
    },
]
