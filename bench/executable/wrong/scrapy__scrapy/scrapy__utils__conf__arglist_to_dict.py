"""Hand-written wrong implementations of `scrapy/utils/conf.py::arglist_to_dict` (scrapy/scrapy @ e63188cbf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/scrapy'
COMMIT = 'e63188cbf753d560e43d8489c821bd6eb9fe54e9'
TARGET = 'scrapy/utils/conf.py::arglist_to_dict'
SETUP = 'from scrapy.utils.conf import arglist_to_dict'
NEEDS = []
WRONG = [
    {
        "why": "splits at the last '=' (rsplit), so a value containing '=' is cut",
        "code": "def arglist_to_dict(arglist):\n    return dict(x.rsplit('=', 1) for x in arglist)\n",
        "witness": "result = arglist_to_dict(['a=b=c'])",
    },
    {
        "why": 'strips blanks around keys and values, which the function keeps',
        "code": "def arglist_to_dict(arglist):\n    out = {}\n    for x in arglist:\n        key, value = x.split('=', 1)\n        out[key.strip()] = value.strip()\n    return out\n",
        "witness": "result = arglist_to_dict(['a = b'])",
    },
]
