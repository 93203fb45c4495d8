"""Hand-written wrong implementations of `sanic/helpers.py::has_message_body` (sanic-org/sanic @ eba7821a6d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'sanic-org/sanic'
COMMIT = 'eba7821a6da67f450f7fa7e3dd58d41ddc986b6a'
TARGET = 'sanic/helpers.py::has_message_body'
SETUP = 'from sanic.helpers import has_message_body'
WRONG = [
    {
        "why": 'forgets 304 Not Modified',
        "code": '''def has_message_body(status):
    """
    According to the following RFC message body and length SHOULD NOT
    be included in responses status 1XX, 204 and 304.
    https://tools.ietf.org/html/rfc2616#section-4.4
    https://tools.ietf.org/html/rfc2616#section-4.3
    """
    return status != 204 and not (100 <= status < 200)
''',
        "witness": 'result = has_message_body(304)',
    },
    {
        "why": 'off by one on the 1xx range (excludes 200)',
        "code": '''def has_message_body(status):
    """
    According to the following RFC message body and length SHOULD NOT
    be included in responses status 1XX, 204 and 304.
    https://tools.ietf.org/html/rfc2616#section-4.4
    https://tools.ietf.org/html/rfc2616#section-4.3
    """
    return status not in (204, 304) and not (100 <= status <= 200)
''',
        "witness": 'result = has_message_body(200)',
    },
]
