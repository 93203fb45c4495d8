"""Hand-written wrong implementations of `pathspec/patterns/gitignore/base.py::_GitIgnoreBasePattern.escape` (cpburnz/python-pathspec @ 6568072c27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'cpburnz/python-pathspec'
COMMIT = '6568072c2703c72796cd02467feb924540157c92'
TARGET = 'pathspec/patterns/gitignore/base.py::_GitIgnoreBasePattern.escape'
SETUP = 'from pathspec.patterns.gitignore.base import _GitIgnoreBasePattern'
NEEDS = ['_BYTES_ENCODING']
WRONG = [
    {
        "why": 'escapes only the glob characters, not # and !',
        "code": '@staticmethod\ndef escape(s):\n    if isinstance(s, str):\n        return_type = str\n        string = s\n    elif isinstance(s, bytes):\n        return_type = bytes\n        string = s.decode(_BYTES_ENCODING)\n    else:\n        raise TypeError(f"s:{s!r} is not a unicode or byte string.")\n    out_string = \'\'.join((f"\\\\{x}" if x in \'\\\\[]*?\' else x) for x in string)\n    if return_type is bytes:\n        return out_string.encode(_BYTES_ENCODING)\n    return out_string\n',
        "witness": "result = _GitIgnoreBasePattern.escape('#a!b')",
    },
    {
        "why": 'returns text for a bytes argument',
        "code": '@staticmethod\ndef escape(s):\n    if isinstance(s, bytes):\n        s = s.decode(_BYTES_ENCODING)\n    elif not isinstance(s, str):\n        raise TypeError(f"s:{s!r} is not a unicode or byte string.")\n    return \'\'.join((f"\\\\{x}" if x in \'\\\\[]!*#?\' else x) for x in s)\n',
        "witness": "result = _GitIgnoreBasePattern.escape(b'a*b')",
    },
]
