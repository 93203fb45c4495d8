"""Hand-written wrong implementations of `src/hyperlink/_url.py::_decode_path_part` (mahmoud/hyperlink @ b8c9152cd8).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mahmoud/hyperlink'
COMMIT = 'b8c9152cd826bbe8e6cc125648f3738235019705'
TARGET = 'src/hyperlink/_url.py::_decode_path_part'
SETUP = 'from hyperlink._url import _decode_path_part'
NEEDS = ['_percent_decode', '_PATH_DECODE_MAP']
WRONG = [
    {
        "why": 'decodes every escape, the path delimiters too',
        "code": 'def _decode_path_part(text, normalize_case=False, encode_stray_percents=False):\n    return _percent_decode(text, normalize_case=normalize_case, encode_stray_percents=encode_stray_percents)\n',
        "witness": "result = _decode_path_part(u'%61%77%2f%7a')",
    },
    {
        "why": 'drops normalize_case',
        "code": 'def _decode_path_part(text, normalize_case=False, encode_stray_percents=False):\n    return _percent_decode(text, encode_stray_percents=encode_stray_percents, _decode_map=_PATH_DECODE_MAP)\n',
        "witness": "result = _decode_path_part(u'%61%77%2f%7a', normalize_case=True)",
    },
]
