"""Hand-written wrong implementations of `src/prettytable/prettytable.py::PrettyTable.add_row` (jazzband/prettytable @ 190af197c7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/prettytable'
COMMIT = '190af197c7b3f1c12e9bb266093610d559229ec3'
TARGET = 'src/prettytable/prettytable.py::PrettyTable.add_row'
SETUP = 'from prettytable.prettytable import PrettyTable'
NEEDS = []
WRONG = [
    {
        "why": 'stores the row object itself: a tuple stays a tuple (and the caller can change it)',
        "code": 'def add_row(self, row: RowType, *, divider: bool = False) -> None:\n    if self._field_names and len(row) != len(self._field_names):\n        raise ValueError(f"Row has incorrect number of values, (actual) {len(row)}!={len(self._field_names)} (expected)")\n    if not self._field_names:\n        self.field_names = [f"Field {n + 1}" for n in range(0, len(row))]\n    self._rows.append(row)\n    self._dividers.append(divider)\n',
        "witness": "t = PrettyTable(['a', 'b'])\nt.add_row((1, 2))\nresult = t.rows",
    },
    {
        "why": 'default field names counted from 0',
        "code": 'def add_row(self, row: RowType, *, divider: bool = False) -> None:\n    if self._field_names and len(row) != len(self._field_names):\n        raise ValueError(f"Row has incorrect number of values, (actual) {len(row)}!={len(self._field_names)} (expected)")\n    if not self._field_names:\n        self.field_names = [f"Field {n}" for n in range(len(row))]\n    self._rows.append(list(row))\n    self._dividers.append(divider)\n',
        "witness": 't = PrettyTable()\nt.add_row([1, 2])\nresult = t.field_names',
    },
]
