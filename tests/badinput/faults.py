"""Faults and hostile inputs at the level of a whole build (the corpus in corpus.py is per file).

Each function creates one input or fault a crawl or a machine produces: a dead git URL, a
manifest that is JSON but not objects, a UTF-16 manifest, a manifest path leaving its folder,
an ``--output`` that is a file, a cache folder that cannot be used, damaged cache entries, and
the processes of a running build (to kill them the way kill -9 or the OOM killer would).
Repositories are the small Python fixture of tests/core (written for this project), so every
fault costs seconds.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from tests.conftest import ROOT
from tests.core.test_pipeline import good_repo

MARKER = "CROSSFILE_FAULT_TEST"


def dead_url(tmp: Path) -> str:
    """A git URL that cannot be cloned (a file:// URL of a folder that does not exist; a manifest
    names it only inside its own folder, as its paths)."""
    return f"file://{tmp}/no-such-repository.git"


def manifest(path: Path, rows: list) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def utf16_manifest(path: Path, rows: list) -> Path:
    path.write_bytes("".join(json.dumps(r) + "\n" for r in rows).encode("utf-16"))
    return path


def damage_cache_entries(cache: Path, how: str) -> int:
    """Damage every usage entry of ``cache``; returns how many were damaged."""
    entries = sorted((cache / "usages").rglob("*.json"))
    for path in entries:
        if how == "garbage":
            path.write_bytes(b"\x00\xffnot json at all")
        elif how == "empty_object":
            path.write_text("{}")
        elif how == "empty_list":
            path.write_text("[]")
        elif how == "tampered":  # still valid JSON of the right shape: a usage moved to another line
            entry = json.loads(path.read_text())
            for usage in entry["payload"]["usages"]:
                usage["line"] += 1
            path.write_text(json.dumps(entry))
        else:
            raise ValueError(how)
    return len(entries)


def cli_argv(*args: str) -> list[str]:
    return [sys.executable, "-m", "crossfile_datasets.builders.cli", *args]


def start_build(args: list[str], tmpdir: Path, tag: str) -> subprocess.Popen:
    """A build in the background, its processes recognisable by ``MARKER=tag`` in their
    environment and its temporary folders under ``tmpdir``."""
    env = {**os.environ, "TMPDIR": str(tmpdir), MARKER: tag}
    return subprocess.Popen(cli_argv(*args), cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)


def processes_of(tag: str) -> dict[int, str]:
    """Live processes carrying ``MARKER=tag`` (pid -> command line); zombies are dead."""
    found = {}
    needle = f"{MARKER}={tag}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as fh:
                if needle not in fh.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/stat") as fh:
                if fh.read().rsplit(")", 1)[1].split()[0] == "Z":
                    continue
            with open(f"/proc/{entry}/cmdline", "rb") as fh:
                found[int(entry)] = fh.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
    return found


def children(pid: int) -> list[int]:
    out = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    if int(fh.read().rsplit(")", 1)[1].split()[1]) == pid:
                        out.append(int(entry))
            except (OSError, ValueError, IndexError):
                continue
    return out


def wait_for(predicate, timeout: float, interval: float = 0.05):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(interval)
    return predicate()


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def repositories(root: Path, n: int, bulk: int = 0) -> Path:
    """``n`` small repositories; with ``bulk`` functions of padding each, so that one checker run
    lasts seconds (a killed build's checker must be seen dying, not finishing)."""
    for i in range(n):
        repo = good_repo(root, f"r{i}")
        if bulk:
            (repo / "lib" / "bulk.py").write_text("".join(
                f"def f{k}(x):\n    y = x + {k}\n    return [y * j for j in range(3) if j != {k % 3}]\n\n" for k in range(bulk)))
    return root
