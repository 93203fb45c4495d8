"""Hand-written wrong implementations of `hashids.py::Hashids.decode_hex` (davidaurelio/hashids-python @ 09f879a196).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'davidaurelio/hashids-python'
COMMIT = '09f879a1967836f1e399c12b745c24291e3e73ad'
TARGET = 'hashids.py::Hashids.decode_hex'
SETUP = 'from hashids import Hashids'
NEEDS = []
WRONG = [
    {
        "why": 'keeps the leading 1 that encode_hex put before each chunk',
        "code": "def decode_hex(self, hashid):\n    return ''.join('%x' % x for x in self.decode(hashid))\n",
        "witness": "h = Hashids('salt'); result = h.decode_hex(h.encode_hex('abc123'))",
    },
    {
        "why": 'formats the chunks in upper-case hexadecimal',
        "code": "def decode_hex(self, hashid):\n    return ''.join(('%X' % x)[1:] for x in self.decode(hashid))\n",
        "witness": "h = Hashids('salt'); result = h.decode_hex(h.encode_hex('abc123'))",
    },
]
