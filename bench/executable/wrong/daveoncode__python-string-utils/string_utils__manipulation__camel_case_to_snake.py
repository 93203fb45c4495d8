"""Hand-written wrong implementations of `string_utils/manipulation.py::camel_case_to_snake` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/manipulation.py::camel_case_to_snake'
SETUP = 'from string_utils.manipulation import camel_case_to_snake'
WRONG = [
    {
        "why": 'separator ignored',
        "code": '''def camel_case_to_snake(input_string, separator='_'):
    """Convert a camel case string into a snake case one."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    if not is_camel_case(input_string):
        return input_string
    return CAMEL_CASE_REPLACE_RE.sub(lambda m: m.group(1) + '_', input_string).lower()
''',
        "witness": "result = camel_case_to_snake('ThisIsCamel', '-')",
    },
    {
        "why": 'lower-cases non-camel input too',
        "code": '''def camel_case_to_snake(input_string, separator='_'):
    """Convert a camel case string into a snake case one."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    if not is_camel_case(input_string):
        return input_string.lower()
    return CAMEL_CASE_REPLACE_RE.sub(lambda m: m.group(1) + separator, input_string).lower()
''',
        "witness": "result = camel_case_to_snake('HELLO')",
    },
]
