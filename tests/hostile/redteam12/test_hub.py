"""The Hub push path (``builders/hub.py``: ``push_to_hub`` -> ``_remote_card`` ->
``remote_card_text`` -> ``merge_card``), against the stand-in Hub of ``tests/hub/standin.py`` (real
``huggingface_hub`` and ``datasets`` through ``HF_ENDPOINT``): the remote README, which whoever
else can write the Hub repository controls (red team 10 row 6 made that writer an attacker; the
fix caps the README at ``HUB_CARD_MAX_BYTES``, 4 MiB, and its YAML at ``HUB_CARD_MAX_NODES``)."""

from __future__ import annotations

import time

import pytest

from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.core import constants as C
from crossfile_datasets.lang import Lang
from tests.hostile.redteam10._repos import python_repo
from tests.hostile.redteam10.test_hub import PUSH, REPO_ID, _plant_remote
from tests.hub.standin import HubStandIn
from tests.hub.test_hub import TOKENS, _env


def opened_sections_card(openings: int) -> str:
    """A remote README holding ``openings`` section markers of ours (``<!-- crossfile:section a
    -->``) and no closing one: 29 bytes each, a plain Markdown file."""
    return "---\nlicense: mit\n---\n# crossfile\n\n" + "<!-- crossfile:section a -->\n" * openings


@pytest.mark.slow
@pytest.mark.pylint
def test_opened_section_markers_in_the_remote_card_do_not_hold_the_push(child, tmp_path):
    """Host hang (``build-dataset --push-to-hub``). ``merge_card`` keeps the remote card's
    language sections (``card.read_sections``: ``<!-- crossfile:section NAME -->\\n(.*?)\\n<!--
    /crossfile:section -->`` under ``re.S``); for each opening marker without a closing one the
    lazy body scans to the end of the text, so the work is (markers) x (text): 2,000 markers
    (58 kB) 0.5 s, 4,000 2.3 s, 8,000 (232 kB) 9.3 s of CPU on this machine. The 4 MiB cap lets
    ~145,000 markers through: about 50 minutes of one core before the push uploads anything,
    with no time limit. Red team 5 saw the pattern and left it aside (whoever writes the Hub
    repository could already write its card); red team 10 row 6 since made that writer an
    attacker, and its caps bound the bytes and the YAML, not this. Control: an honest card of
    the same shape (500 opened markers) pushes. Safe behaviour: sections are found in one pass
    (find each opening, then the next closing after it, never rescanning), or the markers past a
    small number are refused like an oversized card."""
    if len(opened_sections_card(30_000)) > C.HUB_CARD_MAX_BYTES:
        pytest.fail("precondition: the card is over the size cap: not this attack")
    out = tmp_path / "out"
    repo = python_repo(tmp_path / "repos" / "good")
    stats = build_language(Lang.PYTHON, resolve_all([RepoSpec(path=str(repo))]), BuildSettings(output=out, use_cache=False))
    if not stats["examples"]:
        pytest.fail(f"precondition: nothing built to push: {stats}")
    with HubStandIn(tmp_path / "hub-control", TOKENS) as hub:
        _plant_remote(hub, opened_sections_card(500))
        started = time.monotonic()
        done = child(PUSH, str(out), REPO_ID, timeout=240, env=_env(hub, tmp_path / "client-control"))
        honest = time.monotonic() - started
    if done.timed_out or "urls" not in done.last_json():
        pytest.fail(f"precondition: the control push failed: {done.stdout[-1000:]} {done.stderr[-2000:]}")
    limit = max(30.0, 4 * honest)
    with HubStandIn(tmp_path / "hub", TOKENS) as hub:
        _plant_remote(hub, opened_sections_card(30_000))
        done = child(PUSH, str(out), REPO_ID, timeout=limit, env=_env(hub, tmp_path / "client"))
    assert not done.timed_out, (f"the push of one small configuration was still reading a {30_000 * 29 // 1000} kB "
                                f"remote card after {limit:.0f} s (the honest push: {honest:.0f} s)")
    assert "urls" in done.last_json() or "error" in done.last_json(), done.stdout[-1000:]
