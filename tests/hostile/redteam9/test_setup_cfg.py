"""A repository's ``setup.cfg`` read on the host for its requirements (executable build, Python
class build: ``sandbox/environment.declared_requirements``, before any sandbox), with
configparser's default ``BasicInterpolation``: ``%(name)s`` references are expanded when
``install_requires`` is read. Ten levels are allowed (``MAX_INTERPOLATION_DEPTH``), so a level
naming the one below it k times expands to k**10 copies: the billion laughs of configparser.
The other readers of configuration files (``sandbox/suites/pytest_config.py``,
``builders/executable/buildfiles.py``, ``environment.py`` line 344) pass ``interpolation=None``;
this one does not. Run in a child interpreter with a 1 GiB address-space limit and a time limit."""

from __future__ import annotations

import pytest

SCRIPT = r'''
import resource, sys, time
resource.setrlimit(resource.RLIMIT_AS, (1 << 30, 1 << 30))
from pathlib import Path
from crossfile_datasets.sandbox.environment import declared_requirements
root = Path(sys.argv[1])
started = time.monotonic()
try:
    ok, unsupported = declared_requirements(root)
    print("DONE", round(time.monotonic() - started, 2), sum(map(len, ok)) + sum(map(len, unsupported)))
except MemoryError:
    print("MEMORY", round(time.monotonic() - started, 2))
'''

REASON = ("red team 2026-11-28c: sandbox/environment.declared_requirements reads a repository's setup.cfg with "
          "configparser.ConfigParser() (BasicInterpolation): nested %(name)s references expand k**depth times on "
          "the host (a 600-byte file: 134 million pieces, over 1 GiB, MemoryError; without a limit the builder's "
          "machine swaps or the OOM killer picks a process)")


def _bomb(k: int, depth: int) -> str:
    lines = ["[options]", "a0 = " + "x" * 100]
    lines += [f"a{i} = " + f"%(a{i - 1})s" * k for i in range(1, depth + 1)]
    return "\n".join([*lines, f"install_requires = %(a{depth})s"]) + "\n"


@pytest.mark.slow
def test_interpolation_in_setup_cfg_does_not_expand_on_the_host(tmp_path, child):
    """Host resource (memory and time of the builder, outside any sandbox and before the
    repository's time limit can matter: one ``str.join``). The control: the same file with
    three references per level (3**9 = 19,683 pieces, 2 MB) is read in well under a second;
    eight per level (8**9, 134 million pieces of 100 bytes) must be read as cheaply: as text,
    its ``%(...)s`` refused as a requirement like any other line that does not parse."""
    control = tmp_path / "control"
    control.mkdir()
    (control / "setup.cfg").write_text(_bomb(3, 9))
    done = child(SCRIPT, str(control), timeout=60)
    if done.timed_out or "DONE" not in done.stdout:
        pytest.fail(f"control: the small expansion was not read: {done.stdout} {done.stderr[-800:]}")
    bomb = tmp_path / "repo"
    bomb.mkdir()
    (bomb / "setup.cfg").write_text(_bomb(8, 9))
    assert (bomb / "setup.cfg").stat().st_size < 1000
    done = child(SCRIPT, str(bomb), timeout=30)
    assert not done.timed_out, "declared_requirements ran past 30 s on a 600-byte setup.cfg"
    assert "DONE" in done.stdout, f"declared_requirements ran out of memory: {done.stdout.strip()} {done.stderr[-300:]}"
    seconds, size = done.stdout.split()[1:3]
    assert float(seconds) < 5 and int(size) < 1_000_000, f"{seconds} s, {size} characters of requirements"
