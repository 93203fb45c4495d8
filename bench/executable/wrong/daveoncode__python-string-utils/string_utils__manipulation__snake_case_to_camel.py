"""Hand-written wrong implementations of `string_utils/manipulation.py::snake_case_to_camel` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/manipulation.py::snake_case_to_camel'
SETUP = 'from string_utils.manipulation import snake_case_to_camel'
WRONG = [
    {
        "why": 'upper_case_first ignored',
        "code": '''def snake_case_to_camel(input_string: str, upper_case_first: bool = True, separator: str = '_') -> str:
    """Convert a snake case string into a camel case one."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    if not is_snake_case(input_string, separator):
        return input_string
    return ''.join(s.title() for s in input_string.split(separator) if s)
''',
        "witness": "result = snake_case_to_camel('the_snake', upper_case_first=False)",
    },
    {
        "why": 'capitalize keeps the rest of each token',
        "code": '''def snake_case_to_camel(input_string: str, upper_case_first: bool = True, separator: str = '_') -> str:
    """Convert a snake case string into a camel case one."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    if not is_snake_case(input_string, separator):
        return input_string
    tokens = [s[0].upper() + s[1:] for s in input_string.split(separator) if s]
    if not upper_case_first:
        tokens[0] = tokens[0].lower()
    return ''.join(tokens)
''',
        "witness": "result = snake_case_to_camel('the_SNAKE')",
    },
]
