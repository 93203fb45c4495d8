"""Hand-written wrong implementations of `string_utils/validation.py::words_count` (daveoncode/python-string-utils @ 78929d88d9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'daveoncode/python-string-utils'
COMMIT = '78929d88d90b1f90cb4837528ed955166bf0f559'
TARGET = 'string_utils/validation.py::words_count'
SETUP = 'from string_utils.validation import words_count'
WRONG = [
    {
        "why": 'splits on white space only',
        "code": '''def words_count(input_string: str) -> int:
    """Returns the number of words contained into the given string."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    return len(input_string.split())
''',
        "witness": "result = words_count('one,two,three.stop')",
    },
    {
        "why": 'counts punctuation runs as words',
        "code": '''def words_count(input_string: str) -> int:
    """Returns the number of words contained into the given string."""
    if not is_string(input_string):
        raise InvalidInputError(input_string)
    return len([w for w in re.split(r'[\\s,.;:]+', input_string) if w])
''',
        "witness": "result = words_count('! @ # %')",
    },
]
