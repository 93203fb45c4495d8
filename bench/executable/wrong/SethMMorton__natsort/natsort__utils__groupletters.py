"""Hand-written wrong implementations of `natsort/utils.py::groupletters` (SethMMorton/natsort @ b0ea0aea27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'SethMMorton/natsort'
COMMIT = 'b0ea0aea274902c63b510d78112f892c33be957d'
TARGET = 'natsort/utils.py::groupletters'
SETUP = 'from natsort.utils import groupletters'
NEEDS = ['ichain', 'lower_function']
WRONG = [
    {
        "why": 'original character first, lowered copy second',
        "code": '''def groupletters(x, _low=lower_function):
    return ''.join(ichain.from_iterable((y, _low(y)) for y in x))
''',
        "witness": "result = groupletters('Apple')",
    },
    {
        "why": 'doubles the lowered character, loses the original case',
        "code": '''def groupletters(x, _low=lower_function):
    return ''.join(_low(y) * 2 for y in x)
''',
        "witness": "result = groupletters('Apple')",
    },
]
