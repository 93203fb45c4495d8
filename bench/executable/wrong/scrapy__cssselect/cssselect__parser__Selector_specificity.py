"""Hand-written wrong implementations of `cssselect/parser.py::Selector.specificity` (scrapy/cssselect @ 439ad91e89).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/cssselect'
COMMIT = '439ad91e8911e4b366945d1c9eea8db93dd5d368'
TARGET = 'cssselect/parser.py::Selector.specificity'
SETUP = 'from cssselect.parser import parse'
NEEDS = []
WRONG = [
    {
        "why": 'a pseudo-element counts as a class (b) instead of an element (c)',
        "code": 'def specificity(self) -> tuple[int, int, int]:\n    a, b, c = self.parsed_tree.specificity()\n    if self.pseudo_element:\n        b += 1\n    return a, b, c\n',
        "witness": "result = parse('a::before')[0].specificity()",
    },
    {
        "why": 'ignores the pseudo-element',
        "code": 'def specificity(self) -> tuple[int, int, int]:\n    return self.parsed_tree.specificity()\n',
        "witness": "result = parse('a::before')[0].specificity()",
    },
]
