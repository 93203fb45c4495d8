"""Hand-written wrong implementations of `inflection/__init__.py::ordinal` (jpvanhal/inflection @ 88eefaacf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'jpvanhal/inflection'
COMMIT = '88eefaacf7d0caaa701af7c8ab2d0ab3f17086f1'
TARGET = 'inflection/__init__.py::ordinal'
SETUP = 'from inflection import ordinal'
NEEDS = []
WRONG = [
    {
        "why": 'forgets the 11th-13th exception: the suffix from the last digit only',
        "code": '''def ordinal(number: int) -> str:
    number = abs(int(number))
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
''',
        "witness": 'result = ordinal(11)',
    },
    {
        "why": "no abs(): a negative number's Python modulo picks the suffix",
        "code": '''def ordinal(number: int) -> str:
    number = int(number)
    if number % 100 in (11, 12, 13):
        return "th"
    return {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")
''',
        "witness": 'result = ordinal(-1)',
    },
]
