"""Hand-written wrong implementations of `string_utils/validation.py::is_palindrome` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/validation.py::is_palindrome'
SETUP = 'from string_utils.validation import is_palindrome'
WRONG = [
    {
        "why": 'ignores case always',
        "code": '''def is_palindrome(input_string: Any, ignore_spaces: bool = False, ignore_case: bool = False) -> bool:
    """Checks if the string is a palindrome."""
    if not is_full_string(input_string):
        return False
    if ignore_spaces:
        input_string = SPACES_RE.sub('', input_string)
    return input_string.lower() == input_string[::-1].lower()
''',
        "witness": "result = is_palindrome('Lol')",
    },
    {
        "why": 'ignores spaces always',
        "code": '''def is_palindrome(input_string: Any, ignore_spaces: bool = False, ignore_case: bool = False) -> bool:
    """Checks if the string is a palindrome."""
    if not is_full_string(input_string):
        return False
    input_string = input_string.replace(' ', '')
    if ignore_case:
        input_string = input_string.lower()
    return input_string == input_string[::-1]
''',
        "witness": "result = is_palindrome('to pot')",
    },
]
