"""Hand-written wrong implementations of `src/humanize/number.py::clamp` (python-humanize/humanize @ c3a124cdeb).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'python-humanize/humanize'
COMMIT = 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d'
TARGET = 'src/humanize/number.py::clamp'
SETUP = 'from humanize.number import clamp'
WRONG = [
    {
        "why": 'appends the token instead of prepending it',
        "code": '''def clamp(value, format="{:}", floor=None, ceil=None, floor_token="<", ceil_token=">"):
    """Returns number with the specified format, clamped between floor and ceil."""
    import math

    if value is None:
        return None
    if not math.isfinite(value):
        return _format_not_finite(value)
    if floor is not None and value < floor:
        value = floor
        token = floor_token
    elif ceil is not None and value > ceil:
        value = ceil
        token = ceil_token
    else:
        token = ""
    if isinstance(format, str):
        return format.format(value) + token
    if callable(format):
        return format(value) + token
    raise ValueError("Invalid format.")
''',
        "witness": 'result = clamp(0.0001, floor=0.01)',
    },
    {
        "why": 'clamps at the limit itself (<= / >=), so a value equal to ceil gets the token',
        "code": '''def clamp(value, format="{:}", floor=None, ceil=None, floor_token="<", ceil_token=">"):
    """Returns number with the specified format, clamped between floor and ceil."""
    import math

    if value is None:
        return None
    if not math.isfinite(value):
        return _format_not_finite(value)
    token = ""
    if floor is not None and value <= floor:
        value, token = floor, floor_token
    elif ceil is not None and value >= ceil:
        value, token = ceil, ceil_token
    if isinstance(format, str):
        return token + format.format(value)
    if callable(format):
        return token + format(value)
    raise ValueError("Invalid format.")
''',
        "witness": "result = clamp(0.99, format='{:.0%}', ceil=0.99)",
    },
]
