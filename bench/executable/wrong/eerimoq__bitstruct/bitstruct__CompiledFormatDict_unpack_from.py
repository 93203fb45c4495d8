"""Hand-written wrong implementations of `src/bitstruct/__init__.py::CompiledFormatDict.unpack_from` (eerimoq/bitstruct @ 074ed8d964).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bitstruct'
COMMIT = '074ed8d964d26974cfb1446fc0f9380e3c1bef9c'
TARGET = 'src/bitstruct/__init__.py::CompiledFormatDict.unpack_from'
SETUP = 'import bitstruct'
NEEDS = ['unpack_from_any']
WRONG = [
    {
        "why": "does not pass allow_truncated on (short data always raises)",
        "code": "def unpack_from(self, data, offset=0, allow_truncated=False):\n    return {\n        info.name: v for info, v in self.unpack_from_any(\n            data, offset, allow_truncated=False)}\n",
        "witness": "result = bitstruct.compile('u8u8', ['a', 'b']).unpack_from(b'\\x01', allow_truncated=True)",
    },
    {
        "why": "ignores the bit offset (always unpacks from bit 0)",
        "code": "def unpack_from(self, data, offset=0, allow_truncated=False):\n    return {\n        info.name: v for info, v in self.unpack_from_any(\n            data, 0, allow_truncated=allow_truncated)}\n",
        "witness": "result = bitstruct.compile('u4', ['a']).unpack_from(b'\\x12', offset=4)",
    },
]
