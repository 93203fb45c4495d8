"""Hand-written wrong implementations of `tabulate/__init__.py::_isnumber` (astanin/python-tabulate @ 268615a5c2).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'astanin/python-tabulate'
COMMIT = '268615a5c27dc40e5c22454c07b44d5c50410da0'
TARGET = 'tabulate/__init__.py::_isnumber'
SETUP = 'from tabulate import _isnumber'
NEEDS = ['_isconvertible', 'math']
WRONG = [
    {
        "why": 'convertible to float is enough: an overflow to inf counts as a number',
        "code": '''def _isnumber(string):
    return type(string) in (float, int) or _isconvertible(float, string)
''',
        "witness": "result = _isnumber('123e45678')",
    },
    {
        "why": "rejects every infinite or NaN value, the literal 'inf' too",
        "code": '''def _isnumber(string):
    return type(string) in (float, int) or (
        _isconvertible(float, string)
        and (not isinstance(string, (str, bytes))
             or not (math.isinf(float(string)) or math.isnan(float(string))))
    )
''',
        "witness": "result = _isnumber('inf')",
    },
]
