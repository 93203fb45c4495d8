"""Hand-written wrong implementations of `slugify/slugify.py::smart_truncate` (un33k/python-slugify @ 7b6d5d96c1).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld15, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'un33k/python-slugify'
COMMIT = '7b6d5d96c1995e6dccb39a19a13ba78d7d0a3ee4'
TARGET = 'slugify/slugify.py::smart_truncate'
SETUP = 'from slugify.slugify import smart_truncate'
NEEDS = []
WRONG = [
    {
        "why": 'ignores save_order: shorter later words are still added',
        "code": '''def smart_truncate(string: str, max_length: int = 0, word_boundary: bool = False, separator: str = " ", save_order: bool = False) -> str:
    string = string.strip(separator)
    if not max_length:
        return string
    if len(string) < max_length:
        return string
    if not word_boundary:
        return string[:max_length].strip(separator)
    if separator not in string:
        return string[:max_length]
    truncated = ''
    for word in string.split(separator):
        if word:
            next_len = len(truncated) + len(word)
            if next_len < max_length:
                truncated += '{}{}'.format(word, separator)
            elif next_len == max_length:
                truncated += '{}'.format(word)
                break
    if not truncated:
        truncated = string[:max_length]
    return truncated.strip(separator)
''',
        "witness": "result = smart_truncate('one two three a', 10, True, ' ', True)",
    },
    {
        "why": 'cut without word boundary keeps a trailing separator',
        "code": '''def smart_truncate(string: str, max_length: int = 0, word_boundary: bool = False, separator: str = " ", save_order: bool = False) -> str:
    string = string.strip(separator)
    if not max_length:
        return string
    if len(string) < max_length:
        return string
    if not word_boundary:
        return string[:max_length]
    if separator not in string:
        return string[:max_length]
    truncated = ''
    for word in string.split(separator):
        if word:
            next_len = len(truncated) + len(word)
            if next_len < max_length:
                truncated += '{}{}'.format(word, separator)
            elif next_len == max_length:
                truncated += '{}'.format(word)
                break
            else:
                if save_order:
                    break
    if not truncated:
        truncated = string[:max_length]
    return truncated.strip(separator)
''',
        "witness": "result = smart_truncate('hello world', 6)",
    },
]
