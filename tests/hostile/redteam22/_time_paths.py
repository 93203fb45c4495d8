"""Time the TypeScript language's own ``analyze_files`` on a repository of one file of F bare
imports (``import { v<i> } from 'pkg<i>'``), under a ``tsconfig.json`` whose
``paths`` maps ``*`` to S substitutions (``s0/*``, ``s1/*``, ...), in this fresh interpreter;
print, as JSON, the seconds, the tsconfig's bytes and the sources' bytes.

Usage: ``python _time_paths.py S F WORK`` (WORK: a new folder)."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path


def main() -> None:
    subs, count, work = int(sys.argv[1]), int(sys.argv[2]), Path(sys.argv[3])
    from crossfile_datasets.core.records import SourceFile
    from crossfile_datasets.lang import get_language

    (work / "src").mkdir(parents=True)
    config = {"compilerOptions": {"baseUrl": ".", "paths": {"*": [f"s{i}/*" for i in range(subs)]}}}
    (work / "tsconfig.json").write_text(json.dumps(config))
    text = "".join(f"import {{ v{i} }} from 'pkg{i}';\n" for i in range(count))
    files = [SourceFile("src/main.ts", text + "export const w = [" + ", ".join(f"v{i}" for i in range(count)) + "];\n")]
    for f in files:
        (work / f.path).write_text(f.text)
    language = get_language("typescript")
    started = time.monotonic()
    facts = language.analyze_files(str(work), files)
    print(json.dumps({"substitutions": subs, "files": len(facts), "imports": len(facts["src/main.ts"].imports), "seconds": round(time.monotonic() - started, 2),
                      "tsconfig_bytes": (work / "tsconfig.json").stat().st_size,
                      "source_bytes": sum(len(f.text.encode()) for f in files)}))


if __name__ == "__main__":
    main()
