"""Hand-written wrong implementations of `stringcase.py::snakecase` (okunishinishi/python-stringcase @ 57aae96649).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'okunishinishi/python-stringcase'
COMMIT = '57aae96649f5cf7fc98e50b1d62479456d492715'
TARGET = 'stringcase.py::snakecase'
SETUP = 'from stringcase import snakecase'
NEEDS = ['re', 'lowercase']
WRONG = [
    {
        "why": 'the first letter keeps its case',
        "code": 'def snakecase(string):\n    string = re.sub(r"[\\-\\.\\s]", \'_\', str(string))\n    if not string:\n        return string\n    return string[0] + re.sub(r"[A-Z]", lambda matched: \'_\' + lowercase(matched.group(0)), string[1:])\n',
        "witness": "result = snakecase('FooBar')",
    },
    {
        "why": 'the capital-letter rule also applies to the first letter, giving a leading underscore',
        "code": 'def snakecase(string):\n    string = re.sub(r"[\\-\\.\\s]", \'_\', str(string))\n    if not string:\n        return string\n    return re.sub(r"[A-Z]", lambda matched: \'_\' + lowercase(matched.group(0)), string)\n',
        "witness": "result = snakecase('FooBar')",
    },
]
