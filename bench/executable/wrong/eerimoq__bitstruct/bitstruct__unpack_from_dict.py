"""Hand-written wrong implementations of `src/bitstruct/__init__.py::unpack_from_dict` (eerimoq/bitstruct @ 074ed8d964).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bitstruct'
COMMIT = '074ed8d964d26974cfb1446fc0f9380e3c1bef9c'
TARGET = 'src/bitstruct/__init__.py::unpack_from_dict'
SETUP = 'import bitstruct'
NEEDS = ['CompiledFormatDict']
WRONG = [
    {
        "why": "does not pass text_encoding and text_errors on",
        "code": "def unpack_from_dict(fmt,\n                     names,\n                     data,\n                     offset=0,\n                     allow_truncated=False,\n                     text_encoding='utf-8',\n                     text_errors='strict'):\n    return CompiledFormatDict(fmt, names).unpack_from(\n        data, offset, allow_truncated=allow_truncated)\n",
        "witness": "result = bitstruct.unpack_from_dict('t8', ['a'], b'\\xe9', text_encoding='latin-1')",
    },
    {
        "why": "forgets the offset (unpacks from bit 0)",
        "code": "def unpack_from_dict(fmt,\n                     names,\n                     data,\n                     offset=0,\n                     allow_truncated=False,\n                     text_encoding='utf-8',\n                     text_errors='strict'):\n    return CompiledFormatDict(fmt, names, text_encoding, text_errors).unpack(\n        data, allow_truncated=allow_truncated)\n",
        "witness": "result = bitstruct.unpack_from_dict('u4', ['a'], b'\\x12', 4)",
    },
]
