"""Hand-written wrong implementations of `src/colander/__init__.py::Invalid.messages` (Pylons/colander @ 4557c01765).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld20, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'Pylons/colander'
COMMIT = '4557c017658eb4f6a5dc289078af1a6f850f3f97'
TARGET = 'src/colander/__init__.py::Invalid.messages'
SETUP = 'from colander import Invalid'
NEEDS = ['is_nonstr_iter']
WRONG = [
    {
        "why": "treats a string message as an iterable of messages",
        "code": "def messages(self):\n    if hasattr(self.msg, '__iter__'):\n        return self.msg\n    if self.msg is None:\n        return []\n    return [self.msg]\n",
        "witness": "result = Invalid(None, 'bad').messages()",
    },
    {
        "why": "wraps a missing message (None) in a list",
        "code": "def messages(self):\n    if is_nonstr_iter(self.msg):\n        return self.msg\n    return [self.msg]\n",
        "witness": "result = Invalid(None).messages()",
    },
]
