"""``super(...)`` / ``this(...)`` calls of a stubbed project constructor name no type: counted as
``usages/constructor_initializer`` (a rule: nothing nameable to complete), like C#'s
``: base(...)``, not as the loss ``constructor_name_not_located`` (issue 28; j256/simplemagic's
``super(endianType)`` in ``BaseLongType``/``DoubleType``, held-out 14, a tuning case since
2026-11-29b; fixture written for this test, checked with the real javac)."""

from __future__ import annotations

import pytest

from tests.conftest import require_tool
from tests.java.test_java_usages import build

pytestmark = pytest.mark.javac

SRC = "src/main/java/org/num"

FILES = {
    f"{SRC}/base/Converter.java": """package org.num.base;

public class Converter {
    protected final int width;

    public Converter(int width) {
        this.width = width;
    }
}
""",
    f"{SRC}/types/LongConverter.java": """package org.num.types;

import org.num.base.Converter;

public class LongConverter extends Converter {
    public LongConverter(int width) {
        super(width);
    }

    public LongConverter() {
        this(8);
    }

    public int bits() {
        return width * 8;
    }

    public static Converter plain() {
        return new Converter(4);
    }
}
""",
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    require_tool("javac")
    _, usages, report = build(tmp_path_factory.mktemp("num"), FILES)
    return [u for u in usages if u.file == f"{SRC}/types/LongConverter.java"], report


def test_super_call_of_a_stubbed_constructor_is_a_named_rule_not_a_loss(built):
    usages, report = built
    assert report.counts["usages/constructor_name_not_located"] == 0
    assert report.counts["usages/constructor_initializer"] >= 1
    found = {(u.line, u.imported_name, u.member) for u in usages}
    # the uses with a name are found: the inherited field, the constructor call
    assert {(15, "Converter", "width"), (19, "Converter", None)} <= found, found
