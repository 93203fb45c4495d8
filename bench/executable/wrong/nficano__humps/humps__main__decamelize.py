"""Hand-written wrong implementations of `humps/main.py::decamelize` (nficano/humps @ ad02e1d799).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'nficano/humps'
COMMIT = 'ad02e1d799373e4a883d544f2411d377ff7c6454'
TARGET = 'humps/main.py::decamelize'
SETUP = 'from humps.main import decamelize'
NEEDS = ['Mapping', '_process_keys', '_is_none', '_separate_words', '_fix_abbreviations']
WRONG = [
    {
        "why": "acronyms not fixed first: 'APIResponse' becomes one word per capital",
        "code": 'def decamelize(str_or_iter):\n    if isinstance(str_or_iter, (list, Mapping)):\n        return _process_keys(str_or_iter, decamelize)\n\n    s = _is_none(str_or_iter)\n    if s.isupper() or s.isnumeric():\n        return str_or_iter\n\n    return _separate_words(s).lower()\n',
        "witness": "result = decamelize('APIResponse')",
    },
    {
        "why": 'an all-upper-case string is lowercased instead of returned unchanged',
        "code": 'def decamelize(str_or_iter):\n    if isinstance(str_or_iter, (list, Mapping)):\n        return _process_keys(str_or_iter, decamelize)\n\n    s = _is_none(str_or_iter)\n    if s.isnumeric():\n        return str_or_iter\n\n    return _separate_words(_fix_abbreviations(s)).lower()\n',
        "witness": "result = decamelize('HTTP')",
    },
]
