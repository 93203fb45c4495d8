"""Hand-written wrong implementations of `natsort/utils.py::chain_functions` (SethMMorton/natsort @ b0ea0aea27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'SethMMorton/natsort'
COMMIT = 'b0ea0aea274902c63b510d78112f892c33be957d'
TARGET = 'natsort/utils.py::chain_functions'
SETUP = 'from natsort.utils import chain_functions'
NEEDS = ['_no_op', 'partial', 'reduce']
WRONG = [
    {
        "why": 'applies the functions last to first',
        "code": '''def chain_functions(functions):
    functions = list(functions)
    if not functions:
        return _no_op
    if len(functions) == 1:
        return functions[0]
    return partial(reduce, lambda res, f: f(res), list(reversed(functions)))
''',
        "witness": 'result = chain_functions([lambda x: x + 1, lambda x: x * 2])(3)',
    },
    {
        "why": 'returns None for no functions instead of the identity',
        "code": '''def chain_functions(functions):
    functions = list(functions)
    if not functions:
        return None
    if len(functions) == 1:
        return functions[0]
    return partial(reduce, lambda res, f: f(res), functions)
''',
        "witness": 'result = chain_functions([])(5)',
    },
]
