"""Hand-written wrong implementations of `ulid/__init__.py::ULID.milliseconds` (mdomke/python-ulid @ df6b91d713).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mdomke/python-ulid'
COMMIT = 'df6b91d713eee0083e72221b344a32492c72fe9d'
TARGET = 'ulid/__init__.py::ULID.milliseconds'
SETUP = 'from ulid import ULID'
NEEDS = ['constants']
WRONG = [
    {
        "why": "reads the randomness part (the bytes after the timestamp) instead of the first six",
        "code": "@property\ndef milliseconds(self) -> int:\n    return int.from_bytes(self.bytes[constants.TIMESTAMP_LEN :], byteorder=\"big\")\n",
        "witness": "result = ULID.from_int(5).milliseconds",
    },
    {
        "why": "decodes the timestamp bytes little-endian",
        "code": "@property\ndef milliseconds(self) -> int:\n    return int.from_bytes(self.bytes[: constants.TIMESTAMP_LEN], byteorder=\"little\")\n",
        "witness": "result = ULID.from_int(2 ** 80).milliseconds",
    },
]
