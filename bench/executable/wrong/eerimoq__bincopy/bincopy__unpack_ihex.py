"""Hand-written wrong implementations of `bincopy.py::unpack_ihex` (eerimoq/bincopy @ 193ecdb7b9).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'eerimoq/bincopy'
COMMIT = '193ecdb7b972ae4a655dbe47ce0402793a664b0f'
TARGET = 'bincopy.py::unpack_ihex'
SETUP = 'from bincopy import unpack_ihex, pack_ihex'
NEEDS = ['crc_ihex', 'Error']
WRONG = [
    {
        "why": "reads the 16-bit address little-endian",
        "code": "def unpack_ihex(record):\n    if len(record) < 11:\n        raise Error(f\"record '{record}' too short\")\n    if record[0] != ':':\n        raise Error(f\"record '{record}' not starting with a ':'\")\n    value = bytearray.fromhex(record[1:])\n    size = value[0]\n    if size != len(value) - 5:\n        raise Error(f\"record '{record}' has wrong size\")\n    address = int.from_bytes(value[1:3], byteorder='little')\n    type_ = value[3]\n    data = value[4:-1]\n    actual_crc = value[-1]\n    expected_crc = crc_ihex(record[1:-2])\n    if actual_crc != expected_crc:\n        raise Error(\n            f\"expected crc '{expected_crc:02X}' in record {record}, but got \"\n            f\"'{actual_crc:02X}'\")\n    return (type_, address, size, data)\n",
        "witness": "result = unpack_ihex(pack_ihex(0, 0x1234, 1, b'\\x01'))",
    },
    {
        "why": "never checks the record's checksum",
        "code": "def unpack_ihex(record):\n    if len(record) < 11:\n        raise Error(f\"record '{record}' too short\")\n    if record[0] != ':':\n        raise Error(f\"record '{record}' not starting with a ':'\")\n    value = bytearray.fromhex(record[1:])\n    size = value[0]\n    if size != len(value) - 5:\n        raise Error(f\"record '{record}' has wrong size\")\n    address = int.from_bytes(value[1:3], byteorder='big')\n    type_ = value[3]\n    data = value[4:-1]\n    return (type_, address, size, data)\n",
        "witness": "result = unpack_ihex(':0100000001FF')",
    },
]
