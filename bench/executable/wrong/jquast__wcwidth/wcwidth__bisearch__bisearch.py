"""Hand-written wrong implementations of `wcwidth/bisearch.py::bisearch` (jquast/wcwidth @ 614156bc9c).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jquast/wcwidth'
COMMIT = '614156bc9cb54d5c552abec07a09d72b8df4f841'
TARGET = 'wcwidth/bisearch.py::bisearch'
SETUP = 'from wcwidth.bisearch import bisearch'
NEEDS = []
WRONG = [
    {
        "why": 'loops while ubound > lbound: a one-interval table is never searched',
        "code": 'def bisearch(ucs: int, table: tuple[tuple[int, int], ...]) -> int:\n    lbound = 0\n    ubound = len(table) - 1\n    if ucs < table[0][0] or ucs > table[ubound][1]:\n        return 0\n    while ubound > lbound:\n        mid = (lbound + ubound) // 2\n        if ucs > table[mid][1]:\n            lbound = mid + 1\n        elif ucs < table[mid][0]:\n            ubound = mid - 1\n        else:\n            return 1\n    return 0\n',
        "witness": 'result = bisearch(5, ((5, 5),))',
    },
    {
        "why": 'treats the end of an interval as exclusive',
        "code": 'def bisearch(ucs: int, table: tuple[tuple[int, int], ...]) -> int:\n    lbound = 0\n    ubound = len(table) - 1\n    if ucs < table[0][0] or ucs > table[ubound][1]:\n        return 0\n    while ubound >= lbound:\n        mid = (lbound + ubound) // 2\n        if ucs >= table[mid][1]:\n            lbound = mid + 1\n        elif ucs < table[mid][0]:\n            ubound = mid - 1\n        else:\n            return 1\n    return 0\n',
        "witness": 'result = bisearch(10, ((1, 10),))',
    },
]
