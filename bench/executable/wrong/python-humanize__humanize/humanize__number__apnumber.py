"""Hand-written wrong implementations of `src/humanize/number.py::apnumber` (python-humanize/humanize @ c3a124cdeb).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'python-humanize/humanize'
COMMIT = 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d'
TARGET = 'src/humanize/number.py::apnumber'
SETUP = 'from humanize.number import apnumber'
WRONG = [
    {
        "why": 'starts the spelled-out range at one: zero stays a digit',
        "code": '''def apnumber(value: NumberOrString) -> str:
    """Converts an integer to Associated Press style."""
    import math

    try:
        if not math.isfinite(float(value)):
            return _format_not_finite(float(value))
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    if not 0 < value < 10:
        return str(value)
    return _(_APNUMBER_WORDS[value])
''',
        "witness": 'result = apnumber(0)',
    },
    {
        "why": 'returns the int itself for numbers outside 0-9, not its string',
        "code": '''def apnumber(value: NumberOrString) -> str:
    """Converts an integer to Associated Press style."""
    import math

    try:
        if not math.isfinite(float(value)):
            return _format_not_finite(float(value))
        value = int(value)
    except (TypeError, ValueError):
        return str(value)
    if 0 <= value < 10:
        return _(_APNUMBER_WORDS[value])
    return value
''',
        "witness": 'result = apnumber(42)',
    },
]
