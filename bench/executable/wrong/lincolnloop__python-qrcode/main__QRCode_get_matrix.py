"""Hand-written wrong implementations of `qrcode/main.py::QRCode.get_matrix` (lincolnloop/python-qrcode @ f92c007498).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld21, 2026-11-30, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'lincolnloop/python-qrcode'
COMMIT = 'f92c007498d796e4825638b7d50c14ea51e5457a'
TARGET = 'qrcode/main.py::QRCode.get_matrix'
SETUP = 'from qrcode.main import QRCode'
NEEDS = ['make', 'cast']
WRONG = [
    {
        "why": "adds the border rows at top and bottom but not the border columns on each row",
        "code": "def get_matrix(self):\n    if self.data_cache is None:\n        self.make()\n    if not self.border:\n        return self.modules\n    width = len(self.modules) + self.border * 2\n    code = [[False] * width] * self.border\n    x_border = [False] * self.border\n    for module in self.modules:\n        code.append(cast(\"list[bool]\", module))\n    code += [[False] * width] * self.border\n    return code\n",
        "witness": "qr = QRCode(border=1)\nqr.add_data('A')\nm = qr.get_matrix()\nresult = (len(m), len(m[1]))",
    },
    {
        "why": "counts the border once in the width (one side only)",
        "code": "def get_matrix(self):\n    if self.data_cache is None:\n        self.make()\n    if not self.border:\n        return self.modules\n    width = len(self.modules) + self.border\n    code = [[False] * width] * self.border\n    x_border = [False] * self.border\n    for module in self.modules:\n        code.append(x_border + cast(\"list[bool]\", module) + x_border)\n    code += [[False] * width] * self.border\n    return code\n",
        "witness": "qr = QRCode(border=1)\nqr.add_data('A')\nm = qr.get_matrix()\nresult = (len(m[0]), len(m[1]))",
    },
]
