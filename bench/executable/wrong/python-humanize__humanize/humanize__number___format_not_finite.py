"""Hand-written wrong implementations of `src/humanize/number.py::_format_not_finite` (python-humanize/humanize @ c3a124cdeb).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'python-humanize/humanize'
COMMIT = 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d'
TARGET = 'src/humanize/number.py::_format_not_finite'
SETUP = 'from humanize.number import _format_not_finite'
WRONG = [
    {
        "why": 'no sign on positive infinity',
        "code": '''def _format_not_finite(value: float) -> str:
    """Utility function to handle infinite and nan cases."""
    import math

    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "-Inf" if value < 0 else "Inf"
    return ""
''',
        "witness": "result = _format_not_finite(float('inf'))",
    },
    {
        "why": 'returns str(value) for finite numbers instead of an empty string',
        "code": '''def _format_not_finite(value: float) -> str:
    """Utility function to handle infinite and nan cases."""
    import math

    if math.isnan(value):
        return "NaN"
    if math.isinf(value):
        return "-Inf" if value < 0 else "+Inf"
    return str(value)
''',
        "witness": 'result = _format_not_finite(1.5)',
    },
]
