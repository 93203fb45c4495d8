"""Hand-written wrong implementations of `emoji/core.py::replace_emoji` (carpedm20/emoji @ 5c4b915316).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'carpedm20/emoji'
COMMIT = '5c4b9153162f4a11fc339f69cf5c9b8a5182c9c5'
TARGET = 'emoji/core.py::replace_emoji'
SETUP = 'from emoji.core import replace_emoji'
NEEDS = ['tokenize', 'config', 'filter_tokens', 'EmojiMatch']
WRONG = [
    {
        "why": 'the version test is inverted: replaces the emoji up to the version instead of those above it',
        "code": "def replace_emoji(string: str, replace: Union[str, Callable[[str, Dict[str, str]], str]] = '', version: float = -1) -> str:\n    def handle(emoji_match: EmojiMatch) -> str:\n        if version > -1:\n            if emoji_match.data['E'] <= version:\n                if callable(replace):\n                    return replace(emoji_match.emoji, emoji_match.data_copy())\n                else:\n                    return str(replace)\n        elif callable(replace):\n            return replace(emoji_match.emoji, emoji_match.data_copy())\n        elif replace is not None:\n            return replace\n        return emoji_match.emoji\n\n    matches = tokenize(string, keep_zwj=config.replace_emoji_keep_zwj)\n    if config.replace_emoji_keep_zwj:\n        matches = filter_tokens(matches, emoji_only=False, join_emoji=True)\n    return ''.join(\n        str(handle(m.value)) if isinstance(m.value, EmojiMatch) else m.value\n        for m in matches\n    )\n",
        "witness": "result = replace_emoji('\\U0001F601 \\U0001F972', replace='X', version=5)",
    },
    {
        "why": "a falsy replacement (the default '') keeps the emoji instead of removing it",
        "code": "def replace_emoji(string: str, replace: Union[str, Callable[[str, Dict[str, str]], str]] = '', version: float = -1) -> str:\n    def handle(emoji_match: EmojiMatch) -> str:\n        if version > -1:\n            if emoji_match.data['E'] > version:\n                if callable(replace):\n                    return replace(emoji_match.emoji, emoji_match.data_copy())\n                else:\n                    return str(replace)\n        elif callable(replace):\n            return replace(emoji_match.emoji, emoji_match.data_copy())\n        elif replace:\n            return replace\n        return emoji_match.emoji\n\n    matches = tokenize(string, keep_zwj=config.replace_emoji_keep_zwj)\n    if config.replace_emoji_keep_zwj:\n        matches = filter_tokens(matches, emoji_only=False, join_emoji=True)\n    return ''.join(\n        str(handle(m.value)) if isinstance(m.value, EmojiMatch) else m.value\n        for m in matches\n    )\n",
        "witness": "result = replace_emoji('a\\U0001F601b')",
    },
]
