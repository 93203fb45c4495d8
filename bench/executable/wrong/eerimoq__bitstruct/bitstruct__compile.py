"""Hand-written wrong implementations of `src/bitstruct/__init__.py::compile` (eerimoq/bitstruct @ 074ed8d964).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bitstruct'
COMMIT = '074ed8d964d26974cfb1446fc0f9380e3c1bef9c'
TARGET = 'src/bitstruct/__init__.py::compile'
SETUP = 'import bitstruct'
NEEDS = ['CompiledFormat', 'CompiledFormatDict']
WRONG = [
    {
        "why": "does not pass text_encoding and text_errors to the dict form",
        "code": "def compile(fmt,\n            names=None,\n            text_encoding='utf-8',\n            text_errors='strict'):\n    if names is None:\n        return CompiledFormat(fmt, text_encoding, text_errors)\n    else:\n        return CompiledFormatDict(fmt, names)\n",
        "witness": "result = bitstruct.compile('t8', ['a'], text_encoding='latin-1').unpack(b'\\xe9')",
    },
    {
        "why": "tests names for truth, so an empty names list gives the tuple form",
        "code": "def compile(fmt,\n            names=None,\n            text_encoding='utf-8',\n            text_errors='strict'):\n    if not names:\n        return CompiledFormat(fmt, text_encoding, text_errors)\n    else:\n        return CompiledFormatDict(fmt, names, text_encoding, text_errors)\n",
        "witness": "result = bitstruct.compile('p8', []).unpack(b'\\x00')",
    },
]
