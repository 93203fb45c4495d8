"""Hand-written wrong implementations of `semantic_release/hvcs.py::check_token` (relekang/python-semantic-release @ d51b999a24).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'relekang/python-semantic-release'
COMMIT = 'd51b999a245a4e56ff7a09d0495c75336f2f150d'
TARGET = 'semantic_release/hvcs.py::check_token'
SETUP = 'import os\nfrom semantic_release.hvcs import check_token'
WRONG = [
    {
        "why": 'truthiness instead of presence: an empty token counts as none',
        "code": '''def check_token() -> bool:
    """
    Checks whether there exists a token or not.

    :return: A boolean telling if there is a token.
    """
    return bool(get_hvcs().token())
''',
        "witness": "os.environ['GH_TOKEN'] = ''\nresult = check_token()",
    },
    {
        "why": 'returns the token itself rather than a boolean',
        "code": '''def check_token() -> bool:
    """
    Checks whether there exists a token or not.

    :return: A boolean telling if there is a token.
    """
    return get_hvcs().token()
''',
        "witness": "os.environ['GH_TOKEN'] = 'abc'\nresult = check_token()",
    },
]
