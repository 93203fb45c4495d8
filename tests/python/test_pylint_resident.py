"""Issue 20 for Python: the resident Pylint gives what fresh processes give, and falls back.

The resident server (``analyzers/pylint_plugins/crossfile_pylint_server.py``) keeps astroid's trees of
the modules outside the checked copies between requests; these tests compare it with one fresh
Pylint process per batch (``PylintChecker(resident=False)``) on fixtures, across repositories
checked by the same server (a repository's own ``json.py`` must still shadow the standard
library's), and check that a server that misbehaves costs time, not findings.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.pylint import PLUGIN_DIR, PLUGINS, PylintChecker, pylint_argv
from crossfile_datasets.core import constants as C
from crossfile_datasets.lang.python import PythonSupport
from tests.conftest import write_tree
from tests.python.helpers import usages_of
from tests.python.test_pylint_failures import SHADOWING

pytestmark = pytest.mark.pylint

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"

# a repository that imports the standard-library modules SHADOWING replaces
PLAIN = {
    "shop/__init__.py": "",
    "shop/codec.py": "import json\nimport re\n\ndef dump(x):\n    return json.dumps(x)\n",
    "shop/order.py": (
        "import json\nfrom shop.codec import dump\n\n"
        "def save(order):\n    return dump(order) + json.dumps(order) + json.nope\n"
    ),
}


# a repository whose own json.py shadows the standard library's, with a member only it has
SHADOW = {
    "json.py": "def shelf_codec(text):\n    return text\n",
    "inventory/__init__.py": "",
    "inventory/report.py": "import json\n\ndef summary(x):\n    return json.shelf_codec(x) + json.dumps(x)\n",
}


def _keys(usages):
    return sorted(u.to_json().__repr__() for u in usages)


@pytest.mark.parametrize("fixture", ["shadowing", "shelfkeeper"])
@pytest.mark.slow
def test_resident_checker_finds_what_fresh_processes_find(tmp_path, fixture):
    root = write_tree(tmp_path / "shadow", SHADOWING) if fixture == "shadowing" else EXAMPLES / fixture
    fresh, fresh_report, _ = usages_of(root, language=PythonSupport(checker=PylintChecker(resident=False)))
    resident, report, _ = usages_of(root, language=PythonSupport(checker=PylintChecker()))
    assert fresh and _keys(resident) == _keys(fresh)
    assert report.metrics.get("checker/pylint_runs", 0) >= 3
    assert "checker/pylint_resident_fallbacks" not in report.metrics, dict(report.metrics)
    assert {k: v for k, v in report.counts.items() if k.startswith("files/")} == \
        {k: v for k, v in fresh_report.counts.items() if k.startswith("files/")}


def _check(checker: PylintChecker, root: Path, files: dict[str, str], only: str | None = None):
    write_tree(root, files)
    checked = [only] if only else sorted(p for p in files if p.endswith(".py"))
    return checker.check(root, checked, sorted(files), dict(files))


def _found(outcome):
    return sorted((d.file, d.line, d.column, d.code, d.message) for d in outcome.diagnostics)


@pytest.mark.slow
def test_one_server_across_repositories_keeps_shadowing_exact(tmp_path):
    """The standard library's ``json`` cached for the first repository must not stand in for
    the second repository's own ``json.py`` (which is not itself checked: checking it would
    build it under its name anyway)."""
    checker = PylintChecker()
    try:
        first = _check(checker, tmp_path / "plain", PLAIN)
        assert ("shop/order.py", 5) in {(d.file, d.line) for d in first.diagnostics}  # json.nope
        shadow = _check(checker, tmp_path / "shadow", SHADOW, only="inventory/report.py")
        servers = [checker._servers.get_nowait()]
        assert checker._servers.empty() and servers[0].process.starts == 1  # one server did both
        checker._servers.put(servers[0])
    finally:
        checker.close()
    fresh = _check(PylintChecker(resident=False), tmp_path / "shadow_fresh", SHADOW, only="inventory/report.py")
    assert [d.message for d in fresh.diagnostics] == ["Module 'json' has no 'dumps' member"]
    assert first.resident_fallbacks == shadow.resident_fallbacks == 0
    assert _found(shadow) == [(f.replace("shadow_fresh", "shadow"), *rest) for f, *rest in _found(fresh)]


@pytest.mark.parametrize("behaviour", [
    "for line in sys.stdin:\n    print('not an answer', flush=True)",  # garbage
    "sys.stdin.readline()\nsys.exit(3)",  # dies during the request
    "for line in sys.stdin:\n    print(json.dumps({'error': 'Traceback: boom'}), flush=True)",
    "for line in sys.stdin:\n    time.sleep(60)",  # hangs: the batch is bisected by fresh processes
])
@pytest.mark.slow
def test_a_misbehaving_server_costs_a_fallback_not_findings(tmp_path, behaviour):
    script = tmp_path / "server.py"
    script.write_text("import json, sys, time\n" + behaviour + "\n")
    bad = PylintChecker(server_command=[sys.executable, str(script)], batch_timeout=3.0)
    try:
        outcome = _check(bad, tmp_path / "repo", PLAIN)
    finally:
        bad.close()
    fresh = _check(PylintChecker(resident=False), tmp_path / "repo_fresh", PLAIN)
    assert outcome.resident_fallbacks == 1 and not outcome.failed
    assert _found(outcome) == [(f.replace("repo_fresh", "repo"), *rest) for f, *rest in _found(fresh)]


@pytest.mark.slow
def test_lean_plugin_skips_call_checks_only_when_their_messages_are_off(tmp_path):
    """E1101 inside and on calls is still reported; the call checks run when enabled."""
    src = tmp_path / "calls.py"
    src.write_text("import os\n\ndef f(a):\n    return a\n\nf(os.nope)\nos.gone()\nf()\n")
    rc = tmp_path / "rc"
    rc.write_text("[MAIN]\n")

    def codes(extra: str) -> list[tuple[int, str]]:
        argv = [a.replace("--enable=", f"--enable={extra},") if a.startswith("--enable=") else a
                for a in pylint_argv([str(src)], str(rc), [str(tmp_path)])]
        out = subprocess.run(argv, capture_output=True, text=True, cwd=tmp_path,
                             env={"PYTHONPATH": str(PLUGIN_DIR), "PYTHONSAFEPATH": "1", "PATH": "/usr/bin:/bin"})
        import json

        return sorted((m["line"], m["message-id"]) for m in json.loads(out.stdout))

    assert "crossfile_lean" in PLUGINS
    assert codes("E1101") == [(6, "E1101"), (7, "E1101")]
    assert codes("E1120") == [(6, "E1101"), (7, "E1101"), (8, "E1120")]  # no-value-for-parameter


@pytest.mark.slow
def test_copies_cut_into_chunks_per_core_find_what_whole_copies_find(monkeypatch):
    """A large copy is cut into one chunk per core (PYLINT_MIN_CHUNK files at least): forced
    here on a sample, three chunks per copy on three resident servers."""
    root = EXAMPLES / "shelfkeeper"
    whole, whole_report, _ = usages_of(root, language=PythonSupport(checker=PylintChecker(resident=False), parallelism=1))
    monkeypatch.setattr(C, "PYLINT_MIN_CHUNK", 1)
    chunked, report, _ = usages_of(root, language=PythonSupport(checker=PylintChecker(), parallelism=3))
    assert report.metrics["checker/pylint_runs"] > whole_report.metrics["checker/pylint_runs"]
    assert whole and _keys(chunked) == _keys(whole)
    assert report.counts == whole_report.counts
