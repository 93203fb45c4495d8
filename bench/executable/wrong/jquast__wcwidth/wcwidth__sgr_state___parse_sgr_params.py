"""Hand-written wrong implementations of `wcwidth/sgr_state.py::_parse_sgr_params` (jquast/wcwidth @ 614156bc9c).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jquast/wcwidth'
COMMIT = '614156bc9cb54d5c552abec07a09d72b8df4f841'
TARGET = 'wcwidth/sgr_state.py::_parse_sgr_params'
SETUP = 'from wcwidth.sgr_state import _parse_sgr_params'
NEEDS = ['_SGR_PATTERN']
WRONG = [
    {
        "why": 'an empty parameter list gives [] instead of the reset [0]',
        "code": "def _parse_sgr_params(sequence: str) -> list[int | tuple[int, ...]]:\n    match = _SGR_PATTERN.match(sequence)\n    if not match:\n        return []\n    params_str = match.group(1)\n    result = []\n    for param in params_str.split(';'):\n        if not param:\n            continue\n        if ':' in param:\n            result.append(tuple(int(p) if p else 0 for p in param.split(':')))\n        else:\n            result.append(int(param))\n    return result\n",
        "witness": "result = _parse_sgr_params('\\x1b[m')",
    },
    {
        "why": 'drops empty colon fields of an extended colour instead of reading them as 0',
        "code": "def _parse_sgr_params(sequence: str) -> list[int | tuple[int, ...]]:\n    match = _SGR_PATTERN.match(sequence)\n    if not match:\n        return []\n    params_str = match.group(1)\n    if not params_str:\n        return [0]\n    result = []\n    for param in params_str.split(';'):\n        if ':' in param:\n            result.append(tuple(int(p) for p in param.split(':') if p))\n        else:\n            result.append(int(param) if param else 0)\n    return result\n",
        "witness": "result = _parse_sgr_params('\\x1b[38:2::255:0:0m')",
    },
]
