"""Hand-written wrong implementations of `w3lib/util.py::to_bytes` (scrapy/w3lib @ ed01dc0460).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'scrapy/w3lib'
COMMIT = 'ed01dc04608336967356417f472a691b82bcfbe4'
TARGET = 'w3lib/util.py::to_bytes'
SETUP = 'from w3lib.util import to_bytes'
WRONG = [
    {
        "why": 'converts any object with str() instead of refusing it',
        "code": '''def to_bytes(text, encoding=None, errors="strict"):
    """Return the binary representation of `text`."""
    if isinstance(text, bytes):
        return text
    return str(text).encode(encoding or "utf-8", errors)
''',
        "witness": 'result = to_bytes(5)',
    },
    {
        "why": 'ignores the errors argument',
        "code": '''def to_bytes(text, encoding=None, errors="strict"):
    """Return the binary representation of `text`."""
    if isinstance(text, bytes):
        return text
    if not isinstance(text, str):
        raise TypeError(f"to_bytes must receive str or bytes, got {type(text).__name__}")
    return text.encode(encoding or "utf-8")
''',
        "witness": "result = to_bytes('\\xe9a', 'ascii', errors='ignore')",
    },
]
