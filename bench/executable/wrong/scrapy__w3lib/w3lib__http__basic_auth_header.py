"""Hand-written wrong implementations of `w3lib/http.py::basic_auth_header` (scrapy/w3lib @ ed01dc0460).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'scrapy/w3lib'
COMMIT = 'ed01dc04608336967356417f472a691b82bcfbe4'
TARGET = 'w3lib/http.py::basic_auth_header'
SETUP = 'from w3lib.http import basic_auth_header'
WRONG = [
    {
        "why": 'always encodes as UTF-8, ignoring the encoding argument',
        "code": '''def basic_auth_header(username, password, encoding="ISO-8859-1"):
    """Return an Authorization header field value for HTTP Basic Access Authentication."""
    auth = f"{to_unicode(username)}:{to_unicode(password)}"
    return b"Basic " + b64encode(auth.encode("utf-8"))
''',
        "witness": "result = basic_auth_header('us\\xe9r', 'p')",
    },
    {
        "why": 'returns text, not bytes',
        "code": '''def basic_auth_header(username, password, encoding="ISO-8859-1"):
    """Return an Authorization header field value for HTTP Basic Access Authentication."""
    auth = f"{to_unicode(username)}:{to_unicode(password)}"
    return "Basic " + b64encode(to_bytes(auth, encoding=encoding)).decode("ascii")
''',
        "witness": "result = basic_auth_header('a', 'b')",
    },
]
