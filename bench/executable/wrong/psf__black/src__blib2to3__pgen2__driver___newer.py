"""Hand-written wrong implementations of `src/blib2to3/pgen2/driver.py::_newer` (psf/black @ 12f98219bc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'psf/black'
COMMIT = '12f98219bc83fa186cc97db7b614dccfb2a1db71'
TARGET = 'src/blib2to3/pgen2/driver.py::_newer'
SETUP = "import os, tempfile\nfrom blib2to3.pgen2.driver import _newer\nd = tempfile.mkdtemp()\na = os.path.join(d, 'a')\nopen(a, 'w').close()"
WRONG = [
    {
        "why": "strictly newer: a file is not 'written since' itself",
        "code": '''def _newer(a: Text, b: Text) -> bool:
    """Inquire whether file a was written since file b."""
    if not os.path.exists(a):
        return False
    if not os.path.exists(b):
        return True
    return os.path.getmtime(a) > os.path.getmtime(b)
''',
        "witness": 'result = _newer(a, a)',
    },
    {
        "why": 'a missing b counts as not newer',
        "code": '''def _newer(a: Text, b: Text) -> bool:
    """Inquire whether file a was written since file b."""
    if not os.path.exists(a) or not os.path.exists(b):
        return False
    return os.path.getmtime(a) >= os.path.getmtime(b)
''',
        "witness": "result = _newer(a, os.path.join(d, 'missing'))",
    },
]
