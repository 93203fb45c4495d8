"""Hand-written wrong implementations of `spellchecker/spellchecker.py::SpellChecker.edit_distance_1` (barrust/pyspellchecker @ 3fac47652b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'barrust/pyspellchecker'
COMMIT = '3fac47652bc3fd568e49bea14868a9b13b3e8121'
TARGET = 'spellchecker/spellchecker.py::SpellChecker.edit_distance_1'
SETUP = 'from spellchecker import SpellChecker'
NEEDS = ['ensure_unicode']
WRONG = [
    {
        "why": 'forgets transpositions of adjacent letters',
        "code": 'def edit_distance_1(self, word: KeyT) -> set[str]:\n    tmp_word = ensure_unicode(word).lower() if not self._case_sensitive else ensure_unicode(word)\n    if self._check_if_should_check(tmp_word) is False:\n        return {tmp_word}\n    letters = self._word_frequency.letters\n    splits = [(tmp_word[:i], tmp_word[i:]) for i in range(len(tmp_word) + 1)]\n    deletes = [L + R[1:] for L, R in splits if R]\n    replaces = [L + c + R[1:] for L, R in splits if R for c in letters]\n    inserts = [L + c + R for L, R in splits for c in letters]\n    return set(deletes + replaces + inserts)\n',
        "witness": "sc = SpellChecker(language=None); sc.word_frequency.load_words(['ab']); result = 'ba' in sc.edit_distance_1('ab')",
    },
    {
        "why": 'does not lower-case the word of a case-insensitive checker',
        "code": 'def edit_distance_1(self, word: KeyT) -> set[str]:\n    tmp_word = ensure_unicode(word)\n    if self._check_if_should_check(tmp_word) is False:\n        return {tmp_word}\n    letters = self._word_frequency.letters\n    splits = [(tmp_word[:i], tmp_word[i:]) for i in range(len(tmp_word) + 1)]\n    deletes = [L + R[1:] for L, R in splits if R]\n    transposes = [L + R[1] + R[0] + R[2:] for L, R in splits if len(R) > 1]\n    replaces = [L + c + R[1:] for L, R in splits if R for c in letters]\n    inserts = [L + c + R for L, R in splits for c in letters]\n    return set(deletes + transposes + replaces + inserts)\n',
        "witness": "sc = SpellChecker(language=None); sc.word_frequency.load_words(['ab']); result = 'ab' in sc.edit_distance_1('AB')",
    },
]
