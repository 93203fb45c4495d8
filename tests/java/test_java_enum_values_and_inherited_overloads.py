"""Compiler-made enum methods and inherited overloads (issue 28; the shapes of tdunning/t-digest's
``ScaleFunction.values()`` and ``d1.add(x)`` on a ``MergingDigest`` local, ``add(double)``
declared by ``AbstractTDigest`` while ``MergingDigest`` declares other overloads of ``add``; a
tuning case since 2026-11-28f; fixture written for these tests, checked with the real javac).

- ``values()``/``valueOf(String)`` of a project enum are declared by no file (the compiler makes
  them): no use (the conventions of ``bench/recall/README.md`` do not label them).
- A call javac resolves to an overload the receiver's class inherits is defined by the class that
  declares it, also where the receiver's class declares other overloads of the name.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool
from tests.java.test_java_usages import build

pytestmark = pytest.mark.javac

SRC = "src/main/java/org/digest"

FILES = {
    f"{SRC}/Scale.java": """package org.digest;

public enum Scale {
    K0, K1;

    public double max() {
        return 1.0;
    }
}
""",
    f"{SRC}/Base.java": """package org.digest;

public abstract class Base {
    public void add(double x) {
        add(x, 1);
    }

    public abstract void add(double x, int w);
}
""",
    f"{SRC}/Merging.java": """package org.digest;

import java.util.List;

public class Merging extends Base {
    @Override
    public void add(double x, int w) {
    }

    public void add(List<Double> xs) {
    }
}
""",
    f"{SRC}/Repro.java": """package org.digest;

public class Repro {
    public void run() {
        for (Scale s : Scale.values()) {
            System.out.println(s.max() + Scale.valueOf("K0").max());
        }
        Merging d1 = new Merging();
        d1.add(2.0);
        d1.add(2.0, 3);
    }
}
""",
}


@pytest.fixture(scope="module")
def repro(tmp_path_factory):
    require_tool("javac")
    _, usages, _ = build(tmp_path_factory.mktemp("digest"), FILES)
    return [u for u in usages if u.file == f"{SRC}/Repro.java"]


def test_compiler_made_enum_methods_are_no_uses(repro):
    names = {u.member or u.imported_name for u in repro}
    assert "max" in names
    assert "values" not in names and "valueOf" not in names


def test_an_inherited_overload_is_defined_by_its_declaring_class(repro):
    adds = {(u.line, u.definition_file.rsplit("/", 1)[-1], u.definition_symbol) for u in repro if u.member == "add"}
    assert adds == {(9, "Base.java", "Base.add"), (10, "Merging.java", "Merging.add")}, adds
