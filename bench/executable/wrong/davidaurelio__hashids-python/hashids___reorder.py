"""Hand-written wrong implementations of `hashids.py::_reorder` (davidaurelio/hashids-python @ 09f879a196).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'davidaurelio/hashids-python'
COMMIT = '09f879a1967836f1e399c12b745c24291e3e73ad'
TARGET = 'hashids.py::_reorder'
SETUP = 'from hashids import _reorder'
NEEDS = []
WRONG = [
    {
        "why": 'leaves the running sum of salt ordinals out of the swap index',
        "code": "def _reorder(string, salt):\n    len_salt = len(salt)\n\n    if len_salt != 0:\n        string = list(string)\n        index = 0\n        for i in range(len(string) - 1, 0, -1):\n            integer = ord(salt[index])\n            j = (integer + index) % i\n            string[i], string[j] = string[j], string[i]\n            index = (index + 1) % len_salt\n        string = ''.join(string)\n\n    return string\n",
        "witness": "result = _reorder('abcdefghij', 'xyz')",
    },
    {
        "why": 'takes the swap index modulo i + 1 (the current position may swap with itself)',
        "code": "def _reorder(string, salt):\n    len_salt = len(salt)\n\n    if len_salt != 0:\n        string = list(string)\n        index, integer_sum = 0, 0\n        for i in range(len(string) - 1, 0, -1):\n            integer = ord(salt[index])\n            integer_sum += integer\n            j = (integer + index + integer_sum) % (i + 1)\n            string[i], string[j] = string[j], string[i]\n            index = (index + 1) % len_salt\n        string = ''.join(string)\n\n    return string\n",
        "witness": "result = _reorder('abcdefghij', 'xyz')",
    },
]
