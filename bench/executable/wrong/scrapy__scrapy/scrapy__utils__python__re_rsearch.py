"""Hand-written wrong implementations of `scrapy/utils/python.py::re_rsearch` (scrapy/scrapy @ e63188cbf7).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld16, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'scrapy/scrapy'
COMMIT = 'e63188cbf753d560e43d8489c821bd6eb9fe54e9'
TARGET = 'scrapy/utils/python.py::re_rsearch'
SETUP = 'from scrapy.utils.python import re_rsearch'
NEEDS = ['re']
WRONG = [
    {
        "why": 'returns the first match of the chunk, not the last one',
        "code": 'def re_rsearch(pattern, text, chunk_size=1024):\n    def _chunk_iter():\n        offset = len(text)\n        while True:\n            offset -= (chunk_size * 1024)\n            if offset <= 0:\n                break\n            yield (text[offset:], offset)\n        yield (text, 0)\n\n    if isinstance(pattern, str):\n        pattern = re.compile(pattern)\n\n    for chunk, offset in _chunk_iter():\n        match = pattern.search(chunk)\n        if match:\n            start, end = match.span()\n            return offset + start, offset + end\n    return None\n',
        "witness": "result = re_rsearch('a', 'xaxa')",
    },
    {
        "why": "positions relative to the chunk: the chunk's offset in the text is not added",
        "code": 'def re_rsearch(pattern, text, chunk_size=1024):\n    def _chunk_iter():\n        offset = len(text)\n        while True:\n            offset -= (chunk_size * 1024)\n            if offset <= 0:\n                break\n            yield (text[offset:], offset)\n        yield (text, 0)\n\n    if isinstance(pattern, str):\n        pattern = re.compile(pattern)\n\n    for chunk, offset in _chunk_iter():\n        matches = [match for match in pattern.finditer(chunk)]\n        if matches:\n            return matches[-1].span()\n    return None\n',
        "witness": "result = re_rsearch('b', 'a' * 3000 + 'b', chunk_size=1)",
    },
]
