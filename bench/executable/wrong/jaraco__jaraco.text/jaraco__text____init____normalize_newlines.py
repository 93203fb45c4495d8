"""Hand-written wrong implementations of `jaraco/text/__init__.py::normalize_newlines` (jaraco/jaraco.text @ ae2e3057e9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'jaraco/jaraco.text'
COMMIT = 'ae2e3057e9464c72d20795f8a0cb7ba9883734a7'
TARGET = 'jaraco/text/__init__.py::normalize_newlines'
SETUP = 'from jaraco.text import normalize_newlines'
NEEDS = ['re']
WRONG = [
    {
        "why": 'only the DOS and old Mac newlines: the Unicode separators stay',
        "code": r'''def normalize_newlines(text: str) -> str:
    return text.replace('\r\n', '\n').replace('\r', '\n')
''',
        "witness": "result = normalize_newlines('a\\u2029b')",
    },
    {
        "why": 'alternation tries a lone CR before CRLF: CRLF becomes two newlines',
        "code": r'''def normalize_newlines(text: str) -> str:
    newlines = ['\r', '\r\n', '\n', '\u0085', '\u2028', '\u2029']
    pattern = '|'.join(newlines)
    return re.sub(pattern, '\n', text)
''',
        "witness": "result = normalize_newlines('a\\r\\nb')",
    },
]
