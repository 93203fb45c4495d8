"""Hand-written wrong implementations of `price_parser/parser.py::parse_number` (scrapinghub/price-parser @ 64e213a46a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapinghub/price-parser'
COMMIT = '64e213a46a40473ba4f8aa3b249917fdc64d8a16'
TARGET = 'price_parser/parser.py::parse_number'
SETUP = 'from price_parser.parser import parse_number'
NEEDS = ['get_decimal_separator', 'Decimal', 'InvalidOperation']
WRONG = [
    {
        "why": "drops a decimal comma instead of turning it into a point",
        "code": "def parse_number(\n    num: str, decimal_separator: Optional[str] = None\n) -> Optional[Decimal]:\n    if not num:\n        return None\n    num = num.strip().replace(\" \", \"\")\n    decimal_separator = decimal_separator or get_decimal_separator(num)\n    if decimal_separator is None:\n        num = num.replace(\".\", \"\").replace(\",\", \"\")\n    elif decimal_separator == \".\":\n        num = num.replace(\",\", \"\")\n    elif decimal_separator == \",\":\n        num = num.replace(\".\", \"\").replace(\",\", \"\")\n    else:\n        assert decimal_separator == \"€\"\n        num = num.replace(\".\", \"\").replace(\",\", \"\").replace(\"€\", \".\")\n    try:\n        return Decimal(num)\n    except InvalidOperation:\n        return None\n",
        "witness": "result = parse_number('12,34')",
    },
    {
        "why": "always guesses the separator, ignoring the one given",
        "code": "def parse_number(\n    num: str, decimal_separator: Optional[str] = None\n) -> Optional[Decimal]:\n    if not num:\n        return None\n    num = num.strip().replace(\" \", \"\")\n    decimal_separator = get_decimal_separator(num)\n    if decimal_separator is None:\n        num = num.replace(\".\", \"\").replace(\",\", \"\")\n    elif decimal_separator == \".\":\n        num = num.replace(\",\", \"\")\n    elif decimal_separator == \",\":\n        num = num.replace(\".\", \"\").replace(\",\", \".\")\n    else:\n        assert decimal_separator == \"€\"\n        num = num.replace(\".\", \"\").replace(\",\", \"\").replace(\"€\", \".\")\n    try:\n        return Decimal(num)\n    except InvalidOperation:\n        return None\n",
        "witness": "result = parse_number('140.000', decimal_separator='.')",
    },
]
