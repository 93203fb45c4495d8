"""Hand-written wrong implementations of `emoji/core.py::emoji_count` (carpedm20/emoji @ 5c4b915316).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'carpedm20/emoji'
COMMIT = '5c4b9153162f4a11fc339f69cf5c9b8a5182c9c5'
TARGET = 'emoji/core.py::emoji_count'
SETUP = 'from emoji.core import emoji_count'
NEEDS = ['distinct_emoji_list', 'emoji_list']
WRONG = [
    {
        "why": 'ignores `unique`',
        "code": 'def emoji_count(string: str, unique: bool = False) -> int:\n    return len(emoji_list(string))\n',
        "witness": "result = emoji_count('\\U0001F601 \\U0001F601', unique=True)",
    },
    {
        "why": 'counts characters that are emoji, so a ZWJ sequence counts once per person',
        "code": 'def emoji_count(string: str, unique: bool = False) -> int:\n    chars = [c for c in string if c in unicode_codes.EMOJI_DATA]\n    if unique:\n        return len(set(chars))\n    return len(chars)\n',
        "witness": "result = emoji_count('\\U0001F468\\u200d\\U0001F469\\u200d\\U0001F467')",
    },
]
