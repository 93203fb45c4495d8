"""Hand-written wrong implementations of `scrapy/utils/template.py::string_camelcase` (scrapy/scrapy @ e63188cbf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/scrapy'
COMMIT = 'e63188cbf753d560e43d8489c821bd6eb9fe54e9'
TARGET = 'scrapy/utils/template.py::string_camelcase'
SETUP = 'from scrapy.utils.template import string_camelcase'
NEEDS = ['CAMELCASE_INVALID_CHARS']
WRONG = [
    {
        "why": 'capitalize() instead of title(): only the first word gets a capital',
        "code": "def string_camelcase(string):\n    return CAMELCASE_INVALID_CHARS.sub('', string.capitalize())\n",
        "witness": "result = string_camelcase('lost-pound')",
    },
    {
        "why": 'invalid characters removed before title-casing, so the word boundaries are gone',
        "code": "def string_camelcase(string):\n    return CAMELCASE_INVALID_CHARS.sub('', string).title()\n",
        "witness": "result = string_camelcase('missing_images')",
    },
]
