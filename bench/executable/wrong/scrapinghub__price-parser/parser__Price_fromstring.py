"""Hand-written wrong implementations of `price_parser/parser.py::Price.fromstring` (scrapinghub/price-parser @ 64e213a46a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapinghub/price-parser'
COMMIT = '64e213a46a40473ba4f8aa3b249917fdc64d8a16'
TARGET = 'price_parser/parser.py::Price.fromstring'
SETUP = 'from price_parser import Price'
NEEDS = ['extract_currency_symbol', 'extract_price_text', 'parse_number', 'Price']
WRONG = [
    {
        "why": "ignores digit_group_separator (never removes it from the price)",
        "code": "@classmethod\ndef fromstring(\n    cls,\n    price: Optional[str],\n    currency_hint: Optional[str] = None,\n    decimal_separator: Optional[str] = None,\n    digit_group_separator: Optional[str] = None,\n) -> \"Price\":\n    currency = extract_currency_symbol(price, currency_hint)\n    if currency is not None:\n        currency = currency.strip()\n    amount_text = extract_price_text(price) if price is not None else None\n    amount_num = (\n        parse_number(amount_text, decimal_separator)\n        if amount_text is not None\n        else None\n    )\n    return Price(\n        amount=amount_num,\n        currency=currency,\n        amount_text=amount_text,\n    )\n",
        "witness": "result = Price.fromstring('1,5', digit_group_separator=',').amount",
    },
    {
        "why": "looks for the currency in the hint first, so the hint wins over a symbol in the price",
        "code": "@classmethod\ndef fromstring(\n    cls,\n    price: Optional[str],\n    currency_hint: Optional[str] = None,\n    decimal_separator: Optional[str] = None,\n    digit_group_separator: Optional[str] = None,\n) -> \"Price\":\n    currency = extract_currency_symbol(currency_hint, price)\n    if currency is not None:\n        currency = currency.strip()\n    if digit_group_separator is not None and price is not None:\n        price = price.replace(digit_group_separator, \"\")\n    amount_text = extract_price_text(price) if price is not None else None\n    amount_num = (\n        parse_number(amount_text, decimal_separator)\n        if amount_text is not None\n        else None\n    )\n    return Price(\n        amount=amount_num,\n        currency=currency,\n        amount_text=amount_text,\n    )\n",
        "witness": "result = Price.fromstring('5 €', currency_hint='£').currency",
    },
]
