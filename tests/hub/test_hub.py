"""Hub push, checked at the huggingface_hub commit boundary (the Hub is not reachable here).

``HfApi.create_repo`` and ``HfApi.create_commit`` are replaced by a recorder: the test sees
exactly which files would reach which repository, then loads the recorded files back with
``datasets.load_dataset`` to prove the layout and card metadata work as a Hub dataset.
"""

from __future__ import annotations

import json
from pathlib import Path

import datasets
import pytest
from huggingface_hub import DatasetCard, HfApi, constants

from builders.hub import HubInputError, HubTokenError, push_to_hub, variant_config

string, i32 = datasets.Value("string"), datasets.Value("int32")
FEATURES = datasets.Features({
    "prompt": string,
    "groundtruth": string,
    "right_context": string,
    "crossfile_context": {"text": string, "list": [{"retrieved_chunk": string, "filename": string, "score": datasets.Value("float64")}]},
    "metadata": {"task_id": string, "repository": string, "file": string},
    "language": string,
    "crossfile_usages": [{"imported_name": string, "definition_file": string,
                          "definition_span": {"start_line": i32, "start_column": i32, "end_line": i32, "end_column": i32}}],
})


def record(lang: str, n: int) -> dict:
    return {
        "prompt": f"import helper\nvalue_{n} = helper.",
        "groundtruth": f"compute({n})",
        "right_context": "\n",
        "crossfile_context": {"text": "", "list": []},
        "metadata": {"task_id": f"repo/{lang}/{n}", "repository": "repo", "file": "main.py"},
        "language": lang,
        "crossfile_usages": [{"imported_name": "helper", "definition_file": "helper.py",
                              "definition_span": {"start_line": 1, "start_column": 0, "end_line": 3, "end_column": 10}}],
    }


def write_language(out: Path, lang: str, n: int, license: str, variants: dict[str, str]) -> list[dict]:
    rows = [record(lang, i) for i in range(n)]
    folder = out / lang
    datasets.DatasetDict({"test": datasets.Dataset.from_list(rows, features=FEATURES)}).save_to_disk(str(folder / "dataset"))
    for filename, chunk in variants.items():
        with (folder / filename).open("w") as fh:
            for row in rows:
                ctx = {"text": f"# {chunk}\n", "list": [{"retrieved_chunk": chunk, "filename": "helper.py", "score": 2.5, "lines": [1, 2]}]}
                fh.write(json.dumps({**row, "crossfile_context": ctx, "extra_key": "dropped"}) + "\n")
    (folder / "README.md").write_text(
        f"---\nlicense: {license}\nlanguage:\n- code\ntags:\n- {lang}-tag\nconfigs:\n- config_name: {lang}\n  data_files:\n"
        f"  - split: test\n    path: line_completion.jsonl\n---\n\n# Cross-file code completion — {lang}\n\n"
        f"| statistic | value |\n|---|---|\n| examples | {n} |\n\n## Dropped examples by reason\n"
    )
    return rows


class HubRecorder:
    """Stands in for the two Hub calls a push makes and keeps what they were given."""

    def __init__(self) -> None:
        self.repos: list[dict] = []
        self.commits: list[dict] = []

    def create_repo(self, api, repo_id, **kwargs):
        self.repos.append({"repo_id": repo_id, "token": api.token, **kwargs})
        return f"https://huggingface.co/datasets/{repo_id}"

    def create_commit(self, api, repo_id, operations, **kwargs):
        files = {}
        for op in operations:
            with op.as_file() as fh:
                files[op.path_in_repo] = fh.read()
        self.commits.append({"repo_id": repo_id, "files": files, **kwargs})


@pytest.fixture
def recorder(monkeypatch):
    rec = HubRecorder()
    monkeypatch.setattr(HfApi, "create_repo", lambda self, repo_id, **kw: rec.create_repo(self, repo_id, **kw))
    monkeypatch.setattr(HfApi, "create_commit", lambda self, repo_id, operations, **kw: rec.create_commit(self, repo_id, operations, **kw))
    return rec


@pytest.fixture
def output(tmp_path):
    out = tmp_path / "output"
    python_rows = write_language(out, "python", 3, "mit", {
        "line_completion_rg1_bm25.jsonl": "def compute(n):", "line_completion_graph.jsonl": "class Helper:",
    })
    java_rows = write_language(out, "java", 2, "apache-2.0", {"line_completion_oracle_bm25.jsonl": "int compute(int n) {"})
    return out, python_rows, java_rows


def test_push_sends_one_commit_with_every_configuration(recorder, output, tmp_path, monkeypatch):
    monkeypatch.setenv("HF_TOKEN", "hf_from_environment")
    out, python_rows, java_rows = output
    urls = push_to_hub(out, "acme/crossfile", ["python", "java"], private=True)
    configs = ["python", "python_rg1_bm25", "python_graph", "java", "java_oracle_bm25"]
    assert urls == [f"https://huggingface.co/datasets/acme/crossfile/viewer/{c}/test" for c in configs]
    assert recorder.repos == [{"repo_id": "acme/crossfile", "token": "hf_from_environment", "repo_type": "dataset",
                               "private": True, "exist_ok": True}]
    (commit,) = recorder.commits
    assert commit["repo_id"] == "acme/crossfile" and commit["repo_type"] == "dataset"
    assert sorted(commit["files"]) == sorted([f"{c}/test-00000-of-00001.parquet" for c in configs] + ["README.md"])

    # the card: merged metadata, every configuration with its exact files, infos with sizes
    card = DatasetCard(commit["files"]["README.md"].decode())
    data = card.data.to_dict()
    assert data["license"] == ["mit", "apache-2.0"]
    assert set(data["tags"]) >= {"python-tag", "java-tag", "crossfile-datasets"}
    assert [c["config_name"] for c in data["configs"]] == sorted(configs)
    by_name = {c["config_name"]: c for c in data["configs"]}
    assert by_name["python"]["default"] is True
    assert by_name["java_oracle_bm25"]["data_files"] == [{"split": "test", "path": ["java_oracle_bm25/test-00000-of-00001.parquet"]}]
    infos = {i["config_name"]: i for i in data["dataset_info"]}
    assert infos["python"]["splits"][0]["num_examples"] == 3 and infos["java"]["splits"][0]["num_examples"] == 2
    assert "## Cross-file code completion — java" in card.text and "### Dropped examples by reason" in card.text

    # what was recorded loads as a Hub dataset would: per configuration, split test
    hub_copy = tmp_path / "hub_copy"
    for path, content in commit["files"].items():
        (hub_copy / path).parent.mkdir(parents=True, exist_ok=True)
        (hub_copy / path).write_bytes(content)
    cache = str(tmp_path / "cache")
    python = datasets.load_dataset(str(hub_copy), "python", split="test", cache_dir=cache)
    assert python.to_list() == python_rows
    graph = datasets.load_dataset(str(hub_copy), "python_graph", split="test", cache_dir=cache)
    assert len(graph) == 3 and "extra_key" not in graph.column_names
    assert graph[0]["crossfile_context"]["list"] == [{"retrieved_chunk": "class Helper:", "filename": "helper.py", "score": 2.5, "lines": [1, 2]}]
    assert graph[1]["metadata"] == python_rows[1]["metadata"]
    oracle = datasets.load_dataset(str(hub_copy), "java_oracle_bm25", split="test", cache_dir=cache)
    assert [r["groundtruth"] for r in oracle] == [r["groundtruth"] for r in java_rows]


def test_explicit_token_wins_and_no_token_is_a_clear_error(recorder, output, tmp_path, monkeypatch):
    out, _, _ = output
    monkeypatch.delenv("HF_TOKEN", raising=False)
    monkeypatch.delenv("HUGGING_FACE_HUB_TOKEN", raising=False)
    monkeypatch.delenv("HF_OIDC_RESOURCE", raising=False)
    monkeypatch.setattr(constants, "HF_TOKEN_PATH", str(tmp_path / "no-token-here"))
    with pytest.raises(HubTokenError, match="HF_TOKEN"):
        push_to_hub(out, "acme/crossfile", ["python"])
    assert recorder.repos == [] and recorder.commits == []
    assert push_to_hub(out, "acme/crossfile", ["python"], token="hf_explicit")[0].endswith("/viewer/python/test")
    assert recorder.repos[0]["token"] == "hf_explicit"


def test_missing_language_output_fails_before_any_hub_call(recorder, output):
    out, _, _ = output
    with pytest.raises(HubInputError, match="build-dataset --lang csharp"):
        push_to_hub(out, "acme/crossfile", ["python", "csharp"], token="hf_x")
    assert recorder.repos == [] and recorder.commits == []


def test_variant_config_names():
    assert variant_config("python", "bm25") == "python_rg1_bm25"
    assert variant_config("typescript", "oracle") == "typescript_oracle_bm25"
    assert variant_config("csharp", "graph") == "csharp_graph"
