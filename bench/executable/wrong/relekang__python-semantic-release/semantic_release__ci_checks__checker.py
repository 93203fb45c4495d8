"""Hand-written wrong implementations of `semantic_release/ci_checks.py::checker` (relekang/python-semantic-release @ d51b999a24).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27c,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'relekang/python-semantic-release'
COMMIT = 'd51b999a245a4e56ff7a09d0495c75336f2f150d'
TARGET = 'semantic_release/ci_checks.py::checker'
SETUP = 'from semantic_release.ci_checks import checker\nfrom semantic_release.errors import CiVerificationError'
WRONG = [
    {
        "why": "returns the wrapped check's own result (None) instead of True",
        "code": '''def checker(func: Callable) -> Callable:
    """
    A decorator that will convert AssertionErrors into
    CiVerificationError.

    :param func: A function that will raise AssertionError
    :return: The given function wrapped to raise a CiVerificationError on AssertionError
    """

    def func_wrapper(*args, **kwargs):
        try:
            return func(*args, **kwargs)
        except AssertionError:
            raise CiVerificationError(
                "The verification check for the environment did not pass."
            )

    return func_wrapper
''',
        "witness": "def check(branch):\n    assert branch == 'master'\nresult = checker(check)('master')",
    },
    {
        "why": 'turns every exception into CiVerificationError, not only AssertionError',
        "code": '''def checker(func: Callable) -> Callable:
    """
    A decorator that will convert AssertionErrors into
    CiVerificationError.

    :param func: A function that will raise AssertionError
    :return: The given function wrapped to raise a CiVerificationError on AssertionError
    """

    def func_wrapper(*args, **kwargs):
        try:
            func(*args, **kwargs)
            return True
        except Exception:
            raise CiVerificationError(
                "The verification check for the environment did not pass."
            )

    return func_wrapper
''',
        "witness": "def check(branch):\n    raise KeyError(branch)\nresult = checker(check)('master')",
    },
]
