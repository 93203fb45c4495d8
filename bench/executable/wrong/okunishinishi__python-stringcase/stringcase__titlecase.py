"""Hand-written wrong implementations of `stringcase.py::titlecase` (okunishinishi/python-stringcase @ 57aae96649).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'okunishinishi/python-stringcase'
COMMIT = '57aae96649f5cf7fc98e50b1d62479456d492715'
TARGET = 'stringcase.py::titlecase'
SETUP = 'from stringcase import titlecase'
NEEDS = ['capitalcase', 'snakecase']
WRONG = [
    {
        "why": 'str.title() on the joined words also capitalizes a letter after a digit',
        "code": "def titlecase(string):\n    return ' '.join(snakecase(string).split('_')).title()\n",
        "witness": "result = titlecase('foo1bar')",
    },
    {
        "why": 'splits at underscores only: camel case words are not separated',
        "code": "def titlecase(string):\n    return ' '.join([capitalcase(word) for word in str(string).split('_')])\n",
        "witness": "result = titlecase('fooBar')",
    },
]
