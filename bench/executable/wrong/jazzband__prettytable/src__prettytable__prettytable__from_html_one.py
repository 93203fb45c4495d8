"""Hand-written wrong implementations of `src/prettytable/prettytable.py::from_html_one` (jazzband/prettytable @ 190af197c7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jazzband/prettytable'
COMMIT = '190af197c7b3f1c12e9bb266093610d559229ec3'
TARGET = 'src/prettytable/prettytable.py::from_html_one'
SETUP = 'from prettytable.prettytable import from_html_one'
NEEDS = ['from_html']
WRONG = [
    {
        "why": 'returns the first table without checking that there is only one',
        "code": 'def from_html_one(html_code: str, **kwargs) -> PrettyTable:\n    return from_html(html_code, **kwargs)[0]\n',
        "witness": "result = from_html_one('<table><tr><th>a</th></tr></table><table><tr><th>b</th></tr></table>').field_names",
    },
    {
        "why": 'checks only for more than one table: no table gives IndexError, not ValueError',
        "code": 'def from_html_one(html_code: str, **kwargs) -> PrettyTable:\n    tables = from_html(html_code, **kwargs)\n    if len(tables) > 1:\n        raise ValueError("More than one <table> in provided HTML code. Use from_html instead.")\n    return tables[0]\n',
        "witness": "result = from_html_one('<p>no table</p>')",
    },
]
