"""Hand-written wrong implementations of `simplejson/encoder.py::py_encode_basestring_ascii` (simplejson/simplejson @ 639b2ee73b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'simplejson/simplejson'
COMMIT = '639b2ee73b2de6b385fcd4d44e0e08054a4d8a0e'
TARGET = 'simplejson/encoder.py::py_encode_basestring_ascii'
SETUP = 'from simplejson.encoder import py_encode_basestring_ascii'
NEEDS = ['PY3', 'HAS_UTF8', 'ESCAPE_ASCII', 'ESCAPE_DCT']
WRONG = [
    {
        "why": 'escapes a character outside the BMP as one \\u escape, not a surrogate pair',
        "code": 'def py_encode_basestring_ascii(s, _PY3=PY3):\n    if isinstance(s, bytes):\n        s = str(s, \'utf-8\')\n    elif type(s) is not str:\n        s = str.__str__(s)\n    def replace(match):\n        s = match.group(0)\n        try:\n            return ESCAPE_DCT[s]\n        except KeyError:\n            return \'\\\\u%04x\' % (ord(s),)\n    return \'"\' + str(ESCAPE_ASCII.sub(replace, s)) + \'"\'\n',
        "witness": "result = py_encode_basestring_ascii(u'\\U0001f600')",
    },
    {
        "why": 'writes the hexadecimal digits in upper case',
        "code": 'def py_encode_basestring_ascii(s, _PY3=PY3):\n    if isinstance(s, bytes):\n        s = str(s, \'utf-8\')\n    elif type(s) is not str:\n        s = str.__str__(s)\n    def replace(match):\n        s = match.group(0)\n        try:\n            return ESCAPE_DCT[s]\n        except KeyError:\n            n = ord(s)\n            if n < 0x10000:\n                return \'\\\\u%04X\' % (n,)\n            n -= 0x10000\n            s1 = 0xd800 | ((n >> 10) & 0x3ff)\n            s2 = 0xdc00 | (n & 0x3ff)\n            return \'\\\\u%04X\\\\u%04X\' % (s1, s2)\n    return \'"\' + str(ESCAPE_ASCII.sub(replace, s)) + \'"\'\n',
        "witness": "result = py_encode_basestring_ascii(u'caf\\u00e9')",
    },
]
