"""Hand-written wrong implementations of `furl/furl.py::urljoin` (gruns/furl @ 7c23332461).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gruns/furl'
COMMIT = '7c233324610338414f77a37a2f1e1dc75b4bc9b0'
TARGET = 'furl/furl.py::urljoin'
SETUP = 'from furl.furl import urljoin'
NEEDS = ['get_scheme', 'has_netloc', 'set_scheme', 'urllib']
WRONG = [
    {
        "why": "puts the base's scheme back even when the joined URL brought its own",
        "code": "def urljoin(base, url):\n    base_scheme = get_scheme(base) if has_netloc(base) else None\n    root = set_scheme(base, 'http') if base_scheme is not None else base\n    joined = urllib.parse.urljoin(root, url)\n    if base_scheme is not None and has_netloc(joined):\n        joined = set_scheme(joined, base_scheme)\n    return joined\n",
        "witness": "result = urljoin('asdf://a.com/', 'zxcv://b.com/x')",
    },
    {
        "why": "joins on the base as it is (urllib's urljoin drops unknown schemes)",
        "code": 'def urljoin(base, url):\n    base_scheme = get_scheme(base) if has_netloc(base) else None\n    url_scheme = get_scheme(url) if has_netloc(url) else None\n    joined = urllib.parse.urljoin(base, url)\n    new_scheme = url_scheme if url_scheme is not None else base_scheme\n    if new_scheme is not None and has_netloc(joined):\n        joined = set_scheme(joined, new_scheme)\n    return joined\n',
        "witness": "result = urljoin('asdf://google.com/', 'hi')",
    },
]
