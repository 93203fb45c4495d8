"""Hand-written wrong implementations of `dataclasses_json/core.py::_decode_letter_case_overrides` (lidatong/dataclasses-json @ 3814d6add1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'lidatong/dataclasses-json'
COMMIT = '3814d6add17bdf0c5318f764e02dec70671a6e66'
TARGET = 'dataclasses_json/core.py::_decode_letter_case_overrides'
SETUP = 'from types import SimpleNamespace\nfrom dataclasses_json.core import _decode_letter_case_overrides'
WRONG = [
    {
        "why": 'maps the other way round',
        "code": '''def _decode_letter_case_overrides(field_names, overrides):
    """Override letter case of field names for encode/decode"""
    names = {}
    for field_name in field_names:
        field_override = overrides.get(field_name)
        if field_override is not None and field_override.letter_case is not None:
            names[field_name] = field_override.letter_case(field_name)
    return names
''',
        "witness": "result = _decode_letter_case_overrides(['a_b'], {'a_b': SimpleNamespace(letter_case=str.upper)})",
    },
    {
        "why": 'keeps fields without an override',
        "code": '''def _decode_letter_case_overrides(field_names, overrides):
    """Override letter case of field names for encode/decode"""
    names = {}
    for field_name in field_names:
        field_override = overrides.get(field_name)
        letter_case = getattr(field_override, 'letter_case', None)
        names[letter_case(field_name) if letter_case else field_name] = field_name
    return names
''',
        "witness": "result = _decode_letter_case_overrides(['x'], {})",
    },
]
