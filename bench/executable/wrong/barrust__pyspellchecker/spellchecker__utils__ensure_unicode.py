"""Hand-written wrong implementations of `spellchecker/utils.py::ensure_unicode` (barrust/pyspellchecker @ 3fac47652b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'barrust/pyspellchecker'
COMMIT = '3fac47652bc3fd568e49bea14868a9b13b3e8121'
TARGET = 'spellchecker/utils.py::ensure_unicode'
SETUP = 'from spellchecker.utils import ensure_unicode'
NEEDS = []
WRONG = [
    {
        "why": 'decodes bytes as Latin-1 whatever the encoding argument says',
        "code": 'def ensure_unicode(value: KeyT, encoding: str = "utf-8") -> str:\n    if isinstance(value, bytes):\n        return value.decode("latin-1")\n    elif isinstance(value, list):\n        raise TypeError(f"The provided value {value} is not of type str or bytes")\n    return value\n',
        "witness": "result = ensure_unicode('\\u00e9'.encode('utf-8'))",
    },
    {
        "why": 'turns a list into its string form instead of refusing it',
        "code": 'def ensure_unicode(value: KeyT, encoding: str = "utf-8") -> str:\n    if isinstance(value, bytes):\n        return value.decode(encoding)\n    return str(value)\n',
        "witness": "result = ensure_unicode(['a'])",
    },
]
