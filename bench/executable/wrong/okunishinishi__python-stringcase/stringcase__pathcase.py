"""Hand-written wrong implementations of `stringcase.py::pathcase` (okunishinishi/python-stringcase @ 57aae96649).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'okunishinishi/python-stringcase'
COMMIT = '57aae96649f5cf7fc98e50b1d62479456d492715'
TARGET = 'stringcase.py::pathcase'
SETUP = 'from stringcase import pathcase'
NEEDS = ['snakecase', 're']
WRONG = [
    {
        "why": 'punctuation replaced directly: camel case is not split',
        "code": 'def pathcase(string):\n    string = str(string)\n    if not string:\n        return string\n    return re.sub(r"[_\\-\\.\\s]", "/", string)\n',
        "witness": "result = pathcase('fooBar')",
    },
    {
        "why": 'strips slashes at the ends of the path',
        "code": 'def pathcase(string):\n    string = snakecase(string)\n    if not string:\n        return string\n    return re.sub(r"_", "/", string).strip(\'/\')\n',
        "witness": "result = pathcase('_foo')",
    },
]
