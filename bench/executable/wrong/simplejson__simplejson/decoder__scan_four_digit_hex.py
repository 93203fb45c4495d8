"""Hand-written wrong implementations of `simplejson/decoder.py::scan_four_digit_hex` (simplejson/simplejson @ 639b2ee73b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'simplejson/simplejson'
COMMIT = '639b2ee73b2de6b385fcd4d44e0e08054a4d8a0e'
TARGET = 'simplejson/decoder.py::scan_four_digit_hex'
SETUP = 'from simplejson.decoder import scan_four_digit_hex'
NEEDS = ['JSONDecodeError', 're']
WRONG = [
    {
        "why": 'returns the start index, not the index after the four digits',
        "code": "def scan_four_digit_hex(s, end, _m=re.compile(r'^[0-9a-fA-F]{4}$').match):\n    msg = 'Invalid \\\\uXXXX escape sequence'\n    esc = s[end:end + 4]\n    if not _m(esc):\n        raise JSONDecodeError(msg, s, end - 2)\n    return int(esc, 16), end\n",
        "witness": 'result = scan_four_digit_hex(\'"\\\\u00e9x"\', 3)',
    },
    {
        "why": 'reports the error at the digits, not at the backslash of the escape',
        "code": "def scan_four_digit_hex(s, end, _m=re.compile(r'^[0-9a-fA-F]{4}$').match):\n    msg = 'Invalid \\\\uXXXX escape sequence'\n    esc = s[end:end + 4]\n    if not _m(esc):\n        raise JSONDecodeError(msg, s, end)\n    try:\n        return int(esc, 16), end + 4\n    except ValueError:\n        raise JSONDecodeError(msg, s, end)\n",
        "witness": 'try:\n    scan_four_digit_hex(\'"\\\\uzz12"\', 3)\nexcept ValueError as exc:\n    result = exc.pos',
    },
]
