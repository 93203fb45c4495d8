"""Hand-written wrong implementations of `jsonref/__init__.py::dumps` (gazpachoking/jsonref @ 6331c78a7e).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gazpachoking/jsonref'
COMMIT = '6331c78a7eb126ad3c908960ea95b6dd363f421d'
TARGET = 'jsonref/__init__.py::dumps'
SETUP = 'import json, jsonref'
NEEDS = ['_ref_encoder_factory']
WRONG = [
    {
        "why": "plain json.dumps: a JsonRef proxy is not serialized as its reference object",
        "code": "def dumps(obj, **kwargs):\n    return json.dumps(obj, **kwargs)\n",
        "witness": "r = jsonref.loads('{\"a\": [1], \"b\": {\"$ref\": \"#/a\"}}')\nresult = jsonref.dumps(r)",
    },
    {
        "why": "wraps the encoder only when no cls is given (setdefault), so an explicit cls loses the reference handling",
        "code": "def dumps(obj, **kwargs):\n    kwargs.setdefault(\"cls\", _ref_encoder_factory(json.JSONEncoder))\n    return json.dumps(obj, **kwargs)\n",
        "witness": "r = jsonref.loads('{\"a\": [1], \"b\": {\"$ref\": \"#/a\"}}')\nresult = jsonref.dumps(r, cls=json.JSONEncoder)",
    },
]
