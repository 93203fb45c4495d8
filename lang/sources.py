"""Which files of a repository are the sources of a language, and the snapshot hash over them.

Every split and the evaluation list a repository through this one function, so a snapshot
hash computed at build time can be checked again at evaluation time.
"""

from __future__ import annotations

import hashlib
import os

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.text import (
    NotRegularFile,
    classify_file,
    decode_source,
    odd_name,
    read_regular,
)
from crossfile_datasets.lang.base import LanguageSupport


def list_sources(repo: Repository, language: LanguageSupport, report: BuildReport) -> tuple[list[SourceFile], str]:
    """Decoded source files of ``language`` in ``repo`` (sorted by path) and their snapshot hash."""
    root = repo.root
    files: list[SourceFile] = []
    digest = hashlib.sha256()
    for dirpath, dirnames, filenames in os.walk(root, followlinks=False):
        rel_dir = os.path.relpath(dirpath, root)
        rel_dir = "" if rel_dir == "." else rel_dir.replace(os.sep, "/") + "/"
        keep_dirs = []
        for d in sorted(dirnames):
            full = os.path.join(dirpath, d)
            if odd_name(d):
                report.count("files", "undecodable_name", _printable(rel_dir + d))
            elif os.path.islink(full):
                report.count("files", "symlinked_dir", rel_dir + d)
            elif d in C.SKIP_DIRS or d.startswith("."):
                if d in C.VENDOR_DIRS:
                    report.count("files", "vendored_dir", rel_dir + d)
            else:
                keep_dirs.append(d)
        dirnames[:] = keep_dirs
        for fname in sorted(filenames):
            rel = rel_dir + fname
            if odd_name(fname):
                if language.is_source_path(_printable(rel)):
                    report.count("files", "undecodable_name", _printable(rel))
                continue
            if not language.is_source_path(rel):
                continue
            full = os.path.join(dirpath, fname)
            if os.path.islink(full):
                target = os.path.realpath(full)
                inside = target.startswith(str(root.resolve()) + os.sep)
                report.count("files", "symlink" if inside else "link_outside_repo", rel)
                continue
            try:
                data = read_regular(full, C.MAX_FILE_BYTES + 1)
            except NotRegularFile as exc:
                report.count("files", "not_regular_file", rel, str(exc))
                continue
            except OSError as exc:
                report.count("files", "unreadable", rel, str(exc))
                continue
            reason = classify_file(rel, data)
            if reason:
                report.count("files", reason, rel)
                continue
            try:
                text, bom, crlf = decode_source(data)
            except UnicodeDecodeError as exc:
                report.count("files", "undecodable", rel, str(exc))
                continue
            if bom:
                report.count("files_normalized", "bom_stripped", rel)
            if crlf:
                report.count("files_normalized", "crlf_converted", rel)
            raw = hashlib.sha256(data)
            files.append(SourceFile(rel, text, bom, crlf, raw.hexdigest()))
            digest.update(rel.encode() + b"\0" + raw.digest())
    files.sort(key=lambda f: f.path)
    return files, digest.hexdigest()


def _printable(rel: str) -> str:
    """A name with undecodable bytes shown as ``\\xNN`` escapes (for reports)."""
    return os.fsencode(rel).decode("utf-8", errors="backslashreplace")
