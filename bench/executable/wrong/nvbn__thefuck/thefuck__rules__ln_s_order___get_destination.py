"""Hand-written wrong implementations of `thefuck/rules/ln_s_order.py::_get_destination` (nvbn/thefuck @ 62e0767c50).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'nvbn/thefuck'
COMMIT = '62e0767c5069aeee176b0fe3459068b7703aaa26'
TARGET = 'thefuck/rules/ln_s_order.py::_get_destination'
SETUP = 'from thefuck.rules.ln_s_order import _get_destination'
WRONG = [
    {
        "why": 'does not skip the flags',
        "code": '''def _get_destination(script_parts):
    """When arguments order is wrong first argument will be destination."""
    for part in script_parts:
        if os.path.exists(part):
            return part
''',
        "witness": "import os\nos.makedirs('-s', exist_ok=True)\nresult = _get_destination(['ln', '-s', 'setup.py'])",
    },
    {
        "why": 'last existing part',
        "code": '''def _get_destination(script_parts):
    """When arguments order is wrong first argument will be destination."""
    found = None
    for part in script_parts:
        if part not in {'ln', '-s', '--symbolic'} and os.path.exists(part):
            found = part
    return found
''',
        "witness": "result = _get_destination(['ln', '-s', 'setup.py', 'README.md'])",
    },
]
