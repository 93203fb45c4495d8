"""A repository's source files on the host: every listing of a repository's sources
(``lang/sources.py`` ``list_sources``: the completion build of every language, the shard keys of
the executable, class and instruct splits computed for every repository before any build, the
instruct and class builds, the class evaluation's tools) ends with ``imported_folders``, which
scans *every* listed file with a relative-import pattern, whether or not the tree has a folder
with a generic name to decide about. The scan runs in the builder's process: no child process,
no parse, so the per-repository time limit (``core/deadline.py``) never fires."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

# list_sources of one repository in a fresh interpreter; prints its CPU time and the files listed
LISTING = """
import json, sys, time
from pathlib import Path
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import get_language
from crossfile_datasets.lang.sources import list_sources
root, lang = Path(sys.argv[1]), sys.argv[2]
started = time.process_time()
files, _ = list_sources(Repository(root.name, root, "", "", ""), get_language(lang), BuildReport())
print(json.dumps({"cpu": time.process_time() - started, "files": [f.path for f in files]}))
"""

CART_TS = "export class Cart {\n  total(): number {\n    return 1;\n  }\n}\n"
BLANK_LINES = 30_000  # a TypeScript file of 30,000 line ends: 30 kB (files up to 1 MB are listed)


def _repository(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text)
    commit_all(root)
    return root


def _listing(child, root: Path, lang: str) -> dict:
    run = child(LISTING, str(root), lang, timeout=240)
    if run.timed_out:
        return {"timed_out": True}
    if run.returncode != 0:
        pytest.fail(f"the listing's interpreter failed: {run.stderr[-2000:]}")
    return run.last_json()


def test_a_typescript_file_of_blank_lines_does_not_stall_the_listing(tmp_path, child):
    """Host hang (CPU). A TypeScript file ``src/pad.ts`` of 30,000 line ends (a blank file by any
    measure: no line is long, so ``classify_file`` keeps it). ``_JS_RELATIVE``'s alternative
    ``^\\s*import`` (``re.M``) starts at every line start and lets ``\\s*`` run over all the line
    ends after it before failing: n^2/2 steps (5,000 / 10,000 / 20,000 line ends 0.03 / 0.12 /
    0.50 s of CPU, measured alone). A 1 MB file (a few bytes in git) is about 20 minutes per
    listing, every such file of the tree adds as much, and a repository is listed several times
    per build. Control: the same file with one statement per line. Safe behaviour: ``[ \\t]*``
    instead of ``\\s*`` after ``^`` (a linear scan), the blank file costs what the control does."""
    honest = _listing(child, _repository(tmp_path / "honest", {
        "src/cart.ts": CART_TS, "src/pad.ts": "let a = 1;\n" * (BLANK_LINES // 11)}), "typescript")
    if honest.get("timed_out") or "src/pad.ts" not in honest["files"]:
        pytest.fail(f"the control's listing is not the expected one: {honest}")
    hostile = _listing(child, _repository(tmp_path / "hostile", {
        "src/cart.ts": CART_TS, "src/pad.ts": "\n" * BLANK_LINES}), "typescript")
    print(json.dumps({"honest": honest.get("cpu"), "hostile": hostile.get("cpu"), "files": hostile.get("files")}))
    assert not hostile.get("timed_out"), "the listing did not finish in 240 s"
    assert hostile["cpu"] < honest["cpu"] + 0.4, (hostile["cpu"], honest["cpu"])


WORDS = '''"""Small word helpers."""


def shout(text: str) -> str:
    """Return the text in capitals with an exclamation mark."""
    return text.strip().upper() + "!"
'''
DOT_LINES = 8  # lines of `from ` + 4,990 dots (under MINIFIED_MAX_LINE), each followed by 16 blank lines


def test_a_python_line_of_dots_does_not_stall_the_listing(tmp_path, child):
    """Host hang (CPU). ``words/dots.py``: 8 lines ``from .....(4,990 dots) x``, each followed by
    16 blank lines (no line over ``MINIFIED_MAX_LINE``, mean under ``MINIFIED_MEAN_LINE``: the file
    is listed; it does not even have to parse). ``_PY_RELATIVE``'s ``(\\.+)([\\w.]*)`` can split the
    dots between its two groups in every way, each then failing on ``[ \\t]+import``: n^2 steps
    per line (2,000 / 4,000 / 8,000 dots 0.05 / 0.20 / 0.80 s, measured alone), about 0.3 s per
    line here; a 1 MB file holds ~200 such lines (~1 minute per listing), and every file of the
    tree as much. Control: the same lines with one dot and 4,989 letters. Safe behaviour: the
    dots in one group only (``(\\.+)(\\w[\\w.]*)?``, linear), the file costs what the control does."""
    def dots(first: str) -> str:
        return "".join(f"from {first} x\n" + "\n" * 16 for _ in range(DOT_LINES))
    honest = _listing(child, _repository(tmp_path / "honest", {
        "words/__init__.py": "", "words/core.py": WORDS, "words/dots.py": dots("." + "a" * 4_989)}), "python")
    if honest.get("timed_out") or "words/dots.py" not in honest["files"]:
        pytest.fail(f"the control's listing is not the expected one: {honest}")
    hostile = _listing(child, _repository(tmp_path / "hostile", {
        "words/__init__.py": "", "words/core.py": WORDS, "words/dots.py": dots("." * 4_990)}), "python")
    print(json.dumps({"honest": honest.get("cpu"), "hostile": hostile.get("cpu"), "files": hostile.get("files")}))
    assert not hostile.get("timed_out"), "the listing did not finish in 240 s"
    if "words/dots.py" not in hostile["files"]:
        pytest.fail(f"the hostile file was not listed: {hostile['files']}")
    assert hostile["cpu"] < honest["cpu"] + 0.5, (hostile["cpu"], honest["cpu"])
