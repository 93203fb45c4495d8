"""Hand-written wrong implementations of `src/colander/__init__.py::GlobalObject._pkg_resources_style` (Pylons/colander @ 4557c01765).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'Pylons/colander'
COMMIT = '4557c017658eb4f6a5dc289078af1a6f850f3f97'
TARGET = 'src/colander/__init__.py::GlobalObject._pkg_resources_style'
SETUP = 'import colander\nfrom colander import GlobalObject'
NEEDS = ['Invalid', '_', '_zope_dottedname_style']
WRONG = [
    {
        "why": "appends a lone ':' or '.' to the package name instead of naming the package itself",
        "code": "def _pkg_resources_style(self, node, value):\n    \"\"\"package.module:attr style\"\"\"\n    if value.startswith('.') or value.startswith(':'):\n        if not self.package:\n            raise Invalid(\n                node,\n                _(\n                    'relative name \"${val}\" irresolveable without package',\n                    mapping={'val': value},\n                ),\n            )\n        value = self.package.__name__ + value\n    value = value.replace(':', '.', 1)\n    return self._zope_dottedname_style(node, value)\n",
        "witness": "result = GlobalObject(colander)._pkg_resources_style(None, ':') is colander",
    },
    {
        "why": "does not check for a missing package before reading its name",
        "code": "def _pkg_resources_style(self, node, value):\n    \"\"\"package.module:attr style\"\"\"\n    if value.startswith('.') or value.startswith(':'):\n        if value in ['.', ':']:\n            value = self.package.__name__\n        else:\n            value = self.package.__name__ + value\n    value = value.replace(':', '.', 1)\n    return self._zope_dottedname_style(node, value)\n",
        "witness": "try:\n    result = GlobalObject(None)._pkg_resources_style(None, ':x')\nexcept Exception as e:\n    result = type(e).__name__",
    },
]
