"""The start of every build (``build-dataset``, any split: ``builders/cli.py`` -> ``build_scope``)
sweeps the temporary folder (``$TMPDIR``, ``/tmp`` by default: shared by every local user) for
folders of builds that died (``remove_stale_temporary_folders``). The attacker is another local
user of that folder (red team 2026-11-27 rows 15 and 19's attacker): it needs no repository, no
submission, only write access to ``/tmp``."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

pytestmark = pytest.mark.slow

WORDS = '''"""Small word helpers."""


def shout(text: str) -> str:
    """Return the text in capitals with an exclamation mark."""
    return text.strip().upper() + "!"
'''

# the instruct split (runs nothing of the repository) through the real command line
BUILD = """
import json, sys
from typer.testing import CliRunner
from crossfile_datasets.builders.cli import app
result = CliRunner().invoke(app, ["--lang", "python", "--split", "instruct", "--output", sys.argv[1],
                                  "--workers", "1", "--repos", sys.argv[2]])
error = repr(result.exception)[:300] if result.exception and not isinstance(result.exception, SystemExit) else ""
print(json.dumps({"exit": result.exit_code, "error": error, "output": result.output[-1500:]}))
"""

OTHER_UID = 65534  # nobody: another local user of the shared temporary folder


def _shared_temp(tmp_path: Path) -> Path:
    """A temporary folder shaped like /tmp (mode 1777: every user writes, sticky)."""
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    shared.chmod(0o1777)
    return shared


def _plant(shared: Path, name: str, lock_target: Path | None) -> Path:
    """A ``crossfile-build-*`` folder as the other user makes it: its ``.lock`` a link to
    ``lock_target`` (None: a plain, unheld lock file, as a dead build leaves it)."""
    folder = shared / name
    folder.mkdir()
    lock = folder / ".lock"
    if lock_target is None:
        lock.write_text("1\n")
    else:
        lock.symlink_to(lock_target)
    for path in (lock, folder):
        os.lchown(path, OTHER_UID, OTHER_UID)
    return folder


def _build(child, tmp_path: Path, shared: Path) -> dict:
    repo = tmp_path / "words"
    (repo / "words").mkdir(parents=True)
    (repo / "words" / "__init__.py").write_text("")
    (repo / "words" / "core.py").write_text(WORDS)
    commit_all(repo)
    run = child(BUILD, str(tmp_path / "out"), str(repo), timeout=300, temp=shared)
    if run.timed_out:
        pytest.fail(f"the build did not end: {run.stderr[-2000:]}")
    result = run.last_json()
    if result["exit"] != 0:
        pytest.fail(f"the build failed: {result}")
    return result


def test_a_planted_lock_link_does_not_make_the_builder_create_files(child, tmp_path):
    """Host write through a planted link (every ``build-dataset``, before any repository is read).
    Another user of the shared temporary folder makes ``crossfile-build-4000000-x/`` (its own
    folder: the sticky bit and ``fs.protected_symlinks`` only guard links placed directly in the
    sticky folder) holding ``.lock``, a link to a path of the victim's choosing. The builder's
    sweep opens ``<folder>/.lock`` with ``open(..., "a+")`` (``O_CREAT``, links followed, no owner
    check), takes the free ``flock`` and removes the folder: the link's target is created (empty,
    the builder's owner and umask) wherever the builder may write: as root ``/etc/nologin``
    (every non-root login refused), ``/forcefsck``, a ``/etc/cron.d`` name, a lock or marker file
    of another service. Safe: a folder that is not ours (owner) is never opened; the lock is
    opened ``O_NOFOLLOW`` without ``O_CREAT`` (the sandbox sweep, ``sandbox/tempfolders.py``,
    does both). The sweep leaves the other user's folder in place (not ours to remove); that it
    ran is seen by a dead build's folder of the builder's own beside it, which goes."""
    shared = _shared_temp(tmp_path)
    victim = tmp_path / "victim-etc"
    victim.mkdir()  # the builder's (root's) own folder: the other user cannot write it
    target = victim / "nologin"
    planted = _plant(shared, "crossfile-build-4000000-x", target)
    dead = shared / "crossfile-build-4000001-dead"  # the builder's own, left by a dead build
    dead.mkdir()
    (dead / ".lock").write_text("4000001\n")
    result = _build(child, tmp_path, shared)
    print(json.dumps(result)[:2000])
    if os.path.lexists(dead):
        pytest.fail(f"the sweep did not run (a dead build's folder is still there): {sorted(os.listdir(shared))}")
    assert not target.exists(), f"the builder created {target} through the planted link"
    assert os.path.islink(planted / ".lock"), "the sweep removed another user's folder"


def test_control_a_dead_build_of_our_own_is_swept(child, tmp_path):
    """Control, same shape: a ``crossfile-build-*`` folder left by a dead build of the builder's
    own (a plain unheld ``.lock``) is removed at the next build's start, and nothing else is
    created."""
    shared = _shared_temp(tmp_path)
    dead = shared / "crossfile-build-4000000-x"
    dead.mkdir()
    (dead / ".lock").write_text("4000000\n")
    victim = tmp_path / "victim-etc"
    victim.mkdir()
    result = _build(child, tmp_path, shared)
    print(json.dumps(result)[:2000])
    if os.path.lexists(dead):
        pytest.fail("the dead build's folder is still there: the sweep did not run")
    assert os.listdir(victim) == []


def _old_held_folder(shared: Path, age_seconds: float):
    """A live harness's held folder (``HeldFolder``: the class evaluation's staging copy of a
    repository, ``crossfile-sandbox-<pid>-class-eval-*``, kept for every generation of the
    repository; a Java runner's ``java-prebuilt-*``), its lock held by this process, whose top
    level has not changed for ``age_seconds`` (the copy is made once; later runs write inside it)."""
    from crossfile_datasets.sandbox.tempfolders import HeldFolder

    held = HeldFolder("class-eval-", parent=shared)
    (held.path / "repo").mkdir()
    (held.path / "repo" / "Calc.java").write_text("class Calc {}\n")
    past = os.stat(held.path).st_mtime - age_seconds
    os.utime(held.path, (past, past))
    return held


def test_a_build_leaves_a_live_harness_held_folder_alone(child, tmp_path):
    """Data loss (a live evaluation's or build's copy, under it). Sandbox and staging folders are
    held folders: a lock file whose ``flock`` their harness holds while it lives, so that the
    harness sweep (``sweep_stale_sandboxes``) never removes a live one, in any pid namespace (red
    team 2026-11-27 row 19). The *build's* sweep (``remove_stale_temporary_folders``, at every
    ``build-dataset`` start) removes every ``crossfile-sandbox-*`` folder (and the other
    ``LOOSE_TMP_PREFIXES``) whose own mtime is over a day old, without looking at its lock or
    owner: a class evaluation's staging copy (made once per repository, then placed into: its top
    level never changes) or a Java runner's prebuilt classes of a job past 24 hours are removed
    under the running harness by any build started on the machine (another user's too when the
    builder is root): its remaining generations end as errors, or the copy is half gone when the
    next run starts. Safe: the build's sweep honours held folders as the harness sweep does (or
    leaves ``crossfile-sandbox-*`` to it)."""
    shared = _shared_temp(tmp_path)
    held = _old_held_folder(shared, age_seconds=2 * 24 * 3600)
    try:
        result = _build(child, tmp_path, shared)
        print(json.dumps(result)[:2000])
        assert held.path.is_dir(), "the build's start removed a live harness's held folder"
        assert (held.path / "repo" / "Calc.java").is_file()
    finally:
        held.close()


def test_control_the_harness_sweep_and_a_build_leave_a_recent_held_folder(child, tmp_path):
    """Control, same shape: the harness's own sweep leaves the same day-old held folder (its lock
    is held), and a build leaves a held folder of the same kind that changed an hour ago."""
    from crossfile_datasets.sandbox.tempfolders import sweep_stale_sandboxes

    shared = _shared_temp(tmp_path)
    old = _old_held_folder(shared, age_seconds=2 * 24 * 3600)
    recent = _old_held_folder(shared, age_seconds=3600)
    try:
        sweep_stale_sandboxes(shared)
        if not old.path.is_dir():
            pytest.fail("the harness sweep removed a held folder: not this attack")
        old.close()
        result = _build(child, tmp_path, shared)
        print(json.dumps(result)[:2000])
        assert recent.path.is_dir() and (recent.path / "repo" / "Calc.java").is_file()
    finally:
        old.close()
        recent.close()
