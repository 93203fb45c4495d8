"""Hand-written wrong implementations of `httpie/downloads.py::filename_from_content_disposition` (httpie/httpie @ e2d43c14ce).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'httpie/httpie'
COMMIT = 'e2d43c14ce14475118941ce1ad8a355f7ed2f581'
TARGET = 'httpie/downloads.py::filename_from_content_disposition'
SETUP = 'from httpie.downloads import filename_from_content_disposition'
WRONG = [
    {
        "why": 'keeps the directory part',
        "code": '''def filename_from_content_disposition(content_disposition: str) -> Optional[str]:
    """Extract and validate filename from a Content-Disposition header."""
    msg = Message('Content-Disposition: %s' % content_disposition)
    filename = msg.get_filename()
    if filename:
        filename = filename.strip()
        if filename:
            return filename
''',
        "witness": "result = filename_from_content_disposition('attachment; filename=../../etc/passwd')",
    },
    {
        "why": 'keeps leading dots',
        "code": '''def filename_from_content_disposition(content_disposition: str) -> Optional[str]:
    """Extract and validate filename from a Content-Disposition header."""
    msg = Message('Content-Disposition: %s' % content_disposition)
    filename = msg.get_filename()
    if filename:
        filename = os.path.basename(filename).strip()
        if filename:
            return filename
''',
        "witness": "result = filename_from_content_disposition('attachment; filename=.bashrc')",
    },
]
