"""Hand-written wrong implementations of `src/colander/__init__.py::Invalid.asdict` (Pylons/colander @ 4557c01765).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'Pylons/colander'
COMMIT = '4557c017658eb4f6a5dc289078af1a6f850f3f97'
TARGET = 'src/colander/__init__.py::Invalid.asdict'
SETUP = 'from colander import Invalid, SchemaNode, String, Mapping'
NEEDS = ['interpolate', 'paths', 'messages', '_keyname']
WRONG = [
    {
        "why": "always joins with the separator, so separator=None (a list wanted) fails",
        "code": "def asdict(self, translate=None, separator='; '):\n    paths = self.paths()\n    errors = {}\n    for path in paths:\n        keyparts = []\n        msgs = []\n        for exc in path:\n            exc.msg and msgs.extend(exc.messages())\n            keyname = exc._keyname()\n            keyname and keyparts.append(keyname)\n        if translate:\n            msgs = [translate(msg) for msg in msgs]\n        msgs = interpolate(msgs)\n        msgs = separator.join(msgs)\n        errors['.'.join(keyparts)] = msgs\n    return errors\n",
        "witness": "result = Invalid(SchemaNode(String(), name='x'), 'm').asdict(separator=None)",
    },
    {
        "why": "keeps only the leaf exception's messages, not those of the nodes above it",
        "code": "def asdict(self, translate=None, separator='; '):\n    paths = self.paths()\n    errors = {}\n    for path in paths:\n        keyparts = []\n        msgs = []\n        for exc in path:\n            keyname = exc._keyname()\n            keyname and keyparts.append(keyname)\n        leaf = path[-1]\n        leaf.msg and msgs.extend(leaf.messages())\n        if translate:\n            msgs = [translate(msg) for msg in msgs]\n        msgs = interpolate(msgs)\n        if separator:\n            msgs = separator.join(msgs)\n        else:\n            msgs = list(msgs)\n        errors['.'.join(keyparts)] = msgs\n    return errors\n",
        "witness": "node = SchemaNode(Mapping(), SchemaNode(String(), name='a'))\ne = Invalid(node, 'top')\ne['a'] = 'bad a'\nresult = e.asdict()",
    },
]
