"""Hand-written wrong implementations of `src/pangu/_core.py::has_proper_spacing` (vinta/pangu.py @ be761c8793).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vinta/pangu.py'
COMMIT = 'be761c8793ff9a584e3d30c00511b0b0a4ded66d'
TARGET = 'src/pangu/_core.py::has_proper_spacing'
SETUP = 'from pangu._core import has_proper_spacing'
NEEDS = ['spacing_text']
WRONG = [
    {
        "why": 'compares with the spaces removed, so missing spaces are never seen',
        "code": 'def has_proper_spacing(text: str) -> bool:\n    return spacing_text(text).replace(" ", "") == text.replace(" ", "")\n',
        "witness": "result = has_proper_spacing('\\u7576\\u4f60\\u51dd\\u8996\\u8457bug')",
    },
    {
        "why": 'strips the spaced text before comparing: trailing whitespace reads as improper',
        "code": 'def has_proper_spacing(text: str) -> bool:\n    return spacing_text(text).strip() == text\n',
        "witness": "result = has_proper_spacing('hello world ')",
    },
]
