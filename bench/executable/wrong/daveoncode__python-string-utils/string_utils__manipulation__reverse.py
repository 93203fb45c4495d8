"""Hand-written wrong implementations of `string_utils/manipulation.py::reverse` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/manipulation.py::reverse'
SETUP = 'from string_utils.manipulation import reverse'
WRONG = [
    {
        "why": 'reverses the words, not the characters',
        "code": '''def reverse(input_string: str) -> str:
    """Returns the string with its chars reversed."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    return ' '.join(input_string.split(' ')[::-1])
''',
        "witness": "result = reverse('hello')",
    },
    {
        "why": 'no type check',
        "code": '''def reverse(input_string: str) -> str:
    """Returns the string with its chars reversed."""
    return input_string[::-1]
''',
        "witness": 'try:\n    result = reverse([1, 2])\nexcept Exception as exc:\n    result = type(exc).__name__',
    },
]
