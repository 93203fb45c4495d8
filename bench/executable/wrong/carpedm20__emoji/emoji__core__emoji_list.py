"""Hand-written wrong implementations of `emoji/core.py::emoji_list` (carpedm20/emoji @ 5c4b915316).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'carpedm20/emoji'
COMMIT = '5c4b9153162f4a11fc339f69cf5c9b8a5182c9c5'
TARGET = 'emoji/core.py::emoji_list'
SETUP = 'from emoji.core import emoji_list'
NEEDS = ['tokenize', 'EmojiMatch']
WRONG = [
    {
        "why": 'assumes one character per emoji: match_end is start + 1',
        "code": "def emoji_list(string: str) -> List[_EmojiListReturn]:\n    return [\n        {\n            'match_start': m.value.start,\n            'match_end': m.value.start + 1,\n            'emoji': m.value.emoji,\n        }\n        for m in tokenize(string, keep_zwj=False)\n        if isinstance(m.value, EmojiMatch)\n    ]\n",
        "witness": "result = emoji_list('a\\U0001F44D\\U0001F3FD b')",
    },
    {
        "why": 'looks up single characters in EMOJI_DATA instead of tokenizing multi-character emoji',
        "code": "def emoji_list(string: str) -> List[_EmojiListReturn]:\n    return [\n        {'match_start': i, 'match_end': i + 1, 'emoji': c}\n        for i, c in enumerate(string)\n        if c in unicode_codes.EMOJI_DATA\n    ]\n",
        "witness": "result = emoji_list('\\U0001F468\\u200d\\U0001F469\\u200d\\U0001F467!')",
    },
]
