"""Repository sources and provenance: local folders, git URLs at a commit, manifests, licenses."""

from __future__ import annotations

import json
import subprocess

import pytest

from crossfile_datasets.builders.repos import (
    RepoSpec,
    RepositoryError,
    classify_license,
    network_url,
    parse_repo_argument,
    read_manifest,
    redact,
    resolve,
    resolve_all,
    split_commit,
)
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from tests.conftest import write_tree


@pytest.mark.parametrize(
    "text, spdx",
    [
        ("MIT License\n\nPermission is hereby granted, free of charge, to any person", "MIT"),
        ("                                 Apache License\n                           Version 2.0, January 2004", "Apache-2.0"),
        ("GNU LESSER GENERAL PUBLIC LICENSE\nVersion 3, 29 June 2007", "LGPL-3.0"),
        ("GNU GENERAL PUBLIC LICENSE\nVersion 2, June 1991", "GPL-2.0"),
        ("Redistribution and use in source and binary forms ... Neither the name of", "BSD-3-Clause"),
        ("Redistribution and use in source and binary forms, with or without", "BSD-2-Clause"),
        ("// SPDX-License-Identifier: MPL-2.0", "MPL-2.0"),
        ("All rights reserved.", "unknown"),
    ],
)
def test_license_classification(text, spdx):
    assert classify_license(text) == spdx


def test_split_commit():
    assert split_commit("https://example.org/o/r.git@abc123") == ("https://example.org/o/r.git", "abc123")
    assert split_commit("git@example.org:o/r.git") == ("git@example.org:o/r.git", None)
    assert split_commit("git@example.org:o/r.git@v1") == ("git@example.org:o/r.git", "v1")


def _git(cwd, *args):
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def test_git_url_at_commit_is_cloned_with_provenance(tmp_path, monkeypatch):
    origin = write_tree(tmp_path / "origin", {"a.py": "x = 1\n", "LICENSE": "MIT License\nPermission is hereby granted, free of charge"})
    _git(origin, "init", "-q")
    _git(origin, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    _git(origin, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    first = _git(origin, "rev-parse", "HEAD")
    (origin / "a.py").write_text("x = 2\n")
    _git(origin, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two")
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    [spec] = parse_repo_argument(f"file://{origin}@{first}")
    repo = resolve(spec)
    assert repo.commit == first and repo.license == "MIT" and repo.url == f"file://{origin}"
    assert (repo.root / "a.py").read_text() == "x = 1\n"
    assert resolve(spec).root == repo.root  # cached clone reused
    with pytest.raises(RepositoryError, match="git"):
        resolve(RepoSpec(url=f"file://{tmp_path}/nope"))


def test_local_repositories_and_manifests(tmp_path):
    a = write_tree(tmp_path / "x" / "proj", {"m.py": "pass\n"})
    write_tree(tmp_path / "y" / "proj", {"m.py": "pass\n", "COPYING": "GNU GENERAL PUBLIC LICENSE\nVersion 3"})
    manifest = tmp_path / "repos.jsonl"
    manifest.write_text(json.dumps({"path": str(a), "license": "MIT"}) + "\n" + json.dumps({"path": "y/proj"}) + "\n")
    specs = read_manifest(manifest)
    repos = resolve_all(specs)
    assert [r.license for r in repos] == ["MIT", "GPL-3.0"]
    assert repos[0].name != repos[1].name and all(r.name.startswith("proj-") for r in repos)  # collision suffix
    csv_manifest = tmp_path / "repos.csv"
    csv_manifest.write_text(f"path,license,stars\n{a},Apache-2.0,12\n")
    [spec] = parse_repo_argument(str(csv_manifest))
    assert spec.license == "Apache-2.0" and spec.meta == {"stars": "12"}
    with pytest.raises(RepositoryError, match="does not exist"):
        parse_repo_argument(str(tmp_path / "missing"))
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"commit": "abc"}\n')
    with pytest.raises(RepositoryError, match="neither"):
        read_manifest(bad)


def _git_repo(path, *, commit=True):
    path.mkdir(parents=True)
    (path / "m.py").write_text("X = 1\n")
    run = dict(cwd=path, check=True, capture_output=True)
    subprocess.run(["git", "init", "-q"], **run)
    if commit:
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@e", "add", "-A"], **run)
        subprocess.run(["git", "-c", "user.name=t", "-c", "user.email=t@e", "commit", "-q", "-m", "m"], **run)
    return path


def test_a_checkout_whose_git_is_refused_is_a_counted_refusal_not_an_empty_commit(tmp_path):
    """A folder handed over with a ``.git`` git refuses (``[include] path = /dev/zero`` in its
    config), or whose ``HEAD`` is a link to ``/dev/zero`` inside an enclosing repository (git then
    read the enclosing one: its commit, a wrong provenance), was recorded with ``commit=""`` (or
    the enclosing repository's commit), counted nowhere. Now: ``repositories/git_unreadable``; a
    repository without commits still resolves with ``commit=""``."""
    from crossfile_datasets.core.reasons import lookup
    from crossfile_datasets.core.report import BuildReport

    parent = _git_repo(tmp_path / "parent")
    config = _git_repo(parent / "config")
    with open(config / ".git" / "config", "a") as fh:
        fh.write("[include]\n\tpath = /dev/zero\n")
    head = _git_repo(parent / "head")
    (head / ".git" / "HEAD").unlink()
    (head / ".git" / "HEAD").symlink_to("/dev/zero")
    empty = _git_repo(tmp_path / "empty", commit=False)
    for folder in (config, head):
        with pytest.raises(RepositoryError) as caught:
            resolve(RepoSpec(path=str(folder)))
        assert caught.value.reason == "git_unreadable" and lookup(f"repositories/{caught.value.reason}"), caught.value
    assert resolve(RepoSpec(path=str(empty))).commit == ""
    honest = resolve(RepoSpec(path=str(parent)))
    assert len(honest.commit) == 40
    report = BuildReport()
    assert [r.root for r in resolve_all([RepoSpec(path=str(config)), RepoSpec(path=str(parent))], report=report)] \
        == [parent.resolve()]
    assert report.to_dict()["counts"] == {"repositories/git_unreadable": 1}


# ---------------------------------------------------------------- red team 10, rows 1 to 3 --
def test_redact_removes_credentials_and_queries_of_every_url_in_a_message():
    said = ("git clone -- https://builder:ghp_SECRET@host:8/a/b.git x failed: fatal: unable to access "
            "'https://builder:ghp_SECRET@host:8/a/b.git/': refused; see http://h/x?access_token=T2")
    out = redact(said)
    assert "ghp_SECRET" not in out and "T2" not in out and "'https://host:8/a/b.git/'" in out
    assert redact("no url here: /tmp/x") == "no url here: /tmp/x"


@pytest.mark.parametrize("url, network", [
    ("https://github.com/o/r.git", True), ("http://h/r", True), ("ssh://git@h/o/r", True), ("git://h/r", True),
    ("git@github.com:o/r.git", True), ("file:///home/me/private", False), ("/home/me/private", False),
    ("private", False), ("../x", False), ("ext::sh -c touch% /tmp/pwned", False), ("fd::0", False),
])
def test_network_urls_are_told_from_local_ones(url, network):
    assert network_url(url) is network


def test_a_manifest_url_naming_a_local_folder_is_confined_like_its_path(tmp_path):
    base = tmp_path / "m"
    base.mkdir()
    manifest = base / "repos.jsonl"
    rows = [{"url": f"file://{tmp_path}/elsewhere"}, {"url": str(tmp_path / "elsewhere")}, {"url": "../elsewhere"},
            {"url": "ext::sh -c id"}, {"url": f"file://{base}/inside.git"}, {"url": "inside.git"},
            {"url": "https://github.com/o/r.git"}]
    manifest.write_text("".join(json.dumps(r) + "\n" for r in rows))
    specs = read_manifest(manifest)
    assert [bool(s.refusal) for s in specs] == [True, True, True, True, False, False, False]
    assert specs[5].url == str(base / "inside.git")  # a relative path is the manifest's, not the build's
    report = BuildReport()
    assert resolve_all(specs[:4], tmp_path / "cache", report) == []
    assert report.stage("repositories") == {"local_url_refused": 4}
    assert not any(s.refusal for s in read_manifest(manifest, allow_outside=True))


def _remote(tmp_path):
    src = write_tree(tmp_path / "src", {"f.txt": "one\n"})
    _git(src, "init", "-q", "-b", "main")
    _git(src, "-c", "user.name=t", "-c", "user.email=t@t", "add", ".")
    _git(src, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    first = _git(src, "rev-parse", "HEAD")
    (src / "f.txt").write_text("two\n")
    _git(src, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qam", "two")
    return src, first


def test_a_cached_clone_of_another_commit_is_not_reused(tmp_path):
    src, first = _remote(tmp_path)
    repo = resolve(RepoSpec(url=f"file://{src}", commit=first), cache_dir=tmp_path / "cache")
    assert (repo.root / "f.txt").read_text() == "one\n"
    _git(repo.root, "checkout", "-q", "--detach", "main")  # what an earlier build's switch left
    again = resolve(RepoSpec(url=f"file://{src}", commit=first), cache_dir=tmp_path / "cache")
    assert again.commit == first and (again.root / "f.txt").read_text() == "one\n"


def test_a_pin_that_is_no_commit_of_the_remote_is_not_found(tmp_path):
    src, _first = _remote(tmp_path)
    with pytest.raises(RepositoryError) as caught:
        resolve(RepoSpec(url=f"file://{src}", commit="0" * 40), cache_dir=tmp_path / "cache")
    assert caught.value.reason == "commit_not_found"
    assert not list((tmp_path / "cache" / "repos").glob("*.partial"))  # nothing left in the cache


@pytest.mark.parametrize("cap", ["CLONE_MAX_FILES", "CLONE_MAX_BYTES", "CLONE_MAX_PACK_BYTES"])
def test_a_clone_over_its_caps_is_refused_before_the_checkout(tmp_path, monkeypatch, cap):
    src, first = _remote(tmp_path)
    monkeypatch.setattr(C, cap, 0)
    with pytest.raises(RepositoryError) as caught:
        resolve(RepoSpec(url=f"file://{src}", commit=first), cache_dir=tmp_path / "cache")
    assert caught.value.reason == "clone_too_large", caught.value
    assert not list((tmp_path / "cache" / "repos").iterdir())


def test_a_folders_provenance_is_read_from_its_own_git_folder_only(tmp_path):
    """Red team 2026-11-30 row 2, and the links it did not try: a ``.git`` whose ``config`` or
    ``refs/heads/<branch>`` is a link to another repository's (git follows both), or whose
    ``objects/info/alternates`` with a linked ref would give another repository's commit and URL:
    ``repositories/git_unreadable``. A config that includes a file inside ``.git`` is read (its
    ``remote.origin.url`` is the folder's), and a plain checkout keeps its own provenance."""
    private = _git_repo(tmp_path / "private")
    _git(private, "remote", "add", "origin", "https://github.com/acme/private.git")
    branch = _git(private, "symbolic-ref", "--short", "HEAD")
    config = _git_repo(tmp_path / "sent" / "config")
    (config / ".git" / "config").unlink()
    (config / ".git" / "config").symlink_to(private / ".git" / "config")
    ref = _git_repo(tmp_path / "sent" / "ref")
    (ref / ".git" / "refs" / "heads" / branch).unlink()
    (ref / ".git" / "refs" / "heads" / branch).symlink_to(private / ".git" / "refs" / "heads" / branch)
    (ref / ".git" / "objects" / "info" / "alternates").write_text(f"{private / '.git' / 'objects'}\n")
    whole = tmp_path / "sent" / "whole"
    whole.mkdir()
    (whole / ".git").symlink_to(private / ".git")
    for folder in (config, ref, whole):
        with pytest.raises(RepositoryError) as caught:
            resolve(RepoSpec(path=str(folder)))
        assert caught.value.reason == "git_unreadable", caught.value
    inside = _git_repo(tmp_path / "sent" / "inside")
    (inside / ".git" / "more").write_text('[remote "origin"]\n\turl = https://github.com/sender/inside.git\n')
    with open(inside / ".git" / "config", "a") as fh:
        fh.write("[include]\n\tpath = more\n")
    repo = resolve(RepoSpec(path=str(inside)))
    assert repo.url == "https://github.com/sender/inside.git" and repo.commit == _git(inside, "rev-parse", "HEAD")
    assert resolve(RepoSpec(path=str(private))).url == "https://github.com/acme/private.git"


def test_a_clone_is_checked_out_byte_for_byte_as_git_shows_its_blobs(tmp_path, monkeypatch):
    """Red team 2026-11-30 row 3: the checkout applied the repository's ``.gitattributes``
    (``ident``, ``working-tree-encoding``, ``eol=crlf``) and the builder's own ``core.autocrlf``,
    writing other bytes (47 times as many) than the blobs the cap measured. Every file of a clone
    is now its blob (``git show``), whatever the attributes and the builder's configuration; a
    cached entry checked out before (without our attributes) is cloned again."""
    src = write_tree(tmp_path / "src", {
        "a.txt": "one\ntwo\r\nthree\n", "id.py": "# $Id$\nX = 1\n", "wide.txt": "caf\u00e9\n",
        ".gitattributes": "*.txt text eol=crlf\nid.py ident\nwide.txt working-tree-encoding=UTF-16LE\n"
                          "* filter=nosuch\n"})
    _git(src, "init", "-q")
    _git(src, "add", "-A")
    _git(src, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    head = _git(src, "rev-parse", "HEAD")
    for key, value in {"GIT_CONFIG_COUNT": "1", "GIT_CONFIG_KEY_0": "core.autocrlf", "GIT_CONFIG_VALUE_0": "true"}.items():
        monkeypatch.setenv(key, value)
    repo = resolve(RepoSpec(url=f"file://{src}", commit=head), cache_dir=tmp_path / "cache")
    shown = {name: subprocess.run(["git", "show", f"{head}:{name}"], cwd=src, check=True, capture_output=True).stdout
             for name in _git(src, "ls-tree", "-r", "--name-only", head).splitlines()}
    assert {name: (repo.root / name).read_bytes() for name in shown} == shown
    # an entry of the cache checked out under the repository's attributes is not reused
    (repo.root / ".git" / "info" / "attributes").unlink()
    (repo.root / "a.txt").write_bytes(b"one\r\ntwo\r\nthree\r\n")
    again = resolve(RepoSpec(url=f"file://{src}", commit=head), cache_dir=tmp_path / "cache")
    assert (again.root / "a.txt").read_bytes() == shown["a.txt"]


def test_a_checkout_that_writes_more_than_the_cap_is_refused_after_it(tmp_path, monkeypatch):
    """What the checkout wrote is measured too: were an attribute of a git to come (not neutralised
    by ``CHECKOUT_ATTRIBUTES``) to expand a blob, the clone is refused ``clone_too_large`` and
    nothing stays in the cache. Simulated by checking out without our attributes under a cap of
    exactly the measured bytes (``ident`` expands ``$Id$`` 47 characters for 4)."""
    from crossfile_datasets.builders import repos

    src = write_tree(tmp_path / "src", {"id.py": "# $Id$\n", ".gitattributes": "id.py ident\n"})
    _git(src, "init", "-q")
    _git(src, "add", "-A")
    _git(src, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "one")
    head = _git(src, "rev-parse", "HEAD")
    measured = sum(len(p.read_bytes()) for p in (src / "id.py", src / ".gitattributes"))
    monkeypatch.setattr(C, "CLONE_MAX_BYTES", measured)
    assert resolve(RepoSpec(url=f"file://{src}", commit=head), cache_dir=tmp_path / "plain").commit == head
    monkeypatch.setattr(repos, "CHECKOUT_ATTRIBUTES", "")
    with pytest.raises(RepositoryError) as caught:
        resolve(RepoSpec(url=f"file://{src}", commit=head), cache_dir=tmp_path / "cache")
    assert caught.value.reason == "clone_too_large" and "wrote" in str(caught.value), caught.value
    assert not list((tmp_path / "cache" / "repos").iterdir())
