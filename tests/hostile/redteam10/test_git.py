"""Attacks through the repositories a build is asked for: the manifest's ``url`` entries and the
git remotes behind them (``builders/repos.py``: ``read_manifest``, ``resolve``, ``_clone``), on the
host, before anything is sandboxed. Real git; remotes are ``file://`` folders (no network)."""

from __future__ import annotations

import json
import socket
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.builders.cli import app
from crossfile_datasets.builders.repos import RepositoryError, RepoSpec, resolve
from tests.hostile.redteam10._repos import commit_all, files_holding, git, python_repo

MARKER = "PRIVATE_PROJECT_MARKER_7f3a"
TOKEN = "ghp_R3dT3amT3nS3cr3tT0k3n00000000000000"


def _build(tmp_path: Path, monkeypatch, rows: list[dict]) -> tuple[object, Path]:
    """``build-dataset --lang python --repos manifest.jsonl`` (the completion split: no execution)."""
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))  # --cache-dir sets it in-process
    manifests = tmp_path / "manifests"
    python_repo(manifests / "good")
    manifest = manifests / "repos.jsonl"
    manifest.write_text("".join(json.dumps(row) + "\n" for row in [{"path": "good"}, *rows]))
    out = tmp_path / "out"
    res = CliRunner().invoke(app, ["--lang", "python", "--repos", str(manifest), "--output", str(out),
                                   "--cache-dir", str(tmp_path / "cache"), "--workers", "1"])
    return res, out


def _examples(out: Path) -> list[dict]:
    path = out / "python" / "line_completion.jsonl"
    return [json.loads(line) for line in path.read_text().splitlines()] if path.is_file() else []


@pytest.mark.slow
@pytest.mark.pylint
@pytest.mark.parametrize("form", ["file_url", "bare_path"])
def test_a_manifest_url_cannot_name_a_folder_outside_the_manifest(tmp_path, monkeypatch, form):
    """Host read (completion build, and every split: ``read_manifest`` -> ``resolve`` ->
    ``_clone``). ``read_manifest`` refuses a ``path`` that leaves the manifest's folder ("a manifest
    from elsewhere must not make the build read any folder of the machine") unless
    ``--allow-outside-manifest``; its ``url`` is taken as it is and handed to ``git clone``, which
    clones a local folder (``file:///...`` or a bare absolute path) as readily as a remote. A
    manifest naming ``{"url": "file:///home/user/private-project"}`` gets any git repository the
    builder may read cloned, built, and published: here the private project's code (its marker
    constant) is in the examples, the retrieval files and the graph."""
    private = python_repo(tmp_path / "elsewhere" / "private-project", marker=MARKER)
    git(private, "init", "-q")
    commit_all(private, "private")
    url = f"file://{private}" if form == "file_url" else str(private)
    res, out = _build(tmp_path, monkeypatch, [{"url": url}])
    if res.exit_code not in (0, 2) or "Traceback" in res.output:
        pytest.fail(f"precondition: the build ended with {res.exit_code}: {res.output[-2000:]}")
    if res.exit_code == 0 and not any(e["metadata"]["repository"] == "good" for e in _examples(out)):
        pytest.fail(f"precondition: the manifest's own repository gave no example: {res.output[-2000:]}")
    leaked = files_holding(out, MARKER) if out.exists() else []
    assert not leaked, f"the private project outside the manifest's folder was built into {leaked}"


def _pinned_remote(tmp_path: Path, how: str) -> tuple[str, str]:
    """A bare remote with commits A ("one") then B ("two"); returns (url, pin of A). ``branch``:
    its default branch is named A's full hash (and points at B); ``tag``: a tag named like A's
    short hash points at B."""
    src = tmp_path / "src"
    src.mkdir()
    git(src, "init", "-q", "-b", "main")
    (src / "f.txt").write_text("one\n")
    first = commit_all(src, "one")
    (src / "f.txt").write_text("two\n")
    commit_all(src, "two")
    pin = first if how == "branch" else first[:7]
    if how == "branch":
        git(src, "branch", "-m", "main", first)
    else:
        git(src, "tag", pin, "HEAD")
    git(tmp_path, "clone", "-q", "--bare", str(src), str(tmp_path / "remote.git"))
    return f"file://{tmp_path / 'remote.git'}", pin


@pytest.mark.parametrize("how", ["branch", "tag"])
def test_a_pinned_commit_is_the_commit_that_is_built(tmp_path, how):
    """Forged provenance (every split; every manifest of bench/ pins full hashes). ``_clone`` runs
    ``git clone`` then ``git checkout --detach <commit>``; git's checkout takes a local *branch* of
    that name before the object (also a full 40-hex name), and its name lookup takes a *ref* (a
    tag, fetched by the clone) before an abbreviated hash. The remote's owner (or a mirror) names
    the default branch like the pinned commit, or tags a short pin: the build checks out another
    commit, records that one as ``commit`` (no check that it is the pinned one, as local folders
    get ``commit_mismatch``), and the benchmark labelled at the pin is built from other code."""
    url, pin = _pinned_remote(tmp_path, how)
    try:
        repo = resolve(RepoSpec(url=url, commit=pin), cache_dir=tmp_path / "cache")
    except RepositoryError as exc:  # refused: the safe outcome
        assert exc.reason in ("commit_mismatch", "commit_not_found"), exc
        return
    content = (repo.root / "f.txt").read_text()
    assert repo.commit.startswith(pin) and content == "one\n", \
        f"asked for {pin}, built {repo.commit[:12]} ({content.strip()!r})"


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.mark.slow
@pytest.mark.pylint
def test_credentials_of_a_url_that_fails_to_clone_are_not_published(tmp_path, monkeypatch):
    """Exposure of a host secret (every split; the Hub push uploads ``stats.json`` under
    ``extras/<lang>/`` and the card). Provenance is careful with credentials (``public_url``
    strips ``user:token@`` and queries), but ``git()`` words a failure as the whole argv,
    ``git clone ... -- https://user:TOKEN@host/... <cache path>``, and ``resolve_all`` keeps it as
    the ``repositories/clone_failed`` sample: the token (and the build machine's cache path) land
    in ``stats.json``, the dataset card's README and the summary on the terminal. Whoever makes the
    clone fail (the host of a private repository renamed or deleted, a network fault) publishes
    the builder's token."""
    url = f"https://builder:{TOKEN}@127.0.0.1:{_closed_port()}/acme/shop.git"
    res, out = _build(tmp_path, monkeypatch, [{"url": url}])
    if res.exit_code != 0 or not any(e["metadata"]["repository"] == "good" for e in _examples(out)):
        pytest.fail(f"precondition: the build did not finish with the good repository: {res.output[-2000:]}")
    stats = json.loads((out / "python" / "stats.json").read_text())
    if "clone_failed" not in json.dumps(stats):
        pytest.fail("precondition: the clone did not fail (something listens on the closed port?)")
    leaked = files_holding(out, TOKEN[4:])  # the card escapes "_": look for the token's tail
    assert not leaked and TOKEN[4:] not in res.output, \
        f"the token is in {leaked}{' and on the terminal' if TOKEN[4:] in res.output else ''}"
