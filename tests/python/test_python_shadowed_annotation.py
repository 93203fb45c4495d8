"""A parameter or variable named like the module its annotation goes through:
``def wrap(env: env.IsolatedEnv)`` after ``from . import env`` (pypa/build, tuning since
2026-11-28d: ``env.make_extra_environ()`` and ``env.python_executable`` were missed). astroid
looked ``env`` of the annotation up in the function and found the parameter itself, so the
annotation named no class; Python evaluates a parameter's annotation in the scope around the
function. The fixture is written for these tests."""

from __future__ import annotations

import astroid
import pytest

from crossfile_datasets.analyzers.pylint_plugins.crossfile_annotations import _classes
from tests.python.helpers import usages_of

ENV = (
    "from __future__ import annotations\n"
    "import typing\n"
    "class IsolatedEnv(typing.Protocol):\n"
    "    @property\n"
    "    def python_executable(self) -> str:\n"
    "        '''The interpreter.'''\n"
    "    def make_extra_environ(self) -> dict[str, str] | None:\n"
    "        '''Extra variables.'''\n"
    "class Plain:\n"
    "    def go(self) -> int:\n"
    "        return 1\n"
)
USE = (
    "from __future__ import annotations\n"
    "from . import env\n"
    "def wrap(env: env.IsolatedEnv) -> dict:\n"
    "    return env.make_extra_environ() or {}\n"                 # 4: make_extra_environ
    "class Builder:\n"
    "    @classmethod\n"
    "    def from_env(cls, env: env.IsolatedEnv | None, n: int) -> str:\n"
    "        return env.python_executable\n"                      # 8: python_executable
    "def plain(make) -> int:\n"
    "    env: env.Plain = make()\n"
    "    return env.go()\n"                                       # 11: go
    "def local_class() -> int:\n"
    "    class Plain:\n"
    "        def go(self) -> int:\n"
    "            return 2\n"
    "    def inner(p: Plain) -> int:\n"
    "        return p.go()\n"                                     # 17: the local class's go: not cross-file
    "    return inner(Plain())\n"
)
FIXTURE = {"pkg/__init__.py": "", "pkg/env.py": ENV, "pkg/builder.py": USE}


def test_an_annotation_through_a_module_the_parameter_shadows_names_the_module_s_class():
    module = astroid.parse(ENV.replace("from __future__ import annotations\n", "") + "\n" + (
        "import types\n"
        "env = types.SimpleNamespace(Plain=Plain)\n"
        "def f(Plain: Plain, other: int) -> None: ...\n"
        "def g(env: Plain) -> None: ...\n"
        "def h(x: 'Plain') -> None:\n"
        "    class Plain: ...\n"), module_name="m")
    f, g, h = module["f"], module["g"], module["h"]
    assert [c.name for c in _classes(f.args.annotations[0])] == ["Plain"]  # the module's class, not the parameter
    assert [c.name for c in _classes(g.args.annotations[0])] == ["Plain"]
    assert [c.name for c in _classes(f.args.annotations[1])] == ["int"]  # no shadowing: as before
    assert [c.lineno for c in _classes(h.args.annotations[0])]  # a forward reference keeps astroid's own answer


@pytest.mark.pylint
@pytest.mark.slow
def test_members_of_a_parameter_that_shadows_its_annotation_s_module(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    found = {(u.line, u.member): u.definition_file for u in usages if u.file == "pkg/builder.py" and u.member}
    assert found == {(4, "make_extra_environ"): "pkg/env.py", (8, "python_executable"): "pkg/env.py",
                     (11, "go"): "pkg/env.py",
                     (3, "IsolatedEnv"): "pkg/env.py", (7, "IsolatedEnv"): "pkg/env.py"}  # the annotations themselves
