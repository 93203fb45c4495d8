"""Every registered language builds the bad-input corpus without an abort, reports every
skip with a reason, and loses nothing that was valid."""

from __future__ import annotations

import json
import signal
from contextlib import contextmanager

import pytest

from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.lang import Lang, get_language, registered
from tests.badinput.corpus import BOM_K, BROKEN_K, CR_K, write_clean, write_corpus
from tests.conftest import require_tool

pytestmark = pytest.mark.slow

TOOLS = {Lang.PYTHON: None, Lang.JAVA: "javac", Lang.TYPESCRIPT: "node", Lang.CSHARP: "mcs"}


def _examples(out, lang):
    path = out / lang.value / "line_completion.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()]


@contextmanager
def bounded(seconds: int):
    """Fail instead of hanging (a FIFO opened for reading blocks forever)."""
    def expire(*_):
        raise TimeoutError(f"the build did not finish within {seconds}s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_bad_input_corpus(tmp_path, lang):
    if TOOLS[lang]:
        require_tool(TOOLS[lang])
    get_language(lang).check_tools()
    corpus = write_corpus(tmp_path / "repos" / "corpus", lang)
    clean = write_clean(tmp_path / "clean" / "corpus", lang)
    settings = dict(retrievers=(), use_cache=False)
    with bounded(600):  # the content hash reads every file: a FIFO anywhere must not hang it
        stats = build_language(lang, resolve_all([RepoSpec(path=str(corpus))]), BuildSettings(output=tmp_path / "out", **settings))
    clean_stats = build_language(lang, resolve_all([RepoSpec(path=str(clean))]), BuildSettings(output=tmp_path / "out_clean", **settings))
    assert stats["per_repository"][0]["status"] == "built"
    skipped = stats["skipped_files"]
    for reason in ("undecodable", "oversize", "binary", "link_outside_repo", "symlink"):
        assert skipped.get(reason, 0) >= 1, (reason, skipped)
    assert stats["normalized_files"] == {"bom_stripped": 1, "crlf_converted": 2}  # BOM+CRLF, lone CR
    assert skipped.get("not_regular_file") == 1, skipped  # the FIFO named like a source file
    assert skipped.get("undecodable_name") == 2, skipped  # a file and a folder named in Latin-1
    if lang is Lang.TYPESCRIPT:
        tsconfig = stats["counts_by_stage"].get("tsconfig", {})
        assert tsconfig.get("tsconfig_extends_outside_repo") == 1, tsconfig
        assert tsconfig.get("broken_tsconfig", 0) >= 1, tsconfig  # the FIFO named tsconfig.json
    if lang is Lang.CSHARP:
        assert stats["skipped_projects"].get("csproj_unreadable") == 1, stats["skipped_projects"]  # the FIFO .csproj
    assert skipped.get("symlinked_dir", 0) >= 2  # the link to /etc and the loop
    reported = json.dumps({k: v for k, v in stats["samples"].items() if k.startswith(("files/", "projects/"))})
    assert f"{BROKEN_K}." in reported, f"the syntax error is not reported: {reported[:500]}"
    examples = _examples(tmp_path / "out", lang)
    files = {e["metadata"]["file"] for e in examples}
    assert not any(str(BROKEN_K) in f.rsplit("/", 1)[-1] for f in files), "a file with a syntax error made an example"
    assert any(str(BOM_K) in f.rsplit("/", 1)[-1] for f in files), "the BOM/CRLF file lost its example"
    assert any(str(CR_K) in f.rsplit("/", 1)[-1] for f in files), "the lone-CR file lost its example"
    assert all(f.isprintable() for f in files)
    # cursors are seeded by the repository's content hash, which the bad files change: compare
    # the text up to the end of each reference statement, whatever the cursor
    clean_examples = {(e["metadata"]["file"], e["prompt"] + e["groundtruth"]) for e in _examples(tmp_path / "out_clean", lang)}
    assert clean_examples and clean_stats["examples"] >= 3
    got = {(e["metadata"]["file"], e["prompt"] + e["groundtruth"]) for e in examples}
    assert clean_examples <= got, "bad input made valid examples disappear"
