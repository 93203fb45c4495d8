"""Issue 15 (items 1 and 4) for Python: no silent loss, stdlib-shadowing modules, bounded bisection.

Fixture repositories are written here; the checker is the real Pylint (or a wrapper around
it that misbehaves on purpose, named through ``CROSSFILE_PYLINT``).
"""

from __future__ import annotations

import sys
import time

import pytest

from crossfile_datasets.analyzers.pylint import PylintChecker
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
    language = PythonSupport(PylintChecker(batch_timeout=2, file_timeout=2, bisect_budget=3), parallelism=3)
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
