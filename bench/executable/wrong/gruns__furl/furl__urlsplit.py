"""Hand-written wrong implementations of `furl/furl.py::urlsplit` (gruns/furl @ 7c23332461).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gruns/furl'
COMMIT = '7c233324610338414f77a37a2f1e1dc75b4bc9b0'
TARGET = 'furl/furl.py::urlsplit'
SETUP = 'from furl.furl import urlsplit'
NEEDS = ['get_scheme', 'set_scheme', 'strip_scheme', 'urllib']
WRONG = [
    {
        "why": "returns the stand-in scheme 'http' instead of the URL's own",
        "code": "def urlsplit(url):\n    original_scheme = get_scheme(url)\n    if original_scheme is not None:\n        url = set_scheme(url, 'http')\n    scheme, netloc, path, query, fragment = urllib.parse.urlsplit(url)\n    after_scheme = strip_scheme(url)\n    if after_scheme.startswith('//'):\n        netloc = netloc or ''\n    else:\n        netloc = None\n    return urllib.parse.SplitResult(scheme, netloc, path, query, fragment)\n",
        "witness": "result = tuple(urlsplit('ftp://host/p'))",
    },
    {
        "why": "gives an empty netloc, not None, when the URL has no '//'",
        "code": "def urlsplit(url):\n    original_scheme = get_scheme(url)\n    if original_scheme is not None:\n        url = set_scheme(url, 'http')\n    scheme, netloc, path, query, fragment = urllib.parse.urlsplit(url)\n    return urllib.parse.SplitResult(original_scheme, netloc, path, query, fragment)\n",
        "witness": "result = tuple(urlsplit('a/b'))",
    },
]
