"""Hand-written wrong implementations of `py_backwards/messages.py::_format_line` (nvbn/py-backwards @ fd2d89ad97).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'nvbn/py-backwards'
COMMIT = 'fd2d89ad972148024ee667eff5b9f19ac91d98ad'
TARGET = 'py_backwards/messages.py::_format_line'
SETUP = 'from py_backwards.messages import _format_line'
WRONG = [
    {
        "why": 'zero-based line numbers',
        "code": '''def _format_line(line: str, n: int, padding: int) -> str:
    """Format single line of code."""
    return '  {dim}{n}{reset}: {line}'.format(dim=Style.DIM, n=str(n).zfill(padding), line=line,
                                              reset=Style.RESET_ALL)
''',
        "witness": "result = _format_line('x = 1', 4, 3)",
    },
    {
        "why": 'pads with spaces',
        "code": '''def _format_line(line: str, n: int, padding: int) -> str:
    """Format single line of code."""
    return '  {dim}{n}{reset}: {line}'.format(dim=Style.DIM, n=str(n + 1).rjust(padding), line=line,
                                              reset=Style.RESET_ALL)
''',
        "witness": "result = _format_line('x = 1', 4, 3)",
    },
]
