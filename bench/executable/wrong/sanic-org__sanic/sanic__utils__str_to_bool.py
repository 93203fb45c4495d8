"""Hand-written wrong implementations of `sanic/utils.py::str_to_bool` (sanic-org/sanic @ eba7821a6d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'sanic-org/sanic'
COMMIT = 'eba7821a6da67f450f7fa7e3dd58d41ddc986b6a'
TARGET = 'sanic/utils.py::str_to_bool'
SETUP = 'from sanic.utils import str_to_bool'
WRONG = [
    {
        "why": 'anything not in the true set is False (no ValueError for junk)',
        "code": '''def str_to_bool(val: str) -> bool:
    """Takes string and tries to turn it into bool as human would do.

    If val is in case insensitive (
        "y", "yes", "yep", "yup", "t",
        "true", "on", "enable", "enabled", "1"
    ) returns True.
    If val is in case insensitive (
        "n", "no", "f", "false", "off", "disable", "disabled", "0"
    ) returns False.
    Else Raise ValueError."""

    val = val.lower()
    return val in {"y", "yes", "yep", "yup", "t", "true", "on", "enable", "enabled", "1"}
''',
        "witness": "result = str_to_bool('maybe')",
    },
    {
        "why": 'case-sensitive comparison',
        "code": '''def str_to_bool(val: str) -> bool:
    """Takes string and tries to turn it into bool as human would do.

    If val is in case insensitive (
        "y", "yes", "yep", "yup", "t",
        "true", "on", "enable", "enabled", "1"
    ) returns True.
    If val is in case insensitive (
        "n", "no", "f", "false", "off", "disable", "disabled", "0"
    ) returns False.
    Else Raise ValueError."""

    if val in {"y", "yes", "yep", "yup", "t", "true", "on", "enable", "enabled", "1"}:
        return True
    elif val in {"n", "no", "f", "false", "off", "disable", "disabled", "0"}:
        return False
    else:
        raise ValueError(f"Invalid truth value {val}")
''',
        "witness": "result = str_to_bool('TRUE')",
    },
]
