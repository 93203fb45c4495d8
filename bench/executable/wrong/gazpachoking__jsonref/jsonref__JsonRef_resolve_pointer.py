"""Hand-written wrong implementations of `jsonref/__init__.py::JsonRef.resolve_pointer` (gazpachoking/jsonref @ 6331c78a7e).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gazpachoking/jsonref'
COMMIT = '6331c78a7eb126ad3c908960ea95b6dd363f421d'
TARGET = 'jsonref/__init__.py::JsonRef.resolve_pointer'
SETUP = 'import jsonref'
NEEDS = ['_error', 'unquote', 'Sequence']
WRONG = [
    {
        "why": "does not unescape '~1' and '~0' in the pointer's parts",
        "code": "def resolve_pointer(self, document, pointer):\n    \"\"\"\n    Resolve a json pointer ``pointer`` within the referenced ``document``.\n\n    :argument document: the referent document\n    :argument str pointer: a json pointer URI fragment to resolve within it\n\n    \"\"\"\n    parts = unquote(pointer.lstrip(\"/\")).split(\"/\") if pointer else []\n\n    for part in parts:\n\n        if isinstance(document, Sequence):\n            # Try to turn an array index to an int\n            try:\n                part = int(part)\n            except ValueError:\n                pass\n        # If a reference points inside itself, it must mean inside reference object, not the referent data\n        if document is self:\n            document = self.__reference__\n        try:\n            document = document[part]\n        except (TypeError, LookupError) as e:\n            raise self._error(\n                \"Unresolvable JSON pointer: %r\" % pointer, cause=e\n            ) from e\n    return document\n",
        "witness": "r = jsonref.replace_refs({'a/b': 5, 'c': {'$ref': '#/a~1b'}})\nresult = r['c'] + 0",
    },
    {
        "why": "unescapes '~0' before '~1' (RFC 6901 says '~1' first), so '~01' becomes '/' instead of '~1'",
        "code": "def resolve_pointer(self, document, pointer):\n    \"\"\"\n    Resolve a json pointer ``pointer`` within the referenced ``document``.\n\n    :argument document: the referent document\n    :argument str pointer: a json pointer URI fragment to resolve within it\n\n    \"\"\"\n    parts = unquote(pointer.lstrip(\"/\")).split(\"/\") if pointer else []\n\n    for part in parts:\n        part = part.replace(\"~0\", \"~\").replace(\"~1\", \"/\")\n\n        if isinstance(document, Sequence):\n            # Try to turn an array index to an int\n            try:\n                part = int(part)\n            except ValueError:\n                pass\n        # If a reference points inside itself, it must mean inside reference object, not the referent data\n        if document is self:\n            document = self.__reference__\n        try:\n            document = document[part]\n        except (TypeError, LookupError) as e:\n            raise self._error(\n                \"Unresolvable JSON pointer: %r\" % pointer, cause=e\n            ) from e\n    return document\n",
        "witness": "r = jsonref.replace_refs({'~1': 7, 'c': {'$ref': '#/~01'}})\nresult = r['c'] + 0",
    },
]
