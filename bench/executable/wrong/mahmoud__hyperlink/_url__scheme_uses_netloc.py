"""Hand-written wrong implementations of `src/hyperlink/_url.py::scheme_uses_netloc` (mahmoud/hyperlink @ b8c9152cd8).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'mahmoud/hyperlink'
COMMIT = 'b8c9152cd826bbe8e6cc125648f3738235019705'
TARGET = 'src/hyperlink/_url.py::scheme_uses_netloc'
SETUP = 'from hyperlink._url import scheme_uses_netloc'
NEEDS = ['SCHEME_PORT_MAP', 'NO_NETLOC_SCHEMES']
WRONG = [
    {
        "why": 'does not lower-case the scheme',
        "code": "def scheme_uses_netloc(scheme, default=None):\n    if not scheme:\n        return False\n    if scheme in SCHEME_PORT_MAP:\n        return True\n    if scheme in NO_NETLOC_SCHEMES:\n        return False\n    if scheme.split('+')[-1] in SCHEME_PORT_MAP:\n        return True\n    return default\n",
        "witness": "result = scheme_uses_netloc('HTTP')",
    },
    {
        "why": 'checks the part before the first + instead of after the last one',
        "code": "def scheme_uses_netloc(scheme, default=None):\n    if not scheme:\n        return False\n    scheme = scheme.lower()\n    if scheme in SCHEME_PORT_MAP:\n        return True\n    if scheme in NO_NETLOC_SCHEMES:\n        return False\n    if scheme.split('+')[0] in SCHEME_PORT_MAP:\n        return True\n    return default\n",
        "witness": "result = scheme_uses_netloc('foo+http')",
    },
]
