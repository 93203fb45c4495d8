"""Hand-written wrong implementations of `inflection/__init__.py::parameterize` (jpvanhal/inflection @ 88eefaacf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'jpvanhal/inflection'
COMMIT = '88eefaacf7d0caaa701af7c8ab2d0ab3f17086f1'
TARGET = 'inflection/__init__.py::parameterize'
SETUP = 'from inflection import parameterize'
NEEDS = ['transliterate', 're']
WRONG = [
    {
        "why": 'no transliteration: accented letters are dropped as unwanted characters',
        "code": r'''def parameterize(string: str, separator: str = '-') -> str:
    string = re.sub(r"(?i)[^a-z0-9\-_]+", separator, string)
    if separator:
        re_sep = re.escape(separator)
        string = re.sub(r'%s{2,}' % re_sep, separator, string)
        string = re.sub(r"(?i)^{sep}|{sep}$".format(sep=re_sep), '', string)
    return string.lower()
''',
        "witness": "result = parameterize('caf\\u00e9 bar')",
    },
    {
        "why": 'does not remove a leading or trailing separator',
        "code": r'''def parameterize(string: str, separator: str = '-') -> str:
    string = transliterate(string)
    string = re.sub(r"(?i)[^a-z0-9\-_]+", separator, string)
    if separator:
        re_sep = re.escape(separator)
        string = re.sub(r'%s{2,}' % re_sep, separator, string)
    return string.lower()
''',
        "witness": "result = parameterize(' Hello world! ')",
    },
]
