"""Hand-written wrong implementations of `furl/furl.py::Path.add` (gruns/furl @ 7c23332461).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gruns/furl'
COMMIT = '7c233324610338414f77a37a2f1e1dc75b4bc9b0'
TARGET = 'furl/furl.py::Path.add'
SETUP = 'from furl.furl import Path'
NEEDS = ['quacks_like_a_path_with_segments', 'is_iterable_but_not_string', 'join_path_segments']
WRONG = [
    {
        "why": "loses the opening '/' of a path that is only '/'",
        "code": "def add(self, path):\n    if quacks_like_a_path_with_segments(path):\n        newsegments = path.segments\n    elif is_iterable_but_not_string(path):\n        newsegments = path\n    else:\n        newsegments = self._segments_from_path(path)\n    segments = self.segments\n    if self.isabsolute and self.segments and self.segments[0] != '':\n        segments.insert(0, '')\n    self.load(join_path_segments(segments, newsegments))\n    return self\n",
        "witness": "result = str(Path('/').add('a'))",
    },
    {
        "why": 'splits a path string on slashes without decoding its segments',
        "code": "def add(self, path):\n    if quacks_like_a_path_with_segments(path):\n        newsegments = path.segments\n    elif is_iterable_but_not_string(path):\n        newsegments = path\n    else:\n        newsegments = path.split('/')\n    if self.segments == [''] and newsegments and newsegments[0] != '':\n        newsegments.insert(0, '')\n    segments = self.segments\n    if self.isabsolute and self.segments and self.segments[0] != '':\n        segments.insert(0, '')\n    self.load(join_path_segments(segments, newsegments))\n    return self\n",
        "witness": "result = Path('a').add('b%20c').segments",
    },
]
