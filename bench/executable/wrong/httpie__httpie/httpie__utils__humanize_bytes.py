"""Hand-written wrong implementations of `httpie/utils.py::humanize_bytes` (httpie/httpie @ e2d43c14ce).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'httpie/httpie'
COMMIT = 'e2d43c14ce14475118941ce1ad8a355f7ed2f581'
TARGET = 'httpie/utils.py::humanize_bytes'
SETUP = 'from httpie.utils import humanize_bytes'
WRONG = [
    {
        "why": 'decimal units (1000) instead of 1024',
        "code": '''def humanize_bytes(n, precision=2):
    """Return a humanized string representation of a number of bytes."""
    abbrevs = [(10 ** 15, 'PB'), (10 ** 12, 'TB'), (10 ** 9, 'GB'), (10 ** 6, 'MB'), (10 ** 3, 'kB'), (1, 'B')]
    if n == 1:
        return '1 B'
    for factor, suffix in abbrevs:
        if n >= factor:
            break
    return '%.*f %s' % (precision, n / factor, suffix)
''',
        "witness": 'result = humanize_bytes(1024 * 123, precision=1)',
    },
    {
        "why": 'precision ignored for whole bytes',
        "code": '''def humanize_bytes(n, precision=2):
    """Return a humanized string representation of a number of bytes."""
    abbrevs = [(1 << 50, 'PB'), (1 << 40, 'TB'), (1 << 30, 'GB'), (1 << 20, 'MB'), (1 << 10, 'kB')]
    for factor, suffix in abbrevs:
        if n >= factor:
            return '%.*f %s' % (precision, n / factor, suffix)
    return '%d B' % n
''',
        "witness": 'result = humanize_bytes(5.5)',
    },
]
