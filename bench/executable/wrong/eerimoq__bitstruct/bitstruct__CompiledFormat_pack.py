"""Hand-written wrong implementations of `src/bitstruct/__init__.py::CompiledFormat.pack` (eerimoq/bitstruct @ 074ed8d964).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bitstruct'
COMMIT = '074ed8d964d26974cfb1446fc0f9380e3c1bef9c'
TARGET = 'src/bitstruct/__init__.py::CompiledFormat.pack'
SETUP = 'import bitstruct'
NEEDS = ['Error', 'pack_any']
WRONG = [
    {
        "why": "rejects extra values too (requires exactly the number of arguments)",
        "code": "def pack(self, *args):\n    if len(args) != self._number_of_arguments:\n        raise Error(\n            \"pack expected {} item(s) for packing (got {})\".format(\n                self._number_of_arguments,\n                len(args)))\n    return self.pack_any(args)\n",
        "witness": "result = bitstruct.compile('u4').pack(1, 2)",
    },
    {
        "why": "no check of the number of values: too few values raise IndexError, not bitstruct.Error",
        "code": "def pack(self, *args):\n    return self.pack_any(args)\n",
        "witness": "result = bitstruct.compile('u4u4').pack(1)",
    },
]
