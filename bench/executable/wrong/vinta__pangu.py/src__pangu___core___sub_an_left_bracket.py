"""Hand-written wrong implementations of `src/pangu/_core.py::_sub_an_left_bracket` (vinta/pangu.py @ be761c8793).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'vinta/pangu.py'
COMMIT = 'be761c8793ff9a584e3d30c00511b0b0a4ded66d'
TARGET = 'src/pangu/_core.py::_sub_an_left_bracket'
SETUP = 'from pangu._core import _sub_an_left_bracket'
NEEDS = ['AN_LEFT_BRACKET', '_AN_CHARS']
WRONG = [
    {
        "why": 'no file-extension guard: every alphanumeric before a bracket is spaced',
        "code": 'def _sub_an_left_bracket(text: str) -> str:\n    return AN_LEFT_BRACKET.sub(r"\\1 \\2", text)\n',
        "witness": "result = _sub_an_left_bracket('file.txt(1)')",
    },
    {
        "why": 'walks left over letters only, so a digit in the extension hides the dot',
        "code": 'def _sub_an_left_bracket(text: str) -> str:\n    def replace(match):\n        i = match.start(2) - 1\n        while i >= 0 and text[i].isalpha():\n            i -= 1\n        if i >= 0 and text[i] == ".":\n            return match.group(0)\n        return f"{match.group(1)} {match.group(2)}"\n\n    return AN_LEFT_BRACKET.sub(replace, text)\n',
        "witness": "result = _sub_an_left_bracket('v.2a(x)')",
    },
]
