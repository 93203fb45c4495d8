"""Row 4: a TypeScript repository of barrels: 12 layers of 5 files, each file re-exporting every
file of the next layer (``export * from './l<d+1>_<i>';`` five times) and defining one constant,
and one ``import { missing } from './l0_0'`` of a name no file exports: 61 files, 8 kB.
``TypeScriptSupport.analyze_files`` chases every named import to its definition
(``lang/typescript/__init__.py:304`` -> ``_chase_binding`` -> ``chase``, ``:327``-``:365``):
``chase`` follows each ``export *`` of a file depth first, with no memory of the files it already
searched for that name (``seen`` holds the current path only; ``depth > 10`` stops a path, not the
search), so a name that is not there is looked for along every path of the lattice: 5^11 (49
million) calls. Measured (``analyze_files`` alone): 3 files a layer 8.9 s, 4 files 269 s; each
more file a layer multiplies by ((k+1)/k)^11 (5 files: about an hour, 8: days). It is pure Python:
the repository's time limit (``core/deadline.py``, looked at when a child process or a parse
starts) is not looked at until the search ends: the build holds, nothing counted, for as long as
the search takes."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.hostile.redteam22._tools import require_typescript

LAYERS, WIDTH = 12, 5
LIMIT = 60  # --repository-time-limit (s): the repository must be stopped and counted past it
CAP = 180  # s: the whole build (start-up, TypeScript's server, the merge) ends well before this


def _repository(root: Path, lattice: bool) -> Path:
    for d in range(LAYERS):
        for j in range(WIDTH):
            below = range(WIDTH) if lattice else range(1 if j == 0 else 0)  # control: one barrel a layer
            lines = [f"export * from './l{d + 1}_{i}';" for i in below] if d + 1 < LAYERS else []
            (root / "src").mkdir(parents=True, exist_ok=True)
            (root / "src" / f"l{d}_{j}.ts").write_text("\n".join([*lines, f"export const v{d}_{j} = {j};"]) + "\n")
    (root / "src" / "main.ts").write_text("import { missing } from './l0_0';\nimport { v11_0 } from './l0_0';\n"
                                          "export const m = missing + v11_0;\n")
    return root


def _build(repo: Path, out: Path) -> tuple[int | None, float]:
    """``build-dataset --lang typescript`` of ``repo`` in its own process group: (exit status or
    None when it was still running at CAP and killed, seconds)."""
    started = time.monotonic()
    proc = subprocess.Popen([sys.executable, "-m", "crossfile_datasets.builders.cli", "--lang", "typescript",
                             "--repos", str(repo), "-o", str(out), "--no-cache", "--retrievers", "",
                             "--repository-time-limit", str(LIMIT)],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        return proc.wait(timeout=CAP), time.monotonic() - started
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        return None, time.monotonic() - started


@pytest.mark.slow
@pytest.mark.xfail(strict=True, raises=AssertionError,
                   reason="red team 2026-11-30b row 4: lang/typescript/__init__.py:327 chase searches every path "
                          "of export-star barrels, unmemoised, in pure Python the repository time limit never stops")
def test_a_lattice_of_export_star_barrels_cannot_hold_the_build_past_its_time_limit(tmp_path):
    require_typescript()
    status, seconds = _build(_repository(tmp_path / "chain" / "shop", lattice=False), tmp_path / "out-chain")
    stats = tmp_path / "out-chain" / "typescript" / "stats.json"
    if status != 0 or not stats.is_file() or json.loads(stats.read_text())["per_repository"][0]["status"] != "built":
        pytest.fail(f"precondition: the same files with one barrel a layer build under the limit: {status} {seconds:.0f}s")
    status, seconds = _build(_repository(tmp_path / "lattice" / "shop", lattice=True), tmp_path / "out-lattice")
    print(f"lattice: status {status} after {seconds:.0f} s (repository limit {LIMIT} s)")
    assert status is not None, f"the build was still running after {seconds:.0f} s (repository limit {LIMIT} s): killed"
    # ended: built (the search bounded) or stopped and counted (the limit looked at in the search)
    assert (tmp_path / "out-lattice" / "typescript" / "stats.json").is_file(), "the build ended without its statistics"
