"""Re-capture the real mcs output stored under tests/csharp/data (run by hand, not by pytest).

Each case folder holds C# sources; ``mcs_output.txt`` is what ``analyzers.mcs.compile_sources``
reads from mcs for them (stdout, a newline, stderr). Usage: ``python tests/csharp/capture_mcs_output.py``.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.analyzers.mcs import mcs_argv  # noqa: E402
from crossfile_datasets.analyzers.run import run  # noqa: E402

DATA = Path(__file__).parent / "data"
EXTRA_SOURCES = {"unlocated": ["Absent.cs"]}  # a missing source file gives an unlocated error


def main() -> None:
    for case in sorted(p for p in DATA.iterdir() if p.is_dir()):
        sources = sorted(p.name for p in case.glob("*.cs")) + EXTRA_SOURCES.get(case.name, [])
        res = run(mcs_argv(sources, "/tmp/crossfile-capture.dll"), timeout=120, cwd=case)
        (case / "mcs_output.txt").write_text(res.stdout + "\n" + res.stderr, encoding="utf-8")
        print(case.name, res.returncode, len(res.stderr.splitlines()), "lines")


if __name__ == "__main__":
    main()
