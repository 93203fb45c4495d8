"""Hand-written wrong implementations of `src/colander/__init__.py::_SchemaNode.deserialize` (Pylons/colander @ 4557c01765).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'Pylons/colander'
COMMIT = '4557c017658eb4f6a5dc289078af1a6f850f3f97'
TARGET = 'src/colander/__init__.py::_SchemaNode.deserialize'
SETUP = 'from colander import SchemaNode, Int, String, Range, null'
NEEDS = ['null', 'required', 'Invalid', '_', 'deferred', 'is_nonstr_iter', 'UnboundDeferredError']
WRONG = [
    {
        "why": "runs the validator on the missing value too",
        "code": "def deserialize(self, cstruct=null):\n    appstruct = self.typ.deserialize(self, cstruct)\n\n    if self.preparer is not None:\n        if callable(self.preparer):\n            appstruct = self.preparer(appstruct)\n        elif is_nonstr_iter(self.preparer):\n            for preparer in self.preparer:\n                appstruct = preparer(appstruct)\n\n    if appstruct is null:\n        appstruct = self.missing\n        if appstruct is required:\n            raise Invalid(\n                self,\n                _(\n                    self.missing_msg,\n                    mapping={'title': self.title, 'name': self.name},\n                ),\n            )\n\n        if isinstance(appstruct, deferred):\n            raise Invalid(self, self.missing_msg)\n\n    if self.validator is not None:\n        if isinstance(self.validator, deferred):\n            raise UnboundDeferredError(\n                \"Schema node {node} has an unbound \"\n                \"deferred validator\".format(node=self)\n            )\n        self.validator(self, appstruct)\n    return appstruct\n",
        "witness": "result = SchemaNode(Int(), missing=5, validator=Range(10, 20)).deserialize(null)",
    },
    {
        "why": "applies a single callable preparer only, ignoring a list of preparers",
        "code": "def deserialize(self, cstruct=null):\n    appstruct = self.typ.deserialize(self, cstruct)\n\n    if self.preparer is not None and callable(self.preparer):\n        appstruct = self.preparer(appstruct)\n\n    if appstruct is null:\n        appstruct = self.missing\n        if appstruct is required:\n            raise Invalid(\n                self,\n                _(\n                    self.missing_msg,\n                    mapping={'title': self.title, 'name': self.name},\n                ),\n            )\n\n        if isinstance(appstruct, deferred):\n            raise Invalid(self, self.missing_msg)\n        return appstruct\n\n    if self.validator is not None:\n        if isinstance(self.validator, deferred):\n            raise UnboundDeferredError(\n                \"Schema node {node} has an unbound \"\n                \"deferred validator\".format(node=self)\n            )\n        self.validator(self, appstruct)\n    return appstruct\n",
        "witness": "result = SchemaNode(String(), preparer=[str.strip, str.upper]).deserialize(' ab ')",
    },
]
