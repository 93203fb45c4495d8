"""Hand-written wrong implementations of `httpie/client.py::ensure_path_as_is` (httpie/httpie @ e2d43c14ce).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'httpie/httpie'
COMMIT = 'e2d43c14ce14475118941ce1ad8a355f7ed2f581'
TARGET = 'httpie/client.py::ensure_path_as_is'
SETUP = 'from httpie.client import ensure_path_as_is'
WRONG = [
    {
        "why": 'keeps the prepared path',
        "code": '''def ensure_path_as_is(orig_url: str, prepped_url: str) -> str:
    """Replace the path component of the prepared URL with the original URL's."""
    return prepped_url
''',
        "witness": "result = ensure_path_as_is('http://foo/../', 'http://foo/?foo=bar')",
    },
    {
        "why": 'takes the query from the original too',
        "code": '''def ensure_path_as_is(orig_url: str, prepped_url: str) -> str:
    """Replace the path component of the prepared URL with the original URL's."""
    parsed_orig, parsed_prepped = urlparse(orig_url), urlparse(prepped_url)
    return urlunparse(parsed_prepped._replace(path=parsed_orig.path, query=parsed_orig.query))
''',
        "witness": "result = ensure_path_as_is('http://foo/../', 'http://foo/?foo=bar')",
    },
]
