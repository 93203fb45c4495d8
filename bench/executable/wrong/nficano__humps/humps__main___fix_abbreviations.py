"""Hand-written wrong implementations of `humps/main.py::_fix_abbreviations` (nficano/humps @ ad02e1d799).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'nficano/humps'
COMMIT = 'ad02e1d799373e4a883d544f2411d377ff7c6454'
TARGET = 'humps/main.py::_fix_abbreviations'
SETUP = 'from humps.main import _fix_abbreviations'
NEEDS = ['ACRONYM_RE']
WRONG = [
    {
        "why": 'lowercases the acronym instead of title-casing it',
        "code": 'def _fix_abbreviations(string):\n    return ACRONYM_RE.sub(lambda m: m.group(0).lower(), string)\n',
        "witness": "result = _fix_abbreviations('APIResponse')",
    },
    {
        "why": 'no look-ahead: the capital that starts the next word is swallowed into the acronym',
        "code": 'def _fix_abbreviations(string):\n    return re.sub(r"[A-Z\\d]+", lambda m: m.group(0).title(), string)\n',
        "witness": "result = _fix_abbreviations('APIResponse')",
    },
]
