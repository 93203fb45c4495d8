"""Hand-written wrong implementations of `humanfriendly/text.py::split` (xolox/python-humanfriendly @ 6758ac61f9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'xolox/python-humanfriendly'
COMMIT = '6758ac61f906cd8528682003070a57febe4ad3cf'
TARGET = 'humanfriendly/text.py::split'
SETUP = 'from humanfriendly.text import split'
NEEDS = []
WRONG = [
    {
        "why": 'does not strip the tokens',
        "code": '''def split(text, delimiter=','):
    return [token for token in text.split(delimiter) if token and not token.isspace()]
''',
        "witness": "result = split('a, b')",
    },
    {
        "why": 'keeps empty tokens',
        "code": '''def split(text, delimiter=','):
    return [token.strip() for token in text.split(delimiter)]
''',
        "witness": "result = split('a,,b')",
    },
]
