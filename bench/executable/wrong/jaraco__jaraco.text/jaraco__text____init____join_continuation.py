"""Hand-written wrong implementations of `jaraco/text/__init__.py::join_continuation` (jaraco/jaraco.text @ ae2e3057e9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'jaraco/jaraco.text'
COMMIT = 'ae2e3057e9464c72d20795f8a0cb7ba9883734a7'
TARGET = 'jaraco/text/__init__.py::join_continuation'
SETUP = 'from jaraco.text import join_continuation'
NEEDS = []
WRONG = [
    {
        "why": 'drops only the backslash: the character before it is kept',
        "code": r'''def join_continuation(lines):
    lines_ = iter(lines)
    for item in lines_:
        while item.endswith('\\'):
            try:
                item = item[:-1].strip() + next(lines_)
            except StopIteration:
                return
        yield item
''',
        "witness": "result = list(join_continuation(['goo\\\\', 'dly']))",
    },
    {
        "why": 'a dangling continuation at the end is yielded instead of suppressed',
        "code": r'''def join_continuation(lines):
    lines_ = iter(lines)
    for item in lines_:
        while item.endswith('\\'):
            try:
                item = item[:-2].strip() + next(lines_)
            except StopIteration:
                break
        yield item
''',
        "witness": "result = list(join_continuation(['foo', 'bar\\\\']))",
    },
]
