"""Hand-written wrong implementations of `scrapy/utils/url.py::add_http_if_no_scheme` (scrapy/scrapy @ e63188cbf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/scrapy'
COMMIT = 'e63188cbf753d560e43d8489c821bd6eb9fe54e9'
TARGET = 'scrapy/utils/url.py::add_http_if_no_scheme'
SETUP = 'from scrapy.utils.url import add_http_if_no_scheme'
NEEDS = ['re', 'urlparse']
WRONG = [
    {
        "why": "a protocol-relative url ('//host/path') gets 'http://' in front, not 'http:'",
        "code": 'def add_http_if_no_scheme(url):\n    match = re.match(r"^\\w+://", url, flags=re.I)\n    if not match:\n        url = "http://" + url\n    return url\n',
        "witness": "result = add_http_if_no_scheme('//example.com/path')",
    },
    {
        "why": 'the scheme test is case-sensitive: an upper-case scheme is taken for a missing one',
        "code": 'def add_http_if_no_scheme(url):\n    match = re.match(r"^[a-z]+://", url)\n    if not match:\n        parts = urlparse(url)\n        scheme = "http:" if parts.netloc else "http://"\n        url = scheme + url\n    return url\n',
        "witness": "result = add_http_if_no_scheme('HTTPS://example.com/')",
    },
]
