"""Hand-written wrong implementations of `emoji/core.py::is_emoji` (carpedm20/emoji @ 5c4b915316).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'carpedm20/emoji'
COMMIT = '5c4b9153162f4a11fc339f69cf5c9b8a5182c9c5'
TARGET = 'emoji/core.py::is_emoji'
SETUP = 'from emoji.core import is_emoji'
NEEDS = ['unicode_codes']
WRONG = [
    {
        "why": 'true when any character is an emoji, not when the whole string is one',
        "code": 'def is_emoji(string: str) -> bool:\n    return any(c in unicode_codes.EMOJI_DATA for c in string)\n',
        "witness": "result = is_emoji('a\\U0001F601')",
    },
    {
        "why": "also accepts an English shortcode such as ':thumbs_up:'",
        "code": "def is_emoji(string: str) -> bool:\n    if string in unicode_codes.EMOJI_DATA:\n        return True\n    return unicode_codes.get_emoji_by_name(string, 'en') is not None\n",
        "witness": "result = is_emoji(':thumbs_up:')",
    },
]
