"""Hand-written wrong implementations of `pathspec/util.py::normalize_file` (cpburnz/python-pathspec @ 6568072c27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'cpburnz/python-pathspec'
COMMIT = '6568072c2703c72796cd02467feb924540157c92'
TARGET = 'pathspec/util.py::normalize_file'
SETUP = 'from pathspec.util import normalize_file'
NEEDS = ['NORMALIZE_PATH_SEPS', 'os', 'posixpath']
WRONG = [
    {
        "why": 'strips every leading slash instead of one',
        "code": "def normalize_file(file, separators=None):\n    if separators is None:\n        separators = NORMALIZE_PATH_SEPS\n    norm_file = os.fspath(file)\n    for sep in separators:\n        norm_file = norm_file.replace(sep, posixpath.sep)\n    norm_file = norm_file.lstrip('/')\n    if norm_file.startswith('./'):\n        norm_file = norm_file[2:]\n    return norm_file\n",
        "witness": "result = normalize_file('//a/b')",
    },
    {
        "why": 'never removes the current-directory prefix ./',
        "code": "def normalize_file(file, separators=None):\n    if separators is None:\n        separators = NORMALIZE_PATH_SEPS\n    norm_file = os.fspath(file)\n    for sep in separators:\n        norm_file = norm_file.replace(sep, posixpath.sep)\n    if norm_file.startswith('/'):\n        norm_file = norm_file[1:]\n    return norm_file\n",
        "witness": "result = normalize_file('./a/b')",
    },
]
