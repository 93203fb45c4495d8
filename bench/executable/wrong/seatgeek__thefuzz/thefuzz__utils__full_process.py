"""Hand-written wrong implementations of `thefuzz/utils.py::full_process` (seatgeek/thefuzz @ 1ba86f33a1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'seatgeek/thefuzz'
COMMIT = '1ba86f33a19deedcf886b74cf6efffd79495a50f'
TARGET = 'thefuzz/utils.py::full_process'
SETUP = 'from thefuzz.utils import full_process'
WRONG = [
    {
        "why": 'ignores force_ascii',
        "code": '''def full_process(s, force_ascii=False):
    """Process string: letters and numbers only, trimmed, lower case."""
    return _default_process(str(s))
''',
        "witness": "result = full_process('caf\\u00e9', force_ascii=True)",
    },
    {
        "why": 'lower-cases and trims but keeps punctuation',
        "code": '''def full_process(s, force_ascii=False):
    """Process string: letters and numbers only, trimmed, lower case."""
    if force_ascii:
        s = ascii_only(str(s))
    return s.strip().lower()
''',
        "witness": "result = full_process('Hello, World!')",
    },
]
