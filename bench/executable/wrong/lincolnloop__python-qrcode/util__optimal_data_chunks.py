"""Hand-written wrong implementations of `qrcode/util.py::optimal_data_chunks` (lincolnloop/python-qrcode @ f92c007498).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'lincolnloop/python-qrcode'
COMMIT = 'f92c007498d796e4825638b7d50c14ea51e5457a'
TARGET = 'qrcode/util.py::optimal_data_chunks'
SETUP = 'from qrcode.util import optimal_data_chunks'
NEEDS = ['to_bytestring', 'ALPHA_NUM', '_optimal_split', 'QRData', 'MODE_NUMBER', 'MODE_ALPHA_NUM', 'MODE_8BIT_BYTE']
WRONG = [
    {
        "why": "no special case for data no longer than `minimum`: short data always needs a run of `minimum`",
        "code": "def optimal_data_chunks(data, minimum=4):\n    data = to_bytestring(data)\n    num_pattern = rb\"\\d\"\n    alpha_pattern = b\"[\" + re.escape(ALPHA_NUM) + b\"]\"\n    re_repeat = b\"{\" + str(minimum).encode(\"ascii\") + b\",}\"\n    num_pattern = re.compile(num_pattern + re_repeat)\n    alpha_pattern = re.compile(alpha_pattern + re_repeat)\n    num_bits = _optimal_split(data, num_pattern)\n    for is_num, chunk in num_bits:\n        if is_num:\n            yield QRData(chunk, mode=MODE_NUMBER, check_data=False)\n        else:\n            for is_alpha, sub_chunk in _optimal_split(chunk, alpha_pattern):\n                mode = MODE_ALPHA_NUM if is_alpha else MODE_8BIT_BYTE\n                yield QRData(sub_chunk, mode=mode, check_data=False)\n",
        "witness": "result = [(c.mode, c.data) for c in optimal_data_chunks('123')]",
    },
    {
        "why": "the repeat is exactly `minimum` ({n}) instead of at least `minimum` ({n,}), so long runs are cut",
        "code": "def optimal_data_chunks(data, minimum=4):\n    data = to_bytestring(data)\n    num_pattern = rb\"\\d\"\n    alpha_pattern = b\"[\" + re.escape(ALPHA_NUM) + b\"]\"\n    if len(data) <= minimum:\n        num_pattern = re.compile(b\"^\" + num_pattern + b\"+$\")\n        alpha_pattern = re.compile(b\"^\" + alpha_pattern + b\"+$\")\n        num_bits = _optimal_split(data, num_pattern)\n        for is_num, chunk in num_bits:\n            if is_num:\n                yield QRData(chunk, mode=MODE_NUMBER, check_data=False)\n            else:\n                for is_alpha, sub_chunk in _optimal_split(chunk, alpha_pattern):\n                    mode = MODE_ALPHA_NUM if is_alpha else MODE_8BIT_BYTE\n                    yield QRData(sub_chunk, mode=mode, check_data=False)\n        return\n    re_repeat = b\"{\" + str(minimum).encode(\"ascii\") + b\"}\"\n    num_pattern = re.compile(num_pattern + re_repeat)\n    alpha_pattern = re.compile(alpha_pattern + re_repeat)\n    num_bits = _optimal_split(data, num_pattern)\n    for is_num, chunk in num_bits:\n        if is_num:\n            yield QRData(chunk, mode=MODE_NUMBER, check_data=False)\n        else:\n            for is_alpha, sub_chunk in _optimal_split(chunk, alpha_pattern):\n                mode = MODE_ALPHA_NUM if is_alpha else MODE_8BIT_BYTE\n                yield QRData(sub_chunk, mode=mode, check_data=False)\n",
        "witness": "result = [(c.mode, c.data) for c in optimal_data_chunks(b'ab12345678')]",
    },
]
