"""Hand-written wrong implementations of `httpie/utils.py::get_content_type` (httpie/httpie @ e2d43c14ce).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'httpie/httpie'
COMMIT = 'e2d43c14ce14475118941ce1ad8a355f7ed2f581'
TARGET = 'httpie/utils.py::get_content_type'
SETUP = 'from httpie.utils import get_content_type'
WRONG = [
    {
        "why": 'drops the encoding',
        "code": '''def get_content_type(filename):
    """Return the content type for filename for Content-Type headers, or None if unknown."""
    mime, encoding = mimetypes.guess_type(filename, strict=False)
    return mime
''',
        "witness": "result = get_content_type('a.txt.gz')",
    },
    {
        "why": 'a default type instead of None',
        "code": '''def get_content_type(filename):
    """Return the content type for filename for Content-Type headers, or None if unknown."""
    mime, encoding = mimetypes.guess_type(filename, strict=False)
    if not mime:
        return 'application/octet-stream'
    if encoding:
        return '%s; charset=%s' % (mime, encoding)
    return mime
''',
        "witness": "result = get_content_type('file.unknownext123')",
    },
]
