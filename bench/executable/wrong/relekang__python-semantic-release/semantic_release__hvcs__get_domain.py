"""Hand-written wrong implementations of `semantic_release/hvcs.py::get_domain` (relekang/python-semantic-release @ d51b999a24).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'relekang/python-semantic-release'
COMMIT = 'd51b999a245a4e56ff7a09d0495c75336f2f150d'
TARGET = 'semantic_release/hvcs.py::get_domain'
SETUP = 'from semantic_release.hvcs import get_domain'
WRONG = [
    {
        "why": "hard-codes GitHub's domain instead of asking the configured VCS",
        "code": '''def get_domain() -> Optional[str]:
    """
    Returns the domain for the current VCS

    :return: The domain in string form
    """
    return "github.com"
''',
        "witness": "from semantic_release.settings import config\nconfig['hvcs'] = 'gitlab'\nresult = get_domain()",
    },
    {
        "why": 'returns the API URL instead of the domain',
        "code": '''def get_domain() -> Optional[str]:
    """
    Returns the domain for the current VCS

    :return: The domain in string form
    """
    return get_hvcs().api_url()
''',
        "witness": 'result = get_domain()',
    },
]
