"""Hand-written wrong implementations of `wcwidth/escape_sequences.py::iter_sequences` (jquast/wcwidth @ 614156bc9c).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld17, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'jquast/wcwidth'
COMMIT = '614156bc9cb54d5c552abec07a09d72b8df4f841'
TARGET = 'wcwidth/escape_sequences.py::iter_sequences'
SETUP = 'from wcwidth.escape_sequences import iter_sequences'
NEEDS = ['ZERO_WIDTH_PATTERN']
WRONG = [
    {
        "why": 'a lone or unknown ESC stays in the text segment',
        "code": "def iter_sequences(text: str) -> typing.Iterator[typing.Tuple[str, bool]]:\n    idx = 0\n    segment_start = 0\n    while idx < len(text):\n        if text[idx] == '\\x1b':\n            match = ZERO_WIDTH_PATTERN.match(text, idx)\n            if match:\n                if idx > segment_start:\n                    yield (text[segment_start:idx], False)\n                yield (match.group(), True)\n                idx = match.end()\n                segment_start = idx\n                continue\n        idx += 1\n    if segment_start < len(text):\n        yield (text[segment_start:], False)\n",
        "witness": "result = list(iter_sequences('a\\x1b'))",
    },
    {
        "why": 'never yields the text after the last sequence',
        "code": "def iter_sequences(text: str) -> typing.Iterator[typing.Tuple[str, bool]]:\n    idx = 0\n    segment_start = 0\n    while idx < len(text):\n        if text[idx] == '\\x1b':\n            if idx > segment_start:\n                yield (text[segment_start:idx], False)\n            match = ZERO_WIDTH_PATTERN.match(text, idx)\n            if match:\n                yield (match.group(), True)\n                idx = match.end()\n            else:\n                yield (text[idx], True)\n                idx += 1\n            segment_start = idx\n        else:\n            idx += 1\n",
        "witness": "result = list(iter_sequences('\\x1b[31mred'))",
    },
]
