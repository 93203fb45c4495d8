"""Hand-written wrong implementations of `src/pydash/strings.py::pad` (dgilland/pydash @ 3585eb2901).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'dgilland/pydash'
COMMIT = '3585eb29018ea1535e7df4e10b33df68bbffcf9e'
TARGET = 'src/pydash/strings.py::pad'
SETUP = 'from pydash.strings import pad'
NEEDS = ['pyd.to_string', 'pad_end', 'math']
WRONG = [
    {
        "why": 'the odd padding character goes left instead of right',
        "code": '''def pad(text, length, chars=' '):
    text = pyd.to_string(text)
    text_len = len(text)
    if text_len >= length:
        return text
    mid = (length - text_len) / 2.0
    left_len = int(math.ceil(mid))
    right_len = int(math.floor(mid))
    chars = pad_end('', left_len, chars)
    return chars + text + chars[:right_len]
''',
        "witness": "result = pad('abc', 6, 'x')",
    },
    {
        "why": 'repeats chars whole instead of truncating to the padding length',
        "code": '''def pad(text, length, chars=' '):
    text = pyd.to_string(text)
    text_len = len(text)
    if text_len >= length:
        return text
    mid = (length - text_len) / 2.0
    return chars * int(math.floor(mid)) + text + chars * int(math.ceil(mid))
''',
        "witness": "result = pad('abc', 5, '...')",
    },
]
