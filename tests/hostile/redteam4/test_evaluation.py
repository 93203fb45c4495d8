"""The executable evaluation's verdict when the repository folder the copies come from is on the
visible (read-only) filesystem: a research machine's ``/data/repos``, ``/srv``, a project folder."""

from __future__ import annotations

import json
import shutil
import sys
import uuid

import pytest

from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.executable.test_sandbox import visible_scratch
from tests.hostile.conftest import ledger

pytestmark = pytest.mark.slow

# An answer that implements nothing: it loads the original module from the folder the run's copy
# was made from (its path is guessable: the repository's name is in the prompt, data folders are
# conventional; a walk of the visible filesystem finds it too) and calls the reference function.
BORROW = '''def balance(entries):
    import importlib.util
    spec = importlib.util.spec_from_file_location("cfd_original", {path!r})
    original = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(original)
    return original.balance(entries)
'''
WRONG = "def balance(entries):\n    return 0\n"


def test_an_answer_calling_the_original_function_in_the_visible_repository_folder_does_not_pass(tmp_path):
    """Forged verdict (executable evaluation; the class evaluation copies from the same kind of
    folder). The copy's module has the target function replaced, but the folder it was copied
    from (``--repos`` or the split's ``repositories.json``) is bound read-only with the rest of
    ``/`` unless it lies under a hidden folder; the published split itself (``solution`` holds
    the reference) is visible the same way. docs/executable.md lists reading "a project checkout
    outside $HOME" as not protected; what it does to the verdict is not said: every problem of
    the split passes for an answer that only borrows."""
    base = visible_scratch() / f".redteam4-repos-{uuid.uuid4().hex[:10]}"
    try:
        repo = ledger(base / "ledger")
        records, _ = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), BuildReport())
        if len(records) != 1:
            pytest.fail(f"the ledger problem was not built: {len(records)} records")
        (problem,) = records
        split = tmp_path / "split.jsonl"
        split.write_text(json.dumps(without_root(problem)) + "\n")
        write_roots(split.parent, [problem], name_key="project")
        original = str(repo.root / problem["file"])
        preds = tmp_path / "preds.jsonl"
        preds.write_text("".join(json.dumps({"task_id": problem["id"], "context_size": name, "generations": [code]}) + "\n"
                                 for name, code in (("borrow", BORROW.format(path=original)), ("wrong", WRONG))))
        evaluate_executable(split, preds, tmp_path / "results.jsonl",
                            settings=RunSettings(timeout=60, test_timeout=30, python=sys.executable))
        rows = {row["context_size"]: row for row in map(json.loads, (tmp_path / "results.jsonl").read_text().splitlines())}
    finally:
        shutil.rmtree(base, ignore_errors=True)
    if rows["wrong"]["status"] != "failed":
        pytest.fail(f"the wrong answer's control did not fail: {rows['wrong']}")
    assert rows["borrow"]["status"] != "passed", "an answer borrowing the original function passed"
