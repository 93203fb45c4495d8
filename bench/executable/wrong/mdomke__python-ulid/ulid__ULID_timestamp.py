"""Hand-written wrong implementations of `ulid/__init__.py::ULID.timestamp` (mdomke/python-ulid @ df6b91d713).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mdomke/python-ulid'
COMMIT = 'df6b91d713eee0083e72221b344a32492c72fe9d'
TARGET = 'ulid/__init__.py::ULID.timestamp'
SETUP = 'from ulid import ULID'
NEEDS = ['constants', 'milliseconds']
WRONG = [
    {
        "why": "integer division drops the milliseconds",
        "code": "@property\ndef timestamp(self) -> float:\n    return self.milliseconds // constants.MILLISECS_IN_SECS\n",
        "witness": "result = ULID.from_int(1500 * 2 ** 80).timestamp",
    },
    {
        "why": "divides by the wrong constant (nanoseconds per millisecond)",
        "code": "@property\ndef timestamp(self) -> float:\n    return self.milliseconds / constants.NANOSECS_IN_MILLISECS\n",
        "witness": "result = ULID.from_int(1500 * 2 ** 80).timestamp",
    },
]
