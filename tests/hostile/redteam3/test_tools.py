"""Attacks on ``repo-tools`` (the RepoClassBench tools an agent calls) by what a dataset ships:
the build pushes one dependency graph per repository to the Hub
(``extras/<lang>/graphs/<repository>.json``), and ``repo-tools`` answers from a graph and the
repository folder it is given (``RepoTools.load``: every file node's ``path`` is read as
``root / path``); ``repo-tools task-view`` writes a class-level task's view from its record. A graph
or a split downloaded with a dataset is input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

CART = "class Cart:\n    def total(self):\n        return 1\n"
CANARY = "-----BEGIN OPENSSH PRIVATE KEY----- red team canary"


def _graph(tmp_path: Path, outside: str) -> tuple[Path, Path]:
    """A real graph of a one-class repository (``analyze_files`` + ``build_graph``), saved, then
    edited as its publisher would: the file node and the class's nodes name ``outside``."""
    from crossfile_datasets.analyzers.graph import build_graph, save_graph
    from crossfile_datasets.core.records import SourceFile
    from crossfile_datasets.lang import Lang, get_language

    root = tmp_path / "repos" / "shop"
    (root / "pkg").mkdir(parents=True)
    (root / "pkg" / "__init__.py").write_text("")
    (root / "pkg" / "cart.py").write_text(CART)
    files = [SourceFile("pkg/__init__.py", ""), SourceFile("pkg/cart.py", CART)]
    graph = tmp_path / "graphs" / "shop.json"
    save_graph(build_graph("shop", "python", get_language(Lang.PYTHON).analyze_files(str(root), files), []), graph)
    data = json.loads(graph.read_text())
    for node in data["nodes"]:
        if node.get("path") == "pkg/cart.py":
            node["path"] = outside
            node["span"] = {"start_line": 1, "start_column": 0, "end_line": 40, "end_column": 0}
    graph.write_text(json.dumps(data))
    return graph, root


def _method_body(graph: Path, root: Path) -> str:
    from crossfile_datasets.builders.repo_tools import tools_app

    res = CliRunner().invoke(tools_app, ["method-body", "Cart", "total", "--graph", str(graph), "--root", str(root),
                                         "--max-lines", "40"])
    return res.output


@pytest.mark.parametrize("how", ["absolute", "dotdot"])
def test_a_published_graph_cannot_make_the_tools_read_outside_the_repository(tmp_path, how):
    """Host read, handed to a model (``repo-tools method-body``, ``class-info``, ``snippets``: the
    answers go to the agent, often a hosted model). The graph's file node ``pkg/cart.py`` is
    renamed to a file outside the repository folder (``/home/<user>/.ssh/id_rsa`` here a folder of
    the test), and the class and method nodes point at it with a span of 40 lines:
    ``get_method_body`` prints the file."""
    secret = tmp_path / "home" / "user" / ".ssh" / "id_rsa"
    secret.parent.mkdir(parents=True)
    secret.write_text(CANARY + "\n")
    honest_graph, root = _graph(tmp_path / "honest", "pkg/cart.py")
    if "return 1" not in _method_body(honest_graph, root):
        pytest.fail(f"the honest graph should answer the method body: {_method_body(honest_graph, root)}")
    outside = str(secret) if how == "absolute" else "../../home/user/.ssh/id_rsa"
    graph, root = _graph(tmp_path, outside)
    if how == "dotdot" and not (root / outside).resolve() == secret:
        pytest.fail(f"{root / outside} is not the secret")
    assert CANARY not in _method_body(graph, root)


DEV_ZERO_CHILD = r'''
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (768 * 1024 ** 2, 768 * 1024 ** 2))
from crossfile_datasets.builders.repo_tools import RepoTools
try:
    tools = RepoTools.load(sys.argv[1], sys.argv[2])
    print(json.dumps({"loaded": True, "info": tools.get_class_info("Cart")[:200]}))
except MemoryError:
    print(json.dumps({"loaded": False, "error": "MemoryError"}))
'''


def test_a_published_graph_naming_dev_zero_does_not_exhaust_host_memory(tmp_path, child):
    """Host resource (``repo-tools`` on a downloaded graph): a file node named ``/dev/zero``.
    ``Path.read_bytes`` reads until memory runs out. Run in a child interpreter with
    ``RLIMIT_AS`` 768 MiB (the machine's memory is not at stake) and a time limit: the safe
    behaviour is that the tools load and answer from the graph, the file refused."""
    graph, root = _graph(tmp_path, "/dev/zero")
    run = child(DEV_ZERO_CHILD, str(graph), str(root), timeout=120)
    if run.timed_out:
        pytest.fail(f"the child did not finish in 120 s: {run.stderr[-2000:]}")
    found = run.last_json()
    assert found["loaded"], found


@pytest.mark.parametrize("how", ["absolute", "dotdot"])
def test_a_task_view_never_writes_outside_its_folder(tmp_path, how):
    """Host write (``repo-tools task-view SPLIT ID --out DIR --repos R``: the documented way to
    give an agent a class task's repository): the record's ``file_without_class`` is written at
    ``DIR/repo / task["file"]``; an absolute ``file`` (or one climbing out) puts the split's text
    anywhere the evaluator can write (as root: ``/etc/cron.d``, ``~/.bashrc``, a ``.pth``). The
    same hole as red team 2's row 8 (``run_placed``), in a second writer a fix there does not
    reach."""
    from crossfile_datasets.builders.repo_tools import tools_app

    repos = tmp_path / "repos"
    (repos / "shop" / "pkg").mkdir(parents=True)
    (repos / "shop" / "pkg" / "__init__.py").write_text("")
    (repos / "shop" / "pkg" / "cart.py").write_text(CART)
    outside = tmp_path / "outside" / "startup.sh"
    outside.parent.mkdir()
    out = tmp_path / "view"
    name = str(outside) if how == "absolute" else "../../outside/startup.sh"
    task = {"id": "shop/python/class/1", "language": "python", "repository": "shop", "class_name": "Cart",
            "file": name, "file_without_class": "#!/bin/sh\necho run on the evaluator's machine\n",
            "insertion_offset": 0, "expected_to_pass": []}
    honest = dict(task, id="shop/python/class/0", file="pkg/cart.py", file_without_class="")
    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps(honest) + "\n" + json.dumps(task) + "\n")
    res = CliRunner().invoke(tools_app, ["task-view", str(split), honest["id"], "--out", str(tmp_path / "honest-view"),
                                         "--repos", str(repos)])
    if res.exit_code != 0 or (tmp_path / "honest-view" / "repo" / "pkg" / "cart.py").read_text() != "":
        pytest.fail(f"the honest task's view was not written: {res.output[-2000:]} {res.exception!r}")
    res = CliRunner().invoke(tools_app, ["task-view", str(split), task["id"], "--out", str(out), "--repos", str(repos)])
    assert not outside.exists(), outside.read_text()
    # refused and said so (a named reason), not a traceback
    assert res.exit_code == 2 and "split_records/file_escapes" in res.output, (res.output, res.exception)
