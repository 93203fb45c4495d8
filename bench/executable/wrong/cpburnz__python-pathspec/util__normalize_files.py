"""Hand-written wrong implementations of `pathspec/util.py::normalize_files` (cpburnz/python-pathspec @ 6568072c27).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before any build of the repository (held-out set
execheld19, 2026-11-29, issue 36). Each entry: why it is a plausible mistake, the whole function,
and a witness: statements after SETUP that set `result`, whose repr differs between the
reference and this version. Data for bench/bench_wrong_impls.py; never imported."""


REPOSITORY = 'cpburnz/python-pathspec'
COMMIT = '6568072c2703c72796cd02467feb924540157c92'
TARGET = 'pathspec/util.py::normalize_files'
SETUP = 'import warnings; warnings.simplefilter("ignore")\nfrom pathspec.util import normalize_files'
NEEDS = ['normalize_file']
WRONG = [
    {
        "why": 'keeps only the last original path of each normalized path',
        "code": '@deprecated((\n    "pathspec.util.normalize_files() is deprecated. Use normalize_file() with a "\n    "loop for better results."\n))\ndef normalize_files(files, separators=None):\n    norm_files = {}\n    for path in files:\n        norm_file = normalize_file(path, separators=separators)\n        norm_files[norm_file] = [path]\n    return norm_files\n',
        "witness": "result = normalize_files(['a/b', '/a/b'])",
    },
    {
        "why": 'lists the normalized path instead of the original one',
        "code": '@deprecated((\n    "pathspec.util.normalize_files() is deprecated. Use normalize_file() with a "\n    "loop for better results."\n))\ndef normalize_files(files, separators=None):\n    norm_files = {}\n    for path in files:\n        norm_file = normalize_file(path, separators=separators)\n        norm_files.setdefault(norm_file, []).append(norm_file)\n    return norm_files\n',
        "witness": "result = normalize_files(['/a'])",
    },
]
