"""Hand-written wrong implementations of `ulid/__init__.py::ULID.parse` (mdomke/python-ulid @ df6b91d713).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mdomke/python-ulid'
COMMIT = 'df6b91d713eee0083e72221b344a32492c72fe9d'
TARGET = 'ulid/__init__.py::ULID.parse'
SETUP = 'from ulid import ULID'
NEEDS = ['constants', 'ULID', 'uuid', 'datetime', 'cast']
WRONG = [
    {
        "why": "reads every int as the 128-bit integer form, never as a timestamp",
        "code": "@classmethod\ndef parse(cls: type[U], value: Any) -> U:\n    if isinstance(value, ULID):\n        return cast(U, value)\n    if isinstance(value, uuid.UUID):\n        return cls.from_uuid(value)\n    if isinstance(value, str):\n        len_value = len(value)\n        if len_value == constants.UUID_REPR_LEN:\n            return cls.from_uuid(uuid.UUID(value))\n        if len_value == constants.HEX_REPR_LEN:\n            return cls.from_hex(value)\n        if len_value == constants.REPR_LEN:\n            return cls.from_str(value)\n        raise ValueError(f\"Cannot parse ULID from string of length {len_value}\")\n    if isinstance(value, int):\n        return cls.from_int(value)\n    if isinstance(value, float):\n        return cls.from_timestamp(value)\n    if isinstance(value, datetime):\n        return cls.from_datetime(value)\n    if isinstance(value, bytes):\n        return cls.from_bytes(value)\n    raise TypeError(f\"Cannot parse ULID from type {type(value)}\")\n",
        "witness": "result = ULID.parse(1000).milliseconds",
    },
    {
        "why": "compares the int's digit count with the string length (26) instead of the int form's (37)",
        "code": "@classmethod\ndef parse(cls: type[U], value: Any) -> U:\n    if isinstance(value, ULID):\n        return cast(U, value)\n    if isinstance(value, uuid.UUID):\n        return cls.from_uuid(value)\n    if isinstance(value, str):\n        len_value = len(value)\n        if len_value == constants.UUID_REPR_LEN:\n            return cls.from_uuid(uuid.UUID(value))\n        if len_value == constants.HEX_REPR_LEN:\n            return cls.from_hex(value)\n        if len_value == constants.REPR_LEN:\n            return cls.from_str(value)\n        raise ValueError(f\"Cannot parse ULID from string of length {len_value}\")\n    if isinstance(value, int):\n        if len(str(value)) == constants.REPR_LEN:\n            return cls.from_int(value)\n        return cls.from_timestamp(value)\n    if isinstance(value, float):\n        return cls.from_timestamp(value)\n    if isinstance(value, datetime):\n        return cls.from_datetime(value)\n    if isinstance(value, bytes):\n        return cls.from_bytes(value)\n    raise TypeError(f\"Cannot parse ULID from type {type(value)}\")\n",
        "witness": "result = str(ULID.parse(int(ULID.from_str('01E75PVKXA3GFABX1M1J9NZZNF'))))",
    },
]
