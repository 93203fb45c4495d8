"""Executable split: placing generations, DIR, pass@k and the isolated test runs."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.sandbox.checks import render_check
from crossfile_datasets.evaluation.cli import app
from crossfile_datasets.evaluation.executable import (
    RunSettings,
    dependency_invocation,
    evaluate_executable,
    generated_function,
)
from tests.conftest import write_tree

SOLUTION = '''def slugify(title):
    """Lower-case ``title`` and join its words with SEPARATOR."""
    cleaned = "".join(ch for ch in title.lower() if _keep(ch))
    return collapse_spaces(cleaned).replace(" ", SEPARATOR)'''

REPO = {
    "textkit/__init__.py": "",
    "textkit/normalize.py": 'def collapse_spaces(text):\n    return " ".join(text.split())\n',
    "textkit/slug.py": (
        "from textkit.normalize import collapse_spaces\n\n"
        'SEPARATOR = "-"\n\n\n'
        "def _keep(ch):\n    return ch.isalnum() or ch == \" \"\n\n\n" + SOLUTION + "\n"
    ),
    "LICENSE": "MIT License\n\nCopyright (c) 2026 crossfile-datasets authors\n",
}
TEST_PROGRAM = """from textkit.slug import slugify


def test_words():
    assert slugify("Hello  World!") == "hello-world"


def test_single_letters():
    assert slugify("A b") == "a-b"


def test_empty():
    assert slugify("") == ""
"""
PROBLEM = {
    "id": "textkit/slug/slugify",
    "project": "textkit",
    "module": "textkit.slug",
    "file": "textkit/slug.py",
    "qualname": "slugify",
    "entry_point": "slugify",
    "class_name": None,
    "python_path": [""],
    "requirements": [],
    "solution": SOLUTION + "\n",
    "target_function_prompt": SOLUTION.split('"""\n')[0] + '"""\n',
    "check": render_check("textkit/slug.py::slugify", "textkit/slug.py", ["tests/test_slugify_check.py"], [TEST_PROGRAM]),
    "test_list": [TEST_PROGRAM],
    "dependencies": {
        "in_file": [{"name": "_keep", "kind": "function"}, {"name": "SEPARATOR", "kind": "variable"}],
        "cross_file": [{"name": "collapse_spaces", "kind": "function", "file": "textkit/normalize.py"}],
    },
}
BODY_ONLY_LOOP = "    while True:\n        pass\n"
FORK_MARKER = "987.654321"  # sleep's argument, unique enough to find the processes by
# Forks until the sandbox's process limit refuses (bounded, in case it did not); each child
# leaves the process group (setsid) and becomes a long sleep, so only the sandbox's own
# process tracking can clean them up.
BODY_ONLY_FORKS = (
    "    import os\n"
    "    for _ in range(200):\n"
    "        if os.fork() == 0:\n"
    "            os.setsid()\n"
    f"            os.execv('/bin/sleep', ['sleep', {FORK_MARKER!r}])\n"
    "    return title\n"
)
BODY_ONLY_SYNTAX_ERROR = "    return (title\n"  # fails before any test runs: cheap in tests
TIMEOUT = 20.0  # generous: a loaded machine needs seconds just to start pytest
TEST_TIMEOUT = 2.0  # what a looping test gets
# the running interpreter (it has pytest), instead of a virtual environment per requirements
SETTINGS = RunSettings(timeout=TIMEOUT, test_timeout=TEST_TIMEOUT, python=sys.executable)


@pytest.fixture()
def workspace(tmp_path):
    repos = tmp_path / "repos"
    write_tree(repos / "textkit", REPO)
    split = tmp_path / "exec.jsonl"
    split.write_text(json.dumps(PROBLEM) + "\n", encoding="utf-8")
    return tmp_path, repos, split


def _write_predictions(path: Path, rows: list[dict]) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def _processes_with_argument(marker: str) -> list[int]:
    found = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except OSError:
            continue
        if marker.encode() in cmdline and state != "Z":
            found.append(int(pid))
    return found


@pytest.mark.slow
def test_gold_passes_empty_fails_and_hostile_generations_are_contained(workspace):
    tmp, repos, split = workspace
    hostile = [BODY_ONLY_LOOP, BODY_ONLY_FORKS, SOLUTION]
    preds = _write_predictions(tmp / "preds.jsonl", [
        {"task_id": PROBLEM["id"], "context_size": "gold", "generations": [SOLUTION]},
        {"task_id": PROBLEM["id"], "context_size": "empty", "generations": [""]},
        {"task_id": PROBLEM["id"], "context_size": "hostile", "generations": hostile},
    ])
    log = tmp / "generations.jsonl"
    try:
        summary = evaluate_executable(split, preds, log, repos=repos, workers=2, settings=SETTINGS)
    finally:
        leftovers = _processes_with_argument(FORK_MARKER)
        for pid in leftovers:  # never leave sleepers behind, even when the test fails
            os.kill(pid, 9)
    assert not leftovers, f"{len(leftovers)} forked children outlived their run"
    results = summary["results"]
    assert results["gold"]["pass@1"]["mean"] == 1.0
    assert results["gold"]["dir"]["mean"] == 1.0
    assert results["gold"]["test_pass_rate"]["mean"] == 1.0
    assert results["empty"]["pass@1"]["mean"] == 0.0
    assert results["empty"]["dir"]["mean"] == 0.0
    assert results["empty"]["test_pass_rate"]["mean"] == 0.0
    assert results["gold"]["pass@5"] is None and results["gold"]["pass@5_problems"] == 0
    rows = {(r["context_size"], r["generation_index"]): r for r in map(json.loads, log.read_text().splitlines())}
    loop, forks, gold = (rows[("hostile", i)] for i in range(3))
    # each looping test is stopped by the per-test limit (or the run by its wall clock)
    assert not loop["passed"] and loop["tests_passed"] == 0 and loop["duration"] < TIMEOUT + 5
    assert not forks["passed"] and forks["tests_passed"] == 0 and forks["duration"] < TIMEOUT + 5
    assert gold["status"] == "passed" and gold["tests_passed"] == gold["tests_total"] == 3
    assert results["hostile"]["pass@1"]["mean"] == pytest.approx(1 / 3, abs=1e-6)
    assert results["hostile"]["pass@1_problems"] == 1


def test_rerun_skips_finished_generations(workspace):
    tmp, repos, split = workspace
    rows = [{"task_id": PROBLEM["id"], "generations": [BODY_ONLY_SYNTAX_ERROR, "    return title +\n"]}]
    preds = _write_predictions(tmp / "preds.jsonl", rows)
    log = tmp / "generations.jsonl"
    first = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    assert (first["generations_run"], first["generations_reused"]) == (2, 0)
    assert first["results"]["unspecified"]["status"] == {"invalid_solution": 2}
    again = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    assert (again["generations_run"], again["generations_reused"]) == (0, 2)
    assert again["results"] == first["results"]
    # a changed generation (same index) runs again; the other one is reused
    rows[0]["generations"][1] = "    return collapse_spaces(title\n"
    _write_predictions(preds, rows)
    third = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    assert (third["generations_run"], third["generations_reused"]) == (1, 1)
    # DIR comes from the generation's identifiers, even when it does not parse
    assert third["results"]["unspecified"]["dir"]["mean"] == pytest.approx((0 + 1 / 3) / 2, abs=1e-6)
    # other settings are other results: nothing is reused
    fourth = evaluate_executable(split, preds, log, repos=repos, settings=RunSettings(timeout=TIMEOUT + 1, python=sys.executable))
    assert fourth["generations_run"] == 2


def test_only_rows_this_evaluator_signed_are_reused(workspace):
    """Red team 5, row 2 (executable): a results log's row keys are computable from public data;
    a row edited (its verdict flipped) or written without this evaluator's key is refused,
    counted, and its generation runs again."""
    tmp, repos, split = workspace
    preds = _write_predictions(tmp / "preds.jsonl", [{"task_id": PROBLEM["id"],
                                                      "generations": [BODY_ONLY_SYNTAX_ERROR, "    return title +\n"]}])
    log = tmp / "generations.jsonl"
    first = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    assert first["results_log_rows_refused"] == 0
    rows = [json.loads(line) for line in log.read_text().splitlines()]
    assert all(len(r["mac"]) == 64 for r in rows)
    flipped = dict(rows[0], passed=True, status="passed", tests_passed=rows[0]["tests_total"])
    unsigned = {k: v for k, v in dict(rows[1], passed=True, status="passed").items() if k != "mac"}
    log.write_text(json.dumps(flipped) + "\n" + json.dumps(unsigned) + "\n", encoding="utf-8")
    again = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    assert (again["generations_run"], again["generations_reused"], again["results_log_rows_refused"]) == (2, 0, 2)
    assert again["results"]["unspecified"]["pass@1"]["mean"] == 0.0


def test_the_results_log_key_is_private_and_never_followed(tmp_path):
    from crossfile_datasets.core.jsonl import InputError
    from crossfile_datasets.evaluation.records import default_results_log, evaluator_dir, log_key

    key = log_key(tmp_path / "own")
    assert len(key) == 32 and log_key(tmp_path / "own") == key
    assert (tmp_path / "own" / "results-log.key").stat().st_mode & 0o777 == 0o600
    (tmp_path / "linked").mkdir()
    (tmp_path / "linked" / "results-log.key").symlink_to(tmp_path / "own" / "results-log.key")
    with pytest.raises(OSError):
        log_key(tmp_path / "linked")
    (tmp_path / "own" / "results-log.key").chmod(0o644)
    with pytest.raises(InputError, match="private"):
        log_key(tmp_path / "own")
    # never beside the predictions: in the evaluator's folder, or beside an --output named
    preds = tmp_path / "submission" / "preds.jsonl"
    assert default_results_log(None, preds).parent == evaluator_dir() / "logs"
    assert default_results_log(tmp_path / "out" / "m.json", preds) == tmp_path / "out" / "m.generations.jsonl"


def test_prediction_ids_must_match_the_split(workspace):
    tmp, repos, split = workspace
    preds = _write_predictions(tmp / "p.jsonl", [{"task_id": "nope", "generations": ["x"]}])
    result = CliRunner().invoke(app, ["executable", str(split), str(preds), "--repos", str(repos)])
    assert result.exit_code == 2
    assert "have no prediction: textkit/slug/slugify" in result.output and "not in the split: nope" in result.output


@pytest.mark.slow
def test_cli_executable_pass_at_k(workspace):
    tmp, repos, split = workspace
    generations = [BODY_ONLY_SYNTAX_ERROR] * 4 + [SOLUTION]
    preds = _write_predictions(tmp / "p.jsonl", [{"task_id": PROBLEM["id"], "generations": generations}])
    out = tmp / "m.json"
    args = ["executable", str(split), str(preds), "--repos", str(repos), "-o", str(out), "--k", "1,2,5",
            "--timeout", str(TIMEOUT), "--python", sys.executable, "--workers", "2"]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    full = json.loads(out.read_text())
    assert (full["generations_run"], full["sandbox_runs"]) == (5, 2)  # identical functions run once
    summary = full["results"]["unspecified"]
    assert summary["pass@1"]["mean"] == pytest.approx(0.2)
    assert summary["pass@2"]["mean"] == pytest.approx(1 - (4 * 3) / (5 * 4), abs=1e-6)
    assert summary["pass@5"]["mean"] == 1.0
    assert len((tmp / "m.generations.jsonl").read_text().splitlines()) == 5


def test_dependency_invocation_rate_counts_identifiers_not_text():
    body = (
        "    # collapse_spaces is mentioned in a comment only\n"
        "    words = [w for w in title.lower().split() if all(_keep(c) for c in w)]\n"
        "    return 'SEPARATOR'.join(words)\n"
    )
    rate, invoked = dependency_invocation(PROBLEM, generated_function(PROBLEM, body))
    assert invoked == ["_keep"] and rate == pytest.approx(1 / 3, abs=1e-6)
    assert dependency_invocation({**PROBLEM, "dependencies": {}}, SOLUTION) == (None, [])


def test_generation_forms_are_all_turned_into_the_function():
    fenced = "Here you go:\n```python\n" + SOLUTION + "\n```\n"
    assert generated_function(PROBLEM, fenced).strip() == SOLUTION
    echoed = "import os\n\n" + SOLUTION + "\n\nprint(slugify('x'))\n"
    assert generated_function(PROBLEM, echoed).strip() == SOLUTION
    body = SOLUTION.split('"""\n', 1)[1] + "\n"
    assert generated_function(PROBLEM, body).strip() == SOLUTION


def test_method_generations_are_dedented_with_their_decorators():
    problem = {**PROBLEM, "qualname": "Shelf.size", "entry_point": "size", "target_function_prompt": "", "solution": ""}
    inside_class = "class Shelf:\n    @staticmethod\n    def size(items):\n        return len(items)\n"
    assert generated_function(problem, inside_class) == "@staticmethod\ndef size(items):\n    return len(items)\n"
    bare = "def size(items):\n    return 0\n"
    assert generated_function(problem, bare) == bare


def test_dependency_invocation_uses_the_identifiers_the_solution_uses():
    """Regression: a dependency reached through `self.source` (recorded as the constructor) or
    an import alias was never found in the gold solution, so gold DIR was below 1.0."""
    problem = {**PROBLEM, "dependencies": {"in_file": [
        {"name": "Template.__init__", "kind": "method", "file": "t.py", "code": "", "used_as": ["source", "strict"]},
    ], "cross_file": [
        {"name": "helper", "kind": "function", "file": "h.py", "code": "", "used_as": ["h"]},
    ]}}
    gold = "    return h(self.source)\n"
    rate, invoked = dependency_invocation(problem, generated_function(problem, gold))
    assert rate == 1.0 and invoked == ["Template.__init__", "helper"]
    rate, invoked = dependency_invocation(problem, generated_function(problem, "    return helper(source)\n"))
    assert rate == 0.5 and invoked == ["Template.__init__"]  # `helper` is not the name in scope


def test_repository_folders_are_checked_against_the_recorded_snapshot(workspace):
    """A folder whose sources changed since the build (a conftest.py turning every failure
    into a pass, as an unsandboxed run once wrote) is refused before anything runs."""
    from crossfile_datasets.evaluation.executable import repository_snapshot
    from crossfile_datasets.core.jsonl import InputError

    tmp, repos, split = workspace
    recorded = repository_snapshot(repos / "textkit")
    split.write_text(json.dumps({**PROBLEM, "snapshot_sha256": recorded}) + "\n", encoding="utf-8")
    preds = _write_predictions(tmp / "p.jsonl", [{"task_id": PROBLEM["id"], "generations": [BODY_ONLY_SYNTAX_ERROR]}])
    summary = evaluate_executable(split, preds, tmp / "log.jsonl", repos=repos, settings=SETTINGS)
    assert summary["snapshot_unchecked_problems"] == 0
    (repos / "textkit" / "conftest.py").write_text("import pytest\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"differ from the snapshot.*textkit: sources hash to"):
        evaluate_executable(split, preds, tmp / "log2.jsonl", repos=repos, settings=SETTINGS)
    result = CliRunner().invoke(app, ["executable", str(split), str(preds), "--repos", str(repos),
                                      "-o", str(tmp / "m.json"), "--python", sys.executable])
    assert result.exit_code == 2 and "differ from the snapshot" in result.output


def test_opting_out_of_the_sandbox_is_part_of_the_settings_key():
    assert "sandbox" not in RunSettings().to_dict()  # results logged before the option stay reusable
    assert RunSettings(sandbox="none").to_dict()["sandbox"] == "none"


# Generations Python's parser cannot build a tree for: a 50000-link attribute chain (the AST
# builder's recursion limit), 100000 unary minus signs (the parser's stack: MemoryError). A
# 2000-link chain parses; only a recursive walk over its tree failed.
DEEP_CHAIN = "    return title" + ".x" * 50000 + "\n"
DEEP_UNARY = "    return " + "-" * 100000 + "1\n"
LONG_CHAIN = "    return title" + ".x" * 2000 + "\n"


@pytest.mark.slow
def test_generations_the_parser_cannot_build_are_invalid_solutions(workspace):
    """They used to reach the runner's catch-all and became 'error' rows (RecursionError,
    MemoryError); with the catch narrowed they would stop the evaluation. They are solutions
    that cannot be put in place."""
    tmp, repos, split = workspace
    preds = _write_predictions(tmp / "p.jsonl", [
        {"task_id": PROBLEM["id"], "generations": [DEEP_CHAIN, DEEP_UNARY, LONG_CHAIN]}])
    log = tmp / "log.jsonl"
    evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    rows = {r["generation_index"]: r for r in map(json.loads, log.read_text().splitlines())}
    assert rows[0]["status"] == rows[1]["status"] == "invalid_solution", (rows[0]["detail"], rows[1]["detail"])
    # the long chain is placed and run: its tests fail on `str` having no attribute `x`
    assert rows[2]["status"] == "error" and "AttributeError" in rows[2]["detail"]


def test_run_job_turns_only_failures_of_the_run_itself_into_error_rows(workspace, monkeypatch):
    """A repository folder that vanished (OSError) is one errored generation; a bug of ours
    (here: a TypeError injected into the DIR measurement) propagates instead of being
    counted as an errored generation, as the old catch-all did."""
    from crossfile_datasets.evaluation import executable

    tmp, repos, split = workspace
    job = executable.Job(PROBLEM, generated_function(PROBLEM, SOLUTION), SETTINGS, str(tmp / "gone"))
    row = executable.run_job(job)
    assert row["status"] == "error" and row["detail"].startswith("FileNotFoundError")

    def broken(problem, function):
        raise TypeError("a bug of ours")

    monkeypatch.setattr(executable, "dependency_invocation", broken)
    with pytest.raises(TypeError, match="a bug of ours"):
        executable.run_job(executable.Job(PROBLEM, generated_function(PROBLEM, SOLUTION), SETTINGS, str(repos / "textkit")))


def test_records_without_what_the_runner_reads_are_refused_before_any_run(workspace):
    from crossfile_datasets.core.jsonl import InputError

    tmp, repos, split = workspace
    preds = _write_predictions(tmp / "p.jsonl", [{"task_id": PROBLEM["id"], "generations": [SOLUTION]}])
    split.write_text(json.dumps({k: v for k, v in PROBLEM.items() if k != "check"}) + "\n", encoding="utf-8")
    with pytest.raises(InputError, match="has no 'check'"):
        evaluate_executable(split, preds, tmp / "log.jsonl", repos=repos, settings=SETTINGS)
    split.write_text(json.dumps(PROBLEM) + "\n", encoding="utf-8")  # no repository_root, and no --repos
    with pytest.raises(InputError, match="name no repository folder.*pass --repos"):
        evaluate_executable(split, preds, tmp / "log.jsonl", settings=SETTINGS)
    assert not (tmp / "log.jsonl").exists()


# tree-sitter-python parses indented comment lines in quadratic time (red team 3 row 5): 12,000
# lines (72 kB) took 34 s on the host, far past the guarded parse's budget (about 1 s of CPU)
COMMENT_BOMB = "    #\n" * 12000 + "    return title\n"


@pytest.mark.slow
def test_a_generation_past_the_parse_budget_is_counted_never_a_crash(workspace):
    """Red team 7 (left open from red team 3): ``harness/placement.py`` parsed generations with a
    plain ``parser.parse``, in ``evaluate_executable``'s main loop, outside every time limit. Its
    parses go through ``guarded_parse`` now; a generation past the budget is the generation's
    status ``generation_not_parsed`` (counted in the summary), never run; the other generation
    of the same task is judged as usual (here: refused by the run as a syntax error)."""
    tmp, repos, split = workspace
    preds = _write_predictions(tmp / "p.jsonl", [
        {"task_id": PROBLEM["id"], "generations": [COMMENT_BOMB, BODY_ONLY_SYNTAX_ERROR]}])
    log = tmp / "log.jsonl"
    summary = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    rows = {r["generation_index"]: r for r in map(json.loads, log.read_text().splitlines())}
    assert rows[0]["status"] == "generation_not_parsed" and "guarded parse" in rows[0]["detail"], rows[0]
    assert not rows[0]["passed"] and rows[1]["status"] != "generation_not_parsed"
    assert summary["results"]["unspecified"]["status"]["generation_not_parsed"] == 1
    assert summary["sandbox_runs"] == 1


def test_a_generated_function_past_the_parse_budget_is_not_run(workspace):
    """The same in ``run_job`` (a worker): the DIR's parse of the placed function past the
    budget is the generation's status, not an exception out of the worker."""
    from crossfile_datasets.evaluation import executable

    tmp, repos, split = workspace
    function = "def slugify(title):\n" + COMMENT_BOMB
    row = executable.run_job(executable.Job(PROBLEM, function, SETTINGS, str(repos / "textkit")))
    assert row["status"] == "generation_not_parsed" and row["dir"] is None and not row["passed"], row


def test_a_generation_over_the_size_cap_is_refused_before_any_host_parse(workspace, monkeypatch):
    """Red team 16 row 4: a generation of any size was parsed on the host (tree-sitter in
    ``generated_function``, then ``ast.parse`` twice in ``splice_solution``), about 250 bytes of the
    evaluator's memory per byte, before the sandbox. Over ``EXEC_GENERATION_MAX_BYTES`` (UTF-8)
    it is the generation's status ``answer_too_large``, counted, never parsed nor run; so is a
    solution handed to ``run_problem_tests`` (the gates' runner), before any copy."""
    from crossfile_datasets.core import constants as C
    from crossfile_datasets.evaluation import executable
    from crossfile_datasets.sandbox.problems import run_problem_tests

    tmp, repos, split = workspace
    huge = SOLUTION + "#" + "\u00e9" * (C.EXEC_GENERATION_MAX_BYTES // 2)  # over the cap in UTF-8 bytes only
    assert len(huge) <= C.EXEC_GENERATION_MAX_BYTES < len(huge.encode("utf-8"))
    parsed: list[int] = []
    real = executable.generated_function
    monkeypatch.setattr(executable, "generated_function", lambda p, g: parsed.append(len(g)) or real(p, g))
    preds = _write_predictions(tmp / "p.jsonl", [{"task_id": PROBLEM["id"], "generations": [huge]}])
    log = tmp / "log.jsonl"
    summary = evaluate_executable(split, preds, log, repos=repos, settings=SETTINGS)
    row = json.loads(log.read_text().splitlines()[0])
    assert row["status"] == "answer_too_large" and "EXEC_GENERATION_MAX_BYTES" in row["detail"] and not row["passed"]
    assert summary["results"]["unspecified"]["status"]["answer_too_large"] == 1
    assert summary["sandbox_runs"] == 0 and parsed == []
    verdict = run_problem_tests(PROBLEM, huge, repo_root=tmp / "missing", python=sys.executable)
    assert verdict["status"] == "answer_too_large" and not verdict["passed"], verdict
