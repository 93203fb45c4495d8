"""Attacks by a repository folder handed over as a checkout (a tarball of a clone, a shared
disk, a CI artifact): its ``.git`` is the sender's, and the host runs ``git`` in it and reads what
``git`` prints (``builders/repos.py``: ``resolve``, ``_remote_url``)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from tests.hostile.redteam3.conftest import seconds


def _checkout(root: Path, origin: str) -> Path:
    """A real git checkout with one commit whose ``remote.origin.url`` is ``origin``, written into
    ``.git/config`` as the sender's file would hold it (a command line could not carry 1 MB)."""
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "money.py").write_text("def cents(x):\n    return int(x * 100)\n")
    for args in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "init"]):
        subprocess.run(["git", "-c", "user.email=a@b.c", "-c", "user.name=a", *args], cwd=root, check=True,
                       capture_output=True)
    with open(root / ".git" / "config", "a", encoding="utf-8") as fh:
        fh.write(f'[remote "origin"]\n\turl = {origin}\n\tfetch = +refs/heads/*:refs/remotes/origin/*\n')
    return root


SLASHES = 12_000


def test_a_remote_url_of_many_slashes_does_not_stall_resolving_the_checkout(tmp_path):
    """Host hang (every split: ``resolve`` of a local folder with a ``.git``; ``hosted_path`` also
    runs per usage through ``Repository.canonical_id`` when the URL is accepted). The origin URL
    ``https://github.com/acme/shop`` + 12,000 ``/`` + ``?`` (a ``#`` would start a comment in git's file): ``(?P<path>[^?#]+?)(?:\\.git)?/*$``
    tries every split of the slash run between the lazy path and ``/*`` before the ``?`` makes it
    fail. git prints the whole value (tried: 1 MB), the runner keeps up to 16 MiB of it.
    Measured as a ratio to a checkout whose (accepted) URL is just as long, so the verdict does
    not depend on the machine's speed or load."""
    from crossfile_datasets.builders.repos import RepoSpec, _remote_url, resolve

    hostile = _checkout(tmp_path / "hostile", "https://github.com/acme/shop" + "/" * SLASHES + "?")
    honest = _checkout(tmp_path / "honest", "https://github.com/acme/" + "s" * SLASHES)
    honest_repo = resolve(RepoSpec(path=str(honest)))
    if not honest_repo.commit or not honest_repo.url.endswith("s" * 10):
        pytest.fail(f"the honest checkout did not resolve as a git checkout: {honest_repo}")
    # resolve() asks _remote_url for the origin of every local checkout: timed alone, so the
    # rest of resolve (the license, git rev-parse) does not dilute the ratio
    ordinary = seconds(lambda: _remote_url(honest), repeat=3)
    attacked = seconds(lambda: _remote_url(hostile))
    assert attacked < 5 * max(ordinary, 0.05), f"{attacked:.2f} s against {ordinary:.3f} s for an honest checkout"


# the pattern row 1 replaced: its answers are the reference for every URL it did not hang on
_OLD_HOSTED_URL = r"^(?:(?!file:)[a-z][a-z0-9+.-]*://(?:[^@/]*@)?[^/]+/|[^@/\s]+@[^:/\s]+:)(?P<path>[^?#]+?)(?:\.git)?/*$"


def test_hosted_paths_keep_the_answers_of_the_backtracking_pattern():
    import random
    import re

    from crossfile_datasets.core.records import hosted_path

    old = re.compile(_OLD_HOSTED_URL, re.I)

    def reference(url: str) -> str:
        m = old.match(url.strip())
        return m.group("path").strip("/").lower() if m else ""

    urls = ["https://github.com/psf/requests", "https://github.com/psf/requests.git", "git@github.com:psf/requests.git",
            "https://user:pw@gitlab.com/group/sub/proj.git/", "ssh://git@host:22/a/b.git", "file:///tmp/x", "/tmp/x",
            "https://github.com/a/b.GIT//", "https://github.com/a/.git", "https://h//", "https://h/", "https://h/a?x",
            "https://h/a#f", "git@h:", "git@h://", "HTTPS://GitHub.com/Owner/Name", "  https://h/a/b \n", "https://h/a\n/",
            "https://h/a.git.git", "x@y:z.git/", "https://github.com/acme/shop" + "/" * 40 + "?"]
    pieces = list("ab/.:@?#gitGIT \n\t-+") + ["://", ".git", "https://", "git@", "file:", "h/"]
    rng = random.Random(27)
    for _ in range(20000):
        url = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 14)))
        urls.append(rng.choice(["", "https://", "git@h:", "ssh://u@h/", "http://h/"]) + url)
    differing = [u for u in urls if hosted_path(u) != reference(u)]
    assert not differing, differing[:5]
