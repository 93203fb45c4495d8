"""Hand-written wrong implementations of `src/prettytable/prettytable.py::TableHandler.make_fields_unique` (jazzband/prettytable @ 190af197c7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/prettytable'
COMMIT = '190af197c7b3f1c12e9bb266093610d559229ec3'
TARGET = 'src/prettytable/prettytable.py::TableHandler.make_fields_unique'
SETUP = 'from prettytable.prettytable import TableHandler'
NEEDS = []
WRONG = [
    {
        "why": 'compares only neighbouring fields',
        "code": 'def make_fields_unique(self, fields: list[str]) -> None:\n    for i in range(len(fields) - 1):\n        if fields[i] == fields[i + 1]:\n            fields[i + 1] += "\'"\n',
        "witness": "f = ['a', 'b', 'a']\nTableHandler().make_fields_unique(f)\nresult = f",
    },
    {
        "why": 'returns a new list instead of changing the fields in place',
        "code": 'def make_fields_unique(self, fields: list[str]) -> None:\n    seen = {}\n    out = []\n    for field in fields:\n        out.append(field + "\'" * seen.get(field, 0))\n        seen[field] = seen.get(field, 0) + 1\n    return out\n',
        "witness": "f = ['a', 'a']\nTableHandler().make_fields_unique(f)\nresult = f",
    },
]
