"""Hand-written wrong implementations of `inflect/__init__.py::engine.no` (jaraco/inflect @ 262a247d2d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jaraco/inflect'
COMMIT = '262a247d2d99a47a520cdb2d46adb90df88b4326'
TARGET = 'inflect/__init__.py::engine.no'
SETUP = 'from inflect import engine'
NEEDS = ['PARTITION_WORD', 'pl_count_zero', 'plural']
WRONG = [
    {
        "why": "compares the count itself, not its lower-cased string, with the zero words",
        "code": "@typechecked\ndef no(self, text: Word, count: Optional[Union[int, str]] = None) -> str:\n    if count is None and self.persistent_count is not None:\n        count = self.persistent_count\n\n    if count is None:\n        count = 0\n    mo = PARTITION_WORD.search(text)\n    if mo:\n        pre = mo.group(1)\n        word = mo.group(2)\n        post = mo.group(3)\n    else:\n        pre = \"\"\n        word = \"\"\n        post = \"\"\n\n    if count in pl_count_zero:\n        count = 'no'\n    return f\"{pre}{count} {self.plural(word, count)}{post}\"\n",
        "witness": "result = engine().no('cat', 0)",
    },
    {
        "why": "ignores the count set earlier with num()",
        "code": "@typechecked\ndef no(self, text: Word, count: Optional[Union[int, str]] = None) -> str:\n\n    if count is None:\n        count = 0\n    mo = PARTITION_WORD.search(text)\n    if mo:\n        pre = mo.group(1)\n        word = mo.group(2)\n        post = mo.group(3)\n    else:\n        pre = \"\"\n        word = \"\"\n        post = \"\"\n\n    if str(count).lower() in pl_count_zero:\n        count = 'no'\n    return f\"{pre}{count} {self.plural(word, count)}{post}\"\n",
        "witness": "p = engine()\np.num(3)\nresult = p.no('cat')",
    },
]
