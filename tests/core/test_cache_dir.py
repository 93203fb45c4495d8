"""A relative cache folder is made absolute before anything uses it: the sandboxes run in
another working folder, and a relative ``--cache-dir`` put the sealed JDK where the Java runner
did not look, so every Java suite ended "exited 127" (held-out 14 and 15; issue 29)."""
from __future__ import annotations

import os

from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from crossfile_datasets.core.paths import default_cache_dir
from crossfile_datasets.lang.csharp import mcs_server


def test_a_relative_cache_variable_gives_an_absolute_cache_dir(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CROSSFILE_CACHE", "rel-cache")
    assert default_cache_dir() == tmp_path / "rel-cache"
    assert mcs_server.cache_dir() == tmp_path / "rel-cache" / "mcs-server"


def test_a_relative_cache_dir_option_is_handed_on_absolute(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("CROSSFILE_CACHE", os.environ.get("CROSSFILE_CACHE", ""))
    (tmp_path / "out").write_text("a file, so the request is refused after the cache is set")
    res = CliRunner().invoke(app, ["--lang", "python", "--cache-dir", "rel-cache", "--output", "out"])
    assert res.exit_code != 0 and "is not a folder" in res.output, res.output
    assert os.environ["CROSSFILE_CACHE"] == str(tmp_path / "rel-cache")
