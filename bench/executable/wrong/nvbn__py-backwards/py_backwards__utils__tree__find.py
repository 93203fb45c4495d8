"""Hand-written wrong implementations of `py_backwards/utils/tree.py::find` (nvbn/py-backwards @ fd2d89ad97).

Written from the function's signature, docstring and code only, before reading any test of
the repository or any generated test (issue 36). Each entry: why it is a plausible mistake,
the whole function, and a witness: statements after SETUP that set `result`, whose repr
differs between the reference and this version. Data for bench/bench_wrong_impls.py; never imported."""

REPOSITORY = 'nvbn/py-backwards'
COMMIT = 'fd2d89ad972148024ee667eff5b9f19ac91d98ad'
TARGET = 'py_backwards/utils/tree.py::find'
SETUP = 'import ast\nfrom py_backwards.utils.tree import find'
WRONG = [
    {
        "why": 'only the direct children',
        "code": '''def find(tree: ast.AST, type_: Type[T]) -> Iterable[T]:
    """Finds all nodes with type T."""
    for node in ast.iter_child_nodes(tree):
        if isinstance(node, type_):
            yield node
''',
        "witness": "result = len(list(find(ast.parse('def f():\\n    return g(h(1))'), ast.Call)))",
    },
    {
        "why": 'first match only',
        "code": '''def find(tree: ast.AST, type_: Type[T]) -> Iterable[T]:
    """Finds all nodes with type T."""
    for node in ast.walk(tree):
        if isinstance(node, type_):
            yield node
            return
''',
        "witness": "result = len(list(find(ast.parse('a(b(c))'), ast.Call)))",
    },
]
