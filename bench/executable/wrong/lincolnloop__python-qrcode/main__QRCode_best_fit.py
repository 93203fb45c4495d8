"""Hand-written wrong implementations of `qrcode/main.py::QRCode.best_fit` (lincolnloop/python-qrcode @ f92c007498).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'lincolnloop/python-qrcode'
COMMIT = 'f92c007498d796e4825638b7d50c14ea51e5457a'
TARGET = 'qrcode/main.py::QRCode.best_fit'
SETUP = 'from qrcode.main import QRCode\nfrom qrcode import constants'
NEEDS = ['util', 'bisect_left', 'exceptions', 'version']
WRONG = [
    {
        "why": "does not try again when the chosen version needs wider length fields (versions 10 and 27)",
        "code": "def best_fit(self, start=None):\n    if start is None:\n        start = 1\n    util.check_version(start)\n    mode_sizes = util.mode_sizes_for_version(start)\n    buffer = util.BitBuffer()\n    for data in self.data_list:\n        buffer.put(data.mode, 4)\n        buffer.put(len(data), mode_sizes[data.mode])\n        data.write(buffer)\n    needed_bits = len(buffer)\n    self.version = bisect_left(\n        util.BIT_LIMIT_TABLE[self.error_correction][:], needed_bits, start\n    )\n    if self.version == 41:\n        raise exceptions.DataOverflowError\n    return self.version\n",
        "witness": "qr = QRCode(error_correction=constants.ERROR_CORRECT_L)\nqr.add_data('1' * 653, optimize=0)\nresult = qr.best_fit()",
    },
    {
        "why": "does not count the 4-bit mode indicator of each data segment",
        "code": "def best_fit(self, start=None):\n    if start is None:\n        start = 1\n    util.check_version(start)\n    mode_sizes = util.mode_sizes_for_version(start)\n    buffer = util.BitBuffer()\n    for data in self.data_list:\n        buffer.put(len(data), mode_sizes[data.mode])\n        data.write(buffer)\n    needed_bits = len(buffer)\n    self.version = bisect_left(\n        util.BIT_LIMIT_TABLE[self.error_correction][:], needed_bits, start\n    )\n    if self.version == 41:\n        raise exceptions.DataOverflowError\n    if mode_sizes is not util.mode_sizes_for_version(self.version):\n        self.best_fit(start=self.version)\n    return self.version\n",
        "witness": "qr = QRCode(error_correction=constants.ERROR_CORRECT_L)\nqr.add_data('1' * 42, optimize=0)\nresult = qr.best_fit()",
    },
]
