"""Hand-written wrong implementations of `hashids.py::_ensure_length` (davidaurelio/hashids-python @ 09f879a196).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'davidaurelio/hashids-python'
COMMIT = '09f879a1967836f1e399c12b745c24291e3e73ad'
TARGET = 'hashids.py::_ensure_length'
SETUP = 'from hashids import _ensure_length'
NEEDS = ['_reorder']
WRONG = [
    {
        "why": 'appends the first guard instead of prepending it',
        "code": 'def _ensure_length(encoded, min_length, alphabet, guards, values_hash):\n    len_guards = len(guards)\n    guard_index = (values_hash + ord(encoded[0])) % len_guards\n    encoded = encoded + guards[guard_index]\n\n    if len(encoded) < min_length:\n        guard_index = (values_hash + ord(encoded[2])) % len_guards\n        encoded += guards[guard_index]\n\n    split_at = len(alphabet) // 2\n    while len(encoded) < min_length:\n        alphabet = _reorder(alphabet, alphabet)\n        encoded = alphabet[split_at:] + encoded + alphabet[:split_at]\n        excess = len(encoded) - min_length\n        if excess > 0:\n            from_index = excess // 2\n            encoded = encoded[from_index:from_index+min_length]\n\n    return encoded\n',
        "witness": "result = _ensure_length('abc', 4, 'defghijklmnop', 'xyz', 7)",
    },
    {
        "why": 'cuts the padded id from its start instead of its middle',
        "code": 'def _ensure_length(encoded, min_length, alphabet, guards, values_hash):\n    len_guards = len(guards)\n    guard_index = (values_hash + ord(encoded[0])) % len_guards\n    encoded = guards[guard_index] + encoded\n\n    if len(encoded) < min_length:\n        guard_index = (values_hash + ord(encoded[2])) % len_guards\n        encoded += guards[guard_index]\n\n    split_at = len(alphabet) // 2\n    while len(encoded) < min_length:\n        alphabet = _reorder(alphabet, alphabet)\n        encoded = alphabet[split_at:] + encoded + alphabet[:split_at]\n        if len(encoded) > min_length:\n            encoded = encoded[:min_length]\n\n    return encoded\n',
        "witness": "result = _ensure_length('abc', 9, 'defghijklmnop', 'xyz', 7)",
    },
]
