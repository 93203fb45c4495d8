"""Hand-written wrong implementations of `thefuzz/fuzz.py::_rapidfuzz_scorer` (seatgeek/thefuzz @ 1ba86f33a1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'seatgeek/thefuzz'
COMMIT = '1ba86f33a19deedcf886b74cf6efffd79495a50f'
TARGET = 'thefuzz/fuzz.py::_rapidfuzz_scorer'
SETUP = 'from thefuzz.fuzz import _rapidfuzz_scorer'
WRONG = [
    {
        "why": 'truncates the score instead of rounding it',
        "code": '''def _rapidfuzz_scorer(scorer, s1, s2, force_ascii, full_process):
    """wrapper around rapidfuzz function to be compatible with the API of thefuzz"""
    if full_process:
        if s1 is None or s2 is None:
            return 0
        s1 = utils.full_process(s1, force_ascii=force_ascii)
        s2 = utils.full_process(s2, force_ascii=force_ascii)
    return int(scorer(s1, s2))
''',
        "witness": "result = _rapidfuzz_scorer(lambda a, b: 42.7, 'a', 'b', False, False)",
    },
    {
        "why": 'returns 0 only when both strings are None',
        "code": '''def _rapidfuzz_scorer(scorer, s1, s2, force_ascii, full_process):
    """wrapper around rapidfuzz function to be compatible with the API of thefuzz"""
    if full_process:
        if s1 is None and s2 is None:
            return 0
        s1 = utils.full_process(s1, force_ascii=force_ascii)
        s2 = utils.full_process(s2, force_ascii=force_ascii)
    return int(round(scorer(s1, s2)))
''',
        "witness": "result = _rapidfuzz_scorer(lambda a, b: 50.0, None, 'x', False, True)",
    },
]
