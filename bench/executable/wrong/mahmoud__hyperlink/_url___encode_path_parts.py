"""Hand-written wrong implementations of `src/hyperlink/_url.py::_encode_path_parts` (mahmoud/hyperlink @ b8c9152cd8).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mahmoud/hyperlink'
COMMIT = 'b8c9152cd826bbe8e6cc125648f3738235019705'
TARGET = 'src/hyperlink/_url.py::_encode_path_parts'
SETUP = 'from hyperlink._url import _encode_path_parts'
NEEDS = ['_encode_path_part', '_encode_schemeless_path_part']
WRONG = [
    {
        "why": 'ignores rooted (no empty first segment for the leading slash)',
        "code": 'def _encode_path_parts(text_parts, rooted=False, has_scheme=True, has_authority=True, maximal=True):\n    if not text_parts:\n        return ()\n    if has_scheme:\n        encoded_parts = [_encode_path_part(part, maximal=maximal) if part else part for part in text_parts]\n    else:\n        encoded_parts = [_encode_schemeless_path_part(text_parts[0])]\n        encoded_parts.extend([_encode_path_part(part, maximal=maximal) if part else part for part in text_parts[1:]])\n    return tuple(encoded_parts)\n',
        "witness": "result = _encode_path_parts(('a', 'b'), rooted=True)",
    },
    {
        "why": 'encodes the first segment of a scheme-less path like any other (a colon stays)',
        "code": "def _encode_path_parts(text_parts, rooted=False, has_scheme=True, has_authority=True, maximal=True):\n    if not text_parts:\n        return ()\n    if rooted:\n        text_parts = (u'',) + tuple(text_parts)\n    return tuple(_encode_path_part(part, maximal=maximal) if part else part for part in text_parts)\n",
        "witness": "result = _encode_path_parts(('a:b', 'c'), has_scheme=False)",
    },
]
