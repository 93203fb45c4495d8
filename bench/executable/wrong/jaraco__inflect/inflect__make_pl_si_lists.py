"""Hand-written wrong implementations of `inflect/__init__.py::make_pl_si_lists` (jaraco/inflect @ 262a247d2d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jaraco/inflect'
COMMIT = '262a247d2d99a47a520cdb2d46adb90df88b4326'
TARGET = 'inflect/__init__.py::make_pl_si_lists'
SETUP = 'from inflect import make_pl_si_lists'
NEEDS = ['bysize', 'joinstem']
WRONG = [
    {
        "why": "swaps the two by-size tables (plural words under pl_bysize)",
        "code": "def make_pl_si_lists(\n    lst: Iterable[str],\n    plending: str,\n    siendingsize: Optional[int],\n    dojoinstem: bool = True,\n):\n    if siendingsize is not None:\n        siendingsize = -siendingsize\n    si_list = [w[:siendingsize] + plending for w in lst]\n    pl_bysize = bysize(si_list)\n    si_bysize = bysize(lst)\n\n    if dojoinstem:\n        stem = joinstem(siendingsize, lst)\n        return si_list, si_bysize, pl_bysize, stem\n    else:\n        return si_list, si_bysize, pl_bysize\n",
        "witness": "result = make_pl_si_lists(['cat'], 's', None)",
    },
    {
        "why": "cuts siendingsize characters from the start: the size is not negated",
        "code": "def make_pl_si_lists(\n    lst: Iterable[str],\n    plending: str,\n    siendingsize: Optional[int],\n    dojoinstem: bool = True,\n):\n    si_list = [w[:siendingsize] + plending for w in lst]\n    pl_bysize = bysize(lst)\n    si_bysize = bysize(si_list)\n\n    if dojoinstem:\n        stem = joinstem(siendingsize, lst)\n        return si_list, si_bysize, pl_bysize, stem\n    else:\n        return si_list, si_bysize, pl_bysize\n",
        "witness": "result = make_pl_si_lists(['bacillus'], 'i', 2)",
    },
]
