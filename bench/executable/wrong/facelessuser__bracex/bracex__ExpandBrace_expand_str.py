"""Hand-written wrong implementations of `bracex/__init__.py::ExpandBrace.expand_str` (facelessuser/bracex @ d46a882b94).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'facelessuser/bracex'
COMMIT = 'd46a882b94f91429de387e2fdbcbc74dbf1b6126'
TARGET = 'bracex/__init__.py::ExpandBrace.expand_str'
SETUP = 'import bracex'
NEEDS = ['StringIter', 'get_literals', 'squash', 'EMPTY']
WRONG = [
    {
        "why": "starts the combinations from a plain '' instead of the EMPTY sentinel, so empty expansions are no longer recognised",
        "code": "def expand_str(self, string: str) -> Iterator[str]:\n    \"\"\"Expand the string.\"\"\"\n\n    i = StringIter(string)\n    values, _ = self.get_literals(next(i), i, 0)\n\n    # Squash the nested list by calculating the combinations\n    results = iter([''])  # type: Iterator[str]\n    for v in values:\n        results = self.squash(results, [v] if isinstance(v, str) else v)\n    return results\n",
        "witness": "result = bracex.expand('{,}')",
    },
    {
        "why": "passes a literal part to squash unwrapped, so a string is combined character by character",
        "code": "def expand_str(self, string: str) -> Iterator[str]:\n    \"\"\"Expand the string.\"\"\"\n\n    i = StringIter(string)\n    values, _ = self.get_literals(next(i), i, 0)\n\n    # Squash the nested list by calculating the combinations\n    results = iter([EMPTY])  # type: Iterator[str]\n    for v in values:\n        results = self.squash(results, v)\n    return results\n",
        "witness": "result = list(bracex.ExpandBrace().expand_str('ab{c,d}'))",
    },
]
