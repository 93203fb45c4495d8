"""CPython folds constant expressions when it compiles (the AST optimizer), and folds ``str +
str`` without a size limit (``*`` is capped at 4,096 characters, ``+`` is not). A chain ``'' +
'a'*4000 + 'a'*4000 + ...`` of n terms is folded step by step: every intermediate string is
built, and kept until the compilation ends, so a few kB of source take n**2 * 2 kB of memory
(measured alone: 500 terms, 4.5 kB: 0.5 GB and 0.6 s; 2,000 terms, 18 kB: 7.7 GB and 13 s;
2,800 terms, 25 kB: 15 GB and 19 s). ``compile()`` of such text raises nothing (red team
2026-11-28c row 7's bombs raised ``MemoryError``/``RecursionError`` and were caught), it only
takes the memory.

The Python class evaluation byte-compiles the placed answer, and every Python source of the
repository, in the evaluator's own process (``PythonRunner.compile_only``), before any sandbox:
one line of a class answer (any submission) takes the evaluator's memory, outside every limit
of the sandbox. The repository of red team 2026-11-28c row 5's test (``tests/hostile/
redteam9/test_class_compilation.py``); the answer is the right class plus one class attribute;
the control is the same answer with the same terms in a tuple (no fold: the same size)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

PROJECT = Path(__file__).resolve().parents[3]
TERMS = 600  # a 7.9 kB answer: +0.7 GB of the evaluator's memory (quadratic: 2,000 terms are 7.7 GB)
GOLD = "class Calc:\n    def add(self, a, b):\n        return a + b\n"
FOLDED = GOLD + "\n    NOTE = (''" + " + 'a' * 4000" * TERMS + ")\n"
TUPLE = GOLD + "\n    NOTE = (''" + " , 'a' * 4000" * TERMS + ")\n"  # the control: the same terms, nothing to join
CHILD = """
import json, resource, sys
resource.setrlimit(resource.RLIMIT_AS, (6 << 30, 6 << 30))  # a ceiling for this test, not the attack's
from crossfile_datasets.evaluation.classlevel import evaluate_class
from tests.hostile.peak import peak_rss_kb

split, preds, repos = sys.argv[1:4]
start = peak_rss_kb()
summary = evaluate_class(split, preds, repos=repos, ks=(1,))
print(json.dumps({"start_kb": start, "peak_kb": peak_rss_kb(),
                  "rows": [{k: g.get(k) for k in ("status", "passed", "compiled")} for g in summary["generations"]]}))
"""


def _repo(tmp_path: Path) -> tuple[Path, Path]:
    repo = tmp_path / "repos" / "calc"
    (repo / "pkg").mkdir(parents=True)
    (repo / "tests").mkdir()
    (repo / "pkg" / "__init__.py").write_text("")
    (repo / "pkg" / "calc.py").write_text(GOLD)
    (repo / "tests" / "test_calc.py").write_text("from pkg.calc import Calc\n\n\ndef test_add():\n"
                                                 "    assert Calc().add(1, 2) == 3\n")
    split = tmp_path / "class.jsonl"
    split.write_text(json.dumps({"id": "c/1", "language": "python", "repository": "calc", "file": "pkg/calc.py",
                                 "class_name": "Calc", "file_without_class": "", "insertion_offset": 0,
                                 "expected_to_pass": ["tests/test_calc.py::test_add"]}) + "\n")
    return split, tmp_path / "repos"


def _evaluate(tmp_path: Path, name: str, answer: str) -> dict:
    work = tmp_path / name
    (work / "tmp").mkdir(parents=True)
    split, repos = _repo(work)
    preds = work / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": "c/1", "generations": [answer]}) + "\n")
    env = {**os.environ, "TMPDIR": str(work / "tmp"), "PYTHONPATH": str(PROJECT),
           "CROSSFILE_CACHE": str(work / "cache")}
    proc = subprocess.Popen([sys.executable, "-c", CHILD, str(split), str(preds), str(repos)], cwd=PROJECT, env=env,
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    try:
        out, err = proc.communicate(timeout=400)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
        pytest.fail(f"{name}: the evaluation did not end in 400 s: {err[-2000:]}")
    if proc.returncode != 0 or not out.strip():
        pytest.fail(f"{name}: the evaluation failed ({proc.returncode}): {err[-3000:]}")
    return json.loads(out.strip().splitlines()[-1])


def test_a_class_answer_cannot_take_the_evaluators_memory_through_constant_folding(tmp_path: Path):
    """Host resource (``evaluate-predictions class``, Python, every generation; the class build's
    gates and every evaluation also compile each repository source the same way): a 7.9 kB answer
    (the right class and one attribute) raises the evaluator's own peak by hundreds of MB over the
    same answer with its terms in a tuple (control: passes, small); both are right and pass."""
    if len(FOLDED) != len(TUPLE):
        pytest.fail("control: the two answers are not the same size")
    control = _evaluate(tmp_path, "tuple", TUPLE)
    if [r["passed"] for r in control["rows"]] != [True]:
        pytest.fail(f"control: the right class with a tuple attribute gave {control}")
    folded = _evaluate(tmp_path, "folded", FOLDED)
    if [r["passed"] for r in folded["rows"]] != [True]:
        pytest.fail(f"precondition: the right class with the folded attribute gave {folded}")
    grown_mb = (folded["peak_kb"] - control["peak_kb"]) / 1024
    print(f"peak: control {control['peak_kb'] / 1024:.0f} MB, folded {folded['peak_kb'] / 1024:.0f} MB "
          f"(+{grown_mb:.0f} MB) for a {len(FOLDED)}-character answer")
    # contained: the answer (and every repository source) compiled in a child under a memory limit,
    # or refused: within 100 MB of the control
    assert grown_mb < 100, f"+{grown_mb:.0f} MB of the evaluator's memory for one {len(FOLDED)}-character answer"


COMPLETION_CHILD = """
import json, sys
from crossfile_datasets.evaluation.completion import evaluate_completion
from tests.hostile.peak import peak_rss_kb

start = peak_rss_kb()
_, scores = evaluate_completion(sys.argv[1], sys.argv[2])
print(json.dumps({"start_kb": start, "peak_kb": peak_rss_kb(), "em": [s.em for s in scores]}))
"""


def _completion(tmp_path: Path, name: str, separator: str) -> dict:
    work = tmp_path / name
    work.mkdir()
    # a module of the repository: a banner built from string pieces, one per line (no long line:
    # the listing keeps the file), then the example's function
    banner = "BANNER = (\n    ''\n" + f"    {separator} 'a' * 4000\n" * TERMS + ")\n"
    prompt = banner + "\n\ndef total(values):\n    result = sum(values)\n    return "
    record = {"prompt": prompt, "groundtruth": "result\n", "right_context": "", "language": "python",
              "metadata": {"task_id": "demo/python/0", "repository": "demo", "file": "demo/banner.py"}}
    split, preds = work / "split.jsonl", work / "preds.jsonl"
    split.write_text(json.dumps(record) + "\n", encoding="utf-8")
    # a model's usual answer: the right name and a comment (exact match: the comment is not code)
    preds.write_text(json.dumps({"task_id": "demo/python/0", "pred": "result  # the sum"}) + "\n", encoding="utf-8")
    env = {**os.environ, "TMPDIR": str(work), "PYTHONPATH": str(PROJECT)}
    done = subprocess.run([sys.executable, "-c", COMPLETION_CHILD, str(split), str(preds)], cwd=PROJECT, env=env,
                          text=True, capture_output=True, timeout=400)
    if done.returncode != 0 or not done.stdout.strip():
        pytest.fail(f"{name}: the evaluation failed ({done.returncode}): {done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_repository_file_cannot_take_the_completion_evaluators_memory_through_constant_folding(tmp_path: Path):
    """Host resource (``evaluate-predictions completion``, and the build's ``--model-filter``, which
    shares the exact match): when a prediction's lines equal the groundtruth's but its kept text
    differs (here a trailing comment), the Python example's file (prompt, completion, right
    context: the repository's text) is compiled in the evaluator's process, twice. A module
    holding a banner of 600 string pieces on short lines (8.4 kB) makes that +0.7 GB per example
    over the same module with the pieces in a tuple (control); both score EM 100."""
    control = _completion(tmp_path, "tuple", ",")
    if control["em"] != [100.0]:
        pytest.fail(f"control: the commented prediction is not an exact match: {control}")
    folded = _completion(tmp_path, "folded", "+")
    if folded["em"] != [100.0]:
        pytest.fail(f"precondition: the commented prediction is not an exact match: {folded}")
    grown_mb = (folded["peak_kb"] - control["peak_kb"]) / 1024
    print(f"peak: control {control['peak_kb'] / 1024:.0f} MB, folded {folded['peak_kb'] / 1024:.0f} MB "
          f"(+{grown_mb:.0f} MB) for one example")
    # contained: the compile check in a child under a memory and CPU limit (or without folding:
    # ast.parse and the compiler's own check of the tree), within 100 MB of the control
    assert grown_mb < 100, f"+{grown_mb:.0f} MB of the evaluator's memory for one example"
