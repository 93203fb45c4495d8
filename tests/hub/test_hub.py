"""Loading and publishing real build outputs with ``datasets`` and ``huggingface_hub``.

Outputs are real builds (Pylint, javac) of two fixture repositories written for this project.
The Hub is the local stand-in (``tests/hub/standin.py``): pushes go through the real
``huggingface_hub`` upload code (preupload, LFS batch + PUT, ndjson commit) and loads through
the real ``datasets`` Hub code, in child processes whose ``HF_ENDPOINT`` is the stand-in.
"""

from __future__ import annotations

import json
import os
import re
import socket
import subprocess
import sys
from pathlib import Path

import datasets
import pytest
from huggingface_hub import DatasetCard

from crossfile_datasets.builders.card import hub_license, size_category
from crossfile_datasets.builders.hub import (HubError, _remote_licenses, check_hub_access, remote_card_text, variant_config,
                                            yaml_nodes)
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.lang import Lang
from tests.badinput.corpus import write_clean
from tests.conftest import ROOT, require_tool
from tests.hub.standin import HubStandIn

pytestmark = [pytest.mark.pylint, pytest.mark.javac, pytest.mark.slow]

TOKENS = {"hf_writer": {"name": "alice", "orgs": ["acme"], "role": "write"},
          "hf_reader": {"name": "bob", "orgs": ["acme"], "role": "read"},
          "hf_carol": {"name": "carol", "role": "write"},
          "hf_scoped": {"name": "dave", "role": "fineGrained", "write_to": ["carol/data"]}}
SIZES = ("full_context", "medium_context", "small_context")
APACHE = "Apache License\nVersion 2.0, January 2004\nhttp://www.apache.org/licenses/\n"


# a file with a second use of Helper's members and lines using the file's own definitions, so the
# cross_file_random and in_file splits (builders/completion/splits.py) have examples to push
SPLIT_FILES = {
    Lang.PYTHON: ("pkg/app/report.py",
                  "from pkg.helper import Helper\n\n" + "".join(f"LIMIT_{i} = {i}\n" for i in range(12))
                  + "\n\ndef scale(value, factor):\n    return value * factor\n\n\n"
                  "def summary(items):\n    first = Helper().run_4()\n    base = scale(first, LIMIT_3)\n"
                  "    second = Helper().run_4() + Helper().run_5()\n    total = scale(base + second, len(items))\n"
                  "    return total\n"),
    Lang.JAVA: ("src/com/acme/app/Report.java",
                "package com.acme.app;\n\nimport com.acme.Helper;\n\npublic class Report {\n"
                "    static int scale(int value, int factor) {\n        return value * factor;\n    }\n\n"
                "    int summary(int n) {\n" + "".join(f"        int w{i} = {i};\n" for i in range(24))
                + "        int first = new Helper().run4();\n        int base = scale(first, w3);\n"
                "        int second = new Helper().run4() + new Helper().run5();\n        int total = scale(base + second, n);\n"
                "        return total;\n    }\n}\n"),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> Path:
    """``<out>/python`` (MIT) and ``<out>/java`` (Apache-2.0), every retrieval variant."""
    require_tool("pylint")
    require_tool("javac")
    root = tmp_path_factory.mktemp("hub")
    out = root / "out"
    for lang in (Lang.PYTHON, Lang.JAVA):
        repo = write_clean(root / "repos" / f"shop_{lang.value}", lang)
        path, text = SPLIT_FILES[lang]  # later uses and in-file lines: the splits are not empty
        (repo / path).write_text(text)
        if lang is Lang.JAVA:
            (repo / "LICENSE").write_text(APACHE)
        stats = build_language(lang, resolve_all([RepoSpec(path=str(repo))]),
                               BuildSettings(output=out, retrievers=("bm25", "oracle", "graph"), use_cache=False))
        assert stats["examples"] > 0, stats
    return out


def _env(hub: HubStandIn, tmp: Path, token: str = "hf_writer") -> dict:
    return {**os.environ, "HF_ENDPOINT": hub.endpoint, "HF_TOKEN": token, "HF_HOME": str(tmp / "hf_home"),
            "HF_DATASETS_CACHE": str(tmp / "datasets_cache"), "HF_HUB_DISABLE_TELEMETRY": "1",
            # hf_xet would upload to a Xet storage server the stand-in does not emulate: the
            # LFS protocol is the one the Hub offers every client
            "HF_HUB_DISABLE_XET": "1", "PYTHONPATH": str(ROOT)}


class Client:
    """One ``tests.hub.client serve`` process talking to ``hub``: ``client("push", ...)`` per call."""

    def __init__(self, hub: HubStandIn, tmp: Path) -> None:
        self.log = (tmp / "client.log").open("w")  # progress bars; a pipe could fill up and block
        self.proc = subprocess.Popen([sys.executable, "-m", "tests.hub.client", "serve"], cwd=ROOT, env=_env(hub, tmp),
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log, text=True)

    def __call__(self, *args: str, token: str = "hf_writer") -> dict:
        self.proc.stdin.write(json.dumps({"args": list(args), "token": token}) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        assert line, Path(self.log.name).read_text()[-3000:]
        return json.loads(line)

    def close(self) -> None:
        self.proc.stdin.close()
        self.proc.wait(timeout=60)
        self.log.close()


@pytest.fixture
def hub_client(tmp_path):
    """The stand-in Hub and a client process whose HF_ENDPOINT is it."""
    with HubStandIn(tmp_path / "hub", TOKENS) as hub:
        client = Client(hub, tmp_path)
        try:
            yield hub, client
        finally:
            client.close()


def test_every_local_output_loads_with_one_schema_and_a_default_config(built, tmp_path):
    cache = str(tmp_path / "cache")
    folder = built / "python"
    saved = datasets.load_from_disk(str(folder / "dataset"))["cross_file_first"]
    default = datasets.load_dataset(str(folder), split="cross_file_first", cache_dir=cache)  # no config name
    assert default.features == saved.features and len(default) == len(saved)
    assert default.to_list() == saved.to_list()
    parts = [saved]
    for method in ("bm25", "oracle", "graph"):
        variant = datasets.load_dataset(str(folder), variant_config("python", method), split="cross_file_first",
                                        cache_dir=cache)
        assert variant.features == saved.features, method
        parts.append(variant)
    both = datasets.concatenate_datasets(parts)
    assert len(both) == 4 * len(saved)
    assert any(item["lines"] for row in parts[1] for item in row["crossfile_context"]["list"])

    # the baseline (empty context lists) and a variant in one json call, with the card's Features
    features = datasets.load_dataset_builder(str(folder), cache_dir=cache).info.features
    files = [str(folder / "line_completion.jsonl"), str(folder / "line_completion_graph.jsonl")]
    joined = datasets.load_dataset("json", data_files=files, features=features, split="train", cache_dir=cache)
    assert len(joined) == 2 * len(saved) and joined.features == saved.features

    card = DatasetCard((folder / "README.md").read_text())
    data = card.data.to_dict()
    assert data["license"] == "mit" and data["size_categories"] == ["n<1K"]
    assert all(f["split"] != "test" for c in data["configs"] for f in c["data_files"])  # no duplicate of cross_file_first
    assert data["task_categories"] == ["text-generation"] and data["language"] == ["code"]
    assert [c["config_name"] for c in data["configs"] if c.get("default")] == ["python"]
    assert {i["config_name"] for i in data["dataset_info"]} == {"python", "python_rg1_bm25", "python_oracle_bm25", "python_graph"}
    assert "| `metadata.groundtruth_start_lineno` | int32 | **0-based**" in card.text
    assert "`line` (**1-based**)" in card.text and "### Failed repositories" in card.text
    assert "## Repositories" in card.text and "## Build settings" in card.text and "## Citation" in card.text
    assert "CrossCodeEval" in card.text and "| `seed` | `42` |" in card.text
    assert "![Prompt and reference lengths](lengths.png)" in card.text and "## Loading" in card.text
    assert (folder / "lengths.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert DatasetCard((built / "java" / "README.md").read_text()).data.license == "apache-2.0"


def test_output_folder_card_names_every_configuration_and_never_mixes_languages(built, tmp_path):
    """``load_dataset(OUTPUT)`` used to read every language's JSONL into one split; the folder's card
    lists each language's configurations (paths from the folder) and names no default."""
    from crossfile_datasets.builders.publish import write_cards

    cache = str(tmp_path / "cache")
    write_cards(built)
    card = DatasetCard((built / "README.md").read_text())
    names = [c["config_name"] for c in card.data.to_dict()["configs"]]
    assert {"python", "java", "python_graph", "java_rg1_bm25"} <= set(names)
    assert not any(c.get("default") for c in card.data.to_dict()["configs"])
    with pytest.raises(ValueError, match="Config name is missing"):
        datasets.load_dataset(str(built), cache_dir=cache)
    java = datasets.load_dataset(str(built), "java_graph", cache_dir=cache)
    saved = datasets.load_from_disk(str(built / "java" / "dataset"))
    assert {name: len(part) for name, part in java.items()} == {name: len(part) for name, part in saved.items()}
    assert set(java["cross_file_first"]["language"]) == {"java"}
    assert "| python | " in card.text and "## Citation" in card.text


def test_class_and_executable_only_folders_load_through_their_card(tmp_path):
    """A folder built with ``--split class`` (or executable) alone has a card whose configurations
    load with ``datasets.load_dataset(folder)``; it used to fail."""
    from crossfile_datasets.builders.publish import language_configs, write_cards

    folder = tmp_path / "class_out" / "python"
    folder.mkdir(parents=True)
    rows = [{"task_id": f"r/python/class/{n}", "class_name": f"C{n}", "license": "MIT", "language": "python"}
            for n in range(3)]
    datasets.Dataset.from_list(rows).save_to_disk(str(folder / "class_dataset"), num_shards=1)
    (folder / "class_stats.json").write_text(json.dumps({"per_repository": [
        {"repository": "r", "tasks": 3, "url": "https://example.org/r", "commit": "a" * 40, "license": "MIT"}]}))
    executable = write_executable_split(folder)
    write_cards(tmp_path / "class_out")
    assert [s.name for s in language_configs(folder, "python")] == ["python_executable", "python_class"]
    cache = str(tmp_path / "cache")
    loaded = datasets.load_dataset(str(folder), "python_class", cache_dir=cache)
    assert list(loaded) == ["test"] and loaded["test"].to_list() == rows
    by_size = datasets.load_dataset(str(folder), "python_executable", cache_dir=cache)
    assert list(by_size) == list(SIZES) and by_size["small_context"].to_list() == executable["small_context"]
    card = (folder / "README.md").read_text()
    assert "| r | https://example.org/r | `" + "a" * 40 + "` | MIT |" in card


def write_executable_split(folder: Path) -> list[dict]:
    """Two problems shaped like ``builders/executable/build.py`` records (written for this test)."""
    rows = [{"id": f"shop/python/executable/{n}", "project": "shop", "entry_point": f"total_{n}",
             "prompt": {"full_context": f"def total_{n}(xs):\n", "medium_context": "", "small_context": ""},
             "solution": f"def total_{n}(xs):\n    return sum(xs) + {n}\n", "test_list": [f"assert total_{n}([1]) == {n + 1}"],
             "dependencies": {"in_file": [], "cross_file": [{"name": "helpers.norm", "used_as": ["norm"]}]},
             "coverage": 1.0, "language": "python", "license": "MIT"} for n in range(2)]
    (folder / "executable.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    (folder / "executable_stats.json").write_text(json.dumps({"problems": 2}))
    # the saved layout: one split per context size, ``prompt`` a string (RepoExec's)
    flat = {size: [{**r, "prompt": r["prompt"][size]} for r in rows] for size in SIZES}
    datasets.DatasetDict({size: datasets.Dataset.from_list(v) for size, v in flat.items()}).save_to_disk(
        str(folder / "executable_dataset"))
    (folder / "executable_card.md").write_text("## Python, executable split\n\n| figure | value |\n|---|---|\n| problems | 2 |\n")
    return flat


def test_push_two_languages_one_at_a_time_keeps_both(built, hub_client):
    executable = write_executable_split(built / "python")
    hub, client = hub_client
    first = client("push", str(built), "acme/crossfile", "python")
    python_configs = ["python", "python_rg1_bm25", "python_oracle_bm25", "python_graph"]
    assert first["urls"] == [f"{hub.endpoint}/datasets/acme/crossfile/viewer/{c}/cross_file_first"
                             for c in python_configs] + [f"{hub.endpoint}/datasets/acme/crossfile/viewer/python_executable/full_context"]
    second = client("push", str(built), "acme/crossfile", "java")
    assert len(second["urls"]) == 4
    repo = hub.repos["acme/crossfile"]
    assert repo["commits"] == 2  # one commit per push
    # the real upload path: preupload, LFS batch + PUT of the Parquet shards, ndjson commit
    seen = {(m, p) for m, p in hub.requests}
    for method, path in (("POST", "/api/datasets/acme/crossfile/preupload/main"),
                         ("POST", "/datasets/acme/crossfile.git/info/lfs/objects/batch"),
                         ("POST", "/api/datasets/acme/crossfile/commit/main"), ("POST", "/api/validate-yaml"),
                         ("HEAD", "/datasets/acme/crossfile/resolve/{sha}/README.md")):
        assert any(m == method and re.fullmatch(re.escape(path).replace(r"\{sha\}", "[0-9a-f]{40}"), p) for m, p in seen), path
    assert any(m == "PUT" and p.startswith("/lfs-upload/") for m, p in seen)
    assert repo["files"]["python/cross_file_first-00000-of-00001.parquet"]["lfs"]
    assert not any("/test-" in path for path in repo["files"])  # no split duplicates another
    for lang in ("python", "java"):
        for name in ("stats.json", "usages.jsonl", "lengths.png"):
            assert f"extras/{lang}/{name}" in repo["files"]
        assert any(p.startswith(f"extras/{lang}/graphs/") for p in repo["files"])

    card = DatasetCard(hub.read("acme/crossfile", "README.md").decode())
    data = card.data.to_dict()
    configs = {c["config_name"]: c for c in data["configs"]}
    java_configs = [c.replace("python", "java") for c in python_configs]
    executable_configs = ["python_executable"]
    assert sorted(configs) == sorted(python_configs + java_configs + executable_configs)
    assert "`extras/python/executable_stats.json`" in card.text and "## Python, executable split" in card.text
    assert [n for n, c in configs.items() if c.get("default")] == ["python"]
    assert sorted(data["license"]) == ["apache-2.0", "mit"]
    assert "Cross-file code completion — python" in card.text and "Cross-file code completion — java" in card.text
    assert "`extras/java/usages.jsonl`" in card.text and "`extras/python/stats.json`" in card.text

    loaded = client("load", "acme/crossfile", *python_configs, *java_configs, *executable_configs)
    for size in SIZES:  # one configuration, RepoExec's context sizes as its splits
        assert loaded["python_executable"]["split_rows"][size] == executable[size]
    for lang in ("python", "java"):
        local = datasets.load_from_disk(str(built / lang / "dataset"))["cross_file_first"]
        assert loaded[lang]["rows"] == json.loads(json.dumps(local.to_list(), default=str))
        assert loaded["concatenated"][lang] == 4 * len(local)
    assert loaded["default"]["rows"] == len(loaded["python"]["rows"])
    # every completion configuration has the RepoBench-style splits, one schema, the local rows
    for lang in ("python", "java"):
        saved = datasets.load_from_disk(str(built / lang / "dataset"))
        for config in (c.replace("python", lang) for c in python_configs):
            assert loaded[config]["splits"] == {"cross_file_first": len(saved["cross_file_first"]),
                                                "cross_file_random": len(saved["cross_file_random"]),
                                                "in_file": len(saved["in_file"])}, config
            assert loaded[config]["split_features"] == [loaded[python_configs[0]]["features"]]
        assert loaded[lang]["in_file_rows"] == json.loads(json.dumps(saved["in_file"].to_list(), default=str))
        assert len(saved["cross_file_random"]) > 0 and len(saved["in_file"]) > 0
        assert f"{lang}/in_file-00000-of-00001.parquet" in repo["files"]
        assert f"{lang}_graph/cross_file_random-00000-of-00001.parquet" in repo["files"]
    assert len({loaded[c]["features"] for c in python_configs}) == 1

    # pushing python again replaces its configurations and keeps java's
    client("push", str(built), "acme/crossfile", "python")
    again = DatasetCard(hub.read("acme/crossfile", "README.md").decode()).data.to_dict()
    assert sorted(c["config_name"] for c in again["configs"]) == sorted(configs)


def test_missing_output_or_unusable_token_fails_before_any_hub_write(built, hub_client):
    hub, client = hub_client
    missing = client("push", str(built), "acme/crossfile", "python", "csharp")
    assert missing["type"] == "HubInputError" and "build-dataset --lang csharp" in missing["error"]
    rejected = client("push", str(built), "acme/crossfile", "python", token="hf_wrong")
    assert rejected["type"] == "HubTokenError" and "rejected the token" in rejected["error"]
    read_only = client("push", str(built), "acme/crossfile", "python", token="hf_reader")
    assert "read-only" in read_only["error"]
    foreign = client("push", str(built), "someone-else/crossfile", "python")
    assert "'alice' cannot create someone-else/crossfile: the namespace 'someone-else' is not theirs" in foreign["error"]
    assert hub.repos == {}
    # an existing repository of another namespace: refused before the build, not at the commit
    carol = client("push", str(built), "carol/data", "java", token="hf_carol")
    assert carol["urls"] and hub.repos["carol/data"]["commits"] == 1
    taken = client("push", str(built), "carol/data", "python")
    assert "'alice' cannot write to carol/data" in taken["error"] and hub.repos["carol/data"]["commits"] == 1
    # a fine-grained token scoped to that repository may write to it
    scoped = client("push", str(built), "carol/data", "python", token="hf_scoped")
    assert scoped["urls"] and hub.repos["carol/data"]["commits"] == 2


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_cli_checks_the_hub_before_building(tmp_path):
    repo = write_clean(tmp_path / "repos" / "tiny", Lang.PYTHON)
    out = tmp_path / "out"
    command = [sys.executable, "-m", "crossfile_datasets.builders.cli", "--lang", "python", "--repos", str(repo), "--output", str(out),
               "--retrievers", "", "--push-to-hub", "acme/crossfile"]
    env = {**os.environ, "HF_ENDPOINT": f"http://127.0.0.1:{_closed_port()}", "HF_TOKEN": "hf_writer",
           "HF_HOME": str(tmp_path / "hf_home"), "PYTHONPATH": str(ROOT), "COLUMNS": "80"}
    proc = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 2
    lines = [line for line in proc.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: cannot reach the Hub at http://127.0.0.1:"), proc.stderr
    assert not out.exists()  # nothing was built
    for bad in ("not a repo", "acme", "acme/a/b", "acme/-x-"):  # checked before any token or network use
        with pytest.raises(HubError, match=f"invalid Hub repository id '{re.escape(bad)}'"):
            check_hub_access(bad, token="hf_any")


def test_cli_builds_then_pushes_to_the_hub(tmp_path):
    repo = write_clean(tmp_path / "repos" / "tiny", Lang.PYTHON)
    out = tmp_path / "out"
    with HubStandIn(tmp_path / "hub", TOKENS) as hub:
        env = {**_env(hub, tmp_path), "COLUMNS": "80"}
        proc = subprocess.run([sys.executable, "-m", "crossfile_datasets.builders.cli", "--lang", "python", "--repos", str(repo),
                               "--output", str(out), "--retrievers", "graph", "--push-to-hub", "acme/tiny", "--private"],
                              cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
        assert proc.returncode == 0, proc.stderr[-3000:]
        pushed = [line.split("pushed: ", 1)[1] for line in proc.stderr.splitlines() if line.startswith("pushed: ")]
        assert pushed == [f"{hub.endpoint}/datasets/acme/tiny/viewer/{c}/cross_file_first" for c in ("python", "python_graph")]
        assert hub.repos["acme/tiny"]["private"] is True
        assert "python_graph/cross_file_first-00000-of-00001.parquet" in hub.repos["acme/tiny"]["files"]
        # no progress bars of datasets or huggingface_hub in the command's output (issue 31 item 7)
        assert "Creating parquet" not in proc.stderr and "LFS files" not in proc.stderr
        assert "Saving the dataset" not in proc.stderr


def test_card_metadata_helpers():
    assert hub_license(["MIT", "MIT"]) == {"license": "mit"}
    assert hub_license(["MIT", "Apache-2.0"]) == {"license": ["apache-2.0", "mit"]}
    assert hub_license(["BSD-4-Clause"]) == {"license": "other", "license_name": "bsd-4-clause"}
    assert hub_license(["MIT", "BSD-4-Clause", "MIT OR Apache-2.0"]) == {
        "license": ["mit", "other"], "license_name": "bsd-4-clause-or-mit-or-apache-2.0"}
    # a later push reads the names behind 'other' back from the remote card
    remote = _remote_licenses({"license": ["mit", "other"], "license_name": "bsd-4-clause"})
    assert hub_license(remote + ["Apache-2.0"]) == {"license": ["apache-2.0", "mit", "other"], "license_name": "bsd-4-clause"}
    assert hub_license([]) == {"license": "unknown"}
    assert size_category(999) == "n<1K" and size_category(1000) == "1K<n<10K" and size_category(250_000) == "100K<n<1M"
    assert variant_config("python", "bm25") == "python_rg1_bm25"
    assert variant_config("typescript", "oracle") == "typescript_oracle_bm25"
    assert variant_config("csharp", "graph") == "csharp_graph"


def test_a_remote_license_that_is_no_name_is_a_hub_error():
    """Red team 10 leftover: ``license: [[x]]`` in the remote card was a TypeError of the push."""
    for data in ({"license": [["x"]]}, {"license": {"a": 1}}, {"license": ["other"], "license_name": ["x"]}):
        with pytest.raises(HubError, match="license"):
            _remote_licenses(data)


def test_yaml_nodes_counts_aliases_expanded_and_stops_past_the_limit():
    assert yaml_nodes("a: [1, 2]\nb: {c: d}\n", 100) == 9
    assert yaml_nodes("a: &x [1, 2, 3]\nb: [*x, *x]\n", 100) == 1 + 1 + 4 + 1 + 1 + 4 + 4
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 12)]
    assert yaml_nodes("\n".join(lines), 10_000) == 10_001  # 10**11 paths: stopped, not expanded


def test_a_remote_card_with_aliases_past_the_cap_or_too_large_is_refused(tmp_path, monkeypatch):
    """Red team 10 row 6: checked before ``datasets`` walks the configs' data files."""
    from crossfile_datasets.core import constants as C

    card = tmp_path / "README.md"
    card.write_text("---\na: &a [x, x, x]\nb: [*a, *a]\n---\n# card\n")
    assert remote_card_text(card, "acme/x").startswith("---")
    monkeypatch.setattr(C, "HUB_CARD_MAX_NODES", 8)
    with pytest.raises(HubError, match="anchors and aliases"):
        remote_card_text(card, "acme/x")
    monkeypatch.setattr(C, "HUB_CARD_MAX_BYTES", 10)
    with pytest.raises(HubError, match="larger than"):
        remote_card_text(card, "acme/x")
    card.write_text("---\na: [\n---\n")
    monkeypatch.setattr(C, "HUB_CARD_MAX_BYTES", 1000)
    with pytest.raises(HubError, match="does not parse"):
        remote_card_text(card, "acme/x")


def test_card_says_when_the_length_plot_could_not_be_drawn(monkeypatch, tmp_path):
    import sys

    from crossfile_datasets.builders.card import language_section, length_plot

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # the report extra is not installed
    assert length_plot([{"num_prompt_tokens": 3, "num_groundtruth_tokens": 2}], tmp_path / "p.png", "x") is False
    stats = {"repositories": 1, "files": 2, "examples": 1, "avg_prompt_lines": 1, "avg_prompt_tokens": 3,
             "avg_reference_lines": 1, "avg_reference_tokens": 2, "usages_detected": 1}
    section = language_section("python", stats, plot=None)
    assert "(No length plot: the plot needs matplotlib, which is not installed: pip install 'crossfile-datasets[report]'.)" in section


def test_card_is_validated_by_the_hub_the_push_goes_to(tmp_path, monkeypatch):
    """Regression: huggingface_hub before 2.2 sent ``DatasetCard.validate`` to huggingface.co
    whatever HF_ENDPOINT said, so a push to any other Hub failed at that step. The check now goes
    to the endpoint of the push's own client (here the stand-in), even when the library's global
    endpoint points elsewhere."""
    from huggingface_hub import HfApi, constants

    from crossfile_datasets.builders.hub import _validate_card

    monkeypatch.setattr(constants, "ENDPOINT", "http://127.0.0.1:9")  # nothing listens there
    with HubStandIn(tmp_path / "hub", TOKENS) as hub:
        api = HfApi(endpoint=hub.endpoint, token="hf_writer")
        _validate_card(api, "---\nlicense: mit\n---\n# card\n")
        with pytest.raises(ValueError, match="license_name"):
            _validate_card(api, "---\nlicense: other\n---\n# card\n")


@pytest.mark.slow
def test_class_and_instruct_builds_push_and_load_from_the_hub(tmp_path, hub_client):
    """Issue 30: every split's output pushes through the one Hub path. Real builds of the class
    split (the fixture shop's own tests, in the sandbox) and the instruct split into one folder,
    pushed to the stand-in; each configuration the card lists loads back with the local rows."""
    from typer.testing import CliRunner

    from crossfile_datasets.builders.classlevel.build import build_class_split
    from crossfile_datasets.builders.cli import app
    from crossfile_datasets.core.records import Repository
    from crossfile_datasets.core.report import BuildReport
    from tests.classlevel.fixture import write_shop
    from tests.instruct.test_instruct import _repo

    require_tool("pylint")
    out = tmp_path / "out"
    _repo(tmp_path / "repos" / "mathkit")
    result = CliRunner().invoke(app, ["--lang", "python", "--split", "instruct", "--repos-dir", str(tmp_path / "repos"),
                                      "--output", str(out)])
    assert result.exit_code == 0, result.output
    shop = Repository("shop", write_shop(tmp_path / "shop"), "https://example.invalid/shop.git", "abc123", "MIT")
    records, _ = build_class_split("python", [shop], out, allow_execution=True, report=BuildReport())
    assert records
    card = DatasetCard((out / "python" / "README.md").read_text())
    listed = sorted(c["config_name"] for c in card.data.to_dict()["configs"])
    assert listed == ["python_class", "python_instruct"]
    for config in listed:  # the local folder loads through its card as the Hub repository does
        assert datasets.load_dataset(str(out / "python"), config, cache_dir=str(tmp_path / "cache"))

    hub, client = hub_client
    pushed = client("push", str(out), "acme/splits", "python")
    assert "error" not in pushed, pushed
    loaded = client("load", "acme/splits", *listed)
    local = {"python_class": {"test": datasets.load_from_disk(str(out / "python" / "class_dataset"))},
             "python_instruct": datasets.load_from_disk(str(out / "python" / "instruct_dataset"))}
    for config in listed:
        assert loaded[config]["splits"] == {name: len(part) for name, part in local[config].items()}, config
        for name, part in local[config].items():
            assert loaded[config]["split_rows"][name] == json.loads(json.dumps(part.to_list(), default=str)), config
