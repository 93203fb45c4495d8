"""Hand-written wrong implementations of `src/protego/_ruleset.py::_RuleSet.can_fetch` (scrapy/protego @ 81f1b35d1a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/protego'
COMMIT = '81f1b35d1a2b86595fb3ff656a58a68631ba06da'
TARGET = 'src/protego/_ruleset.py::_RuleSet.can_fetch'
SETUP = 'from protego import Protego'
NEEDS = ['_quote_path', '_URLPattern.match']
WRONG = [
    {
        "why": "matches the rules against the URL as given (no _quote_path: a full URL never matches a path rule)",
        "code": "def can_fetch(self, url: str) -> bool:\n    \"\"\"Return if the url can be fetched.\"\"\"\n    allowed = True\n    for rule in self._rules:\n        if rule.value.match(url):\n            if rule.field == \"disallow\":\n                allowed = False\n            break\n    return allowed\n",
        "witness": "result = Protego.parse('User-agent: *\\nDisallow: /a').can_fetch('http://example.com/a', 'bot')",
    },
    {
        "why": "the last matching rule decides instead of the first of the sorted rules (the longest one)",
        "code": "def can_fetch(self, url: str) -> bool:\n    url = _quote_path(url)\n    allowed = True\n    for rule in self._rules:\n        if rule.value.match(url):\n            allowed = rule.field == \"allow\"\n    return allowed\n",
        "witness": "result = Protego.parse('User-agent: *\\nDisallow: /a\\nAllow: /a/b').can_fetch('http://example.com/a/b', 'bot')",
    },
]
