"""Hand-written wrong implementations of `jsonpointer.py::resolve_pointer` (stefankoegl/python-json-pointer @ 5998f951dc).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'stefankoegl/python-json-pointer'
COMMIT = '5998f951dcc5ace60f67f35afe6778c445401a07'
TARGET = 'jsonpointer.py::resolve_pointer'
SETUP = 'from jsonpointer import resolve_pointer'
NEEDS = ['JsonPointer', '_nothing']
WRONG = [
    {
        "why": 'drops the default: a missing member raises although a default is given',
        "code": 'def resolve_pointer(doc, pointer, default=_nothing):\n    pointer = JsonPointer(pointer)\n    return pointer.resolve(doc)\n',
        "witness": "result = resolve_pointer({'a': 1}, '/b', None)",
    },
    {
        "why": 'walks the raw split parts: escaped ~1 / ~0 are not unescaped',
        "code": "def resolve_pointer(doc, pointer, default=_nothing):\n    try:\n        for part in pointer.split('/')[1:]:\n            doc = doc[int(part)] if isinstance(doc, list) else doc[part]\n        return doc\n    except (KeyError, IndexError, ValueError, TypeError):\n        if default is _nothing:\n            raise JsonPointerException('member %r not found' % (pointer,))\n        return default\n",
        "witness": "result = resolve_pointer({'a/b': 1}, '/a~1b')",
    },
]
