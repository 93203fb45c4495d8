"""Hand-written wrong implementations of `pathspec/pathspec.py::PathSpec.match_file` (cpburnz/python-pathspec @ 6568072c27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'cpburnz/python-pathspec'
COMMIT = '6568072c2703c72796cd02467feb924540157c92'
TARGET = 'pathspec/pathspec.py::PathSpec.match_file'
SETUP = 'from pathspec import PathSpec'
NEEDS = ['normalize_file']
WRONG = [
    {
        "why": 'matches the path as given, without normalizing it',
        "code": 'def match_file(self, file, separators=None):\n    include, _index = self._backend.match_file(file)\n    return bool(include)\n',
        "witness": "result = PathSpec.from_lines('gitwildmatch', ['a/b']).match_file('/a/b')",
    },
    {
        "why": 'returns the backend include value as it is (None when no pattern matched)',
        "code": 'def match_file(self, file, separators=None):\n    norm_file = normalize_file(file, separators)\n    include, _index = self._backend.match_file(norm_file)\n    return include\n',
        "witness": "result = PathSpec.from_lines('gitwildmatch', ['*.py']).match_file('a.txt')",
    },
]
