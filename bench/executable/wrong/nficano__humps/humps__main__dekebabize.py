"""Hand-written wrong implementations of `humps/main.py::dekebabize` (nficano/humps @ ad02e1d799).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'nficano/humps'
COMMIT = 'ad02e1d799373e4a883d544f2411d377ff7c6454'
TARGET = 'humps/main.py::dekebabize'
SETUP = 'from humps.main import dekebabize'
NEEDS = ['Mapping', '_process_keys', '_is_none']
WRONG = [
    {
        "why": 'white space kept: the input is not passed through _is_none',
        "code": 'def dekebabize(str_or_iter):\n    if isinstance(str_or_iter, (list, Mapping)):\n        return _process_keys(str_or_iter, dekebabize)\n\n    s = "" if str_or_iter is None else str(str_or_iter)\n    if s.isnumeric():\n        return str_or_iter\n\n    return s.replace("-", "_")\n',
        "witness": "result = dekebabize('foo - bar')",
    },
    {
        "why": 'a number comes back as a string instead of unchanged',
        "code": 'def dekebabize(str_or_iter):\n    if isinstance(str_or_iter, (list, Mapping)):\n        return _process_keys(str_or_iter, dekebabize)\n\n    s = _is_none(str_or_iter)\n    return s.replace("-", "_")\n',
        "witness": 'result = dekebabize(12)',
    },
]
