"""Attacks by a *submission* (a predictions file and the folder it comes in: anyone's files on a
leaderboard) on the machine that runs ``evaluate-predictions``: what the evaluator writes beside
the predictions, and what it prints to the operator's terminal. The evaluations run as a user
runs them (the typer command line, ``CliRunner``), on small splits written here; the executable
and class records name a project outside ``--repos`` so that every generation is refused before
any sandboxed run (``task_refused``): the attack is in what happens around the runs, and the
tests stay fast."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from crossfile_datasets.evaluation.cli import app

REASON_LINK = ("red team 2026-11-28c: the default --output (PREDICTIONS.metrics.json, beside the predictions: "
               "the submitter's folder) is written with Path.write_text (core/jsonl.write_json), which follows a "
               "link the submission planted there: any file the evaluator may write is replaced by the metrics")
REASON_ESC = ("red team 2026-11-28c: names from the predictions file (context_size, task ids) are printed with "
              "rich, which passes ESC sequences through: the submission writes CSI/OSC sequences to the "
              "evaluator's terminal (erase lines of the verdict table, set the clipboard with OSC 52)")
REASON_MARKUP = ("red team 2026-11-28c: evaluation/cli._fail prints InputError messages quoting submitted task "
                 "ids with markup=True: a task id holding '[/red]' raises rich's MarkupError, a traceback "
                 "instead of the error the evaluator should see")

PROMPT = "def inc(x):\n    return "
GROUNDTRUTH = "x + 1\n"


def _completion_split(folder: Path) -> Path:
    split = folder / "completion.jsonl"
    split.write_text(json.dumps({"task_id": "t/1", "language": "python", "prompt": PROMPT, "groundtruth": GROUNDTRUTH,
                                 "metadata": {"file": "pkg/inc.py"}}) + "\n")
    return split


def _executable_split(folder: Path) -> Path:
    # the project climbs out of --repos: refused before any run (task_refused), so nothing is sandboxed
    split = folder / "executable.jsonl"
    split.write_text(json.dumps({"id": "p/1", "project": "../elsewhere", "entry_point": "inc", "qualname": "inc",
                                 "file": "pkg/inc.py", "solution": "def inc(x):\n    return x + 1\n",
                                 "check": "def check(inc):\n    assert inc(1) == 2\n", "prompt": "def inc(x):\n"}) + "\n")
    return split


def _class_split(folder: Path) -> Path:
    split = folder / "class.jsonl"
    split.write_text(json.dumps({"id": "c/1", "language": "python", "repository": "../elsewhere", "file": "pkg/calc.py",
                                 "class_name": "Calc", "file_without_class": "\n", "insertion_offset": 0,
                                 "expected_to_pass": ["tests/test_calc.py::test_add"]}) + "\n")
    return split


def _evaluate(kind: str, split: Path, predictions: Path, repos: Path, *extra: str):
    repos.mkdir(exist_ok=True)
    args = [kind, str(split), str(predictions), *extra]
    if kind == "completion":
        args += ["--resamples", "10"]
    else:
        args += ["--repos", str(repos), "--k", "1"]
    return CliRunner().invoke(app, args)


def _predictions(kind: str, folder: Path, rows: list[tuple[str, str]]) -> Path:
    """(task id, context size) rows; the answers are wrong or refused anyway."""
    path = folder / "preds.jsonl"
    lines = []
    for task_id, context in rows:
        if kind == "completion":
            lines.append({"task_id": task_id, "pred": GROUNDTRUTH})
        else:
            lines.append({"task_id": task_id, "generations": ["def inc(x):\n    return 0\n"],
                          **({"context_size": context} if context else {})})
    path.write_text("".join(json.dumps(row) + "\n" for row in lines))
    return path


SPLITS = {"completion": (_completion_split, "t/1"), "executable": (_executable_split, "p/1"),
          "class": (_class_split, "c/1")}


@pytest.fixture
def cache(tmp_path, monkeypatch):
    # the evaluator's own folder (key, default results logs) stays under the test's folder
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


@pytest.mark.parametrize("kind", sorted(SPLITS))
def test_a_link_beside_the_predictions_is_never_written_through(tmp_path, cache, kind):
    """Host write. A submission is a folder (a git repository, a tarball, a Hub repository:
    each keeps symbolic links) holding ``preds.jsonl`` and, beside it, ``preds.metrics.json``: a
    link to a file of the evaluator's (here ``victim.txt``; ``~/.bashrc``, a crontab, as root any
    file). ``evaluate-predictions completion|executable|class`` without ``-o`` writes its metrics
    to ``PREDICTIONS.metrics.json`` (evaluation/cli.py) with ``core/jsonl.write_json``
    (``Path.write_text``: follows the link): the victim's bytes are replaced by the metrics JSON.
    Red team 5 row 2 moved the default *results log* out of the submitter's folder ("never beside
    the predictions"); the metrics file stayed there and is written through whatever is there."""
    make_split, task_id = SPLITS[kind]
    split = make_split(tmp_path)
    submission = tmp_path / "submission"
    submission.mkdir()
    predictions = _predictions(kind, submission, [(task_id, "")])
    victim = tmp_path / "victim.txt"
    victim.write_text("the evaluator's own file\n")
    (submission / "preds.metrics.json").symlink_to(victim)
    result = _evaluate(kind, split, predictions, tmp_path / "repos")
    if result.exit_code != 0 or "wrote" not in result.output:
        pytest.fail(f"the evaluation did not run to its end: {result.exit_code} {result.output[-800:]!r} {result.exception!r}")
    assert victim.read_text() == "the evaluator's own file\n", "the metrics were written through the planted link"


ESCAPES = "\x1b[1A\x1b[2K\x1b[1G\x1b]52;c;cHduZWQ=\x1b\\"  # cursor up, erase the line, column 1, OSC 52 (clipboard)


def test_a_context_name_cannot_write_escape_sequences_into_the_verdict_table(tmp_path, cache):
    """Terminal injection, forged display of a verdict. ``context_size`` is any string of the
    predictions file (evaluation/executable.load_generations); each becomes a row label of the
    table ``evaluate-predictions executable`` prints (``executable_table``, rich). rich drops
    CR, BEL, BS, VT and FF but passes ESC: a label ``full`` + cursor-up + erase-line + column 1 + a row
    drawn by hand erases the honest ``full`` row (pass@1 0.00) on the operator's terminal and
    shows pass@1 1.00 in its place (SGR 8 hides the rest); OSC 52 sets the operator's
    clipboard on terminals that allow it (a command to paste later). The metrics JSON is right;
    the screen, and a log of it, are not."""
    make_split, task_id = SPLITS["executable"]
    split = make_split(tmp_path)
    forged = "full" + ESCAPES + "| full | 1 | 1 | 1.00 | 1.00 |\x1b[8m"
    predictions = _predictions("executable", tmp_path, [(task_id, "full"), (task_id, forged)])
    result = _evaluate("executable", split, predictions, tmp_path / "repos", "-o", str(tmp_path / "m.json"))
    if result.exit_code != 0 or "Executable metrics" not in result.output:
        pytest.fail(f"the evaluation did not print its table: {result.exit_code} {result.output[-800:]!r} {result.exception!r}")
    summary = json.loads((tmp_path / "m.json").read_text())
    if summary["results"]["full"]["pass@1"]["mean"] != 0.0:
        pytest.fail(f"control: the refused generation should not pass: {summary['results']['full']}")
    assert "\x1b" not in result.output, f"escape sequences reached the terminal: {result.output[-600:]!r}"


def test_a_predicted_task_id_cannot_write_escape_sequences_into_an_error(tmp_path, cache):
    """Terminal injection through the error path: a task id the split does not have is listed in
    the ``InputError`` (``records.check_same_ids``) that ``evaluate-predictions completion``
    prints with rich (``_fail``): the same sequences reach the terminal, no run needed."""
    split = _completion_split(tmp_path)
    predictions = tmp_path / "preds.jsonl"
    predictions.write_text(json.dumps({"task_id": "t/1", "pred": GROUNDTRUTH}) + "\n"
                           + json.dumps({"task_id": "t/2" + ESCAPES, "pred": GROUNDTRUTH}) + "\n")
    result = _evaluate("completion", split, predictions, tmp_path)
    if result.exit_code != 2 or "not in the split" not in result.output:
        pytest.fail(f"the evaluator did not refuse the predictions: {result.exit_code} {result.output[-800:]!r}")
    assert "\x1b" not in result.output, f"escape sequences reached the terminal: {result.output[-600:]!r}"


@pytest.mark.parametrize("kind", sorted(SPLITS))
def test_a_task_id_with_rich_markup_gets_the_input_error(tmp_path, cache, kind):
    """Crash of the report. The same error path with a task id ``[/red]``: ``_fail`` prints
    ``[red]error:[/red] {message}`` with ``markup=True``, rich parses the submitted id as a
    closing tag and raises ``MarkupError``: the evaluator gets a traceback (exit 1) instead of
    the message naming the bad line. ``[link=...]`` in an id becomes a terminal hyperlink the same
    way."""
    make_split, task_id = SPLITS[kind]
    split = make_split(tmp_path)
    predictions = _predictions(kind, tmp_path, [(task_id, ""), ("[/red]", "")])
    result = _evaluate(kind, split, predictions, tmp_path / "repos")
    if result.exit_code == 0 or "Usage:" in result.output:
        pytest.fail(f"control: a task id not in the split must be refused: {result.output[-800:]!r}")
    assert result.exit_code == 2 and "not in the split" in result.output, \
        f"no input error shown: exit {result.exit_code}, {result.exception!r}"


@pytest.mark.parametrize("planted", ["folder_link", "log_link"])
def test_the_debug_rounds_folder_beside_the_predictions_is_never_written_through(tmp_path, cache, planted):
    """Row 1's second door (contained with it): ``--debug-rounds`` writes its rounds into
    ``PREDICTIONS.metrics.debug/`` beside the predictions. A submission that ships that folder as
    a link to one of the evaluator's folders, or as a folder holding ``round0.generations.jsonl``
    as a link to one of the evaluator's files, gets the input error; nothing is written into the
    victim folder, the victim file keeps its bytes. The refusal comes before any model request
    (the endpoint here does not exist)."""
    split = _executable_split(tmp_path)
    submission = tmp_path / "submission"
    submission.mkdir()
    predictions = _predictions("executable", submission, [("p/1", "")])
    victim_folder = tmp_path / "victim"
    victim_folder.mkdir()
    victim = victim_folder / "crontab"
    victim.write_text("the evaluator's own file\n")
    debug = submission / "preds.metrics.debug"
    if planted == "folder_link":
        debug.symlink_to(victim_folder)
    else:
        debug.mkdir()
        (debug / "round0.generations.jsonl").symlink_to(victim)
    result = _evaluate("executable", split, predictions, tmp_path / "repos", "--debug-rounds", "1", "--model", "m",
                       "--model-url", "http://127.0.0.1:9/v1")
    assert result.exit_code == 2, f"{result.exit_code} {result.output[-800:]!r} {result.exception!r}"
    assert "link" in result.output and "Traceback" not in result.output, result.output[-800:]
    assert sorted(p.name for p in victim_folder.iterdir()) == ["crontab"]
    assert victim.read_text() == "the evaluator's own file\n"
