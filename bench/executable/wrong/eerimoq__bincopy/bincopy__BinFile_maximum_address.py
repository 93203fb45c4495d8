"""Hand-written wrong implementations of `bincopy.py::BinFile.maximum_address` (eerimoq/bincopy @ 193ecdb7b9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bincopy'
COMMIT = '193ecdb7b972ae4a655dbe47ce0402793a664b0f'
TARGET = 'bincopy.py::BinFile.maximum_address'
SETUP = 'from bincopy import BinFile'
NEEDS = ['Segments']
WRONG = [
    {
        "why": "returns the address in bytes, not divided by the word size",
        "code": "@property\ndef maximum_address(self):\n    return self._segments.maximum_address\n",
        "witness": "b = BinFile(word_size_bits=16)\nb.add_binary(b'\\x00\\x01\\x02\\x03', address=2)\nresult = b.maximum_address",
    },
    {
        "why": "returns the last address holding data instead of that address plus one",
        "code": "@property\ndef maximum_address(self):\n    maximum_address = self._segments.maximum_address\n    if maximum_address is not None:\n        maximum_address = (maximum_address - 1) // self.word_size_bytes\n    return maximum_address\n",
        "witness": "b = BinFile()\nb.add_binary(b'\\x01\\x02', address=0x10)\nresult = b.maximum_address",
    },
]
