"""Hand-written wrong implementations of `tabulate/__init__.py::_column_type` (astanin/python-tabulate @ 268615a5c2).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'astanin/python-tabulate'
COMMIT = '268615a5c27dc40e5c22454c07b44d5c50410da0'
TARGET = 'tabulate/__init__.py::_column_type'
SETUP = 'from tabulate import _column_type'
NEEDS = ['_type', 'reduce', '_more_generic']
WRONG = [
    {
        "why": 'starts the reduction at int: a boolean column becomes int',
        "code": '''def _column_type(strings, has_invisible=True, numparse=True):
    types = [_type(s, has_invisible, numparse) for s in strings]
    return reduce(_more_generic, types, int)
''',
        "witness": 'result = _column_type([True, False]).__name__',
    },
    {
        "why": 'the type of the first non-missing value, not the most generic one',
        "code": '''def _column_type(strings, has_invisible=True, numparse=True):
    types = [_type(s, has_invisible, numparse) for s in strings]
    for t in types:
        if t is not type(None):
            return t
    return bool
''',
        "witness": "result = _column_type(['1', '2.3']).__name__",
    },
]
