"""Hand-written wrong implementations of `src/protego/_protego.py::Protego.can_fetch` (scrapy/protego @ 81f1b35d1a).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld22, 2026-11-30b, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/protego'
COMMIT = '81f1b35d1a2b86595fb3ff656a58a68631ba06da'
TARGET = 'src/protego/_protego.py::Protego.can_fetch'
SETUP = 'from protego import Protego'
NEEDS = ['_get_matching_rule_set', '_RuleSet']
WRONG = [
    {
        "why": "denies the URL when no group of the robots.txt names the user agent (the default is to allow)",
        "code": "def can_fetch(self, url: str, user_agent: str) -> bool:\n    \"\"\"Return True if the user agent can fetch the URL, otherwise return False.\"\"\"\n    matched_rule_set = self._get_matching_rule_set(user_agent)\n    if not matched_rule_set:\n        return False\n    return matched_rule_set.can_fetch(url)\n",
        "witness": "result = Protego.parse('User-agent: googlebot\\nDisallow: /private').can_fetch('http://example.com/a', 'otherbot')",
    },
    {
        "why": "looks the user agent up by exact name (then '*') instead of the best matching group, so 'Googlebot/2.1' misses the 'googlebot' group",
        "code": "def can_fetch(self, url: str, user_agent: str) -> bool:\n    rule_set = self._user_agents.get(user_agent.strip().lower()) or self._user_agents.get(\"*\")\n    if not rule_set:\n        return True\n    return rule_set.can_fetch(url)\n",
        "witness": "result = Protego.parse('User-agent: googlebot\\nDisallow: /').can_fetch('http://example.com/a', 'Googlebot/2.1')",
    },
]
