"""Cursor candidates come from the entity's line only (issue 20: walking every leaf of the file
for every example made a repository's cost grow with examples x file length). The candidates must
be exactly those the whole-file walk gave: compared here with that walk, written out, at random
positions of every bundled sample file in every language."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.base import STRING_NODE_TYPES, SUBSTITUTION_NODE_TYPES, iter_leaves, iter_nodes_in
from crossfile_datasets.lang.sources import list_sources

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def whole_file_walk(language, facts, entity_offset: int) -> list[int]:
    index = facts.file.index
    row, _ = index.row_col(entity_offset)
    line_start = index.line_starts[row]
    out: list[int] = []
    root = facts.tree.root_node
    for leaf in iter_leaves(root):
        if leaf.end_point[0] < row:
            continue
        if leaf.start_point[0] > row:
            break
        start = index.node_start(leaf)
        if start < line_start or start > entity_offset or "comment" in leaf.type or leaf.end_byte == leaf.start_byte:
            continue
        if leaf.type in language.cursor_stop_tokens and start < entity_offset:
            out.clear()
            continue
        out.append(start)
    literals = [(index.node_start(n), index.node_end(n))
                for n in iter_nodes_in(root, index.char_to_byte(line_start), index.char_to_byte(entity_offset))
                if n.type in STRING_NODE_TYPES]
    substitutions = [(index.node_start(n), index.node_end(n))
                     for n in iter_nodes_in(root, index.char_to_byte(line_start), index.char_to_byte(entity_offset))
                     if n.type in SUBSTITUTION_NODE_TYPES
                     and index.node_start(n) < entity_offset < index.node_end(n)]

    def in_text(c: int) -> bool:  # inside a literal, not inside a substitution nested in it around the entity
        inner_literal = max((s for s, e in literals if s < c < e), default=None)
        return inner_literal is not None and not any(inner_literal < s < c < e for s, e in substitutions)

    return sorted({c for c in out if not in_text(c)})


@pytest.mark.parametrize("lang", list(Lang))
def test_line_walk_gives_the_whole_file_walks_candidates(lang):
    language = get_language(lang)
    rng = random.Random(11)
    checked = 0
    for repo_dir in sorted(p for p in (EXAMPLES / lang.value).iterdir() if p.is_dir()):
        repo = Repository(name=repo_dir.name, root=repo_dir, url="", commit="", license="")
        files, _ = list_sources(repo, language, BuildReport())
        facts = language.analyze_files(str(repo_dir), files)
        for file in files:
            text = file.text
            if not text:
                continue
            for offset in [*rng.sample(range(len(text)), min(25, len(text))), len(text) - 1]:
                assert language.cursor_candidates(facts[file.path], offset) == whole_file_walk(language, facts[file.path], offset), (file.path, offset)
                checked += 1
    assert checked > 100


def test_a_line_opening_inside_a_template_literal_has_cursors_in_its_substitutions():
    """unjs/citty (held-out 18): ``src/args.ts:80`` opens inside a template literal begun on the
    line before, so every token before ``arg.name`` was inside the literal and the random example
    was lost as ``no_cursor_token``; the code of a ``${...}`` substitution is code."""
    from crossfile_datasets.core.records import SourceFile

    language = get_language(Lang.TYPESCRIPT)
    text = ("throw new CLIError(`Invalid value for argument:\n"
            "  ${cyan(`--${arg.name}`)} (${cyan(value)})`, 'EARG')\n")
    facts = language.analyze_files("", [SourceFile("src/args.ts", text)])["src/args.ts"]
    entity = text.index("name}")
    got = [text[c:text.index(t, c) + len(t)] for c, t in
           zip(language.cursor_candidates(facts, entity), ["cyan", "(", "`", "arg", ".", "name"])]
    assert got == ["cyan", "(", "`", "arg", ".", "name"], got
    assert len(language.cursor_candidates(facts, entity)) == 6
    # a plain string stays text: no cursor inside "a.b"
    plain = "const s = 'x.y' + a.b\n"
    pf = language.analyze_files("", [SourceFile("p.ts", plain)])["p.ts"]
    assert [plain[c] for c in language.cursor_candidates(pf, plain.index("b\n"))] == ["c", "s", "=", "'", "+", "a", ".", "b"]
