"""Hand-written wrong implementations of `inflect/__init__.py::joinstem` (jaraco/inflect @ 262a247d2d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jaraco/inflect'
COMMIT = '262a247d2d99a47a520cdb2d46adb90df88b4326'
TARGET = 'inflect/__init__.py::joinstem'
SETUP = 'from inflect import joinstem'
NEEDS = ['enclose']
WRONG = [
    {
        "why": "keeps the end of each word from the cutpoint instead of the part before it",
        "code": "def joinstem(cutpoint: Optional[int] = 0, words: Optional[Iterable[str]] = None) -> str:\n    return enclose(\"|\".join(w[cutpoint:] for w in words or []))\n",
        "witness": "result = joinstem(-2, ['iris'])",
    },
    {
        "why": "forgets to wrap the alternation in a non-capturing group",
        "code": "def joinstem(cutpoint: Optional[int] = 0, words: Optional[Iterable[str]] = None) -> str:\n    return \"|\".join(w[:cutpoint] for w in words or [])\n",
        "witness": "result = joinstem(None, ['a', 'b'])",
    },
]
