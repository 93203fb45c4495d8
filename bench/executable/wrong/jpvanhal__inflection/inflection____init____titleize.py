"""Hand-written wrong implementations of `inflection/__init__.py::titleize` (jpvanhal/inflection @ 88eefaacf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'jpvanhal/inflection'
COMMIT = '88eefaacf7d0caaa701af7c8ab2d0ab3f17086f1'
TARGET = 'inflection/__init__.py::titleize'
SETUP = 'from inflection import titleize'
NEEDS = ['re', 'humanize', 'underscore']
WRONG = [
    {
        "why": 'str.title() only: a letter after an apostrophe is capitalized',
        "code": '''def titleize(word: str) -> str:
    return humanize(underscore(word)).title()
''',
        "witness": 'result = titleize("it\'s a dog\'s life")',
    },
    {
        "why": 'skips underscore(): CamelCase words are not split',
        "code": r'''def titleize(word: str) -> str:
    return re.sub(
        r"\b('?\w)",
        lambda match: match.group(1).capitalize(),
        humanize(word).title()
    )
''',
        "witness": "result = titleize('TheManWithoutAPast')",
    },
]
