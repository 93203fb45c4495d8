"""Hand-written wrong implementations of `simplejson/encoder.py::py_encode_basestring` (simplejson/simplejson @ 639b2ee73b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'simplejson/simplejson'
COMMIT = '639b2ee73b2de6b385fcd4d44e0e08054a4d8a0e'
TARGET = 'simplejson/encoder.py::py_encode_basestring'
SETUP = 'from simplejson.encoder import py_encode_basestring'
NEEDS = ['PY3', 'HAS_UTF8', 'ESCAPE', 'ESCAPE_DCT']
WRONG = [
    {
        "why": 'decodes bytes as latin-1 instead of UTF-8',
        "code": 'def py_encode_basestring(s, _PY3=PY3, _q=u\'"\'):\n    if isinstance(s, bytes):\n        s = str(s, \'latin-1\')\n    elif type(s) is not str:\n        s = str.__str__(s)\n    def replace(match):\n        return ESCAPE_DCT[match.group(0)]\n    return _q + ESCAPE.sub(replace, s) + _q\n',
        "witness": "result = py_encode_basestring(b'caf\\xc3\\xa9')",
    },
    {
        "why": 'leaves out the surrounding quotes',
        "code": 'def py_encode_basestring(s, _PY3=PY3, _q=u\'"\'):\n    if isinstance(s, bytes):\n        s = str(s, \'utf-8\')\n    elif type(s) is not str:\n        s = str.__str__(s)\n    def replace(match):\n        return ESCAPE_DCT[match.group(0)]\n    return ESCAPE.sub(replace, s)\n',
        "witness": "result = py_encode_basestring(u'a\\nb')",
    },
]
