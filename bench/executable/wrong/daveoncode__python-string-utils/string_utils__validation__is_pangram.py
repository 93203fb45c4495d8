"""Hand-written wrong implementations of `string_utils/validation.py::is_pangram` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/validation.py::is_pangram'
SETUP = 'from string_utils.validation import is_pangram'
WRONG = [
    {
        "why": 'case-sensitive letters',
        "code": '''def is_pangram(input_string: Any) -> bool:
    """Checks if the string is a pangram."""
    if not is_full_string(input_string):
        return False
    return set(string.ascii_lowercase) <= set(input_string)
''',
        "witness": "result = is_pangram('THE QUICK BROWN FOX JUMPS OVER THE LAZY DOG')",
    },
    {
        "why": 'counts distinct characters instead',
        "code": '''def is_pangram(input_string: Any) -> bool:
    """Checks if the string is a pangram."""
    if not is_full_string(input_string):
        return False
    return len(set(input_string.replace(' ', ''))) >= 26
''',
        "witness": "result = is_pangram('abcdefghijklmnopqrstuvwxy0123')",
    },
]
