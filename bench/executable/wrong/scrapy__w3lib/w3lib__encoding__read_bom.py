"""Hand-written wrong implementations of `w3lib/encoding.py::read_bom` (scrapy/w3lib @ ed01dc0460).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'scrapy/w3lib'
COMMIT = 'ed01dc04608336967356417f472a691b82bcfbe4'
TARGET = 'w3lib/encoding.py::read_bom'
SETUP = 'from w3lib.encoding import read_bom'
WRONG = [
    {
        "why": "checks the UTF-16 marks before the UTF-32 ones (UTF-32 LE's mark starts with UTF-16 LE's)",
        "code": '''def read_bom(data: bytes) -> tuple[None, None] | tuple[str, bytes]:
    """Read the byte order mark in the text, if present."""
    table = [
        (codecs.BOM_UTF16_BE, "utf-16-be"),
        (codecs.BOM_UTF16_LE, "utf-16-le"),
        (codecs.BOM_UTF32_BE, "utf-32-be"),
        (codecs.BOM_UTF32_LE, "utf-32-le"),
        (codecs.BOM_UTF8, "utf-8"),
    ]
    for bom, encoding in table:
        if data.startswith(bom):
            return encoding, bom
    return None, None
''',
        "witness": "result = read_bom(b'\\xff\\xfe\\x00\\x00ab')",
    },
    {
        "why": 'returns a single None when there is no mark',
        "code": '''def read_bom(data: bytes) -> tuple[None, None] | tuple[str, bytes]:
    """Read the byte order mark in the text, if present."""
    if data and data[0] in _FIRST_CHARS:
        for bom, encoding in _BOM_TABLE:
            if data.startswith(bom):
                return encoding, bom
    return None
''',
        "witness": "result = read_bom(b'abc')",
    },
]
