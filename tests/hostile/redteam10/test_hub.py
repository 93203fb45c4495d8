"""The Hub push path (``builders/hub.py``: ``push_to_hub`` -> ``_remote_card`` -> ``merge_card``),
against the stand-in Hub of ``tests/hub/standin.py`` (real ``huggingface_hub`` and ``datasets``
through ``HF_ENDPOINT``): what the remote card, written by whoever else can write the Hub
repository (a collaborator of an organization's dataset, an enterprise Hub or mirror behind
``HF_ENDPOINT``), makes the pushing machine do."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.lang import Lang
from tests.hub.standin import HubStandIn
from tests.hub.test_hub import TOKENS, _env
from tests.hostile.redteam10._repos import python_repo

REPO_ID = "acme/crossfile"


def alias_card(levels: int) -> str:
    """A remote README whose ``configs`` (another language's configuration, which a push keeps)
    lists data files through YAML anchors: ``levels`` lines of ten references to the line before,
    about 60 bytes a line, ``10 ** levels`` paths once the references are followed."""
    lines = ["a0: &a0 [x.parquet, x.parquet, x.parquet, x.parquet, x.parquet, x.parquet, x.parquet, "
             "x.parquet, x.parquet, x.parquet]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, levels)]
    front = "\n".join(lines) + f"\nconfigs:\n- config_name: java\n  data_files:\n  - split: test\n    path: *a{levels - 1}\n"
    return f"---\n{front}---\n# crossfile\n"


PUSH = '''
import json, sys
from tests.hub.client import push
print(json.dumps(push(sys.argv[1], sys.argv[2], ["python"])))
'''


def _plant_remote(hub: HubStandIn, card: str) -> None:
    """The Hub repository as the other writer left it: only its README."""
    hub.repos[REPO_ID] = {"sha": hashlib.sha1(REPO_ID.encode()).hexdigest(), "files": {}, "commits": 0, "private": False}
    folder = hub.repo_dir(REPO_ID)
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "README.md").write_text(card)
    hub.repos[REPO_ID]["files"]["README.md"] = {"size": len(card.encode()), "lfs": None}


@pytest.mark.slow
@pytest.mark.pylint
def test_yaml_aliases_in_the_remote_card_do_not_hold_the_push(child, tmp_path):
    """Host hang (``build-dataset --push-to-hub``, ``push_to_hub``). The push downloads the remote
    README and merges its ``configs`` (``DatasetCard`` -> ``MetadataConfigs.from_dataset_card_data``,
    whose data-file check walks every path). YAML anchors make a 700-byte card name ``10 ** 9``
    paths: ``datasets`` follows them all on the host, with no time limit (10**6 paths 1.7 s,
    10**7 12 s on this machine; ten times more per line: 10**9 is about 20 minutes,
    10**10 hours; still merging after 30 s here). The control,
    the same card with 1,000 paths, pushes in seconds."""
    out = tmp_path / "out"
    repo = python_repo(tmp_path / "repos" / "good")
    stats = build_language(Lang.PYTHON, resolve_all([RepoSpec(path=str(repo))]),
                           BuildSettings(output=out, use_cache=False))
    if not stats["examples"]:
        pytest.fail(f"precondition: nothing built to push: {stats}")
    for levels, seconds in ((3, 240), (9, 30)):
        with HubStandIn(tmp_path / f"hub{levels}", TOKENS) as hub:
            _plant_remote(hub, alias_card(levels))
            done = child(PUSH, str(out), REPO_ID, timeout=seconds, env=_env(hub, tmp_path / f"client{levels}"))
        if levels == 3:  # the control: an honest card with anchors of a sensible size
            if done.timed_out or "urls" not in done.last_json():
                pytest.fail(f"precondition: the control push failed: {done.stdout[-1000:]} {done.stderr[-2000:]}")
            continue
        assert not done.timed_out, f"the push of one small configuration was still merging the remote card after {seconds} s"
        assert "urls" in done.last_json() or "error" in done.last_json(), done.stdout[-1000:]
