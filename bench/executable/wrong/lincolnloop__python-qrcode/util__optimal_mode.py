"""Hand-written wrong implementations of `qrcode/util.py::optimal_mode` (lincolnloop/python-qrcode @ f92c007498).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'lincolnloop/python-qrcode'
COMMIT = 'f92c007498d796e4825638b7d50c14ea51e5457a'
TARGET = 'qrcode/util.py::optimal_mode'
SETUP = 'from qrcode.util import optimal_mode'
NEEDS = ['RE_ALPHA_NUM', 'MODE_NUMBER', 'MODE_ALPHA_NUM', 'MODE_8BIT_BYTE']
WRONG = [
    {
        "why": "tests the alphanumeric mode before the numeric one (digits are alphanumeric too)",
        "code": "def optimal_mode(data):\n    if RE_ALPHA_NUM.match(data):\n        return MODE_ALPHA_NUM\n    if data.isdigit():\n        return MODE_NUMBER\n    return MODE_8BIT_BYTE\n",
        "witness": "result = optimal_mode(b'123')",
    },
    {
        "why": "uses isalnum() for the alphanumeric mode (lower case letters are not in the QR alphanumeric set)",
        "code": "def optimal_mode(data):\n    if data.isdigit():\n        return MODE_NUMBER\n    if data.isalnum():\n        return MODE_ALPHA_NUM\n    return MODE_8BIT_BYTE\n",
        "witness": "result = optimal_mode(b'abc')",
    },
]
