"""Hand-written wrong implementations of `bincopy.py::BinFile.as_ti_txt` (eerimoq/bincopy @ 193ecdb7b9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bincopy'
COMMIT = '193ecdb7b972ae4a655dbe47ce0402793a664b0f'
TARGET = 'bincopy.py::BinFile.as_ti_txt'
SETUP = 'from bincopy import BinFile'
NEEDS = ['TI_TXT_BYTES_PER_LINE', 'Segment']
WRONG = [
    {
        "why": "writes the bytes in lower-case hex",
        "code": "def as_ti_txt(self):\n    lines = []\n    number_of_data_words = TI_TXT_BYTES_PER_LINE // self.word_size_bytes\n    for segment in self._segments:\n        lines.append(f'@{segment.address:04X}')\n        for _, data in segment.chunks(number_of_data_words):\n            lines.append(' '.join(f'{byte:02x}' for byte in data))\n    lines.append('q')\n    return '\\n'.join(lines) + '\\n'\n",
        "witness": "b = BinFile()\nb.add_binary(b'\\xab\\xcd', address=0x100)\nresult = b.as_ti_txt()",
    },
    {
        "why": "writes the segment's byte address instead of its word address",
        "code": "def as_ti_txt(self):\n    lines = []\n    number_of_data_words = TI_TXT_BYTES_PER_LINE // self.word_size_bytes\n    for segment in self._segments:\n        lines.append(f'@{segment.minimum_address:04X}')\n        for _, data in segment.chunks(number_of_data_words):\n            lines.append(' '.join(f'{byte:02X}' for byte in data))\n    lines.append('q')\n    return '\\n'.join(lines) + '\\n'\n",
        "witness": "b = BinFile(word_size_bits=16)\nb.add_binary(b'\\x01\\x02', address=0x10)\nresult = b.as_ti_txt()",
    },
]
