"""A repository's packaging configuration on the host: every listing of a repository's Python
sources (``lang/sources.py`` ``list_sources`` -> ``packaging_dirs``: the shard keys of the
executable, class and instruct splits, computed for every repository before any build, the
instruct and class builds, the completion build's listing) reads ``pyproject.toml``,
``setup.cfg`` and ``setup.py`` as text (1 MiB each) in the builder's own process, to learn which
folders hold the project's packages."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

WORDS = '''"""Small word helpers."""


def shout(text: str) -> str:
    """Return the text in capitals with an exclamation mark.

    The text is stripped of surrounding blanks first.
    """
    return text.strip().upper() + "!"
'''

# the instruct split of the given repositories (runs nothing of theirs), in a fresh interpreter:
# its own peak memory (VmHWM) and CPU time
BUILD = """
import json, sys, time
from typer.testing import CliRunner
from crossfile_datasets.builders.cli import app
from tests.hostile.peak import peak_rss_kb
argv = ["--lang", "python", "--split", "instruct", "--output", sys.argv[1], "--workers", "1"]
for repo in sys.argv[2:]:
    argv += ["--repos", repo]
started = time.process_time()
result = CliRunner().invoke(app, argv)
error = repr(result.exception)[:300] if result.exception and not isinstance(result.exception, SystemExit) else ""
print(json.dumps({"exit": result.exit_code, "error": error, "output": result.output[-1500:],
                  "peak_mb": peak_rss_kb() / 1024, "cpu": time.process_time() - started}))
"""


def _repository(root: Path, files: dict[str, str]) -> Path:
    (root / "words").mkdir(parents=True)
    (root / "words" / "__init__.py").write_text("")
    (root / "words" / "core.py").write_text(WORDS)
    for name, text in files.items():
        (root / name).write_text(text)
    commit_all(root)
    return root


def _build(child, tmp_path: Path, name: str, repo: Path) -> dict:
    run = child(BUILD, str(tmp_path / f"out-{name}"), str(repo), timeout=300)
    if run.timed_out:
        return {"timed_out": True}
    if run.returncode != 0:
        pytest.fail(f"the {name} build's interpreter failed: {run.stderr[-2000:]}")
    return run.last_json()


PACKAGES = 1_200  # names in setup.cfg's [options] packages, and as many folders in where: 14 kB


def test_packages_and_package_roots_are_not_multiplied_on_the_host(tmp_path, child):
    """Host resource (memory, CPU). ``setup.cfg``: ``[options] packages = p0 p1 ... p1199`` and
    ``[options.packages.find] where = r0 r1 ... r1199`` (14 kB; the reader takes 1 MiB).
    ``packaging_dirs`` hands both lists to ``_as_dirs``, which makes ``root/package`` for every
    pair: 1,440,000 strings in a set, in the builder's process, before any sandbox and outside the
    repository time limit's checks (no child process, no parse). Control: the same file with the
    1,200 packages and one ``where`` folder. Growth is the product: 1 MiB of names (about 100,000
    packages and 100,000 roots) is ~10^10 entries, far more than any machine's memory; the same
    holds for ``pyproject.toml``'s ``packages`` + ``package-dir`` and ``setup.py``'s ``packages=``
    + ``where=``. Safe behaviour: the named folders are bounded (a package joined with its own
    root, or a cap on the pairs), the hostile listing costs about what the control's does."""
    names = " ".join(f"p{i}" for i in range(PACKAGES))
    roots = " ".join(f"r{i}" for i in range(PACKAGES))
    honest = _build(child, tmp_path, "honest", _repository(tmp_path / "honest", {
        "setup.cfg": f"[options]\npackages = {names}\n\n[options.packages.find]\nwhere = {'r' * len(roots)}\n"}))
    if honest.get("timed_out") or honest["exit"] != 0 or honest["error"]:
        pytest.fail(f"the control build did not run: {honest}")
    hostile = _build(child, tmp_path, "hostile", _repository(tmp_path / "hostile", {
        "setup.cfg": f"[options]\npackages = {names}\n\n[options.packages.find]\nwhere = {roots}\n"}))
    print(json.dumps({"honest": {k: honest[k] for k in ("peak_mb", "cpu")},
                      "hostile": {k: hostile.get(k) for k in ("peak_mb", "cpu", "timed_out")}}))
    assert not hostile.get("timed_out"), "the instruct build did not finish in 300 s"
    assert hostile["peak_mb"] < honest["peak_mb"] + 60, (hostile["peak_mb"], honest["peak_mb"])


SETUP_PY_OPENINGS = 24_000  # `where={` x 24,000: 168 kB (the reader takes 1 MiB)


def test_unclosed_setup_py_lists_do_not_stall_the_listing(tmp_path, child):
    """Host hang (CPU). ``setup.py`` of ``where={`` repeated 24,000 times (168 kB, never closed; a
    text file the builder never runs). ``_SETUP_PY_LIST`` (``\\{[^}]*\\}``, ``\\[[^\\]]*\\]``)
    scans from every opening to the end of the file and back: n^2/2 steps (8,000 openings 0.25 s,
    16,000 1.0 s of CPU, measured alone); the 1 MiB the reader takes (150,000 openings) is about a
    minute and a half per listing, and every split lists a repository several times (shard key,
    build). Control: a ``setup.py`` of the same size with closed lists. Safe behaviour: a linear
    scan (match each ``packages``/``where`` keyword, then find the closing bracket once)."""
    honest_text = "from setuptools import setup\n" + "setup(where={'': 'src'})\n" * (SETUP_PY_OPENINGS * 7 // 24)
    hostile_text = "from setuptools import setup\n" + "where={" * SETUP_PY_OPENINGS + "\n"
    honest = _build(child, tmp_path, "honest", _repository(tmp_path / "honest", {"setup.py": honest_text}))
    if honest.get("timed_out") or honest["exit"] != 0 or honest["error"]:
        pytest.fail(f"the control build did not run: {honest}")
    hostile = _build(child, tmp_path, "hostile", _repository(tmp_path / "hostile", {"setup.py": hostile_text}))
    print(json.dumps({"honest": {k: honest[k] for k in ("peak_mb", "cpu")},
                      "hostile": {k: hostile.get(k) for k in ("peak_mb", "cpu", "timed_out")}}))
    assert not hostile.get("timed_out"), "the instruct build did not finish in 300 s"
    assert hostile["cpu"] < honest["cpu"] + 1.5, (hostile["cpu"], honest["cpu"])
