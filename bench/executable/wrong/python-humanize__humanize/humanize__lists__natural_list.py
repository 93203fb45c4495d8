"""Hand-written wrong implementations of `src/humanize/lists.py::natural_list` (python-humanize/humanize @ c3a124cdeb).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test, and before reading the build's output (held-out set
2026-11-27e, issue 36). Each entry: why it is a plausible mistake, the whole function, and a
witness: statements after SETUP that set `result`, whose repr differs between the reference
and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'python-humanize/humanize'
COMMIT = 'c3a124cdeb272d7f63bc0aa66f79c6fbafd2fc6d'
TARGET = 'src/humanize/lists.py::natural_list'
SETUP = 'from humanize.lists import natural_list'
WRONG = [
    {
        "why": "Oxford comma before 'and' for three or more items",
        "code": '''def natural_list(items: list[Any]) -> str:
    """Natural list."""
    if not items:
        return ""
    if len(items) == 1:
        return str(items[0])
    elif len(items) == 2:
        return f"{str(items[0])} and {str(items[1])}"
    else:
        return ", ".join([str(item) for item in items[:-1]]) + f", and {str(items[-1])}"
''',
        "witness": "result = natural_list(['a', 'b', 'c'])",
    },
    {
        "why": 'returns the single item itself, not its string',
        "code": '''def natural_list(items: list[Any]) -> str:
    """Natural list."""
    if not items:
        return ""
    if len(items) == 1:
        return items[0]
    if len(items) == 2:
        return f"{items[0]} and {items[1]}"
    return ", ".join(str(item) for item in items[:-1]) + f" and {items[-1]}"
''',
        "witness": 'result = natural_list([7])',
    },
]
