"""A hostile *executable* split (``executable.jsonl`` from the Hub, evaluated with
``evaluate-predictions executable SPLIT PREDS --repos FOLDER``, the documented way for a split
without its ``repositories.json``): its records' ``requirements`` go to pip's command line on the
host as they are (``run_problem_tests`` -> ``_interpreter`` -> ``ensure_environment`` ->
``_pip``), where the build only ever writes requirements that ``parse_requirement_lines`` accepted
(no line starting with ``-``, no URL, no path)."""

from __future__ import annotations

import base64
import hashlib
import json
import zipfile
from pathlib import Path

import pytest

WHEEL_NAME = "rt8hook"


def _wheel(folder: Path, marker: Path) -> Path:
    """A pure wheel holding a module and a ``.pth`` start-up hook (which would write ``marker``):
    what any index or folder the split names can serve."""
    version = "1.0"
    info = f"{WHEEL_NAME}-{version}.dist-info"
    files = {
        f"{WHEEL_NAME}.py": "VALUE = 1\n",
        f"{WHEEL_NAME}_hook.pth": f"import pathlib; pathlib.Path({str(marker)!r}).write_text('ran')\n",
        f"{info}/METADATA": f"Metadata-Version: 2.1\nName: {WHEEL_NAME}\nVersion: {version}\n",
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: redteam8\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    files[f"{info}/RECORD"] = "\n".join([*record, f"{info}/RECORD,,"]) + "\n"
    folder.mkdir(parents=True)
    wheel = folder / f"{WHEEL_NAME}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as archive:
        for path, text in files.items():
            archive.writestr(path, text)
    return wheel


def _evaluate_hostile_split(tmp_path: Path, requirements: list[str], check: str) -> Path:
    """Evaluate one generation of a one-record split (project ``app`` under ``tmp_path/repos``)
    whose ``requirements`` are the given strings; returns the results log (absent when the split
    was refused: an InputError is a safe outcome)."""
    from crossfile_datasets.evaluation.executable import evaluate_executable

    repos = tmp_path / "repos"
    (repos / "app").mkdir(parents=True, exist_ok=True)
    (repos / "app" / "app.py").write_text("def main():\n    return 0\n")
    problem = {"id": "app/1", "project": "app", "file": "app.py", "qualname": "main", "entry_point": "main",
               "solution": "def main():\n    return 0\n", "check": check, "requirements": requirements}
    split = tmp_path / "split" / "executable.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(problem) + "\n")
    preds = tmp_path / "preds.jsonl"
    preds.write_text(json.dumps({"task_id": "app/1", "generations": ["def main():\n    return 1\n"]}) + "\n")
    results = tmp_path / "results.jsonl"
    try:
        evaluate_executable(split, preds, results, repos=repos)
    except ValueError:
        pass
    return results


@pytest.mark.slow
def test_a_split_cannot_put_pip_options_on_the_host(tmp_path: Path):
    """Host write (executable evaluation of a hostile split, before any sandbox). ``load_problems``
    checks a record's ``id``, ``entry_point``, ``solution``, ``file``, ``qualname`` and ``check``,
    not its ``requirements``; ``ensure_environment`` passes every one that ``Requirement`` cannot
    parse to ``pip install`` as an argument (``is_satisfied`` is False for them), so
    ``--target=DIR`` installs whatever ``--find-links``/``--index-url`` serves into any folder the
    evaluator can write (a ``.pth`` there runs at every start of an interpreter that reads the
    folder: ``~/.local/lib/python3.X/site-packages`` as root), ``--log=FILE`` appends pip's log to
    any file. docs/executable.md lists pip's own start-up in the new environment (``.pth`` hooks of
    wheels installed there) as open: here the wheel lands outside the environment, chosen by the
    split. The build never writes such a line (``parse_requirement_lines`` refuses ``-...``)."""
    outside = tmp_path / "outside"  # stands for ~/.local/lib/python3.11/site-packages, /etc, ...
    outside.mkdir()
    wheels = tmp_path / "served"
    _wheel(wheels, tmp_path / "HOOK_RAN")
    results = _evaluate_hostile_split(tmp_path, [f"--target={outside / 'site-packages'}", "--no-index",
                                                 f"--find-links={wheels}", WHEEL_NAME, f"--log={outside / 'pip.log'}"],
                                      "import sys\nsys.exit(0)\n")
    if not results.exists() and not any(outside.iterdir()):
        pytest.fail("precondition: the evaluation neither refused the split nor ran the generation")
    written = sorted(str(p.relative_to(outside)) for p in outside.rglob("*"))
    assert written == [], f"pip wrote outside its environment, where the split said: {written}"
    _assert_refused(results)


def _assert_refused(results: Path) -> None:
    """Contained since the fix: the record is refused before any run, with its named reason."""
    rows = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
    assert rows and all(r["status"] == "task_refused" for r in rows), rows
    assert all(r["detail"].startswith("split_records/requirement_refused") for r in rows), rows


CANARY = "HF_TOKEN=hf_red_team_eight_canary"
# The split's own check program (a record without test_paths/test_list runs its ``check`` as is):
# pytest, with the harness's plugin options it is given, on a test that fails with what pip
# logged into the repository folder before the copy was made.
LEAK_CHECK = '''import sys
import pytest
open("test_leak.py", "w").write(
    "def test_x():\\n"
    "    lines = [l for l in open('pip.log') if 'Invalid requirement' in l]\\n"
    "    assert False, lines[0] if lines else 'no log'\\n")
sys.exit(pytest.main(["-q", "test_leak.py", *sys.argv[1:]]))
'''


@pytest.mark.slow
def test_a_split_cannot_read_a_host_file_through_pip(tmp_path: Path):
    """Exposure of host secrets (executable evaluation of a hostile split). The same hole as the
    test above, read side: ``--requirement=FILE`` makes pip on the host parse any file the
    evaluator can read (``~/.cache/huggingface/token``, a ``.env``, ``~/.netrc``: hidden from every
    sandboxed run) and log "Invalid requirement: '<its line>'"; ``--log=`` puts that log in the
    repository folder (or any folder a run sees: ``/var/tmp``, ``/srv``), which the run's copy is
    made from right after (``run_problem_tests``: the interpreter, then the copy); the record's
    own ``check`` reads it into a failure message, and the results keep it (``detail``: what a
    leaderboard shows the submitter). Here the log path is the repository folder's, which the
    split's author must know (a documented ``--repos`` layout)."""
    secret = tmp_path / "home" / "user" / ".env"  # hidden from the sandbox (/home)
    secret.parent.mkdir(parents=True)
    secret.write_text(CANARY + "\n")
    log = tmp_path / "repos" / "app" / "pip.log"
    results = _evaluate_hostile_split(tmp_path, [f"--requirement={secret}", f"--log={log}"], LEAK_CHECK)
    if not results.exists():
        return  # the split was refused
    text = results.read_text() if results.exists() else ""
    if '"status"' not in text:
        pytest.fail(f"precondition: no verdict row was logged: {text[-2000:]}")
    assert "hf_red_team_eight_canary" not in text, text[-2000:]
    assert not log.exists(), "pip logged where the split said"
    _assert_refused(results)
