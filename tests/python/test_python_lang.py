"""Pure Python-language logic: import resolution, stubbing, statement ends, cursors."""

from __future__ import annotations

import ast

import pytest

from crossfile_datasets.lang import get_language
from crossfile_datasets.core.records import SourceFile

PY = get_language("python")


def facts_for(files: dict[str, str]):
    sources = [SourceFile(p, t) for p, t in sorted(files.items())]
    return PY.analyze_files("/nonexistent", sources)


PROJECT = {
    "pkg/__init__.py": "from .impl import Engine\n",
    "pkg/impl.py": "class Engine:\n    def run(self):\n        return 1\n",
    "pkg/sub/__init__.py": "",
    "pkg/sub/mod.py": "VALUE = 3\ndef helper(x):\n    return x\n",
    "nsdir/tool.py": "def tool():\n    return 2\n",
    "src/other/__init__.py": "",
    "src/other/thing.py": "class Thing:\n    pass\n",
    "app/main.py": (
        "import os\n"
        "import pkg.sub.mod\n"
        "import pkg.sub.mod as m\n"
        "from pkg import Engine, sub\n"
        "from pkg.sub.mod import helper as h, VALUE\n"
        "from nsdir import tool\n"
        "from other.thing import Thing\n"
        "from json import dumps\n"
        "from pkg.sub.mod import *\n"
    ),
    "pkg/sub/rel.py": "from . import mod\nfrom ..impl import Engine\nfrom .. import impl\n",
}


def test_imports_of_every_form_resolve_to_project_files_or_external():
    facts = facts_for(PROJECT)
    got = {(b.local_name, b.kind, b.target_file, b.target_symbol) for b in facts["app/main.py"].imports}
    assert ("os", "module", None, None) in got
    assert ("pkg", "module", "pkg/sub/mod.py", None) in got  # import a.b.c binds `a`
    assert ("m", "module", "pkg/sub/mod.py", None) in got
    assert ("Engine", "symbol", "pkg/impl.py", "Engine") in got  # re-export chased to its definition
    assert ("sub", "module", "pkg/sub/__init__.py", None) in got
    assert ("h", "symbol", "pkg/sub/mod.py", "helper") in got
    assert ("VALUE", "symbol", "pkg/sub/mod.py", "VALUE") in got
    assert ("tool", "module", "nsdir/tool.py", None) in got  # namespace package (no __init__)
    assert ("Thing", "symbol", "src/other/thing.py", "Thing") in got  # src/ layout
    assert ("dumps", "symbol", None, "dumps") in got  # standard library: external
    assert ("*", "wildcard", "pkg/sub/mod.py", None) in got


def test_relative_imports():
    facts = facts_for(PROJECT)
    got = {(b.local_name, b.target_file) for b in facts["pkg/sub/rel.py"].imports}
    assert got == {("mod", "pkg/sub/mod.py"), ("Engine", "pkg/impl.py"), ("impl", "pkg/impl.py")}


def test_stub_variants_keep_every_other_line_in_place():
    facts = facts_for(PROJECT)
    main = facts["app/main.py"]
    for mode in ("remove", "empty_class"):
        variant = PY.stub_variant(main, mode)
        assert variant is not None
        assert variant.text.count("\n") == main.file.text.count("\n")
        ast.parse(variant.text)
        lines = variant.text.split("\n")
        assert lines[0] == "import os"
        assert lines[7] == "from json import dumps"  # external imports untouched
    empty = PY.stub_variant(main, "empty_class").text.split("\n")
    assert empty[3] == 'Engine = type("Engine", (), {}); sub = type("sub", (), {})'
    assert empty[1] == "import pkg.sub.mod"  # `import a.b` binds `a`: not emptied
    removed = PY.stub_variant(main, "remove").text.split("\n")
    assert removed[3] == "pass"
    # a project wildcard import stands for the names the module exports (public names here)
    assert removed[8] == "pass"
    assert empty[8] == 'VALUE = type("VALUE", (), {}); helper = type("helper", (), {})'


def test_stub_multiline_and_mixed_imports():
    facts = facts_for({
        "pkg/__init__.py": "",
        "pkg/a.py": "A = 1\nB = 2\n",
        "use.py": "import os, pkg.a as pa\nfrom pkg.a import (\n    A,\n    B,\n)\nif True:\n    from pkg.a import A\n",
    })
    variant = PY.stub_variant(facts["use.py"], "remove")
    assert variant.text.split("\n")[0] == "import os"
    assert variant.text.split("\n")[1:6] == ["pass", "", "", "", "if True:"]
    assert variant.text.split("\n")[6] == "    pass"  # a block keeps a statement
    ast.parse(variant.text)
    ast.parse(PY.stub_variant(facts["use.py"], "empty_class").text)


def test_file_without_project_imports_has_no_variant():
    facts = facts_for({"a.py": "import os\nx = os.sep\n"})
    assert PY.stub_variant(facts["a.py"], "remove") is None


@pytest.mark.parametrize(
    "code, needle, expected",
    [
        ("x = foo.bar(1,\n    2)\ny = 1\n", "bar", "x = foo.bar(1,\n    2)"),
        ("if foo.ok(a):\n    pass\n", "ok", "if foo.ok(a):"),
        ("def f(a=foo.X):\n    return a\n", "X", "def f(a=foo.X):"),
        ("for i in foo.items():\n    print(i)\n", "items", "for i in foo.items():"),
        ("return_value = [foo.y for _ in z]\n", "y", "return_value = [foo.y for _ in z]"),
        ("@foo.deco(1)\ndef g():\n    pass\n", "deco", "@foo.deco(1)"),
    ],
)
def test_statement_end(code, needle, expected):
    facts = facts_for({"m.py": code})["m.py"]
    offset = code.index(needle)
    assert code[: PY.statement_end(facts, offset)] == expected


def test_cursor_candidates_are_tokens_on_the_line_up_to_the_entity():
    code = "a = 1\nvalue = helper.compute(3)  # comment\n"
    facts = facts_for({"m.py": code})["m.py"]
    entity = code.index("compute")
    starts = PY.cursor_candidates(facts, entity)
    line = code.index("value")
    assert starts == [line, code.index("=", line), code.index("helper"), code.index(".", line), entity]


def test_non_ascii_positions():
    code = "s = 'äöü'; t = helper.go()\n"
    facts = facts_for({"m.py": code})["m.py"]
    entity = code.index("go")
    assert code[PY.cursor_candidates(facts, entity)[-1]:].startswith("go")
    assert code[: PY.statement_end(facts, entity)].endswith("helper.go()")


def test_string_literal_chars_counts_outermost_literals_once():
    """Regression: a string nested in an f-string was counted twice (and every example
    walked the whole file's tree)."""
    code = 'x = f"ab {d["key"]} cd" + helper.go()\n'
    facts = facts_for({"m.py": code})["m.py"]
    start, end = code.index("f"), len(code) - 1
    literal = code[code.index('f"') : code.index(" +")]
    assert PY.string_literal_chars(facts, start, end) == len(literal)
    assert PY.string_literal_chars(facts, code.index("helper"), end) == 0
