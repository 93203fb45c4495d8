"""Hand-written wrong implementations of `jsonpointer.py::JsonPointer.join` (stefankoegl/python-json-pointer @ 5998f951dc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'stefankoegl/python-json-pointer'
COMMIT = '5998f951dcc5ace60f67f35afe6778c445401a07'
TARGET = 'jsonpointer.py::JsonPointer.join'
SETUP = 'from jsonpointer import JsonPointer'
NEEDS = ['JsonPointer', 'chain', 'JsonPointerException']
WRONG = [
    {
        "why": 'splits a string suffix on / without unescaping: ~1 is escaped twice',
        "code": 'def join(self, suffix):\n    if isinstance(suffix, JsonPointer):\n        suffix_parts = suffix.parts\n    elif isinstance(suffix, str):\n        suffix_parts = suffix.strip(\'/\').split(\'/\')\n    else:\n        suffix_parts = suffix\n    try:\n        return JsonPointer.from_parts(chain(self.parts, suffix_parts))\n    except:  # noqa E722\n        raise JsonPointerException("Invalid suffix")\n',
        "witness": "result = JsonPointer('/a').join('/b~1c').path",
    },
    {
        "why": 'joins path strings: parts of a list suffix are not escaped',
        "code": 'def join(self, suffix):\n    if isinstance(suffix, JsonPointer):\n        suffix = suffix.path\n    elif not isinstance(suffix, str):\n        suffix = \'\'.join(\'/\' + str(part) for part in suffix)\n    try:\n        return JsonPointer(self.path + suffix)\n    except:  # noqa E722\n        raise JsonPointerException("Invalid suffix")\n',
        "witness": "result = JsonPointer('/a').join(['b/c']).parts",
    },
]
