"""Hand-written wrong implementations of `src/tomli/_parser.py::make_safe_parse_float` (hukkin/tomli @ 920e20b1cf).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'hukkin/tomli'
COMMIT = '920e20b1cf495b63f6d4a6aa3cd5e4ff25f5f5a7'
TARGET = 'src/tomli/_parser.py::make_safe_parse_float'
SETUP = 'from tomli._parser import make_safe_parse_float'
NEEDS = []
WRONG = [
    {
        "why": 'refuses dicts only, a list result passes',
        "code": 'def make_safe_parse_float(parse_float: ParseFloat) -> ParseFloat:\n    if parse_float is float:\n        return float\n\n    def safe_parse_float(float_str: str) -> Any:\n        float_value = parse_float(float_str)\n        if isinstance(float_value, dict):\n            raise ValueError("parse_float must not return dicts or lists")\n        return float_value\n\n    return safe_parse_float\n',
        "witness": "result = make_safe_parse_float(lambda s: [s])('1.0')",
    },
    {
        "why": 'raises TypeError instead of the ValueError the docstring names',
        "code": 'def make_safe_parse_float(parse_float: ParseFloat) -> ParseFloat:\n    if parse_float is float:\n        return float\n\n    def safe_parse_float(float_str: str) -> Any:\n        float_value = parse_float(float_str)\n        if isinstance(float_value, (dict, list)):\n            raise TypeError("parse_float must not return dicts or lists")\n        return float_value\n\n    return safe_parse_float\n',
        "witness": "result = make_safe_parse_float(lambda s: {})('1.0')",
    },
]
