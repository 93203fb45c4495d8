"""Two nested classes with one simple name, and overloads (issue 28, found on a code-generation
library: ``CodeBlock.Builder`` / ``AnnotationSpec.Builder``, ``emit(String)`` beside
``emit(String, Object...)``). Fixture written for these tests.

- The first-use key is the definition, not the simple name: ``Block.Builder.build()`` and
  ``Note.Builder.build()`` are two entities, each with its own first use.
- ``definition_span`` points at the overload javac resolved the call to.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.analyzers.graph import build_graph, definition_node_for_usage, definition_span
from tests.conftest import require_tool
from tests.java.test_java_usages import build

pytestmark = pytest.mark.javac

SRC = "src/main/java/org/press"

FILES = {
    f"{SRC}/Block.java": """package org.press;

public final class Block {
    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        public Builder add(String text) {
            return this;
        }

        public Block build() {
            return new Block();
        }
    }
}
""",
    f"{SRC}/Note.java": """package org.press;

public final class Note {
    public static Builder builder() {
        return new Builder();
    }

    public static final class Builder {
        public Builder tag(String tag) {
            return this;
        }

        public Note build() {
            return new Note();
        }
    }
}
""",
    f"{SRC}/Writer.java": """package org.press;

public class Writer {
    public Writer emit(String text) {
        return this;
    }

    public Writer emit(String format, Object... args) {
        return this;
    }
}
""",
    f"{SRC}/Page.java": """package org.press;

class Page {
    Object render(Writer out) {
        Block block = Block.builder().add("x").build();
        Note note = Note.builder().tag("y").build();
        out.emit("$L and $L", block, note);
        return note;
    }
}
""",
}


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    require_tool("javac")
    facts, usages, report = build(tmp_path_factory.mktemp("press"), FILES)
    return facts, usages


def test_two_nested_classes_with_one_name_have_a_first_use_each(page):
    facts, usages = page
    path = f"{SRC}/Page.java"
    firsts = [u for u in first_uses(usages) if u.file == path and u.member == "build"]
    assert sorted(u.definition_file.rsplit("/", 1)[-1] for u in firsts) == ["Block.java", "Note.java"]
    lines = facts[path].file.text.split("\n")
    assert sorted(lines[u.line - 1].strip().split()[0] for u in firsts) == ["Block", "Note"]


def test_definition_span_is_the_overload_called(page):
    facts, usages = page
    graph = build_graph("press", "java", facts, usages)
    emit = next(u for u in usages if u.member == "emit")
    span = definition_span(graph, definition_node_for_usage(graph, emit), emit.definition_line)
    writer = facts[f"{SRC}/Writer.java"].file.text.split("\n")
    assert "Object... args" in writer[span["start_line"] - 1]
