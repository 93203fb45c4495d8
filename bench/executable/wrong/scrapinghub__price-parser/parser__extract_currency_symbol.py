"""Hand-written wrong implementations of `price_parser/parser.py::extract_currency_symbol` (scrapinghub/price-parser @ 64e213a46a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapinghub/price-parser'
COMMIT = '64e213a46a40473ba4f8aa3b249917fdc64d8a16'
TARGET = 'price_parser/parser.py::extract_currency_symbol'
SETUP = 'from price_parser.parser import extract_currency_symbol'
NEEDS = ['_search_safe_currency', '_search_unsafe_currency', '_search_dollar_code']
WRONG = [
    {
        "why": "never gives a dollar currency code (NZD, SGD) priority over the $ sign",
        "code": "def extract_currency_symbol(\n    price: Optional[str], currency_hint: Optional[str]\n) -> Optional[str]:\n    methods: list[tuple[Callable[[str], Optional[re.Match[str]]], Optional[str]]] = [\n        (_search_safe_currency, price),\n        (_search_safe_currency, currency_hint),\n        (_search_unsafe_currency, price),\n        (_search_unsafe_currency, currency_hint),\n    ]\n    for meth, value in methods:\n        m = meth(value) if value else None\n        if m:\n            return m.group(0)\n    return None\n",
        "witness": "result = extract_currency_symbol('NZD $123', None)",
    },
    {
        "why": "tries the hint before the price at each level of safety",
        "code": "def extract_currency_symbol(\n    price: Optional[str], currency_hint: Optional[str]\n) -> Optional[str]:\n    methods: list[tuple[Callable[[str], Optional[re.Match[str]]], Optional[str]]] = [\n        (_search_safe_currency, currency_hint),\n        (_search_safe_currency, price),\n        (_search_unsafe_currency, currency_hint),\n        (_search_unsafe_currency, price),\n    ]\n    if currency_hint and \"$\" in currency_hint:\n        methods.insert(0, (_search_dollar_code, currency_hint))\n    if price and \"$\" in price:\n        methods.insert(0, (_search_dollar_code, price))\n    for meth, value in methods:\n        m = meth(value) if value else None\n        if m:\n            return m.group(0)\n    return None\n",
        "witness": "result = extract_currency_symbol('5 €', '£')",
    },
]
