"""Hand-written wrong implementations of `humanfriendly/__init__.py::format_size` (xolox/python-humanfriendly @ 6758ac61f9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'xolox/python-humanfriendly'
COMMIT = '6758ac61f906cd8528682003070a57febe4ad3cf'
TARGET = 'humanfriendly/__init__.py::format_size'
SETUP = 'from humanfriendly import format_size'
NEEDS = ['disk_size_units', 'round_number', 'pluralize']
WRONG = [
    {
        "why": '> instead of >=: exactly one unit stays in bytes',
        "code": '''def format_size(num_bytes, keep_width=False, binary=False):
    for unit in reversed(disk_size_units):
        size = unit.binary if binary else unit.decimal
        if num_bytes > size.divider:
            number = round_number(float(num_bytes) / size.divider, keep_width=keep_width)
            return pluralize(number, size.symbol, size.symbol)
    return pluralize(num_bytes, 'byte')
''',
        "witness": 'result = format_size(1000)',
    },
    {
        "why": 'ignores binary: always decimal units',
        "code": '''def format_size(num_bytes, keep_width=False, binary=False):
    for unit in reversed(disk_size_units):
        if num_bytes >= unit.decimal.divider:
            number = round_number(float(num_bytes) / unit.decimal.divider, keep_width=keep_width)
            return pluralize(number, unit.decimal.symbol, unit.decimal.symbol)
    return pluralize(num_bytes, 'byte')
''',
        "witness": 'result = format_size(1024, binary=True)',
    },
]
