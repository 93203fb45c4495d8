"""Every registered language honours the LanguageSupport contract (pygments-style)."""

from __future__ import annotations

import pytest

from crossfile_datasets.lang import REGISTRY, Lang, get_language, registered
from crossfile_datasets.lang.base import LanguageSupport
from crossfile_datasets.core.records import SourceFile

# A tiny but real two-file project per language: `use` refers to `Helper` defined in `def`.
SAMPLES = {
    Lang.PYTHON: {"pkg/__init__.py": "", "pkg/helper.py": "class Helper:\n    def run(self):\n        return 1\n",
                  "pkg/use.py": "from pkg.helper import Helper\n\nvalue = Helper().run()\n"},
    Lang.JAVA: {"src/main/java/com/acme/Helper.java": "package com.acme;\npublic class Helper {\n    public int run() { return 1; }\n}\n",
                "src/main/java/com/acme/app/Use.java": "package com.acme.app;\nimport com.acme.Helper;\npublic class Use {\n    int value = new Helper().run();\n}\n"},
    Lang.TYPESCRIPT: {"src/helper.ts": "export class Helper {\n  run(): number { return 1; }\n}\n",
                      "src/use.ts": "import { Helper } from './helper';\n\nexport const value = new Helper().run();\n"},
    Lang.CSHARP: {"Helper.cs": "namespace Acme\n{\n    public class Helper\n    {\n        public int Run() { return 1; }\n    }\n}\n",
                  "Use.cs": "using Acme;\nnamespace Acme.App\n{\n    public class Use\n    {\n        public int Value = new Helper().Run();\n    }\n}\n"},
}


def test_registry_is_explicit_and_complete_for_the_enum_values_it_names():
    assert registered() and all(isinstance(k, Lang) for k in REGISTRY)
    with pytest.raises(ValueError):
        get_language("nonexistent")


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_language_contract(lang):
    support = get_language(lang)
    assert isinstance(support, LanguageSupport)
    assert support.lang is lang
    assert support.extensions and all(e.startswith(".") for e in support.extensions)
    assert support.comment_prefix in ("#", "//")
    assert support.min_prompt_lines == {Lang.PYTHON: 10, Lang.JAVA: 20, Lang.TYPESCRIPT: 30, Lang.CSHARP: 5}[lang]
    assert support.checker_name
    files = [SourceFile(p, t) for p, t in sorted(SAMPLES[lang].items()) if support.is_source_path(p)]
    assert len(files) >= 2
    facts = support.analyze_files("/nonexistent", files)
    assert set(facts) == {f.path for f in files}
    use = next(f for p, f in facts.items() if "use." in p.lower())
    assert not use.has_syntax_error
    helper_defs = [d for f in facts.values() for d in f.definitions if d.name == "Helper"]
    assert helper_defs and helper_defs[0].kind == "class"
    text = use.file.text
    entity = text.index("run" if lang is not Lang.CSHARP else "Run", text.index("Helper()"))
    cursors = support.cursor_candidates(use, entity)
    assert cursors and cursors[-1] == entity and all(text.rfind("\n", 0, entity) < c <= entity for c in cursors)
    end = support.statement_end(use, entity)
    assert end > entity and text[entity:end].startswith(("run()", "Run()"))
    assert support.prompt_code_lines(use, text[:entity]) >= 1


@pytest.mark.parametrize("lang", [l for l in registered() if l is not Lang.PYTHON], ids=lambda l: l.value)
def test_cursor_never_precedes_a_statement_delimiter_before_the_entity(lang):
    """Regression: with `{` between cursor and entity, the reference (cut at the first `;{}`)
    lost the cross-file entity, and evaluation's identical cut could never match it."""
    support = get_language(lang)
    code = {
        Lang.JAVA: "class A {\n  void f() { if (ok) { int v = Helper.make(1); } }\n}\n",
        Lang.TYPESCRIPT: "function f() { if (ok) { const v = Helper.make(1); } }\n",
        Lang.CSHARP: "class A\n{\n  void F() { if (ok) { int v = Helper.Make(1); } }\n}\n",
    }[lang]
    path = {Lang.JAVA: "A.java", Lang.TYPESCRIPT: "a.ts", Lang.CSHARP: "A.cs"}[lang]
    facts = support.analyze_files("/nonexistent", [SourceFile(path, code)])[path]
    entity = code.index("make" if lang is not Lang.CSHARP else "Make")
    candidates = support.cursor_candidates(facts, entity)
    last_brace = code.rindex("{", 0, entity)
    assert candidates and all(c > last_brace for c in candidates)
    for cursor in candidates:
        reference = code[cursor : support.statement_end(facts, entity)]
        assert not any(ch in reference[: entity - cursor] for ch in ";{}")


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_cursor_never_lands_inside_a_string_literal(lang):
    """Regression: tree-sitter splits literals into quote and content tokens in every grammar,
    so a cursor could start the reference in the middle of `"a b"` (only C# excluded it)."""
    support = get_language(lang)
    code, path = {
        Lang.PYTHON: ('value = pick("a b", f"{x} y", helper.make(1))\n', "m.py"),
        Lang.JAVA: ('class A {\n  Object v = pick("a b", \'c\', Helper.make(1));\n}\n', "A.java"),
        Lang.TYPESCRIPT: ('const v = pick("a b", `x ${y} z`, Helper.make(1));\n', "a.ts"),
        Lang.CSHARP: ('class A\n{\n  object V = Pick("a b", $"x {y} z", Helper.Make(1));\n}\n', "A.cs"),
    }[lang]
    facts = support.analyze_files("/nonexistent", [SourceFile(path, code)])[path]
    entity = code.index("make" if lang is not Lang.CSHARP else "Make")
    line_start = code.rfind("\n", 0, entity) + 1
    literals = []
    for quote in ('"', "'", "`"):
        start = code.find(quote, line_start, entity)
        while start != -1:
            end = code.index(quote, start + 1)
            literals.append((start, end + 1))
            start = code.find(quote, end + 1, entity)
    candidates = support.cursor_candidates(facts, entity)
    assert candidates and candidates[-1] == entity
    inside = [c for c in candidates if any(s < c < e for s, e in literals)]
    assert not inside, [code[c:c + 5] for c in inside]


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_reserved_words_and_import_statements(lang):
    """The members scoring (``reserved_words``) and the repository tools (``import_statement``)
    call: the statement for the sample's ``Helper``, written in place of the using file's own
    import, is read back by the language's own import resolution as importing ``Helper`` from
    its file; a member (nested definition) has no import statement."""
    from crossfile_datasets.analyzers.graph import build_graph, file_node

    support = get_language(lang)
    words = support.reserved_words
    assert isinstance(words, frozenset) and all(isinstance(w, str) and w.strip() == w != "" for w in words)
    assert {"class", "return", "if"} <= words and not {"Helper", "value", "get"} & words
    sample = SAMPLES[lang]
    use_path = next(p for p in sample if "use." in p.lower())
    files = [SourceFile(p, t) for p, t in sorted(sample.items()) if support.is_source_path(p)]
    graph = build_graph("sample", lang.value, support.analyze_files("/nonexistent", files), [])
    defs = {attrs["qualified_name"]: attrs for _, attrs in graph.nodes(data=True) if attrs.get("kind") != "file"}

    def statement(attrs: dict) -> str | None:
        return support.import_statement(
            name=attrs["name"], qualified_name=attrs["qualified_name"], kind=attrs["kind"], path=attrs["path"],
            package=graph.nodes[file_node(attrs["path"])]["package"], namespace=attrs.get("namespace") or "",
            from_file=use_path)

    helper = defs["Helper"]
    written = statement(helper)
    assert written is not None and "\n" not in written
    lines = sample[use_path].split("\n")
    own = next(i for i, line in enumerate(lines) if line.startswith(("from ", "import ", "using ")))
    lines[own] = written
    rewritten = [SourceFile(p, "\n".join(lines) if p == use_path else t) for p, t in sorted(sample.items())
                 if support.is_source_path(p)]
    use = support.analyze_files("/nonexistent", rewritten)[use_path]
    assert not use.has_syntax_error
    assert [(b.target_file, b.target_symbol) for b in use.imports] == [(helper["path"], "Helper")]
    member = next(attrs for qual, attrs in defs.items() if qual.startswith("Helper.") and attrs["name"].lower() == "run")
    assert statement(member) is None


CLASS_SPANS = {  # the class Helper of SAMPLES, as the class split records it: (first, last) text
    Lang.PYTHON: ("class Helper", "return 1"),
    Lang.JAVA: ("public class Helper", "return 1; }\n}"),
    Lang.CSHARP: ("public class Helper", "return 1; }\n    }"),
}


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_a_generated_class_is_placed_where_the_class_was(lang):
    """Every language of the class split places a generated class (the class split's evaluation
    and gates go through LanguageSupport.place_class); the others say so with a LookupError."""
    from crossfile_datasets.lang.classes import EXTRACTORS

    support = get_language(lang)
    (text,) = [t for p, t in SAMPLES[lang].items() if "elper" in p]
    if lang not in EXTRACTORS:
        with pytest.raises(LookupError, match="class_placement_unavailable"):
            support.place_class(text, 0, "class X {}")
        return
    first, last = CLASS_SPANS[lang]
    start, end = text.index(first), text.index(last) + len(last)
    assert support.place_class(text[:start] + text[end:], start, text[start:end]) == text
    assert support.place_class(text[:start] + text[end:], start, "\n" + text[start:end] + "\n\n") == text


@pytest.mark.parametrize("lang", [Lang.JAVA, Lang.CSHARP], ids=lambda l: l.value)
def test_imports_written_above_a_generated_class_join_the_files_imports(lang):
    statement = "import java.util.List;" if lang is Lang.JAVA else "using System.Linq;"
    package = "package a;\n" if lang is Lang.JAVA else "namespace A;\n"
    existing = "import java.util.Map;\n" if lang is Lang.JAVA else "using System;\n"
    without = f"{package}{existing}\n// after\n"
    offset = without.index("// after")
    answer = f"{package}{statement}\n{existing}\nclass Cart {{ }}\n"
    placed = get_language(lang).place_class(without, offset, answer)
    assert placed == f"{package}{existing}{statement}\n\nclass Cart {{ }}// after\n"


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_an_emptied_class_parses_and_keeps_only_its_signature(lang):
    support = get_language(lang)
    signature = {Lang.PYTHON: "class Cart(Base):", Lang.TYPESCRIPT: "export class Cart"}.get(lang, "public class Cart")
    empty = support.empty_class(signature + "  ")
    assert empty.startswith(signature) and "Cart" not in empty[len(signature):]
    assert not support.parse(empty).root_node.has_error


# -------------------------------------------------- class-level split: the selection rule --
def _measures(**overrides):
    from crossfile_datasets.lang.classes import ClassMeasures

    base = dict(methods=3, covered=("a", "b", "c"), referenced=("a", "b", "c"), with_references=("a", "b", "c"),
                external_references=3, file_coverage=1.0)
    return ClassMeasures(**{**base, **overrides})


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_every_language_with_class_tasks_has_a_selection_rule_a_runner_and_a_framework(lang):
    """The class split asks the language (never branches on it): a language with a class
    extractor has a selection rule that keeps a fully judged class and refuses one no test
    reaches, and a suite runner naming its framework; a language without says so."""
    from crossfile_datasets.lang.classes import EXTRACTORS, Thresholds
    from crossfile_datasets.sandbox.suites import REGISTRY as RUNNERS, runner_for

    support = get_language(lang)
    if lang not in EXTRACTORS:
        with pytest.raises(LookupError, match="class_tasks_unavailable"):
            support.class_task_shortfall(_measures(), Thresholds())
        assert lang not in RUNNERS
        return
    assert support.class_task_shortfall(_measures(), Thresholds()) is None
    reason, detail = support.class_task_shortfall(
        _measures(covered=(), referenced=(), with_references=(), external_references=0, file_coverage=0.0), Thresholds())
    assert reason.startswith("below_") and detail
    assert runner_for(lang).framework in {"pytest", "junit", "nunit"}


@pytest.mark.parametrize("lang", [Lang.PYTHON, Lang.JAVA, Lang.CSHARP], ids=lambda l: l.value)
def test_each_selection_rule_reads_its_own_threshold(lang):
    """The boundary of each language's rule is its own option: Python counts covered methods
    that make an external reference, Java the share of methods the tests name, C# the share of
    the file's lines covered."""
    from crossfile_datasets.lang.classes import Thresholds

    support = get_language(lang)
    partial = _measures(covered=("a", "b"), referenced=("a", "b"), with_references=("b", "c"), file_coverage=0.5)
    # Python: 1 covered method with a reference (b); Java: 2/3 named; C#: half the file covered
    assert (support.class_task_shortfall(partial, Thresholds(python_min_methods=1, java_min_method_share=2 / 3,
                                                            csharp_min_file_coverage=0.5))) is None
    refused = support.class_task_shortfall(partial, Thresholds(python_min_methods=2, java_min_method_share=0.7,
                                                              csharp_min_file_coverage=0.51))
    assert refused and refused[0] == {Lang.PYTHON: "below_python_method_threshold", Lang.JAVA: "below_java_method_share",
                                      Lang.CSHARP: "below_csharp_file_coverage"}[lang]


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_only_java_names_files_after_public_classes_and_only_python_ends_statements_at_line_ends(lang):
    support = get_language(lang)
    assert support.file_named_after_public_class is (lang is Lang.JAVA)
    assert support.statements_end_at_line_ends is (lang is Lang.PYTHON)
