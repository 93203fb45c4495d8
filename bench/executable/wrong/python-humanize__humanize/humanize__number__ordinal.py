"""Hand-written wrong implementations of `src/humanize/number.py::ordinal` (python-humanize/humanize @ c3a124cdeb).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'python-humanize/humanize'
COMMIT = 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d'
TARGET = 'src/humanize/number.py::ordinal'
SETUP = 'from humanize.number import ordinal'
WRONG = [
    {
        "why": "forgets the 11-13 exception ('11st')",
        "code": '''def ordinal(value: NumberOrString, gender: str = "male") -> str:
    """Converts an integer to its ordinal as a string."""
    import math

    try:
        if not math.isfinite(float(value)):
            return _format_not_finite(float(value))
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    gender = "male" if gender == "male" else "female"
    digit = value % 10
    return f"{value}{P_(f'{digit} ({gender})', _ORDINAL_SUFFIXES[digit])}"
''',
        "witness": 'result = ordinal(112)',
    },
    {
        "why": 'checks the tens with value % 10 instead of value % 100 (only 11-13 of the first hundred)',
        "code": '''def ordinal(value: NumberOrString, gender: str = "male") -> str:
    """Converts an integer to its ordinal as a string."""
    import math

    try:
        if not math.isfinite(float(value)):
            return _format_not_finite(float(value))
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    gender = "male" if gender == "male" else "female"
    digit = 0 if value in (11, 12, 13) else value % 10
    return f"{value}{P_(f'{digit} ({gender})', _ORDINAL_SUFFIXES[digit])}"
''',
        "witness": 'result = ordinal(213)',
    },
]
