"""Hand-written wrong implementations of `fastapi/utils.py::get_value_or_default` (tiangolo/fastapi @ 4eada92883).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before building the split (held-out set 2026-11-27d,
issue 36). Each entry: why it is a plausible mistake, the whole function, and a witness:
statements after SETUP that set `result`, whose repr differs between the reference and this
version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'tiangolo/fastapi'
COMMIT = '4eada92883e97ea3d01ce716abfa34079c691d84'
TARGET = 'fastapi/utils.py::get_value_or_default'
SETUP = 'from fastapi.utils import get_value_or_default\nfrom fastapi.datastructures import Default, DefaultPlaceholder'
WRONG = [
    {
        "why": 'returns the last non-placeholder item instead of the first (priority reversed)',
        "code": '''def get_value_or_default(
    first_item: Union[DefaultPlaceholder, DefaultType],
    *extra_items: Union[DefaultPlaceholder, DefaultType],
) -> Union[DefaultPlaceholder, DefaultType]:
    """
    Pass items or `DefaultPlaceholder`s by descending priority.

    The first one to _not_ be a `DefaultPlaceholder` will be returned.

    Otherwise, the first item (a `DefaultPlaceholder`) will be returned.
    """
    items = (first_item,) + extra_items
    result = first_item
    for item in items:
        if not isinstance(item, DefaultPlaceholder):
            result = item
    return result
''',
        "witness": 'result = get_value_or_default(Default(1), 2, 3)',
    },
    {
        "why": 'uses truthiness instead of the placeholder type: a falsy real value is skipped',
        "code": '''def get_value_or_default(
    first_item: Union[DefaultPlaceholder, DefaultType],
    *extra_items: Union[DefaultPlaceholder, DefaultType],
) -> Union[DefaultPlaceholder, DefaultType]:
    """
    Pass items or `DefaultPlaceholder`s by descending priority.

    The first one to _not_ be a `DefaultPlaceholder` will be returned.

    Otherwise, the first item (a `DefaultPlaceholder`) will be returned.
    """
    items = (first_item,) + extra_items
    for item in items:
        if item and not isinstance(item, DefaultPlaceholder):
            return item
    return first_item
''',
        "witness": 'result = get_value_or_default(Default(1), 0, 5)',
    },
    {
        "why": 'when every item is a placeholder, returns the last one instead of the first',
        "code": '''def get_value_or_default(
    first_item: Union[DefaultPlaceholder, DefaultType],
    *extra_items: Union[DefaultPlaceholder, DefaultType],
) -> Union[DefaultPlaceholder, DefaultType]:
    """
    Pass items or `DefaultPlaceholder`s by descending priority.

    The first one to _not_ be a `DefaultPlaceholder` will be returned.

    Otherwise, the first item (a `DefaultPlaceholder`) will be returned.
    """
    items = (first_item,) + extra_items
    for item in items:
        if not isinstance(item, DefaultPlaceholder):
            return item
    return items[-1]
''',
        "witness": 'result = get_value_or_default(Default(1), Default(2)).value',
    },
]
