"""Fast checks of red team 12's fixes (the attacks themselves run end to end beside this file)."""

from __future__ import annotations

import random
import re
import sqlite3

from crossfile_datasets.builders.card import read_sections
from crossfile_datasets.core import constants as C
from crossfile_datasets.sandbox import isolation
from crossfile_datasets.sandbox.pytest_runs import context_names, has_arcs

_OLD_SECTION = re.compile(r"<!-- crossfile:section (?P<name>[\w.-]+) -->\n(?P<body>.*?)\n<!-- /crossfile:section -->", re.S)


def test_sections_found_in_one_pass_are_those_of_the_pattern():
    """Row 7: the one-pass finder gives what the lazy pattern gave, on random marker texts."""
    pieces = ["<!-- crossfile:section a -->\n", "<!-- crossfile:section b.c -->\n", "\n<!-- /crossfile:section -->",
              "x", "\n", "<!-- /crossfile:section -->"]
    rng = random.Random(12)
    for _ in range(3000):
        text = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 10)))
        assert read_sections(text) == {m["name"]: m["body"] for m in _OLD_SECTION.finditer(text)}, text


def _database(path, arcs: bool, name: str = "t::a") -> None:
    con = sqlite3.connect(path)
    con.executescript("create table meta (key text, value text); create table file (id integer primary key, path text);"
                      "create table context (id integer primary key, context text);"
                      "create table line_bits (file_id integer, context_id integer, numbits blob);"
                      "create table arc (file_id integer, context_id integer, fromno integer, tono integer);")
    con.execute("insert into meta values ('has_arcs', ?)", ("1" if arcs else "0",))
    con.execute("insert into context (context) values (?)", (name,))
    con.commit()
    con.close()


def test_arc_data_and_long_context_names_are_refused(tmp_path):
    """Rows 4 and 5: read with SQL aggregates only."""
    _database(tmp_path / "lines.db", arcs=False)
    _database(tmp_path / "arcs.db", arcs=True)
    _database(tmp_path / "long.db", arcs=False, name="n" * (C.COVERAGE_MAX_CONTEXT_CHARS + 1))
    assert not has_arcs(tmp_path / "lines.db") and has_arcs(tmp_path / "arcs.db")
    assert context_names(tmp_path / "lines.db", tmp_path) == ""
    assert "context name" in context_names(tmp_path / "long.db", tmp_path)


def test_a_secret_variable_naming_a_file_and_the_hub_token_are_hidden(tmp_path, monkeypatch):
    """Row 3: files, not only folders."""
    token = tmp_path / "hf_token"
    token.write_text("t")
    home = tmp_path / "hf-home"
    home.mkdir()
    (home / "token").write_text("t")
    monkeypatch.setenv("HF_TOKEN_PATH", str(token))
    monkeypatch.setenv("HF_HOME", str(home))
    files = isolation.secret_files()
    assert str(token.resolve()) in files and str((home / "token").resolve()) in files


def test_the_folder_sandboxes_are_made_in_is_hidden(tmp_path, monkeypatch):
    """Row 6: TMPDIR outside /tmp is among the hidden folders; a system folder never is."""
    import tempfile

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    assert isolation.sandbox_parent() == str(tmp_path.resolve())
    monkeypatch.setattr(tempfile, "tempdir", "/usr")
    assert isolation.sandbox_parent() is None
