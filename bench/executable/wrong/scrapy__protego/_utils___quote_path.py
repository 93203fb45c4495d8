"""Hand-written wrong implementations of `src/protego/_utils.py::_quote_path` (scrapy/protego @ 81f1b35d1a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/protego'
COMMIT = '81f1b35d1a2b86595fb3ff656a58a68631ba06da'
TARGET = 'src/protego/_utils.py::_quote_path'
SETUP = 'from protego._utils import _quote_path'
NEEDS = ['_unquote', 'quote', 'urlparse', 'urlunparse', 'ParseResult']
WRONG = [
    {
        "why": "quotes '%' too (safe='/'), so an escape kept by _unquote is escaped twice",
        "code": "def _quote_path(path: str) -> str:\n    \"\"\"Return percent encoded path.\"\"\"\n    parts = urlparse(path)\n    path = _unquote(parts.path, ignore=\"/%\")\n    path = quote(path, safe=\"/\")\n\n    parts = ParseResult(\"\", \"\", path, parts.params, parts.query, parts.fragment)\n    path = urlunparse(parts)\n    return path or \"/\"\n",
        "witness": "result = _quote_path('/a%2Fb')",
    },
    {
        "why": "drops the query string when putting the URL back together",
        "code": "def _quote_path(path: str) -> str:\n    \"\"\"Return percent encoded path.\"\"\"\n    parts = urlparse(path)\n    path = _unquote(parts.path, ignore=\"/%\")\n    path = quote(path, safe=\"/%\")\n\n    parts = ParseResult(\"\", \"\", path, parts.params, \"\", parts.fragment)\n    path = urlunparse(parts)\n    return path or \"/\"\n",
        "witness": "result = _quote_path('/a?b=1')",
    },
]
