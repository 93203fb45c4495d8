"""A nested type reached through a supertype of another file is defined by the file declaring it
(issue 28; the shape of j256/simplemagic's ``MutableOffset``, held-out 14, a tuning case since
2026-11-29b; fixture written for this test, checked with the real javac).

``PStringType extends StringType``, ``StringType implements MagicMatcher`` and
``MagicMatcher.MutableOffset`` is declared in ``entries/MagicMatcher.java``: the use of
``MutableOffset`` in ``PStringType`` was given ``StringType``'s file (the stubbed class), while
the graph's node for it named ``MagicMatcher``'s. javac's reference pass corrects the file of
inherited fields and methods, not of nested types.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool
from tests.java.test_java_usages import build

pytestmark = pytest.mark.javac

SRC = "src/main/java/org/magic"

FILES = {
    f"{SRC}/entries/Matcher.java": """package org.magic.entries;

public interface Matcher {
    Object extract(byte[] bytes, Cursor cursor);

    public static class Cursor {
        public int offset;
    }
}
""",
    f"{SRC}/types/TextType.java": """package org.magic.types;

import org.magic.entries.Matcher;

public class TextType implements Matcher {
    @Override
    public Object extract(byte[] bytes, Cursor cursor) {
        return new String(bytes);
    }
}
""",
    f"{SRC}/types/PascalType.java": """package org.magic.types;

public class PascalType extends TextType {
    @Override
    public Object extract(byte[] bytes, Cursor cursor) {
        cursor.offset += 1;
        return super.extract(bytes, cursor);
    }
}
""",
}


@pytest.fixture(scope="module")
def pascal(tmp_path_factory):
    require_tool("javac")
    _, usages, _ = build(tmp_path_factory.mktemp("magic"), FILES)
    return [u for u in usages if u.file == f"{SRC}/types/PascalType.java"]


def test_an_inherited_nested_type_is_defined_by_the_declaring_file(pascal):
    cursor = [u for u in pascal if (u.member or u.imported_name) == "Cursor"]
    assert cursor, [(u.line, u.imported_name, u.member) for u in pascal]
    assert {u.definition_file for u in cursor} == {f"{SRC}/entries/Matcher.java"}
    # the inherited method keeps the file javac resolves it to
    extract = [u for u in pascal if u.member == "extract"]
    assert extract and {u.definition_file for u in extract} == {f"{SRC}/types/TextType.java"}
