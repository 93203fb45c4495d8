"""Choosing repositories at scale: CrossCodeEval-style metadata criteria and deduplication.

CrossCodeEval kept permissively licensed, non-fork repositories created in a date window,
with 10-50 source files, to keep examples fresh (after the models' training cut-off) and
repositories small enough to check. Criteria on manifest metadata (``created_at``, ``fork``,
``stars``, ``size_kb``) are applied before anything is cloned; criteria that need the files
(license detected from the files, number of source files, files that also occur in a
user-supplied hash list, e.g. of a pretraining corpus) are applied after listing. Every
rejected repository is counted with its reason.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path
from typing import Iterable

from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.builders.repos import RepoSpec
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.records import SourceFile

PERMISSIVE_LICENSES = frozenset({"MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "Unlicense", "0BSD", "Zlib", "BSL-1.0", "CC0-1.0"})
TRUE_VALUES = {"true", "1", "yes", "y"}


@dataclass(frozen=True)
class RepositoryCriteria:
    created_after: date | None = None
    created_before: date | None = None
    exclude_forks: bool = False
    min_stars: int | None = None
    max_size_kb: int | None = None
    min_files: int | None = None
    max_files: int | None = None
    permissive_only: bool = False
    dedup_hashes: frozenset[str] = field(default_factory=frozenset)  # sha256 hex of file contents

    def fingerprint(self) -> str:
        payload = repr((self.created_after, self.created_before, self.exclude_forks, self.min_stars, self.max_size_kb,
                        self.min_files, self.max_files, self.permissive_only, sorted(self.dedup_hashes)))
        return hashlib.sha256(payload.encode()).hexdigest()

    def check_metadata(self, spec: RepoSpec) -> str | None:
        """Reason to reject a repository from its manifest metadata alone (None = keep)."""
        meta = spec.meta
        if self.created_after or self.created_before:
            created = _date(meta.get("created_at"))
            if created is None:
                return "no_creation_date"
            if self.created_after and created < self.created_after:
                return "created_too_early"
            if self.created_before and created > self.created_before:
                return "created_too_late"
        if self.exclude_forks and str(meta.get("fork", "")).strip().lower() in TRUE_VALUES:
            return "fork"
        if self.min_stars is not None and _int(meta.get("stars")) < self.min_stars:
            return "too_few_stars"
        if self.max_size_kb is not None and "size_kb" in meta and _int(meta.get("size_kb")) > self.max_size_kb:
            return "too_large"
        if self.permissive_only and spec.license and spec.license not in PERMISSIVE_LICENSES:
            return "license_not_permissive"
        return None

    def check_files(self, repo: Repository, files: list[SourceFile], raw_hashes: Iterable[str] = ()) -> str | None:
        """Reason to reject a resolved repository from its files (None = keep)."""
        if self.permissive_only and repo.license not in PERMISSIVE_LICENSES:
            return "license_not_permissive"
        if self.min_files is not None and len(files) < self.min_files:
            return "too_few_source_files"
        if self.max_files is not None and len(files) > self.max_files:
            return "too_many_source_files"
        if self.dedup_hashes and any(h in self.dedup_hashes for h in raw_hashes):
            return "file_in_dedup_list"
        return None


def filter_specs(specs: list[RepoSpec], criteria: RepositoryCriteria, report: BuildReport) -> list[RepoSpec]:
    kept = []
    for spec in specs:
        reason = criteria.check_metadata(spec)
        if reason:
            report.count("repositories", reason, spec.url or spec.path)
        else:
            kept.append(spec)
    return kept


def load_hash_list(path: Path) -> frozenset[str]:
    """One sha256 hex digest per line (blank lines and '#' comments ignored)."""
    out = set()
    for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        line = line.split("#", 1)[0].strip().lower()
        if not line:
            continue
        if len(line) != 64 or any(c not in "0123456789abcdef" for c in line):
            raise ValueError(f"{path}:{n}: not a sha256 hex digest: {line[:80]!r}")
        out.add(line)
    return frozenset(out)


def _date(value) -> date | None:
    if value in (None, ""):
        return None
    if isinstance(value, date):
        return value
    text = str(value).strip().replace("Z", "+00:00")
    try:
        return datetime.fromisoformat(text).date()
    except ValueError:
        try:
            return date.fromisoformat(text[:10])
        except ValueError:
            return None


def _int(value) -> int:
    try:
        return int(float(str(value).strip()))
    except (TypeError, ValueError):
        return 0
