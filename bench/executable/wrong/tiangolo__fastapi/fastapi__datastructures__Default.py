"""Hand-written wrong implementations of `fastapi/datastructures.py::Default` (tiangolo/fastapi @ 4eada92883).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27d,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'tiangolo/fastapi'
COMMIT = '4eada92883e97ea3d01ce716abfa34079c691d84'
TARGET = 'fastapi/datastructures.py::Default'
SETUP = 'from fastapi.datastructures import Default, DefaultPlaceholder'
WRONG = [
    {
        "why": 'returns the value itself, not a placeholder wrapping it',
        "code": '''def Default(value: DefaultType) -> DefaultType:
    """
    You shouldn't use this function directly.

    It's used internally to recognize when a default value has been overwritten, even
    if the overridden default value was truthy.
    """
    return value
''',
        "witness": 'result = isinstance(Default(3), DefaultPlaceholder)',
    },
    {
        "why": 'wraps a placeholder only for truthy values (falsy defaults pass through)',
        "code": '''def Default(value: DefaultType) -> DefaultType:
    """
    You shouldn't use this function directly.

    It's used internally to recognize when a default value has been overwritten, even
    if the overridden default value was truthy.
    """
    if not value:
        return value
    return DefaultPlaceholder(value)  # type: ignore
''',
        "witness": 'result = isinstance(Default(None), DefaultPlaceholder)',
    },
]
