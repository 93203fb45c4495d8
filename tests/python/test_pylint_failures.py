"""Issue 15 (items 1 and 4) for Python: no silent loss, stdlib-shadowing modules, bounded bisection.

Fixture repositories are written here; the checker is the real Pylint (or a wrapper around
it that misbehaves on purpose, named through ``CROSSFILE_PYLINT``).
"""

from __future__ import annotations

import sys
import time

import pytest

from crossfile_datasets.analyzers.pylint import PylintChecker, load_factor
from crossfile_datasets.analyzers.run import RunResult, RunStatus
from crossfile_datasets.lang.python import PythonSupport
from tests.conftest import write_tree
from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

# Top-level modules named like the standard library modules Pylint itself imports at start-up.
SHADOWING = {
    "json.py": "def loads(text):\n    return text\n",
    "types.py": "SIMPLE = 1\n",
    "typing.py": "ANY = object()\n",
    "inventory/__init__.py": "",
    "inventory/stock.py": "class Stock:\n    def count(self):\n        return 3\n",
    "inventory/report.py": (
        "import json\n"
        "from inventory.stock import Stock\n"
        "def summary():\n"
        "    shelf = Stock()\n"
        "    return json.loads(shelf.count())\n"
    ),
}
# ...and more standard-library names Python or Pylint import at start-up or while checking
SHADOWING.update({f"{name}.py": f"VALUE_{name} = 1\n" for name in (
    "re", "os", "abc", "enum", "functools", "io", "copy", "dataclasses", "inspect", "tokenize", "ast",
    "string", "warnings", "logging", "pathlib", "random", "traceback", "linecache", "codecs",
    "collections", "operator", "itertools", "weakref", "contextlib", "site")})


def _usages(repo_root, language=None):
    usages, report, _ = usages_of(repo_root, language=language)
    return usages, report


def test_stdlib_shadowing_modules_are_checked(tmp_path):
    usages, report = _usages(write_tree(tmp_path / "shadow_repo", SHADOWING))
    found = {(u.file, u.imported_name, u.member, u.definition_file) for u in usages}
    assert ("inventory/report.py", "Stock", None, "inventory/stock.py") in found
    assert ("inventory/report.py", "Stock", "count", "inventory/stock.py") in found
    assert ("inventory/report.py", "json", "loads", "json.py") in found  # the repository's own json.py
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)


def test_a_report_that_is_not_pylints_is_a_counted_failure(tmp_path, monkeypatch):
    """Exit 0 and nothing printed (the old reading: zero findings) is a crash, per file."""
    wrapper = tmp_path / "silent_pylint.sh"
    wrapper.write_text("#!/bin/sh\nexit 0\n")
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    usages, report = _usages(write_tree(tmp_path / "shadow_repo", SHADOWING))
    assert usages == []
    assert report.counts["files/checker_crash"] == 1  # inventory/report.py, the one checkable file


def test_bisection_is_bounded_in_time_and_what_is_left_is_counted(tmp_path, monkeypatch):
    files = {"pkg/__init__.py": "", "pkg/base.py": "class Base:\n    pass\n"}
    for i in range(16):
        files[f"pkg/user_{i:02d}.py"] = "from pkg.base import Base\nvalue = Base()\n"
    wrapper = tmp_path / "slow_pylint.sh"
    # every run that includes user_00.py hangs: a bisection would chase it through log2(16) levels
    wrapper.write_text(
        "#!/bin/sh\n"
        'for a in "$@"; do case "$a" in *user_00.py) sleep 60;; esac; done\n'
        f'exec {sys.executable} -m pylint "$@"\n'
    )
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    language = PythonSupport(PylintChecker(batch_timeout=2, file_timeout=2, bisect_budget=3, bisect_per_file=0, load=lambda: 1.0),
                             parallelism=3)
    start = time.monotonic()
    usages, report = _usages(write_tree(tmp_path / "slow_repo", files), language)
    elapsed = time.monotonic() - start
    # 3 variant copies in parallel: first batch (2 s) + budget (3 s) + one run's start-up slack
    assert elapsed < 20, elapsed
    failed = {k: v for k, v in report.counts.items() if k.startswith("files/checker")}
    assert failed.get("files/checker_timeout", 0) + failed.get("files/checker_abandoned", 0) >= 1
    assert failed.get("files/checker_abandoned", 0) >= 1, failed  # the budget ran out before all was isolated
    assert sum(failed.values()) < 17  # never more than the checkable files
    assert "pkg/user_00.py" not in {u.file for u in usages}


def _slow_runner(seconds_per_file: float, runs: list[int]):
    """A stand-in for a Pylint that is slow but never hangs: each run needs this much per file
    and times out like the real runner when its limit is shorter (no Pylint is started)."""
    def runner(argv, timeout, cwd=None, env=None):
        files = len(argv) - argv.index("--") - 1
        runs.append(files)
        needed = seconds_per_file * files
        time.sleep(min(needed, timeout))
        status = RunStatus.TIMEOUT if needed > timeout else RunStatus.EXITED
        return RunResult(tuple(argv), status, 0 if status is RunStatus.EXITED else None, "[]", "", min(needed, timeout))
    return runner


def test_a_slow_repository_keeps_every_file_when_its_halves_finish(tmp_path):
    """urllib3 (corpus, 2026-11-28, a loaded machine): the whole batch of 66 files timed out, the
    fixed 120 s isolation budget was less than one half's run, and all 66 were abandoned. The
    budget now grows with the files checked, so each half runs once and finishes."""
    root = tmp_path / "slow"
    files = [f"pkg/m{i}.py" for i in range(8)]
    write_tree(root, {f: "x = 1\n" for f in files})
    limits = dict(batch_timeout=1.0, file_timeout=0.2, bisect_budget=0.5, load=lambda: 1.0, resident=False)
    # the whole batch needs 1.6 s (> 1.0), each half 0.8 s: together more than the fixed 0.5 s
    runs: list[int] = []
    fixed = PylintChecker(**limits, bisect_per_file=0, runner=_slow_runner(0.2, runs)).check(root, files, files, {})
    assert set(fixed.failed.values()) == {"checker_abandoned"}, fixed.failed  # the loss this fixes
    runs.clear()
    grown = PylintChecker(**limits, bisect_per_file=0.3, runner=_slow_runner(0.2, runs)).check(root, files, files, {})
    assert grown.failed == {} and runs == [8, 4, 4]


def test_a_load_that_grew_since_the_check_began_stretches_the_bisection(tmp_path):
    root = tmp_path / "loaded"
    files = [f"pkg/m{i}.py" for i in range(8)]
    write_tree(root, {f: "x = 1\n" for f in files})
    loads = iter([1.0, 3.0])  # idle when the check starts, loaded when the first batch failed
    runs: list[int] = []
    def check(load):
        runs.clear()
        return PylintChecker(batch_timeout=0.5, file_timeout=0.2, bisect_budget=0.35, bisect_per_file=0, load=load,
                             resident=False, runner=_slow_runner(0.1, runs)).check(root, files, files, {})
    # the whole batch needs 0.8 s (> 0.5), each half 0.4 s: more than 0.35 s, less than 0.35 x 3
    assert set(check(lambda: 1.0).failed.values()) == {"checker_abandoned"}
    assert check(lambda: next(loads)).failed == {} and runs == [8, 4, 4]


def test_the_load_factor_is_the_load_per_core_between_one_and_the_cap():
    assert load_factor(0.5, 2) == 1.0  # an idle machine keeps the limits as they are
    assert load_factor(2.0, 2) == 1.0
    assert load_factor(7.0, 2) == 3.5
    assert load_factor(21.0, 2, cap=8.0) == 8.0  # 2026-11-27: structlog's build, load ~21
    assert load_factor(3.0, 0) == 3.0  # an unknown core count counts as one core


def _slow_start_repo(tmp_path, monkeypatch, seconds: int):
    """Two files checked by a Pylint that first sleeps (a machine too loaded to start it in time)."""
    files = {"pkg/__init__.py": "", "pkg/base.py": "class Base:\n    def size(self):\n        return 1\n",
             "pkg/user.py": "from pkg.base import Base\nvalue = Base().size()\n"}
    wrapper = tmp_path / "loaded_pylint.sh"
    wrapper.write_text(f"#!/bin/sh\nsleep {seconds}\nexec {sys.executable} -m pylint \"$@\"\n")
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    return write_tree(tmp_path / "loaded_repo", files)


def test_time_limits_grow_with_the_load_so_a_loaded_machine_keeps_its_files(tmp_path, monkeypatch):
    """Fixed limits lose every file of a repository when the machine is loaded (structlog: 37 of
    37 abandoned at a load of ~21); the same limits times the load factor keep them."""
    repo = _slow_start_repo(tmp_path, monkeypatch, 3)
    idle_limits = dict(batch_timeout=1.5, file_timeout=1.5, bisect_budget=1.0, bisect_per_file=0)
    usages, report = _usages(repo, PythonSupport(PylintChecker(**idle_limits, load=lambda: 1.0), parallelism=1))
    assert usages == [] and report.counts["files/checker_timeout"] + report.counts["files/checker_abandoned"] == 1
    usages, report = _usages(repo, PythonSupport(PylintChecker(**idle_limits, load=lambda: 8.0), parallelism=1))
    assert ("pkg/user.py", "Base", "size") in {(u.file, u.imported_name, u.member) for u in usages}
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)


def test_a_failed_run_leaves_its_text_in_the_report(tmp_path, monkeypatch):
    """Counts alone did not tell a time-out from a crash of a plugin (structlog, 2026-11-27):
    every failed file's sample carries what the run said."""
    files = {"pkg/__init__.py": "", "pkg/base.py": "class Base:\n    pass\n",
             "pkg/user.py": "from pkg.base import Base\nvalue = Base()\n"}
    wrapper = tmp_path / "crashing_pylint.sh"
    wrapper.write_text("#!/bin/sh\necho 'Traceback (most recent call last):' >&2\n"
                       "echo 'RuntimeError: plugin exploded' >&2\nexit 1\n")
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    usages, report = _usages(write_tree(tmp_path / "crash_repo", files))
    assert usages == []
    [sample] = report.samples["files/checker_crash"]
    assert sample.startswith("pkg/user.py: original: exit 1 on 1 file(s): ") and "RuntimeError: plugin exploded" in sample

    repo = _slow_start_repo(tmp_path, monkeypatch, 3)
    language = PythonSupport(PylintChecker(batch_timeout=1.0, file_timeout=1.0, bisect_budget=1.0, bisect_per_file=0,
                                           load=lambda: 1.0))
    _, report = _usages(repo, language)
    [sample] = report.samples.get("files/checker_timeout", []) + report.samples.get("files/checker_abandoned", [])
    assert "timed out after 1 s on 1 file(s)" in sample, sample


def test_a_failed_observed_types_check_costs_the_observed_uses_only(tmp_path, monkeypatch):
    """--observe-types checks the original copy with the observed plugin, in fresh processes; when
    that check fails, every file used to fail with it (structlog: 37 of 37 abandoned). The files
    are checked again without the plugin: their static uses stay, the loss is counted."""
    from dataclasses import replace

    from crossfile_datasets.builders.repos import RepoSpec, resolve
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.lang.sources import list_sources

    files = {"pkg/__init__.py": "", "pkg/base.py": "class Base:\n    def size(self):\n        return 1\n",
             "pkg/user.py": "from pkg.base import Base\nvalue = Base().size()\n"}
    root = write_tree(tmp_path / "observed_repo", files)
    observations = tmp_path / "observed.json"
    observations.write_text('{"parameters": []}\n')
    wrapper = tmp_path / "plugin_crash_pylint.sh"
    wrapper.write_text("#!/bin/sh\ncase \"$*\" in *crossfile_observed*) echo 'RuntimeError: observed plugin' >&2; exit 1;; esac\n"
                       f'exec {sys.executable} -m pylint "$@"\n')
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    repo = replace(resolve(RepoSpec(path=str(root))), observed_types=str(observations))
    language = PythonSupport(PylintChecker(load=lambda: 1.0), parallelism=1)
    report = BuildReport()
    sources, _ = list_sources(repo, language, report)
    usages = language.find_usages(repo, language.analyze_files(str(repo.root), sources), report)
    assert ("pkg/user.py", "Base", "size") in {(u.file, u.imported_name, u.member) for u in usages}
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    assert report.counts["files/observed_check_failed"] == 1
    [sample] = report.samples["files/observed_check_failed"]
    assert sample.startswith("pkg/user.py: checker_crash: exit 1 on 1 file(s): ") and "observed plugin" in sample, sample
