"""--paraphrase (builders/classlevel/paraphrase.py): class names case-flipped across the
repository, tests rerun on the copy, tasks whose tests break dropped with a count."""
from __future__ import annotations

import json

import pytest

from crossfile_datasets.builders.classlevel.build import ClassSettings, build_class_split
from crossfile_datasets.builders.classlevel.paraphrase import flip, flipped_text
from crossfile_datasets.core.records import Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.lang import Lang, get_language
from tests.classlevel.fixture import write_shop
from tests.conftest import require_tool, write_tree


def _facts(files: dict[str, str]):
    return get_language(Lang.PYTHON).analyze_files("/nonexistent", [SourceFile(p, t) for p, t in files.items()])


def test_flip_renames_project_names_everywhere_but_external_imports():
    facts = _facts({
        "pkg/__init__.py": '__all__ = ["Counter", "other"]\nfrom pkg.count import Counter\n',
        "pkg/count.py": 'class Counter:\n    """Counter counts."""\n    def add(self):\n        return Counter()\n',
        "pkg/use.py": "import pkg.count\nx = pkg.count.Counter()\nlabel = 'Counter'\n",
        "pkg/stdlib.py": "from collections import Counter\nc = Counter('abc')\n",
    })
    names = {"Counter": flip("Counter")}
    assert names == {"Counter": "cOUNTER"}
    assert flipped_text(facts["pkg/__init__.py"], names) == '__all__ = ["cOUNTER", "other"]\nfrom pkg.count import cOUNTER\n'
    # identifiers are renamed, prose in a docstring is not
    assert flipped_text(facts["pkg/count.py"], names) == (
        'class cOUNTER:\n    """Counter counts."""\n    def add(self):\n        return cOUNTER()\n')
    assert flipped_text(facts["pkg/use.py"], names) == "import pkg.count\nx = pkg.count.cOUNTER()\nlabel = 'cOUNTER'\n"
    # collections.Counter is not the project's class
    assert flipped_text(facts["pkg/stdlib.py"], names) == "from collections import Counter\nc = Counter('abc')\n"


@pytest.mark.slow
def test_paraphrased_build_drops_tasks_whose_tests_break(tmp_path):
    root = write_shop(tmp_path / "shop")
    units = root / "tests" / "test_units.py"
    # a test that names the class in a string the flip cannot see: it breaks under paraphrasing
    (root / "tests" / "test_cart_name.py").write_text(
        "from pkg.cart import Cart\n\n\ndef test_cart_name():\n"
        "    cart = Cart({'a': 1.0}).add('a')\n    assert cart.subtotal() == 1.0\n"
        "    assert type(cart).__name__ == 'Car' + 't'\n")
    assert units.exists()
    report = BuildReport()
    plain, _ = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "plain",
                                 allow_execution=True, report=BuildReport())
    assert [r["class_name"] for r in plain] == ["Cart"]
    records, stats = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report, settings=ClassSettings(paraphrase=True))
    assert records == [] and stats["dropped_tasks"] == {"paraphrase_breaks_tests": 1}
    assert "test_cart_name" in report.samples["tasks/paraphrase_breaks_tests"][0]
    # the original repository is untouched
    assert "class Cart:" in (root / "pkg" / "cart.py").read_text()


@pytest.mark.slow
def test_paraphrased_tasks_point_to_the_copy_and_gold_passes_there(tmp_path):
    root = write_shop(tmp_path / "shop")
    # pytest names this test after the class object: test_param[Cart], then test_param[cART]
    (root / "tests" / "test_param.py").write_text(
        "import pytest\n\nfrom pkg.cart import Cart\n\n\n@pytest.mark.parametrize('kind', [Cart])\n"
        "def test_param(kind):\n    assert kind({'a': 2.0}).add('a').total() == 2.5\n")
    records, stats = build_class_split("python", [Repository("shop", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=BuildReport(), settings=ClassSettings(paraphrase=True))
    [rec] = records
    assert (rec["class_name"], rec["original_class_name"], rec["paraphrased"]) == ("cART", "Cart", True)
    copy = tmp_path / "out" / "python" / "class_paraphrased" / "shop"
    assert rec["repository_root"] == str(copy)
    assert rec["class_source"].startswith("class cART:") and "Cart" not in rec["detailed_skeleton"]
    assert "from pkg.cart import Broken, cART, Lonely, OneMethod" in (copy / "tests" / "test_cart.py").read_text()
    assert "tests/test_param.py::test_param[cART]" in rec["expected_to_pass"]
    off = rec["insertion_offset"]
    assert rec["file_without_class"][:off] + rec["class_source"] + rec["file_without_class"][off:] == \
        (copy / "pkg" / "cart.py").read_text()
    split = tmp_path / "out" / "python" / "class.jsonl"
    assert str(tmp_path) not in split.read_text()  # published records: no machine path (issue 31)
    preds = tmp_path / "p.jsonl"
    preds.write_text(json.dumps({"task_id": rec["id"], "generations": [rec["class_source"], "class cART:\n    pass"]}) + "\n")
    summary = evaluate_class(split, preds, ks=(1,))
    assert [g["passed"] for g in summary["generations"]] == [True, False]


@pytest.mark.javac
@pytest.mark.slow
def test_java_paraphrase_renames_the_class_file(tmp_path):
    """javac wants a public class in <Name>.java: Counter.java becomes cOUNTER.java with its class."""
    require_tool("javac")
    from tests.classlevel.test_empty_class_gate import JAVA

    root = write_tree(tmp_path / "demo", JAVA)
    report = BuildReport()
    records, stats = build_class_split("java", [Repository("demo", root, "", "", "MIT")], tmp_path / "out",
                                       allow_execution=True, report=report, settings=ClassSettings(paraphrase=True))
    assert stats["dropped_tasks"].get("paraphrase_breaks_tests", 0) == 0
    assert [(r["class_name"], r["file"], r["original_class_name"], r["expected_to_pass"]) for r in records] == [
        ("cOUNTER", "src/main/java/demo/cOUNTER.java", "Counter",
         ["demo.CounterTest#counts", "demo.CounterTest#countsNothing"])]
    copy = tmp_path / "out" / "java" / "class_paraphrased" / "demo"
    assert records[0]["repository_root"] == str(copy)
    assert not (copy / "src/main/java/demo/Counter.java").exists()
    assert "new cOUNTER()" in (copy / "src/test/java/demo/CounterTest.java").read_text()
    assert (root / "src/main/java/demo/Counter.java").is_file()  # the original is untouched
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": records[0]["id"], "generations": [records[0]["class_source"]]}) + "\n")
    summary = evaluate_class(tmp_path / "out" / "java" / "class.jsonl", preds, ks=(1,))
    assert summary["results"]["java"]["pass@1"]["mean"] == 1.0
