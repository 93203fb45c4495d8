"""Hand-written wrong implementations of `stringcase.py::sentencecase` (okunishinishi/python-stringcase @ 57aae96649).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'okunishinishi/python-stringcase'
COMMIT = '57aae96649f5cf7fc98e50b1d62479456d492715'
TARGET = 'stringcase.py::sentencecase'
SETUP = 'from stringcase import sentencecase'
NEEDS = ['re', 'capitalcase', 'trimcase', 'lowercase']
WRONG = [
    {
        "why": 'no trim: a leading capital leaves a leading blank and the first letter is not capped',
        "code": 'def sentencecase(string):\n    joiner = \' \'\n    string = re.sub(r"[\\-_\\.\\s]", joiner, str(string))\n    if not string:\n        return string\n    return capitalcase(\n        re.sub(r"[A-Z]", lambda matched: joiner + lowercase(matched.group(0)), string)\n    )\n',
        "witness": "result = sentencecase('FooBar')",
    },
    {
        "why": 'a dot is not taken for punctuation',
        "code": 'def sentencecase(string):\n    joiner = \' \'\n    string = re.sub(r"[\\-_\\s]", joiner, str(string))\n    if not string:\n        return string\n    return capitalcase(trimcase(\n        re.sub(r"[A-Z]", lambda matched: joiner + lowercase(matched.group(0)), string)\n    ))\n',
        "witness": "result = sentencecase('foo.bar')",
    },
]
