"""Hand-written wrong implementations of `cssselect/xpath.py::GenericTranslator.css_to_xpath` (scrapy/cssselect @ 439ad91e89).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/cssselect'
COMMIT = '439ad91e8911e4b366945d1c9eea8db93dd5d368'
TARGET = 'cssselect/xpath.py::GenericTranslator.css_to_xpath'
SETUP = 'from cssselect.xpath import GenericTranslator'
NEEDS = ['parse']
WRONG = [
    {
        "why": "joins the selectors of a group with 'or' instead of the union operator",
        "code": 'def css_to_xpath(self, css: str, prefix: str = "descendant-or-self::") -> str:\n    return " or ".join(\n        self.selector_to_xpath(selector, prefix, translate_pseudo_elements=True)\n        for selector in parse(css)\n    )\n',
        "witness": "result = GenericTranslator().css_to_xpath('a, b')",
    },
    {
        "why": 'does not translate pseudo-elements, so they are silently dropped instead of refused',
        "code": 'def css_to_xpath(self, css: str, prefix: str = "descendant-or-self::") -> str:\n    return " | ".join(\n        self.selector_to_xpath(selector, prefix)\n        for selector in parse(css)\n    )\n',
        "witness": "result = GenericTranslator().css_to_xpath('a::before')",
    },
]
