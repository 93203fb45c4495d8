"""Hand-written wrong implementations of `src/prettytable/prettytable.py::PrettyTable.del_column` (jazzband/prettytable @ 190af197c7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/prettytable'
COMMIT = '190af197c7b3f1c12e9bb266093610d559229ec3'
TARGET = 'src/prettytable/prettytable.py::PrettyTable.del_column'
SETUP = 'from prettytable.prettytable import PrettyTable'
NEEDS = []
WRONG = [
    {
        "why": 'removes the field name but leaves the values in the rows',
        "code": 'def del_column(self, fieldname: str) -> None:\n    if fieldname not in self._field_names:\n        raise ValueError(f"Can\'t delete column {fieldname!r} which is not a field name of this table.")\n    self._field_names.remove(fieldname)\n',
        "witness": "t = PrettyTable(['a', 'b'])\nt.add_row([1, 2])\nt.del_column('a')\nresult = t.rows",
    },
    {
        "why": 'removes the first equal value of each row instead of the value at the column index',
        "code": 'def del_column(self, fieldname: str) -> None:\n    if fieldname not in self._field_names:\n        raise ValueError(f"Can\'t delete column {fieldname!r} which is not a field name of this table.")\n    col_index = self._field_names.index(fieldname)\n    del self._field_names[col_index]\n    for row in self._rows:\n        row.remove(row[col_index])\n',
        "witness": "t = PrettyTable(['a', 'b', 'c'])\nt.add_row([5, 7, 5])\nt.del_column('c')\nresult = t.rows",
    },
]
