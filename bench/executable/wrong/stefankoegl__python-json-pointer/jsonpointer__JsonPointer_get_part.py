"""Hand-written wrong implementations of `jsonpointer.py::JsonPointer.get_part` (stefankoegl/python-json-pointer @ 5998f951dc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'stefankoegl/python-json-pointer'
COMMIT = '5998f951dcc5ace60f67f35afe6778c445401a07'
TARGET = 'jsonpointer.py::JsonPointer.get_part'
SETUP = 'from jsonpointer import JsonPointer'
NEEDS = ['Mapping', 'Sequence', 'JsonPointer', 'JsonPointerException']
WRONG = [
    {
        "why": 'str.isdigit() for the index: a leading zero is accepted',
        "code": '@classmethod\ndef get_part(cls, doc, part):\n    if isinstance(doc, Mapping):\n        return part\n    elif isinstance(doc, Sequence):\n        if part == \'-\':\n            return part\n        if not str(part).isdigit():\n            raise JsonPointerException("\'%s\' is not a valid sequence index" % part)\n        return int(part)\n    elif hasattr(doc, \'__getitem__\'):\n        return part\n    else:\n        raise JsonPointerException("Document \'%s\' does not support indexing" % type(doc))\n',
        "witness": "result = JsonPointer.get_part([1, 2], '01')",
    },
    {
        "why": "forgets the end-of-list part '-' of a sequence",
        "code": '@classmethod\ndef get_part(cls, doc, part):\n    if isinstance(doc, Mapping):\n        return part\n    elif isinstance(doc, Sequence):\n        if not JsonPointer._RE_ARRAY_INDEX.fullmatch(str(part)):\n            raise JsonPointerException("\'%s\' is not a valid sequence index" % part)\n        return int(part)\n    elif hasattr(doc, \'__getitem__\'):\n        return part\n    else:\n        raise JsonPointerException("Document \'%s\' does not support indexing" % type(doc))\n',
        "witness": "result = JsonPointer.get_part([1], '-')",
    },
]
