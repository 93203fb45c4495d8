"""Hand-written wrong implementations of `sanic/cookies.py::_quote` (sanic-org/sanic @ eba7821a6d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'sanic-org/sanic'
COMMIT = 'eba7821a6da67f450f7fa7e3dd58d41ddc986b6a'
TARGET = 'sanic/cookies.py::_quote'
SETUP = 'from sanic.cookies import _quote'
WRONG = [
    {
        "why": 'always wraps in double quotes, even a legal token',
        "code": '''def _quote(str):
    r"""Quote a string for use in a cookie header.
    If the string does not need to be double-quoted, then just return the
    string.  Otherwise, surround the string in doublequotes and quote
    (with a \) special characters.
    """
    if str is None:
        return str
    return '"' + str.translate(_Translator) + '"'
''',
        "witness": "result = _quote('abc')",
    },
    {
        "why": 'quotes without escaping the special characters',
        "code": '''def _quote(str):
    r"""Quote a string for use in a cookie header.
    If the string does not need to be double-quoted, then just return the
    string.  Otherwise, surround the string in doublequotes and quote
    (with a \) special characters.
    """
    if str is None or _is_legal_key(str):
        return str
    else:
        return '"' + str + '"'
''',
        "witness": 'result = _quote(\'a"b\')',
    },
]
