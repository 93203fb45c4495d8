"""Hand-written wrong implementations of `httpie/downloads.py::parse_content_range` (httpie/httpie @ e2d43c14ce).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'httpie/httpie'
COMMIT = 'e2d43c14ce14475118941ce1ad8a355f7ed2f581'
TARGET = 'httpie/downloads.py::parse_content_range'
SETUP = 'from httpie.downloads import parse_content_range'
WRONG = [
    {
        "why": 'returns the last byte position, not the size',
        "code": '''def parse_content_range(content_range: str, resumed_from: int) -> int:
    """Parse and validate Content-Range header; return the total size when fully downloaded."""
    if content_range is None:
        raise ContentRangeError('Missing Content-Range')
    match = re.match(r'^bytes (\\d+)-(\\d+)/(\\*|\\d+)$', content_range)
    if not match:
        raise ContentRangeError('Invalid Content-Range format %r' % content_range)
    first, last = int(match.group(1)), int(match.group(2))
    if first != resumed_from:
        raise ContentRangeError('Unexpected Content-Range returned (%r)' % content_range)
    return last
''',
        "witness": "result = parse_content_range('bytes 100-199/200', 100)",
    },
    {
        "why": 'no check of the instance length',
        "code": '''def parse_content_range(content_range: str, resumed_from: int) -> int:
    """Parse and validate Content-Range header; return the total size when fully downloaded."""
    if content_range is None:
        raise ContentRangeError('Missing Content-Range')
    match = re.match(r'^bytes (\\d+)-(\\d+)/(\\*|\\d+)$', content_range)
    if not match:
        raise ContentRangeError('Invalid Content-Range format %r' % content_range)
    first, last = int(match.group(1)), int(match.group(2))
    if first > last or first != resumed_from:
        raise ContentRangeError('Invalid Content-Range returned: %r' % content_range)
    return last + 1
''',
        "witness": "try:\n    result = parse_content_range('bytes 100-199/150', 100)\nexcept Exception as exc:\n    result = type(exc).__name__",
    },
]
