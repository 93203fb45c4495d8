"""The class-level record, its skeletons, LLM descriptions from a local stand-in, and the
build's shards, JSONL, dataset and stats (builders/classlevel/{record,skeleton,build}.py)."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, build_class_split
from crossfile_datasets.builders.schema import ClassRecord, features_of
from crossfile_datasets.builders.classlevel.skeleton import DescriptionSettings
from crossfile_datasets.builders.split import ExecutionNotAllowedError
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import read_roots, without_root
from tests.classlevel.fixture import SHOP, write_shop
from tests.models.standin_openai import OpenAIStandIn


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    base = tmp_path_factory.mktemp("build")
    root = write_shop(base / "shop")
    repo = Repository("shop", root, "https://example.invalid/shop.git", "abc123", "MIT")
    report = BuildReport()
    records, stats = build_class_split("python", [repo], base / "out", allow_execution=True, report=report)
    return base, repo, records, stats


@pytest.mark.slow
def test_record_reassembles_the_file_and_holds_the_metadata(built):
    _, _, records, _ = built
    [rec] = records
    assert rec["id"] == "shop/python/class/0" and rec["class_name"] == "Cart" and rec["file"] == "pkg/cart.py"
    off = rec["insertion_offset"]
    assert rec["file_without_class"][:off] + rec["class_source"] + rec["file_without_class"][off:] == SHOP["pkg/cart.py"]
    assert "class Cart" not in rec["file_without_class"]
    assert rec["imports"] == ["from pkg.money import round_money, with_tax", "from pkg.units import Quantity"]
    assert rec["class_signature"] == "class Cart:" and rec["docstring"] == '"""A cart of priced lines."""'
    assert [v["name"] for v in rec["member_variables"]] == ["currency", "prices", "lines"]
    assert rec["member_variables"][0]["initializer"] == "DEFAULT_CURRENCY"
    add = next(m for m in rec["methods"] if m["name"] == "add")
    assert add["covered"] and add["makes_external_reference"] and add["signature"] == "def add(self, sku, count=1):"
    assert "Quantity(count)" in add["body"]
    assert {r["name"]: r["file"] for r in rec["external_references"]}["with_tax"] == "pkg/money.py"
    assert rec["expected_to_pass"] == ["tests/test_cart.py::test_subtotal", "tests/test_cart.py::test_total_and_describe"]
    assert rec["test_framework"] == "pytest" and rec["python_path"] == [""]
    assert rec["commit"] == "abc123" and rec["snapshot_sha256"]


def test_skeletons_detailed_and_sketchy(built):
    rec = built[2][0]
    detailed, sketchy = rec["detailed_skeleton"], rec["sketchy_skeleton"]
    for text in (detailed, sketchy):
        assert "Signature: class Cart:" in text and "def subtotal(self):" in text
        assert "Sum of the lines before tax." in text  # docstrings, as RepoClassBench's sketchy keeps them
        assert "self.lines.append" not in text  # no body leaks into either
    assert "self.prices = dict(prices)" in detailed and "Uses: `round_money` (pkg/money.py)" in detailed
    assert "self.prices" not in sketchy and "round_money" not in sketchy and "Member variables: currency" in sketchy
    assert rec["detailed"] == "" and rec["sketchy"] == ""  # no model asked


def test_outputs_jsonl_dataset_stats_card_and_done_shard(built):
    base, repo, records, stats = built
    out = base / "out" / "python"
    published = [json.loads(l) for l in (out / "class.jsonl").read_text().splitlines()]
    assert published == [without_root(r) for r in records]
    assert str(base) not in (out / "class.jsonl").read_text()  # no machine folder (issue 31)
    assert read_roots(out / "class.jsonl") == {records[0]["repository"]: str(Path(records[0]["repository_root"]).resolve())}
    ds = datasets.load_from_disk(str(out / "class_dataset"))
    assert ds.features == features_of(ClassRecord) and ds[0]["class_name"] == "Cart"
    saved = json.loads((out / "class_stats.json").read_text())
    assert saved["tasks"] == 1 and saved["rejected_classes"]["no_external_reference"] == 2
    assert saved["table16"]["mean_methods"] == 5
    assert "Rejected classes:" in (out / "class_card.md").read_text()
    assert (out / "class_shards" / "shop" / "DONE.json").is_file()
    # a rerun reuses the shard; a changed source file rebuilds it
    again, stats2 = build_class_split("python", [repo], base / "out", allow_execution=True, report=BuildReport())
    assert again == records and stats2["per_repository"][0]["status"] == "skipped_done"
    assert stats2["rejected_classes"] == stats["rejected_classes"]


def test_execution_must_be_allowed(tmp_path):
    with pytest.raises(ExecutionNotAllowedError, match="--allow-execution"):
        build_class_split("python", [], tmp_path, allow_execution=False, report=BuildReport())


@pytest.mark.slow
def test_llm_descriptions_from_an_openai_compatible_endpoint(tmp_path):
    root = write_shop(tmp_path / "shop")
    seen = []

    def chat(messages):
        prompt = messages[-1]["content"]
        seen.append(prompt)
        return ("DETAILED: keeps priced lines" if "detailed enough" in prompt else "SKETCHY: a cart")

    with OpenAIStandIn(complete=lambda p: "", chat=chat) as server:
        settings = ClassSettings(llm=DescriptionSettings(server.url, "tiny-coder"))
        records, _ = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=BuildReport(), settings=settings)
    [rec] = records
    assert rec["detailed"] == "DETAILED: keeps priced lines" and rec["sketchy"] == "SKETCHY: a cart"
    assert rec["description_model"] == "tiny-coder"
    detailed_prompt = next(p for p in seen if "detailed enough" in p)
    sketchy_prompt = next(p for p in seen if "outline" in p)
    assert "round_money(sum(" in detailed_prompt  # the whole class
    assert "round_money(sum(" not in sketchy_prompt and "def subtotal(self):" in sketchy_prompt  # no bodies


@pytest.mark.slow
def test_suite_that_does_not_run_is_a_named_reason(tmp_path):
    root = write_shop(tmp_path / "shop")
    shutil.rmtree(root / "tests")
    report = BuildReport()
    records, stats = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report)
    assert records == [] and stats["repositories_not_run"] == {"suite_no_tests": 1}
    assert stats["rejected_classes"]["suite_not_run"] == 5  # Cart, Untested, Broken, OneMethod, Receipt


def test_hub_upload_of_a_class_only_build(built, tmp_path):
    from crossfile_datasets.builders.hub import merge_card, prepare_upload

    base = built[0]
    upload = prepare_upload(base / "out", ["python"], tmp_path / "work")
    assert upload.configs == ["python_class"]
    assert upload.sections["python_class"].startswith("## python, class-level split")
    assert any(path.endswith("python/class_stats.json") for path, _ in upload.extras)
    text, stale = merge_card("acme/classes", upload, None)
    assert "python_class" in text and stale == []
    assert upload.infos["python_class"].features == features_of(ClassRecord)


def test_build_dataset_command(tmp_path):
    from typer.testing import CliRunner

    from crossfile_datasets.builders.cli import app

    root = write_shop(tmp_path / "shop")
    args = ["--lang", "python", "--split", "class", "--repos", str(root), "--output", str(tmp_path / "out")]
    refused = CliRunner().invoke(app, args)
    assert refused.exit_code == 2 and "--allow-execution" in refused.output
    # OneMethod has one test: kept with --class-min-tests 1 (default CLASS_MIN_TESTS, 2: below_min_tests)
    result = CliRunner().invoke(app, [*args, "--allow-execution", "--class-min-methods", "1", "--class-min-tests", "1"])
    assert result.exit_code == 0, result.output
    assert "python_class" in result.output and "class:no_external_reference=2" in result.output
    # not a terminal: each stage of each repository is a line as it starts (a bar is drawn only
    # on a terminal; a logged build said nothing until it ended)
    lines = [line for line in result.output.splitlines() if "python class shop: " in line]
    for stage in ("suite", "gold gate", "emptied-class gate 1/2", "throwing stub", "mutants", "2 tasks"):
        assert any(f"shop: {stage}" in line for line in lines), (stage, result.output)
    stats = json.loads((tmp_path / "out" / "python" / "class_stats.json").read_text())
    assert stats["tasks"] == 2  # Cart and OneMethod with a threshold of one method
