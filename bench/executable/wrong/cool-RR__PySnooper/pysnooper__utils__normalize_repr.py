"""Hand-written wrong implementations of `pysnooper/utils.py::normalize_repr` (cool-RR/PySnooper @ 8c35d81835).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'cool-RR/PySnooper'
COMMIT = '8c35d818357712524f14d12120530eb6d234b371'
TARGET = 'pysnooper/utils.py::normalize_repr'
SETUP = 'from pysnooper.utils import normalize_repr'
WRONG = [
    {
        "why": 'removes any hexadecimal number',
        "code": '''def normalize_repr(item_repr):
    """Remove memory address (0x...) from a default python repr"""
    return re.sub(r'0x[0-9a-fA-F]+', '', item_repr)
''',
        "witness": "result = normalize_repr('value 0x1F')",
    },
    {
        "why": 'only the first address',
        "code": '''def normalize_repr(item_repr):
    """Remove memory address (0x...) from a default python repr"""
    return DEFAULT_REPR_RE.sub('', item_repr, count=1)
''',
        "witness": "result = normalize_repr('[<object object at 0x7f00aa>, <object object at 0x7f00bb>]')",
    },
]
