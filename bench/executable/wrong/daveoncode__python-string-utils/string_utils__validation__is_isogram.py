"""Hand-written wrong implementations of `string_utils/validation.py::is_isogram` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/validation.py::is_isogram'
SETUP = 'from string_utils.validation import is_isogram'
WRONG = [
    {
        "why": 'case-insensitive letters',
        "code": '''def is_isogram(input_string: Any) -> bool:
    """Checks if the string is an isogram."""
    return is_full_string(input_string) and len(set(input_string.lower())) == len(input_string)
''',
        "witness": "result = is_isogram('Aa')",
    },
    {
        "why": 'empty string is an isogram',
        "code": '''def is_isogram(input_string: Any) -> bool:
    """Checks if the string is an isogram."""
    return isinstance(input_string, str) and len(set(input_string)) == len(input_string)
''',
        "witness": "result = is_isogram('')",
    },
]
