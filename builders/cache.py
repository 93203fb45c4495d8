"""A content-addressed cache of checker results, shared by every build on a machine.

Checking is by far the most expensive step, and its result depends only on the repository's
content and the checker (its version, our stubbing code), not on filters, retrievers, seeds
or token budgets. So the usages found in a repository are stored under a key made of the
repository's content hash and the language's checker fingerprint: an unchanged repository is
never re-checked, even by builds with other settings. Results that include a checker time-out
or crash are not cached (those may be transient). Entries are written atomically.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

from analyzers.crossfile import CrossFileUsage
from builders import constants as C
from builders.report import BuildReport

CACHE_FORMAT = "1"
TRANSIENT_REASONS = ("checker_timeout", "checker_crash")


def tree_hash(root: Path) -> str:
    """Hash of every regular file that can influence checking (sources, build and checker
    configuration), skipping vendored/build folders and links, as listing does."""
    digest = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        dirnames[:] = sorted(d for d in dirnames if d not in C.SKIP_DIRS and not d.startswith(".") and not os.path.islink(os.path.join(dirpath, d)))
        rel_dir = os.path.relpath(dirpath, root)
        for name in sorted(filenames):
            full = os.path.join(dirpath, name)
            if os.path.islink(full):
                digest.update(f"L {rel_dir}/{name} -> {os.readlink(full)}\n".encode())
                continue
            try:
                size = os.path.getsize(full)
                digest.update(f"F {rel_dir}/{name} {size}\n".encode())
                if size <= C.MAX_FILE_BYTES:
                    with open(full, "rb") as fh:
                        digest.update(hashlib.sha256(fh.read()).digest())
            except OSError:
                digest.update(f"E {rel_dir}/{name}\n".encode())
    return digest.hexdigest()


class UsageCache:
    def __init__(self, root: Path) -> None:
        self.root = root

    def key(self, lang: str, checker_fingerprint: str, content_hash: str) -> str:
        return hashlib.sha256(f"{CACHE_FORMAT}|{lang}|{checker_fingerprint}|{content_hash}".encode()).hexdigest()

    def _path(self, lang: str, key: str) -> Path:
        return self.root / "usages" / lang / key[:2] / f"{key}.json"

    def load(self, lang: str, key: str) -> tuple[list[CrossFileUsage], BuildReport] | None:
        path = self._path(lang, key)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError):
            return None
        report = BuildReport.from_dict(data["report"])
        return [CrossFileUsage(**u) for u in data["usages"]], report

    def store(self, lang: str, key: str, usages: list[CrossFileUsage], report: BuildReport) -> bool:
        if any(k.endswith(TRANSIENT_REASONS) for k in report.counts):
            return False
        path = self._path(lang, key)
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(f".tmp-{os.getpid()}")
        # Replayed on a hit: what was skipped and why. Not replayed: timings and process counts,
        # which describe work the hit does not do.
        counts = report.counts.copy()
        for key in [k for k in counts if k.startswith("checker/")]:
            del counts[key]
        replay = BuildReport(counts, {k: v for k, v in report.samples.items() if k in counts}, {})
        tmp.write_text(json.dumps({"usages": [u.to_json() for u in usages], "report": replay.to_dict()}), encoding="utf-8")
        os.replace(tmp, path)
        return True
