"""Hand-written wrong implementations of `spellchecker/utils.py::_parse_into_words` (barrust/pyspellchecker @ 3fac47652b).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld18, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'barrust/pyspellchecker'
COMMIT = '3fac47652bc3fd568e49bea14868a9b13b3e8121'
TARGET = 'spellchecker/utils.py::_parse_into_words'
SETUP = 'from spellchecker.utils import _parse_into_words'
NEEDS = ['re']
WRONG = [
    {
        "why": 'splits at apostrophes: \\w+ runs only',
        "code": 'def _parse_into_words(text: str) -> typing.Iterable[str]:\n    return re.findall(r"\\w+", text)\n',
        "witness": 'result = list(_parse_into_words("don\'t stop"))',
    },
    {
        "why": 'splits at whitespace and keeps the punctuation',
        "code": 'def _parse_into_words(text: str) -> typing.Iterable[str]:\n    return text.split()\n',
        "witness": "result = list(_parse_into_words('hello, world!'))",
    },
]
