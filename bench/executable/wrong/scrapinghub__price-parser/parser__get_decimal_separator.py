"""Hand-written wrong implementations of `price_parser/parser.py::get_decimal_separator` (scrapinghub/price-parser @ 64e213a46a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapinghub/price-parser'
COMMIT = '64e213a46a40473ba4f8aa3b249917fdc64d8a16'
TARGET = 'price_parser/parser.py::get_decimal_separator'
SETUP = 'from price_parser.parser import get_decimal_separator'
NEEDS = ['_search_decimal_sep']
WRONG = [
    {
        "why": "returns the whole match (digits and separator) instead of the captured separator",
        "code": "def get_decimal_separator(price: str) -> Optional[str]:\n    m = _search_decimal_sep(price)\n    if m:\n        return m.group(0)\n    return None\n",
        "witness": "result = get_decimal_separator('12.99')",
    },
    {
        "why": "takes the last separator whatever number of digits follows it (three digits read as decimals)",
        "code": "def get_decimal_separator(price: str) -> Optional[str]:\n    m = re.search(r\"([.,€])\\d*$\", price)\n    if m:\n        return m.group(1)\n    return None\n",
        "witness": "result = get_decimal_separator('12.999')",
    },
]
