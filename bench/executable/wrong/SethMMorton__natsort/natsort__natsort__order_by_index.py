"""Hand-written wrong implementations of `natsort/natsort.py::order_by_index` (SethMMorton/natsort @ b0ea0aea27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld14, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'SethMMorton/natsort'
COMMIT = 'b0ea0aea274902c63b510d78112f892c33be957d'
TARGET = 'natsort/natsort.py::order_by_index'
SETUP = 'from natsort.natsort import order_by_index'
NEEDS = []
WRONG = [
    {
        "why": 'ignores iter: always a list',
        "code": '''def order_by_index(seq, index, iter=False):
    return [seq[i] for i in index]
''',
        "witness": 'result = type(order_by_index([1, 2], [1, 0], iter=True)).__name__',
    },
    {
        "why": 'applies the inverse permutation (scatter instead of gather)',
        "code": '''def order_by_index(seq, index, iter=False):
    out = [None] * len(seq)
    for pos, i in enumerate(index):
        out[i] = seq[pos]
    return (x for x in out) if iter else out
''',
        "witness": "result = order_by_index(['a', 'b', 'c'], [2, 0, 1])",
    },
]
