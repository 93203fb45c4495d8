"""Hand-written wrong implementations of `string_utils/manipulation.py::booleanize` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/manipulation.py::booleanize'
SETUP = 'from string_utils.manipulation import booleanize'
WRONG = [
    {
        "why": 'case-sensitive',
        "code": '''def booleanize(input_string: str) -> bool:
    """Turns a string into a boolean based on its content (CASE INSENSITIVE)."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    return input_string in ('true', '1', 'yes', 'y')
''',
        "witness": "result = booleanize('YES')",
    },
    {
        "why": "'on' counts as true",
        "code": '''def booleanize(input_string: str) -> bool:
    """Turns a string into a boolean based on its content (CASE INSENSITIVE)."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    return input_string.strip().lower() in ('true', '1', 'yes', 'y', 'on')
''',
        "witness": "result = booleanize('on')",
    },
]
