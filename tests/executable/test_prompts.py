"""RepoExec's three prompt sizes and the instruction prompt: content and validity."""

from __future__ import annotations

import ast

from crossfile_datasets.builders.functions import (
    SIZES,
    _without_imported,
    build_prompts,
    function_signature,
    instruct_prompts,
    render_definition,
    resolve_dependencies,
    select_candidates,
)
from tests.executable.test_candidates import analyze


def prompts_for(repo, qualname):
    facts, report = analyze(repo)
    cand = next(c for c in select_candidates(facts, report) if c.qualname == qualname)
    cand.dependencies = resolve_dependencies(cand, facts)
    cand.prompts = build_prompts(cand, facts, cand.dependencies)
    return facts, cand


def test_three_sizes_of_a_function_prompt(calc_repo):
    facts, cand = prompts_for(calc_repo, "compute")
    full, medium, small = (cand.prompts[s] for s in SIZES)
    for text in (full, medium, small):
        ast.parse(text)  # valid Python at every size
        # the file's import lines whole, as RepoExec keeps them, then the pasted definitions
        assert text.startswith('from typing import List\nfrom . import util as u\nfrom .util import RATE, Base, helper\n'
                               'import pkg.util\n')
        assert text.count("def helper(") == 1
        assert text.rstrip().endswith('"""Sum the helper of every value, clamped, then scale the total."""')
        assert "total += _local(helper(v))" not in text  # never the target's body
        assert "RATE = 3" in text  # a cross-file constant is shown whole at every size
        assert "UNUSED" not in text
    # full: dependency bodies
    assert "y = min(x, LIMIT)" in full and "return y + RATE" in full
    # medium: signatures and docstrings, no bodies
    assert '"""Double the value and add the module rate."""' in medium
    assert "return y + RATE" not in medium and "y = min(x, LIMIT)" not in medium
    # small: signatures only
    assert "def helper(x: int) -> int:\n    ..." in small
    assert "Double the value" not in small
    # dependency order: cross-file (files in import order, each in source order), then in-file
    assert full.index("def helper(") < full.index("def scale(") < full.index("def _local(")


def test_method_prompt_ends_inside_its_class(calc_repo):
    facts, cand = prompts_for(calc_repo, "Calc.total")
    for size in SIZES:
        text = cand.prompts[size]
        tree = ast.parse(text)
        last = tree.body[-1]
        assert isinstance(last, ast.ClassDef) and last.name == "Calc"
        method = last.body[-1]
        assert isinstance(method, ast.FunctionDef) and method.name == "total"
        assert ast.get_docstring(method) == "Scaled total of the values with an offset.\n\nEvery value is scaled first."
        assert 'unit = "m"' in text  # class fields at every size
        assert "def _scale(self, x):" in text and "def __init__(self, factor: int) -> None:" in text
        assert "def name(self)" not in text  # members the target does not use are left out
    assert "y = x * self.factor" in cand.prompts["full_context"]
    assert "y = x * self.factor" not in cand.prompts["medium_context"]
    assert "Multiply by the factor" in cand.prompts["medium_context"]
    assert "Multiply by the factor" not in cand.prompts["small_context"]
    # the original indentation of the docstring is kept
    assert "\n        Every value is scaled first.\n" in cand.prompts["small_context"]


def test_instruction_prompt(calc_repo):
    facts, cand = prompts_for(calc_repo, "compute")
    contexts = build_prompts(cand, facts, cand.dependencies, include_target=False)
    instruct = instruct_prompts(cand, contexts)
    text = instruct["medium_context"]
    assert "Write a Python function `def compute(values: List[int]) -> int` to solve the following problem:" in text
    assert text.rstrip().endswith(cand.target_prompt.rstrip())
    assert text.count("def compute(") == 2  # once in the instruction, once as the target


def test_render_definition_and_signature():
    code = '@decorate\ndef f(a,\n      b=1) -> int:  # why\n    """Explain f in a sentence."""\n    x = a\n    return x + b\n'
    assert render_definition(code, "full_context") == code
    medium = render_definition(code, "medium_context")
    assert '"""Explain f in a sentence."""' in medium and "return x + b" not in medium and "@decorate" in medium
    small = render_definition(code, "small_context")
    assert "Explain" not in small and small.rstrip().endswith("...")
    assert function_signature(code) == "def f(a,\n      b=1) -> int:"
    one_liner = "def g(x): return x\n"
    assert render_definition(one_liner, "small_context") == "def g(x):\n    ...\n"
    ast.parse(render_definition(one_liner, "medium_context"))
    assignment = "X = compute(1, 2)\n"
    assert render_definition(assignment, "small_context") == assignment


FUNCTIONAL = {
    "fp/__init__.py": "",
    "fp/core.py": '''from typing import Callable, Generic, List, TypeVar

T = TypeVar("T")


def curried(fn):
    """Let a function take its arguments one at a time."""
    def step(*args):
        return fn(*args)
    return step


@curried
def first(items: List[T], test: Callable[[T], bool]):
    """Return the first item the test accepts, or None when none does."""
    return next((x for x in items if test(x)), None)


class Holder(Generic[T]):
    """Holds one value."""

    def __init__(self, value: T) -> None:
        self.value = value
        self.history = []

    def fold(self, fn: Callable[[T], T]) -> T:
        """Apply the function to the value and return the result."""
        return fn(self.value)
''',
}


def test_prompt_defines_every_name_and_keeps_the_class_around_a_method(tmp_path):
    from tests.executable.conftest import make_repo

    repo = make_repo(tmp_path / "fp", FUNCTIONAL, "fp")
    _, first = prompts_for(repo, "first")
    _, fold = prompts_for(repo, "Holder.fold")
    for size in SIZES:
        text = first.prompts[size]
        # the TypeVar of the annotations and the decorator are defined in the prompt
        assert 'T = TypeVar("T")' in text and "def curried(fn):" in text
        assert text.index("def curried(fn):") < text.index("@curried\ndef first(")
        method = fold.prompts[size]
        # a method: class header, the attributes __init__ sets, the def indented inside the class
        assert "class Holder(Generic[T]):" in method and "self.value = value" in method
        assert "\n    def fold(self, fn: Callable[[T], T]) -> T:\n" in method
        assert method.count("class Holder") == 1
        ast.parse(method)


def test_pasted_names_leave_multi_line_imports_valid():
    text = "from pkg.common import (\n    Docstring,\n    helper,\n    Style,\n)"
    out = _without_imported(text, frozenset({"helper"}))
    ast.parse(out)
    assert "helper" not in out and "Docstring" in out and "Style" in out
    assert _without_imported("from pkg import helper", frozenset({"helper"})) == ""
    assert _without_imported("from pkg import helper as h", frozenset({"helper"})) == "from pkg import helper as h"


def test_a_class_is_parsed_once_for_the_prompts_of_all_its_methods(tmp_path, monkeypatch):
    """Tuning 2026-11-27d: youtube-dl's prompts parsed a method's whole class (thousands of
    lines) with libcst again for each method and context size: 143 of the 184 s that 30 of its
    candidates' prompts took. Counted: parses of the class's code for 6 methods' prompts."""
    import libcst

    from crossfile_datasets.builders import functions
    from tests.executable.conftest import make_repo

    methods = "".join(f'    def m{i}(self, x):\n        """Return x plus {i} and the base."""\n'
                      f'        return x + {i} + self.base\n\n' for i in range(6))
    repo = make_repo(tmp_path / "big", {"big/__init__.py": "",
                                        "big/core.py": f"class Big:\n    def __init__(self):\n"
                                                       f"        self.base = 1\n\n{methods}"}, "big")
    for cached in ("_parsed_module", "_skeleton_parts", "render_definition"):
        getattr(getattr(functions, cached, None), "cache_clear", lambda: None)()
    real, parses = libcst.parse_module, []
    monkeypatch.setattr(libcst, "parse_module", lambda code, *a, **k: (parses.append(code), real(code, *a, **k))[1])
    facts, report = analyze(repo)
    cands = [c for c in select_candidates(facts, report) if c.class_name == "Big"]
    assert len(cands) == 6
    for cand in cands:
        prompts = build_prompts(cand, facts, resolve_dependencies(cand, facts))
        assert f"def {cand.name}(self, x):" in prompts["small_context"]
    assert sum(code.startswith("class Big") for code in parses) == 1


def test_a_file_is_parsed_once_for_the_dependencies_of_all_its_functions(tmp_path, monkeypatch):
    """Tuning 2026-11-27d: youtube-dl's dependencies took 98 s for 121 candidates, its
    6,000-line ``utils.py`` parsed (and its symbol table built) again for every function."""
    import symtable

    from crossfile_datasets.builders import functions
    from tests.executable.conftest import make_repo

    body = "".join(f'def f{i}(x):\n    """Return x plus {i} and the base."""\n    return x + {i} + BASE\n\n'
                   for i in range(6))
    repo = make_repo(tmp_path / "many", {"many/__init__.py": "", "many/core.py": f"BASE = 1\n\n{body}"}, "many")
    getattr(getattr(functions, "_file_tables", None), "cache_clear", lambda: None)()
    real, tables = symtable.symtable, []
    monkeypatch.setattr(symtable, "symtable", lambda code, *a, **k: (tables.append(code), real(code, *a, **k))[1])
    facts, report = analyze(repo)
    cands = [c for c in select_candidates(facts, report) if c.path == "many/core.py"]
    assert len(cands) == 6
    for cand in cands:
        assert [d.name for d in resolve_dependencies(cand, facts)] == ["BASE"]
    assert sum(code.startswith("BASE = 1") for code in tables) == 1


def test_a_name_read_through_a_package_alias_is_followed(tmp_path):
    """execheld14 (pydash's ``pad``): ``import pkg as p; p.to_text(x)`` resolved ``p`` to the
    package's ``__init__.py``, which only re-exports ``to_text`` (an import, not a definition):
    the dependency was dropped and no prompt showed it. Re-exports are followed, through a
    ``from .x import *`` and a chain of packages too."""
    from tests.executable.conftest import make_repo

    repo = make_repo(tmp_path / "textkit", {
        "textkit/__init__.py": "from .objects import to_text\nfrom .inner import *\nfrom . import strings\n",
        "textkit/objects.py": 'def to_text(value):\n    """Return the value as text, empty for None."""\n'
                              "    return '' if value is None else str(value)\n",
        "textkit/inner/__init__.py": "from .widths import *\n",
        "textkit/inner/widths.py": 'def width_of(text):\n    """Return how many characters the text holds."""\n'
                                   "    return len(text)\n",
        "textkit/strings.py": "import math\n\nimport textkit as tk\n\n\n"
                              'def pad(text, length):\n    """Pad the text on both sides with spaces to the length."""\n'
                              "    text = tk.to_text(text)\n    missing = length - tk.width_of(text)\n"
                              "    left = math.floor(missing / 2)\n    return ' ' * left + text + ' ' * (missing - left)\n",
    }, "textkit")
    facts, cand = prompts_for(repo, "pad")
    assert sorted((d.name, d.file) for d in cand.dependencies) == [
        ("to_text", "textkit/objects.py"), ("width_of", "textkit/inner/widths.py")]
    for size in SIZES:
        assert "def to_text(value):" in cand.prompts[size] and "def width_of(text):" in cand.prompts[size]
