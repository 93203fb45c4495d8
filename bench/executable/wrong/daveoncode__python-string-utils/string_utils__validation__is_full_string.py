"""Hand-written wrong implementations of `string_utils/validation.py::is_full_string` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/validation.py::is_full_string'
SETUP = 'from string_utils.validation import is_full_string'
WRONG = [
    {
        "why": 'whitespace counts as content',
        "code": '''def is_full_string(input_string: Any) -> bool:
    """Check if a string is not empty (it must contains at least one non space character)."""
    return isinstance(input_string, str) and input_string != ''
''',
        "witness": "result = is_full_string('   ')",
    },
    {
        "why": 'accepts bytes',
        "code": '''def is_full_string(input_string: Any) -> bool:
    """Check if a string is not empty (it must contains at least one non space character)."""
    return bool(input_string) and bool(input_string.strip())
''',
        "witness": "result = is_full_string(b'x')",
    },
]
