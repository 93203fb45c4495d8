"""Hand-written wrong implementations of `furl/furl.py::Path._path_from_segments` (gruns/furl @ 7c23332461).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'gruns/furl'
COMMIT = '7c233324610338414f77a37a2f1e1dc75b4bc9b0'
TARGET = 'furl/furl.py::Path._path_from_segments'
SETUP = 'from furl.furl import Path'
NEEDS = ['quote', 'utf8', 'attemptstr']
WRONG = [
    {
        "why": "quotes with urllib's default safe characters, so ':' and '@' are escaped",
        "code": "def _path_from_segments(self, segments):\n    segments = [quote(utf8(attemptstr(segment))) for segment in segments]\n    return '/'.join(segments)\n",
        "witness": "result = Path()._path_from_segments(['a:b@c'])",
    },
    {
        "why": 'drops empty segments, so leading and trailing slashes are lost',
        "code": "def _path_from_segments(self, segments):\n    segments = [quote(utf8(attemptstr(segment)), self.SAFE_SEGMENT_CHARS) for segment in segments if segment]\n    return '/'.join(segments)\n",
        "witness": "result = Path()._path_from_segments(['', 'a', ''])",
    },
]
