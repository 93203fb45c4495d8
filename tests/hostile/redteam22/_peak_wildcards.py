"""Parse a repository of N one-line Python modules with the Python language's own
``analyze_files`` (the first stage of every Python build, before any checker) in this fresh
interpreter; print, as JSON, how far this process's own peak (``VmHWM``,
``tests/hostile/peak.py``) grew during the call, its seconds, the input's bytes and how many
wildcard names the modules bind.

Usage: ``python _peak_wildcards.py N star|plain``: module ``k`` does ``from pkg.m<k-1> import *``
(star: a chain of re-exports) or ``import pkg.m<k-1>`` (plain: the control), then defines one
name."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project, for tests.hostile.peak

from tests.hostile.peak import peak_rss_kb  # noqa: E402


def main() -> None:
    n, shape = int(sys.argv[1]), sys.argv[2]
    from crossfile_datasets.core.records import SourceFile
    from crossfile_datasets.lang import get_language
    from crossfile_datasets.lang.python import WILDCARD_NAMES

    files = [SourceFile("pkg/__init__.py", "")]
    for i in range(n):
        head = "" if not i else f"from pkg.m{i - 1:05d} import *\n" if shape == "star" else f"import pkg.m{i - 1:05d}\n"
        files.append(SourceFile(f"pkg/m{i:05d}.py", head + f"name_{i:05d} = {i}\n"))
    language = get_language("python")
    before, started = peak_rss_kb(), time.monotonic()
    facts = language.analyze_files("/nonexistent", files)
    seconds = time.monotonic() - started
    grown = (peak_rss_kb() - before) / 1024
    print(json.dumps({"modules": n, "shape": shape, "bytes": sum(len(f.text.encode()) for f in files),
                      "grown_mb": round(grown, 1), "seconds": round(seconds, 1),
                      "wildcard_names": sum(len(ff.__dict__.get(WILDCARD_NAMES) or []) for ff in facts.values()),
                      "files": len(facts)}))


if __name__ == "__main__":
    main()
