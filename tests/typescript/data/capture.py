"""Re-capture the real TypeScript outputs the parser tests read (run from the repository root).

    python tests/typescript/data/capture.py

Writes, for the small project in ``capture/``:
- ``tsc_pretty_false.txt``: ``tsc --noEmit --pretty false -p capture`` (file-located errors,
  a message chain, a column after non-BMP characters);
- ``tsc_global_error.txt``: the same with a missing ``types`` entry (an error without a file);
- ``server_answers.jsonl``: the raw answer lines of ``lang/typescript/tsc_server.js`` for a
  ``hello``, a ``project``, a ``check`` of ``src/main.ts`` as on disk, and an unknown project.
Not a test: the files are committed so the parser tests need neither Node nor TypeScript.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.analyzers.run import PersistentProcess, require_binary, run  # noqa: E402
from crossfile_datasets.analyzers.tsc import SERVER_SCRIPT, require_typescript, tsc_project_argv  # noqa: E402

DATA = Path(__file__).resolve().parent
PROJECT = DATA / "capture"


def main() -> None:
    node = require_binary("node", "install Node.js 18+")
    typescript = require_typescript()
    rel = os.path.relpath(PROJECT, ROOT)
    for config, out in (("tsconfig.json", "tsc_pretty_false.txt"), ("tsconfig.missing-types.json", "tsc_global_error.txt")):
        res = run(tsc_project_argv(node, f"{rel}/{config}", typescript), timeout=120, cwd=ROOT)
        (DATA / out).write_text(res.stdout, encoding="utf-8")
    files = sorted(str(p) for p in (PROJECT / "src").glob("*.ts"))
    requests = [
        {"op": "hello"},
        {"op": "project", "id": "capture", "root": str(PROJECT), "files": files,
         "options": {"strict": True, "target": "es2020", "lib": ["es2020"]}},
        {"op": "check", "project": "capture", "file": str(PROJECT / "src" / "main.ts"), "text": None},
        {"op": "check", "project": "never-registered", "file": str(PROJECT / "src" / "main.ts"), "text": None},
    ]
    lines = []
    with PersistentProcess([node, str(SERVER_SCRIPT)], env={**os.environ, "CROSSFILE_TYPESCRIPT_DIR": str(typescript)}) as proc:
        for req in requests:
            answer = json.loads(proc.request(json.dumps(req), timeout=120))
            answer.pop("elapsed_ms", None)  # timing: not part of what the parser reads
            lines.append(json.dumps(answer, ensure_ascii=False))
    (DATA / "server_answers.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
