"""Hand-written wrong implementations of `simplejson/decoder.py::JSONDecoder.raw_decode` (simplejson/simplejson @ 639b2ee73b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'simplejson/simplejson'
COMMIT = '639b2ee73b2de6b385fcd4d44e0e08054a4d8a0e'
TARGET = 'simplejson/decoder.py::JSONDecoder.raw_decode'
SETUP = 'from simplejson.decoder import JSONDecoder'
NEEDS = ['JSONDecodeError', 'WHITESPACE', 'PY3']
WRONG = [
    {
        "why": 'does not skip white space before the document',
        "code": "def raw_decode(self, s, idx=0, _w=WHITESPACE.match, _PY3=PY3):\n    if idx < 0:\n        raise JSONDecodeError('Expecting value', s, idx)\n    if _PY3 and not isinstance(s, str):\n        raise TypeError('Input string must be text, not bytes')\n    if len(s) > idx:\n        ord0 = ord(s[idx])\n        if ord0 == 0xfeff:\n            idx += 1\n        elif ord0 == 0xef and s[idx:idx + 3] == '\\xef\\xbb\\xbf':\n            idx += 3\n    return self.scan_once(s, idx=idx)\n",
        "witness": "try:\n    result = JSONDecoder().raw_decode('  [1] x')\nexcept ValueError as exc:\n    result = ('error', exc.pos)",
    },
    {
        "why": 'does not skip a byte-order mark',
        "code": "def raw_decode(self, s, idx=0, _w=WHITESPACE.match, _PY3=PY3):\n    if idx < 0:\n        raise JSONDecodeError('Expecting value', s, idx)\n    if _PY3 and not isinstance(s, str):\n        raise TypeError('Input string must be text, not bytes')\n    return self.scan_once(s, idx=_w(s, idx).end())\n",
        "witness": "try:\n    result = JSONDecoder().raw_decode(u'\\ufeff[1]')\nexcept ValueError as exc:\n    result = ('error', exc.pos)",
    },
]
