"""Hand-written wrong implementations of `src/protego/_urlpattern.py::_URLPattern.match` (scrapy/protego @ 81f1b35d1a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/protego'
COMMIT = '81f1b35d1a2b86595fb3ff656a58a68631ba06da'
TARGET = 'src/protego/_urlpattern.py::_URLPattern.match'
SETUP = 'from protego._urlpattern import _URLPattern'
NEEDS = ['_prepare_pattern_for_regex']
WRONG = [
    {
        "why": "a trailing '$' is read as a prefix (startswith) instead of the end of the URL",
        "code": "def match(self, url: str) -> bool:\n    \"\"\"Return True if pattern matches the given URL, otherwise return False.\"\"\"\n    # check if pattern is already compiled\n    if self._pattern_compiled is not None:\n        return bool(self._pattern_compiled.match(url))\n\n    if not self._contains_asterisk:\n        if not self._contains_dollar:\n            # answer directly for patterns without wildcards\n            return url.startswith(self._pattern)\n\n        # pattern only contains $ wildcard.\n        return url.startswith(self._pattern_before_dollar)\n\n    if not url.startswith(self._pattern_before_asterisk):\n        return False\n\n    _pattern_regex = self._prepare_pattern_for_regex(self._pattern)\n    self._pattern_compiled = re.compile(_pattern_regex)\n    return bool(self._pattern_compiled.match(url))\n",
        "witness": "result = _URLPattern('/a$').match('/ab')",
    },
    {
        "why": "searches the compiled pattern anywhere in the URL (re.search) instead of from its start; the prefix check runs only before the first compile",
        "code": "def match(self, url: str) -> bool:\n    \"\"\"Return True if pattern matches the given URL, otherwise return False.\"\"\"\n    # check if pattern is already compiled\n    if self._pattern_compiled is not None:\n        return bool(self._pattern_compiled.search(url))\n\n    if not self._contains_asterisk:\n        if not self._contains_dollar:\n            # answer directly for patterns without wildcards\n            return url.startswith(self._pattern)\n\n        # pattern only contains $ wildcard.\n        return url == self._pattern_before_dollar\n\n    if not url.startswith(self._pattern_before_asterisk):\n        return False\n\n    _pattern_regex = self._prepare_pattern_for_regex(self._pattern)\n    self._pattern_compiled = re.compile(_pattern_regex)\n    return bool(self._pattern_compiled.search(url))\n",
        "witness": "p = _URLPattern('/a*b')\np.match('/a1b')\nresult = p.match('/x/a1b')",
    },
]
