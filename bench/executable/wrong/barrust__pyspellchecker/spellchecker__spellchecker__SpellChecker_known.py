"""Hand-written wrong implementations of `spellchecker/spellchecker.py::SpellChecker.known` (barrust/pyspellchecker @ 3fac47652b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'barrust/pyspellchecker'
COMMIT = '3fac47652bc3fd568e49bea14868a9b13b3e8121'
TARGET = 'spellchecker/spellchecker.py::SpellChecker.known'
SETUP = 'from spellchecker import SpellChecker'
NEEDS = ['ensure_unicode']
WRONG = [
    {
        "why": 'returns the words as given, not lower-cased',
        "code": 'def known(self, words: typing.Iterable[KeyT]) -> set[str]:\n    tmp_words = [ensure_unicode(w) for w in words]\n    return {w for w in tmp_words\n            if (w if self._case_sensitive else w.lower()) in self._word_frequency.dictionary\n            and self._check_if_should_check(w)}\n',
        "witness": "sc = SpellChecker(language=None); sc.word_frequency.load_words(['hello']); result = sorted(sc.known(['HELLO']))",
    },
    {
        "why": 'does not skip words that should not be checked (punctuation, numbers)',
        "code": 'def known(self, words: typing.Iterable[KeyT]) -> set[str]:\n    tmp_words = [ensure_unicode(w) for w in words]\n    tmp = [w if self._case_sensitive else w.lower() for w in tmp_words]\n    return {w for w in tmp if w in self._word_frequency.dictionary}\n',
        "witness": 'sc = SpellChecker(language=None); sc.word_frequency.load_json({"\'": 3, \'a\': 1}); result = sorted(sc.known(["\'"]))',
    },
]
