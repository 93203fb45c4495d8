"""Hand-written wrong implementations of `inflect/__init__.py::engine.ordinal` (jaraco/inflect @ 262a247d2d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jaraco/inflect'
COMMIT = '262a247d2d99a47a520cdb2d46adb90df88b4326'
TARGET = 'inflect/__init__.py::engine.ordinal'
SETUP = 'from inflect import engine'
NEEDS = ['DIGIT', 'nth', '_sub_ord']
WRONG = [
    {
        "why": "takes the suffix from the last digit only, so 11-13 get st/nd/rd",
        "code": "@typechecked\ndef ordinal(self, num: Union[Number, Word]) -> str:\n    if DIGIT.match(str(num)):\n        if isinstance(num, (float, int)) and int(num) == num:\n            n = int(num)\n        else:\n            if \".\" in str(num):\n                try:\n                    n = int(str(num)[-1])\n                except ValueError:\n                    n = int(str(num)[:-1])\n            else:\n                n = int(num)  # type: ignore[arg-type]\n        post = nth[n % 10]\n        return f\"{num}{post}\"\n    else:\n        return self._sub_ord(num)\n",
        "witness": "result = engine().ordinal(11)",
    },
    {
        "why": "rounds a decimal down to its integer part instead of using its last digit",
        "code": "@typechecked\ndef ordinal(self, num: Union[Number, Word]) -> str:\n    if DIGIT.match(str(num)):\n        n = int(float(num))\n        try:\n            post = nth[n % 100]\n        except KeyError:\n            post = nth[n % 10]\n        return f\"{num}{post}\"\n    else:\n        return self._sub_ord(num)\n",
        "witness": "result = engine().ordinal('1.2')",
    },
]
