"""Hand-written wrong implementations of `bincopy.py::pack_srec` (eerimoq/bincopy @ 193ecdb7b9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bincopy'
COMMIT = '193ecdb7b972ae4a655dbe47ce0402793a664b0f'
TARGET = 'bincopy.py::pack_srec'
SETUP = 'from bincopy import pack_srec'
NEEDS = ['crc_srec', 'Error', 'binascii']
WRONG = [
    {
        "why": "the count byte leaves out the checksum byte",
        "code": "def pack_srec(type_, address, size, data):\n    if type_ in '0159':\n        line = f'{size + 2:02X}{address:04X}'\n    elif type_ in '268':\n        line = f'{size + 3:02X}{address:06X}'\n    elif type_ in '37':\n        line = f'{size + 4:02X}{address:08X}'\n    else:\n        raise Error(f\"expected record type 0..3 or 5..9, but got '{type_}'\")\n    if data:\n        line += binascii.hexlify(data).decode('ascii').upper()\n    return f'S{type_}{line}{crc_srec(line):02X}'\n",
        "witness": "result = pack_srec('1', 0x1234, 2, b'\\x01\\x02')",
    },
    {
        "why": "writes the data in lower-case hex",
        "code": "def pack_srec(type_, address, size, data):\n    if type_ in '0159':\n        line = f'{size + 2 + 1:02X}{address:04X}'\n    elif type_ in '268':\n        line = f'{size + 3 + 1:02X}{address:06X}'\n    elif type_ in '37':\n        line = f'{size + 4 + 1:02X}{address:08X}'\n    else:\n        raise Error(f\"expected record type 0..3 or 5..9, but got '{type_}'\")\n    if data:\n        line += binascii.hexlify(data).decode('ascii')\n    return f'S{type_}{line}{crc_srec(line):02X}'\n",
        "witness": "result = pack_srec('1', 0x1234, 1, b'\\xab')",
    },
]
