"""Hand-written wrong implementations of `thefuzz/fuzz.py::UQRatio` (seatgeek/thefuzz @ 1ba86f33a1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'seatgeek/thefuzz'
COMMIT = '1ba86f33a19deedcf886b74cf6efffd79495a50f'
TARGET = 'thefuzz/fuzz.py::UQRatio'
SETUP = 'from thefuzz.fuzz import UQRatio'
WRONG = [
    {
        "why": 'copied from QRatio: forces ASCII',
        "code": '''def UQRatio(s1, s2, full_process=True):
    """Unicode quick ratio"""
    return QRatio(s1, s2, force_ascii=True, full_process=full_process)
''',
        "witness": "result = UQRatio('a\\u00e9', 'a')",
    },
    {
        "why": 'always processes the strings, whatever full_process says',
        "code": '''def UQRatio(s1, s2, full_process=True):
    """Unicode quick ratio"""
    return QRatio(s1, s2, force_ascii=False)
''',
        "witness": "result = UQRatio('ABC', 'abc', full_process=False)",
    },
]
