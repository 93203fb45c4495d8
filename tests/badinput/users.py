"""Running a whole build as root and as an unprivileged user, in a subprocess.

Why: a build run by root reads folders and files whose mode forbids it (``CAP_DAC_OVERRIDE``,
``CAP_DAC_READ_SEARCH``); any other user cannot, and what it cannot read must be counted, not
lost. So the hostile-input tests run the same build twice: as root (when the tests run as root)
and as uid/gid 65534 (``nobody``) with no supplementary groups, through ``setpriv``. When the
tests run as an ordinary user, that user is the unprivileged one and the root run is skipped.

The interpreter, this checkout, the TypeScript install or the test's folder may live below a
folder ``nobody`` cannot enter (``/root`` is 0700, so is pytest's ``/tmp/pytest-of-root``). The
unprivileged build then runs under bubblewrap (still uid 0, which hands uid 65534 to
``setpriv``): every such folder is replaced by an empty tmpfs and the paths the build needs are
bound back at their own places, so the same absolute paths work and nothing else of those
folders is visible. Ownership and modes of the bound paths are the real ones.

Each build gets its own HOME, cache and TMPDIR (so leftover temporary folders can be checked),
runs under a wall-clock limit (a hang is a failure, not a stuck test) and under ``RLIMIT_DATA``
(a checker reading ``/dev/zero`` fails the test instead of eating the machine).
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import stat
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.tsc import require_typescript
from tests.conftest import ROOT

NOBODY = 65534
USERS = ("root", "nobody")
DATA_LIMIT = 6 * 1024**3  # bytes of private writable memory of the build and every checker


@dataclass
class Build:
    returncode: int | None  # None: killed at the time limit
    stats: dict | None
    stderr: str
    seconds: float
    leftovers: list[str]  # temporary folders the build left in its TMPDIR

    def examples(self, out: Path, lang: str) -> list[dict]:
        path = out / lang / "line_completion.jsonl"
        return [json.loads(line) for line in path.read_text().splitlines()] if path.is_file() else []


def require_user(user: str) -> None:
    if user == "root" and os.geteuid() != 0:
        pytest.skip("the tests do not run as root")
    if user == "nobody" and os.geteuid() == 0 and shutil.which("setpriv") is None:
        message = "setpriv (util-linux) is needed to run a build as an unprivileged user"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)


def _blocked(path: Path) -> bool:
    """Can uid 65534 (no groups) not pass through this folder?"""
    try:
        info = path.stat()
    except OSError:
        return False
    if info.st_uid == NOBODY:
        return not info.st_mode & stat.S_IXUSR
    return not info.st_mode & stat.S_IXOTH


def _isolation(needed: list[Path], writable: list[Path]) -> list[str]:
    """bubblewrap arguments exposing ``needed`` (read-only) and ``writable`` to uid 65534 at their
    own paths, hiding the folders on the way that it cannot enter (empty otherwise)."""
    wanted = [(p.resolve(), False) for p in needed] + [(p.resolve(), True) for p in writable]
    found = {a for p, _ in wanted for a in p.parents if a != Path("/") and _blocked(a)}
    # the outermost ones: folders bubblewrap makes on the way to a mount are 0755
    blocked = sorted(a for a in found if not any(b in a.parents for b in found))
    if not blocked:
        return []
    if shutil.which("bwrap") is None:
        message = f"bubblewrap is needed: uid {NOBODY} cannot enter {blocked[0]}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    args = ["bwrap", "--dev-bind", "/", "/", "--die-with-parent", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID"]
    for folder in blocked:
        args += ["--perms", "0755", "--tmpfs", str(folder)]
    # the folders on the way to each bound path (bubblewrap would make them 0700)
    inner = {a for p, _ in wanted for a in p.parents if any(b in a.parents for b in blocked)}
    for folder in sorted(inner, key=lambda a: len(a.parts)):
        args += ["--perms", "0755", "--dir", str(folder)]
    for path, rw in sorted(wanted, key=lambda w: len(w[0].parts)):
        args += ["--bind" if rw else "--ro-bind", str(path), str(path)]
    return args + ["--"]


def _limits() -> None:
    resource.setrlimit(resource.RLIMIT_DATA, (DATA_LIMIT, DATA_LIMIT))


def run_build(user: str, lang: str, repo: Path, work: Path, timeout: float = 420) -> Build:
    """``build-dataset --lang LANG --repos REPO`` as ``user``, writing ``work/out``; ``work`` is
    made writable for that user (with ``home``, ``cache`` and ``tmp`` folders inside)."""
    for name in ("home", "cache", "tmp"):
        (work / name).mkdir(parents=True, exist_ok=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("XDG_", "CROSSFILE_"))}
    typescript = require_typescript() if lang == "typescript" else None
    env.update(HOME=str(work / "home"), TMPDIR=str(work / "tmp"), CROSSFILE_CACHE=str(work / "cache"),
               CROSSFILE_STRICT_REASONS="1", CROSSFILE_NO_INSTALL="1", PYTHONDONTWRITEBYTECODE="1")
    if typescript is not None:
        env["CROSSFILE_TYPESCRIPT_DIR"] = str(typescript)
    argv = [sys.executable, "-m", "crossfile_datasets.builders.cli", "--lang", lang, "--repos", str(repo),
            "--output", str(work / "out"), "--no-cache", "--retrievers", "", "--workers", "1"]
    if user == "nobody" and os.geteuid() == 0:
        for path in [work, *(p for p in work.rglob("*") if not p.is_symlink())]:
            os.chown(path, NOBODY, NOBODY)
        # the repository's parent: what lies beside it must be seen as it is (a link out of it)
        needed = [Path(sys.prefix), Path(sys.base_prefix), Path(os.path.realpath(sys.executable)).parent, ROOT, repo.parent]
        if typescript is not None:
            needed.append(Path(typescript))
        argv = [*_isolation(needed, [work]), "setpriv", f"--reuid={NOBODY}", f"--regid={NOBODY}", "--clear-groups",
                "--reset-env", "--", "env", *(f"{k}={v}" for k, v in env.items()), *argv]
        env = None
    started = time.monotonic()
    proc = subprocess.Popen(argv, cwd=work, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=_limits)
    try:
        _, err = proc.communicate(timeout=timeout)
        code = proc.returncode
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        _, err = proc.communicate()
        code = None
    stats_path = work / "out" / lang / "stats.json"
    stats = json.loads(stats_path.read_text()) if stats_path.is_file() else None
    leftovers = sorted(p.name for p in (work / "tmp").iterdir())
    return Build(code, stats, err.decode(errors="replace")[-4000:], time.monotonic() - started, leftovers)
