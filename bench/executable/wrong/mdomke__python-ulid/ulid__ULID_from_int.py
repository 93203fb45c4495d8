"""Hand-written wrong implementations of `ulid/__init__.py::ULID.from_int` (mdomke/python-ulid @ df6b91d713).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mdomke/python-ulid'
COMMIT = 'df6b91d713eee0083e72221b344a32492c72fe9d'
TARGET = 'ulid/__init__.py::ULID.from_int'
SETUP = 'from ulid import ULID'
NEEDS = ['constants', 'validate_type']
WRONG = [
    {
        "why": "encodes the integer little-endian",
        "code": "@classmethod\n@validate_type(int)\ndef from_int(cls: type[U], value: int) -> U:\n    return cls(int.to_bytes(value, constants.BYTES_LEN, \"little\"))\n",
        "witness": "result = ULID.from_int(1).milliseconds",
    },
    {
        "why": "treats the integer as a timestamp in milliseconds",
        "code": "@classmethod\n@validate_type(int)\ndef from_int(cls: type[U], value: int) -> U:\n    return cls.from_timestamp(value)\n",
        "witness": "result = ULID.from_int(2 ** 80).milliseconds",
    },
]
