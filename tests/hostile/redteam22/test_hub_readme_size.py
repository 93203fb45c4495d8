"""Row 2: the README a Hub endpoint serves for the push's merge is downloaded whole to the push's
work folder before its size is checked. ``remote_card_text`` (``builders/hub.py:258``) refuses a
README past ``HUB_CARD_MAX_BYTES`` (4 MiB) by reading 4 MiB + 1 of the file ``hf_hub_download``
already wrote (``builders/hub.py:246``): nothing bounds the download itself (no size cap; a
read time-out only between bytes). A README of any size (a ``Content-Length`` of gigabytes, or
an endless chunked stream) fills the pushing host's temporary folder first, then the push is
refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.core import constants as C
from tests.conftest import require_tool
from tests.hostile.redteam22._hub import CARD, LyingHub, build_output, push

ATTACK = 12 * C.HUB_CARD_MAX_BYTES  # 48 MiB
CONTROL = 2 * (1 << 20)  # under the cap


@pytest.fixture(scope="module")
def output(tmp_path_factory) -> Path:
    require_tool("pylint")
    return build_output(tmp_path_factory.mktemp("rt22-size"))


def _push(tmp_path: Path, output: Path, size: int) -> tuple[dict, LyingHub]:
    with LyingHub(tmp_path / "hub") as hub:
        hub.seed(CARD)
        hub.readme_size, hub.measure = size, tmp_path / "tmp"
        answer = push(hub, output, tmp_path)
    return answer, hub


@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30b row 2: builders/hub.py:246 downloads the remote README whole; "
                          "the 4 MiB cap (builders/hub.py:258) reads the file afterwards")
def test_a_huge_remote_readme_is_not_written_to_the_pushing_host(output, tmp_path):
    answer, hub = _push(tmp_path / "control", output, CONTROL)
    if "urls" not in answer or not 0 < hub.written <= CONTROL:
        pytest.fail(f"precondition: a README under the cap is merged and the probe sees its download: {answer} {hub.written}")
    answer, hub = _push(tmp_path / "attack", output, ATTACK)
    print(answer, "sent", hub.sent, "written before the last chunk", hub.written)
    if "larger than" not in answer.get("error", ""):
        pytest.fail(f"precondition: the push refuses the README past the cap: {answer}")
    assert hub.written <= C.HUB_CARD_MAX_BYTES + (1 << 20), \
        f"{hub.written:,} bytes of the endpoint's README written to the pushing host (cap {C.HUB_CARD_MAX_BYTES:,})"
