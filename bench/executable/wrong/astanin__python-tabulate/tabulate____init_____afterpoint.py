"""Hand-written wrong implementations of `tabulate/__init__.py::_afterpoint` (astanin/python-tabulate @ 268615a5c2).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'astanin/python-tabulate'
COMMIT = '268615a5c27dc40e5c22454c07b44d5c50410da0'
TARGET = 'tabulate/__init__.py::_afterpoint'
SETUP = 'from tabulate import _afterpoint'
NEEDS = ['_isnumber', '_isnumber_with_thousands_separator', '_isint']
WRONG = [
    {
        "why": 'ignores the exponent: only a decimal point counts',
        "code": '''def _afterpoint(string):
    if _isnumber(string) or _isnumber_with_thousands_separator(string):
        if _isint(string):
            return -1
        pos = string.rfind(".")
        if pos >= 0:
            return len(string) - pos - 1
        return -1
    return -1
''',
        "witness": "result = _afterpoint('123e45')",
    },
    {
        "why": 'numbers with thousands separators are not numbers',
        "code": '''def _afterpoint(string):
    if _isnumber(string):
        if _isint(string):
            return -1
        pos = string.rfind(".")
        pos = string.lower().rfind("e") if pos < 0 else pos
        if pos >= 0:
            return len(string) - pos - 1
        return -1
    return -1
''',
        "witness": "result = _afterpoint('123,456.78')",
    },
]
