"""Attacks on the removal of sandbox folders (sandbox.remove_tree and the sweep of folders left
by killed harnesses)."""

from __future__ import annotations

import os

import pytest

from tests.hostile.redteam.conftest import PROJECT

# Python's shutil.rmtree (3.11: _rmtree_safe_fd) recurses once per folder level; a tree deeper
# than the interpreter's recursion limit raises RecursionError, which no onerror handler sees.
DEPTH = 1200  # 2.4 kB of path below the copy: nothing near PATH_MAX
DEEP = f'''import os
os.chdir(os.environ["CROSSFILE_SANDBOX_ROOT"] + "/repo")
for _ in range({DEPTH}):
    os.mkdir("d")
    os.chdir("d")
'''

RUN_AND_CLOSE = '''
import json, os, sys
from crossfile_datasets.sandbox import Sandbox, SandboxLimits

# DEEP comes as an argument: importing the test module would import the tests' conftest, which
# makes a cache folder in this child's TMPDIR (the folder the test checks is left empty)
box = Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60))
ran = box.run([sys.executable, "-c", sys.argv[1]])
try:
    box.close()
    error = ""
except BaseException as exc:
    error = type(exc).__name__
print(json.dumps({"exit": ran.result.returncode, "error": error, "left": os.path.lexists(box.dir)}))
'''

NEXT_HARNESS = '''
import json, sys
from crossfile_datasets.sandbox import Sandbox
try:
    Sandbox(None, python=sys.executable).close()
    error = ""
except BaseException as exc:
    error = type(exc).__name__
print(json.dumps({"error": error}))
'''


def test_a_deep_folder_tree_made_in_the_copy_is_removed(child):
    """Data loss / host denial of service (every sandboxed run: build, evaluations): code in the
    sandbox makes a folder tree deeper than Python's recursion limit in its copy. Closing the
    sandbox raises RecursionError (not an OSError: the executable evaluation's ``run_job`` and
    the class evaluation do not catch it, the whole evaluation stops); the folder stays in the
    temporary folder, and since the sweep of stale folders uses the same removal, the next
    harness on the machine fails at its first ``Sandbox()`` until someone removes it by hand
    (with the shared /tmp of CI or a research machine: every build and evaluation there)."""
    first = child(RUN_AND_CLOSE, DEEP, timeout=120)
    assert not first.timed_out
    seen = first.last_json()
    assert seen["exit"] == 0
    after = child(NEXT_HARNESS, timeout=120, temp=first.temp)  # the same TMPDIR, a new harness
    assert after.last_json() == {"error": ""}, "the next harness could not start a sandbox"
    assert seen == {"exit": 0, "error": "", "left": False}, seen
    assert os.listdir(first.temp) == []


def test_a_link_named_like_a_stale_sandbox_folder_changes_nothing_outside(tmp_path):
    """Host damage (every harness start: ``sweep_stale_sandboxes`` of the temporary folder): a
    link named ``crossfile-sandbox-<dead pid>-x`` (any local user can make one in a shared /tmp)
    makes ``shutil.rmtree`` refuse a link and call ``remove_tree``'s error handler, which opens up
    the *parent* folder: chmod 0o700 on the temporary folder itself (on a real machine: /tmp, as
    root, for every user), again at every harness start since the link stays."""
    from crossfile_datasets.sandbox import sweep_stale_sandboxes

    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    os.chmod(shared, 0o1777)
    victim = tmp_path / "victim"
    victim.mkdir()
    os.chmod(victim, 0o755)
    os.symlink(victim, shared / "crossfile-sandbox-999999999-planted")
    sweep_stale_sandboxes(str(shared))
    assert oct(os.stat(victim).st_mode & 0o7777) == "0o755"
    assert oct(os.stat(shared).st_mode & 0o7777) == "0o1777", "the sweep changed the shared temporary folder's mode"


SWEEPING_HARNESS = '''
import sys
from crossfile_datasets.sandbox import Sandbox
Sandbox(None, python=sys.executable, isolation="none").close()  # the sweep runs at the first Sandbox()
'''


def test_a_harness_in_another_pid_namespace_leaves_live_folders_alone(tmp_path, monkeypatch):
    """Data loss (every run while two harnesses share a temporary folder across pid namespaces,
    e.g. two containers on one CI host with /tmp mounted in both): ``sweep_stale_sandboxes``
    decides a folder is stale when the pid in its name is not alive *in its own namespace*, and
    removes the other harness's sandbox folder in the middle of its run."""
    import shutil
    import subprocess
    import sys
    import tempfile

    from crossfile_datasets.sandbox import Sandbox

    if os.geteuid() != 0 or shutil.which("unshare") is None:
        pytest.skip("needs root and unshare(1) to start a harness in its own pid namespace")
    shared = tmp_path / "shared-tmp"
    shared.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(shared))
    box = Sandbox(None, python=sys.executable, isolation="none")  # a live run of this harness
    try:
        other = subprocess.run(["unshare", "--pid", "--fork", "--mount-proc", sys.executable, "-c", SWEEPING_HARNESS],
                               env={**os.environ, "TMPDIR": str(shared), "PYTHONPATH": str(PROJECT)},
                               capture_output=True, text=True, timeout=120)
        assert other.returncode == 0, other.stderr[-2000:]
        assert box.dir.is_dir(), "the other harness removed this harness's live sandbox folder"
    finally:
        box.close()
