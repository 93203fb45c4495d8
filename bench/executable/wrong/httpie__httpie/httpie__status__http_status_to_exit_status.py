"""Hand-written wrong implementations of `httpie/status.py::http_status_to_exit_status` (httpie/httpie @ e2d43c14ce).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'httpie/httpie'
COMMIT = 'e2d43c14ce14475118941ce1ad8a355f7ed2f581'
TARGET = 'httpie/status.py::http_status_to_exit_status'
SETUP = 'from httpie.status import http_status_to_exit_status'
WRONG = [
    {
        "why": 'follow ignored for redirects',
        "code": '''def http_status_to_exit_status(http_status: int, follow=False) -> ExitStatus:
    """Translate HTTP status code to exit status code."""
    if 300 <= http_status <= 399:
        return ExitStatus.ERROR_HTTP_3XX
    elif 400 <= http_status <= 499:
        return ExitStatus.ERROR_HTTP_4XX
    elif 500 <= http_status <= 599:
        return ExitStatus.ERROR_HTTP_5XX
    return ExitStatus.SUCCESS
''',
        "witness": 'result = http_status_to_exit_status(301, follow=True)',
    },
    {
        "why": 'off-by-one upper bound',
        "code": '''def http_status_to_exit_status(http_status: int, follow=False) -> ExitStatus:
    """Translate HTTP status code to exit status code."""
    if 300 <= http_status < 399 and not follow:
        return ExitStatus.ERROR_HTTP_3XX
    elif 400 <= http_status < 499:
        return ExitStatus.ERROR_HTTP_4XX
    elif 500 <= http_status < 599:
        return ExitStatus.ERROR_HTTP_5XX
    return ExitStatus.SUCCESS
''',
        "witness": 'result = http_status_to_exit_status(499)',
    },
]
