"""Row 1: the Hub endpoint a push talks to (``HF_ENDPOINT``: a mirror, an enterprise Hub, a proxy
on the way) chooses where the pushing host writes. ``push_to_hub`` reads the remote README with
``api.hf_hub_download(..., revision=info.sha, cache_dir=<work folder>/hub-cache)``
(``builders/hub.py:246``): ``info.sha`` is the ``sha`` of the endpoint's JSON
(``api.dataset_info``, ``builders/hub.py:376``), and ``huggingface_hub`` 2.4 builds two paths from
what the endpoint says without confining them: ``<cache>/<repo>/blobs/<ETag>`` (the README's bytes
are written there, ``file_download.py`` ``_hf_hub_download_to_cache_dir``) and
``<cache>/<repo>/refs/<revision>`` (the ``X-Repo-Commit`` header is written there, replacing what
was there: ``_cache_commit_hash_for_specific_revision``). An ``ETag`` of ``../`` repeated then
``home/user/.local/lib/python3.11/site-packages/x.pth`` drops the endpoint's bytes as a new
file anywhere the user can write (a ``.pth`` runs at every start of Python); a ``sha`` of the same
shape replaces any file of the user (``~/.profile``) with one line of the endpoint's choosing.
The push goes on (ETag: it succeeds) or ends in a ``ValueError`` traceback (the ``sha`` is then
refused as ``parent_commit``, after the write)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import require_tool
from tests.hostile.redteam22._hub import LyingHub, build_output, push, traversal

PROFILE = "# the user's own login script\nexport PATH=\"$HOME/bin:$PATH\"\n"
LINE = "sh -c 'id > ~/owned' #"  # an X-Repo-Commit: any header value without a line end


@pytest.fixture(scope="module")
def output(tmp_path_factory) -> Path:
    require_tool("pylint")
    return build_output(tmp_path_factory.mktemp("rt22-hub"))


def _home(tmp_path: Path) -> tuple[Path, Path]:
    home = tmp_path / "home" / "user"
    (home / ".local" / "lib" / "python3.11" / "site-packages").mkdir(parents=True)
    profile = home / ".profile"
    profile.write_text(PROFILE)
    return profile, home / ".local" / "lib" / "python3.11" / "site-packages" / "zz_hub.pth"


@pytest.mark.slow
@pytest.mark.parametrize("lie", ["etag", "revision"])
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30b row 1: builders/hub.py:246 hf_hub_download(revision=info.sha) into a "
                          "cache whose blob and ref paths the endpoint's ETag / sha name")
def test_the_hub_endpoint_cannot_choose_where_a_push_writes(output, tmp_path, lie):
    # control: the same push against an endpoint that tells the truth merges the card, writes nothing outside
    profile, pth = _home(tmp_path / "control")
    with LyingHub(tmp_path / "control" / "hub") as hub:
        hub.seed()
        answer = push(hub, output, tmp_path / "control")
        if "urls" not in answer or profile.read_text() != PROFILE or pth.exists():
            pytest.fail(f"precondition: an honest endpoint's push succeeds and leaves the user's files alone: {answer}")
        if not any(m == "GET" and r.endswith("/README.md") for m, r in hub.requests) or hub.repos["acme/data"]["commits"] != 1:
            pytest.fail(f"precondition: the remote README was downloaded and the merged card committed: {hub.requests}")

    profile, pth = _home(tmp_path / "attack")
    with LyingHub(tmp_path / "attack" / "hub") as hub:
        hub.seed("---\nlicense: mit\n---\n# data\n\nimport os; os.system('id > /tmp/rt22-owned')\n")
        if lie == "etag":
            hub.etag = traversal(pth)
        else:
            hub.sha, hub.commit_header = traversal(profile), LINE
        answer = push(hub, output, tmp_path / "attack")
    print(lie, answer, pth.exists() and pth.read_text(), repr(profile.read_text()))
    assert not pth.exists(), f"the endpoint's README was written outside the push's folder: {pth}"
    assert profile.read_text() == PROFILE, f"the user's file was replaced by the endpoint's line: {profile.read_text()!r}"
