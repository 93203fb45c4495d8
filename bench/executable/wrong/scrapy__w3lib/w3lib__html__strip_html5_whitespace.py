"""Hand-written wrong implementations of `w3lib/html.py::strip_html5_whitespace` (scrapy/w3lib @ ed01dc0460).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'scrapy/w3lib'
COMMIT = 'ed01dc04608336967356417f472a691b82bcfbe4'
TARGET = 'w3lib/html.py::strip_html5_whitespace'
SETUP = 'from w3lib.html import strip_html5_whitespace'
WRONG = [
    {
        "why": 'str.strip(): also strips Unicode spaces HTML5 does not count (no-break space, vertical tab)',
        "code": '''def strip_html5_whitespace(text: str) -> str:
    """Strip all leading and trailing HTML5 space characters."""
    return text.strip()
''',
        "witness": "result = strip_html5_whitespace('\\xa0x\\x0b')",
    },
    {
        "why": 'forgets the form feed among the space characters',
        "code": '''def strip_html5_whitespace(text: str) -> str:
    """Strip all leading and trailing HTML5 space characters."""
    return text.strip(" \t\n\r")
''',
        "witness": "result = strip_html5_whitespace('\\x0chello ')",
    },
]
