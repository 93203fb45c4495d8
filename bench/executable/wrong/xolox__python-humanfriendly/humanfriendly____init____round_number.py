"""Hand-written wrong implementations of `humanfriendly/__init__.py::round_number` (xolox/python-humanfriendly @ 6758ac61f9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'xolox/python-humanfriendly'
COMMIT = '6758ac61f906cd8528682003070a57febe4ad3cf'
TARGET = 'humanfriendly/__init__.py::round_number'
SETUP = 'from humanfriendly import round_number'
NEEDS = ['re']
WRONG = [
    {
        "why": 'round() and str(): keep_width=True loses the second decimal place',
        "code": '''def round_number(count, keep_width=False):
    text = str(round(float(count), 2))
    if not keep_width:
        text = text.rstrip('0').rstrip('.')
    return text
''',
        "witness": 'result = round_number(2.5, keep_width=True)',
    },
    {
        "why": "strips '0' and '.' in one rstrip: trailing zeros of the integer part go too",
        "code": '''def round_number(count, keep_width=False):
    text = '%.2f' % float(count)
    if not keep_width:
        text = text.rstrip('0.')
    return text
''',
        "witness": 'result = round_number(10)',
    },
]
