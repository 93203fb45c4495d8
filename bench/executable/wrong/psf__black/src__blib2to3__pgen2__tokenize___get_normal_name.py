"""Hand-written wrong implementations of `src/blib2to3/pgen2/tokenize.py::_get_normal_name` (psf/black @ 12f98219bc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'psf/black'
COMMIT = '12f98219bc83fa186cc97db7b614dccfb2a1db71'
TARGET = 'src/blib2to3/pgen2/tokenize.py::_get_normal_name'
SETUP = 'from blib2to3.pgen2.tokenize import _get_normal_name'
WRONG = [
    {
        "why": 'does not map underscores to dashes',
        "code": '''def _get_normal_name(orig_enc: str) -> str:
    """Imitates get_normal_name in tokenizer.c."""
    # Only care about the first 12 characters.
    enc = orig_enc[:12].lower()
    if enc == "utf-8" or enc.startswith("utf-8-"):
        return "utf-8"
    if enc in ("latin-1", "iso-8859-1", "iso-latin-1") or enc.startswith(
        ("latin-1-", "iso-8859-1-", "iso-latin-1-")
    ):
        return "iso-8859-1"
    return orig_enc
''',
        "witness": "result = _get_normal_name('utf_8')",
    },
    {
        "why": 'returns the normalized spelling for unknown encodings instead of the original',
        "code": '''def _get_normal_name(orig_enc: str) -> str:
    """Imitates get_normal_name in tokenizer.c."""
    # Only care about the first 12 characters.
    enc = orig_enc[:12].lower().replace("_", "-")
    if enc == "utf-8" or enc.startswith("utf-8-"):
        return "utf-8"
    if enc in ("latin-1", "iso-8859-1", "iso-latin-1") or enc.startswith(
        ("latin-1-", "iso-8859-1-", "iso-latin-1-")
    ):
        return "iso-8859-1"
    return enc
''',
        "witness": "result = _get_normal_name('EUC_JP')",
    },
]
