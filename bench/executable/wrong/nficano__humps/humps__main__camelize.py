"""Hand-written wrong implementations of `humps/main.py::camelize` (nficano/humps @ ad02e1d799).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'nficano/humps'
COMMIT = 'ad02e1d799373e4a883d544f2411d377ff7c6454'
TARGET = 'humps/main.py::camelize'
SETUP = 'from humps.main import camelize'
NEEDS = ['Mapping', '_process_keys', '_is_none', 'UNDERSCORE_RE']
WRONG = [
    {
        "why": 'no recursion: a dict is turned into its string instead of having its keys camelized',
        "code": 'def camelize(str_or_iter):\n    s = _is_none(str_or_iter)\n    if s.isupper() or s.isnumeric():\n        return str_or_iter\n\n    if len(s) != 0 and not s[:2].isupper():\n        s = s[0].lower() + s[1:]\n    return UNDERSCORE_RE.sub(lambda m: m.group(0)[-1].upper(), s)\n',
        "witness": "result = camelize({'foo_bar': {'baz_qux': 1}})",
    },
    {
        "why": 'always lowercases the first letter, also of a leading acronym',
        "code": 'def camelize(str_or_iter):\n    if isinstance(str_or_iter, (list, Mapping)):\n        return _process_keys(str_or_iter, camelize)\n\n    s = _is_none(str_or_iter)\n    if s.isupper() or s.isnumeric():\n        return str_or_iter\n\n    if len(s) != 0:\n        s = s[0].lower() + s[1:]\n    return UNDERSCORE_RE.sub(lambda m: m.group(0)[-1].upper(), s)\n',
        "witness": "result = camelize('ABc_def')",
    },
]
