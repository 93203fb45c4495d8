"""Attacks by a repository's folder tree on the runners' host-side walks: the Java and C# runners
list a repository with ``os.walk`` (``java_layout``, ``csharp_layout``), which Python 3.11
implements by recursion, while every other reader walks with a depth cap
(``core/repofiles.walk``: ``MAX_DIR_DEPTH``) or iteratively (``sandbox._copy_walk``)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.classlevel.fixture import SHOP, write_shop
from tests.hostile.redteam.conftest import remove_hostile_tree

DEPTH = 1100  # Python's default recursion limit is 1000; git stores such a tree (2.2 kB paths)


def _deep_java_repository(root: Path) -> Path:
    """A Java repository with one class and a folder tree ``DEPTH`` levels deep (``d/d/d/...``),
    made with descriptors so no path gets long on the way."""
    (root / "src" / "main" / "java" / "shop").mkdir(parents=True)
    (root / "src" / "main" / "java" / "shop" / "Cart.java").write_text(
        "package shop;\n\npublic class Cart {\n    public int total() { return 1; }\n}\n")
    fd = os.open(root, os.O_RDONLY | os.O_DIRECTORY)
    for _ in range(DEPTH):
        os.mkdir("d", dir_fd=fd)
        sub = os.open("d", os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
        os.close(fd)
        fd = sub
    os.close(fd)
    return root


def _python_task() -> tuple[dict, str]:
    """The shop's ``Cart`` as a class task (the class cut out), and the class itself (gold)."""
    text = SHOP["pkg/cart.py"]
    start = text.index("class Cart:")
    end = start + len(text[start:text.index("class Untested:")].rstrip())  # the class's last line, as the build cuts
    task = {"id": "shop/python/class/1", "language": "python", "repository": "shop", "class_name": "Cart",
            "file": "pkg/cart.py", "file_without_class": text[:start] + text[end:], "insertion_offset": start,
            "expected_to_pass": ["tests/test_cart.py::test_subtotal"]}
    return task, text[start:end]


@pytest.mark.slow
def test_a_deep_folder_tree_in_one_repository_does_not_stop_the_class_evaluation(tmp_path):
    """Data loss (class evaluation; the Java runner's ``setup``, ``_built`` and ``run`` all list the
    tree with ``java_layout``, C#'s ``csharp_layout`` the same way). A split of two repositories,
    a Python one (its gold class) and a Java one whose checkout holds ``d/d/.../d`` 1,100 levels
    deep: ``_setups`` runs ``runner.setup`` per repository before the first generation and
    ``RecursionError`` leaves ``evaluate_class``. The class build catches it per repository
    (counted ``repositories/failed``); the evaluation does not."""
    from crossfile_datasets.evaluation.classlevel import evaluate_class

    repos = tmp_path / "repos"
    write_shop(repos / "shop")
    deep = _deep_java_repository(repos / "deep")
    try:
        task, gold = _python_task()
        java = {"id": "deep/java/class/1", "language": "java", "repository": "deep", "class_name": "Cart",
                "file": "src/main/java/shop/Cart.java", "file_without_class": "package shop;\n\n",
                "insertion_offset": len("package shop;\n\n"), "expected_to_pass": ["shop.CartTest#total"]}
        split = tmp_path / "class.jsonl"
        split.write_text(json.dumps(java) + "\n" + json.dumps(task) + "\n")
        preds = tmp_path / "preds.jsonl"
        preds.write_text(json.dumps({"task_id": task["id"], "generations": [gold]}) + "\n"
                         + json.dumps({"task_id": java["id"], "generations": ["public class Cart {}\n"]}) + "\n")
        try:
            summary = evaluate_class(split, preds, repos=repos, ks=(1,))
        except RecursionError as exc:  # re-raised from here: pytest would render its 1,000 frames (a minute)
            raise RecursionError(f"evaluate_class: {exc}") from None
        rows = {row["task_id"]: row for row in summary["generations"]}
        assert rows[task["id"]]["passed"], rows[task["id"]]
        assert not rows[java["id"]]["passed"], rows[java["id"]]
    finally:
        remove_hostile_tree(deep)
