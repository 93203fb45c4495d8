"""Hand-written wrong implementations of `bracex/__init__.py::iexpand` (facelessuser/bracex @ d46a882b94).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'facelessuser/bracex'
COMMIT = 'd46a882b94f91429de387e2fdbcbc74dbf1b6126'
TARGET = 'bracex/__init__.py::iexpand'
SETUP = 'import bracex'
NEEDS = ['ExpandBrace']
WRONG = [
    {
        "why": "decodes and encodes bytes as UTF-8 instead of Latin-1",
        "code": "def iexpand(\n    string: AnyStr,\n    keep_escapes: bool = False,\n    limit: int = DEFAULT_LIMIT,\n    return_empty: bool = False\n) -> Iterator[AnyStr]:\n    \"\"\"Expand braces and return an iterator.\"\"\"\n\n    if isinstance(string, bytes):\n        for entry in ExpandBrace(keep_escapes, limit, return_empty).expand(string.decode('utf-8')):\n            yield entry.encode('utf-8')\n    else:\n        for entry in ExpandBrace(keep_escapes, limit, return_empty).expand(string):\n            yield entry\n",
        "witness": "result = list(bracex.iexpand(b'\\xe9{a,b}'))",
    },
    {
        "why": "does not pass return_empty on to ExpandBrace",
        "code": "def iexpand(\n    string: AnyStr,\n    keep_escapes: bool = False,\n    limit: int = DEFAULT_LIMIT,\n    return_empty: bool = False\n) -> Iterator[AnyStr]:\n    \"\"\"Expand braces and return an iterator.\"\"\"\n\n    if isinstance(string, bytes):\n        for entry in ExpandBrace(keep_escapes, limit).expand(string.decode('latin-1')):\n            yield entry.encode('latin-1')\n    else:\n        for entry in ExpandBrace(keep_escapes, limit).expand(string):\n            yield entry\n",
        "witness": "result = list(bracex.iexpand('', return_empty=True))",
    },
]
