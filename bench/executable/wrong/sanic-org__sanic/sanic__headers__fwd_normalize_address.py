"""Hand-written wrong implementations of `sanic/headers.py::fwd_normalize_address` (sanic-org/sanic @ eba7821a6d).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'sanic-org/sanic'
COMMIT = 'eba7821a6da67f450f7fa7e3dd58d41ddc986b6a'
TARGET = 'sanic/headers.py::fwd_normalize_address'
SETUP = 'from sanic.headers import fwd_normalize_address'
WRONG = [
    {
        "why": 'lower-cases obfuscated identifiers too',
        "code": '''def fwd_normalize_address(addr: str) -> str:
    """Normalize address fields of proxy headers."""
    if addr == "unknown":
        raise ValueError()  # omit unknown value identifiers
    if _ipv6_re.fullmatch(addr):
        addr = f"[{addr}]"  # bracket IPv6
    return addr.lower()
''',
        "witness": "result = fwd_normalize_address('_SecretProxy')",
    },
    {
        "why": 'does not bracket IPv6 addresses',
        "code": '''def fwd_normalize_address(addr: str) -> str:
    """Normalize address fields of proxy headers."""
    if addr == "unknown":
        raise ValueError()  # omit unknown value identifiers
    if addr.startswith("_"):
        return addr  # do not lower-case obfuscated strings
    return addr.lower()
''',
        "witness": "result = fwd_normalize_address('2001:DB8::1')",
    },
]
