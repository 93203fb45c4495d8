"""Hand-written wrong implementations of `src/pangu/_core.py::_has_unclosed_left_quote_before` (vinta/pangu.py @ be761c8793).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vinta/pangu.py'
COMMIT = 'be761c8793ff9a584e3d30c00511b0b0a4ded66d'
TARGET = 'src/pangu/_core.py::_has_unclosed_left_quote_before'
SETUP = 'from pangu._core import _has_unclosed_left_quote_before'
NEEDS = []
WRONG = [
    {
        "why": 'only a right quote closes: a newline does not stop the scan',
        "code": 'def _has_unclosed_left_quote_before(text: str, pos: int) -> bool:\n    for i in range(pos - 1, -1, -1):\n        char = text[i]\n        if char == "\\u201c":\n            return True\n        if char == "\\u201d":\n            return False\n    return False\n',
        "witness": "result = _has_unclosed_left_quote_before('\\u201cab\\ncd', 5)",
    },
    {
        "why": 'scans from pos itself, not from the character before it',
        "code": 'def _has_unclosed_left_quote_before(text: str, pos: int) -> bool:\n    for i in range(min(pos, len(text) - 1), -1, -1):\n        char = text[i]\n        if char == "\\u201c":\n            return True\n        if char in {"\\u201d", "\\n"}:\n            return False\n    return False\n',
        "witness": "result = _has_unclosed_left_quote_before('\\u201ca\\u201d', 2)",
    },
]
