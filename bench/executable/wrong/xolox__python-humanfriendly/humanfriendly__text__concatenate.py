"""Hand-written wrong implementations of `humanfriendly/text.py::concatenate` (xolox/python-humanfriendly @ 6758ac61f9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'xolox/python-humanfriendly'
COMMIT = '6758ac61f906cd8528682003070a57febe4ad3cf'
TARGET = 'humanfriendly/text.py::concatenate'
SETUP = 'from humanfriendly.text import concatenate'
NEEDS = []
WRONG = [
    {
        "why": 'always writes the serial comma',
        "code": '''def concatenate(items, conjunction='and', serial_comma=False):
    items = list(items)
    if len(items) > 1:
        return ', '.join(items[:-1]) + ', ' + conjunction + ' ' + items[-1]
    elif items:
        return items[0]
    return ''
''',
        "witness": "result = concatenate(['a', 'b', 'c'])",
    },
    {
        "why": 'serial comma only with three or more items',
        "code": '''def concatenate(items, conjunction='and', serial_comma=False):
    items = list(items)
    if len(items) > 1:
        final_item = items.pop()
        formatted = ', '.join(items)
        if serial_comma and len(items) > 1:
            formatted += ','
        return ' '.join([formatted, conjunction, final_item])
    elif items:
        return items[0]
    return ''
''',
        "witness": "result = concatenate(['a', 'b'], serial_comma=True)",
    },
]
