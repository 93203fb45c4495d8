"""Hand-written wrong implementations of `jaraco/text/__init__.py::remove_suffix` (jaraco/jaraco.text @ ae2e3057e9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'jaraco/jaraco.text'
COMMIT = 'ae2e3057e9464c72d20795f8a0cb7ba9883734a7'
TARGET = 'jaraco/text/__init__.py::remove_suffix'
SETUP = 'from jaraco.text import remove_suffix'
NEEDS = []
WRONG = [
    {
        "why": 'removes the suffix only at the end (endswith), not everything from its first occurrence',
        "code": '''def remove_suffix(text: str, suffix: str) -> str:
    if suffix and text.endswith(suffix):
        return text[:-len(suffix)]
    return text
''',
        "witness": "result = remove_suffix('a.git.bak', '.git')",
    },
    {
        "why": 'rpartition: the text is lost when the suffix does not occur',
        "code": '''def remove_suffix(text: str, suffix: str) -> str:
    rest, suffix, null = text.rpartition(suffix)
    return rest
''',
        "witness": "result = remove_suffix('something special', 'sample')",
    },
]
