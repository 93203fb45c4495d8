"""Hand-written wrong implementations of `w3lib/url.py::url_query_parameter` (scrapy/w3lib @ ed01dc0460).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'scrapy/w3lib'
COMMIT = 'ed01dc04608336967356417f472a691b82bcfbe4'
TARGET = 'w3lib/url.py::url_query_parameter'
SETUP = 'from w3lib.url import url_query_parameter'
WRONG = [
    {
        "why": 'returns the last value of a repeated parameter',
        "code": '''def url_query_parameter(url, parameter, default=None, keep_blank_values=0, *, separator="&"):
    """Return the value of a url parameter, given the url and parameter name."""
    queryparams = _parse_qs(_urlsplit(str(url)).query, keep_blank_values=bool(keep_blank_values),
                            separator=separator.encode())
    parameter_bytes = parameter.encode()
    if parameter_bytes in queryparams:
        return queryparams[parameter_bytes][-1].decode()
    return default
''',
        "witness": "result = url_query_parameter('http://x/?a=1&a=2', 'a')",
    },
    {
        "why": 'keeps blank values whatever keep_blank_values says',
        "code": '''def url_query_parameter(url, parameter, default=None, keep_blank_values=0, *, separator="&"):
    """Return the value of a url parameter, given the url and parameter name."""
    queryparams = _parse_qs(_urlsplit(str(url)).query, keep_blank_values=True, separator=separator.encode())
    parameter_bytes = parameter.encode()
    if parameter_bytes in queryparams:
        return queryparams[parameter_bytes][0].decode()
    return default
''',
        "witness": "result = url_query_parameter('http://x/?a=&b=2', 'a', default='d')",
    },
]
