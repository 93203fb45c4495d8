"""Which files of a repository are the sources of a language, and the snapshot hash over them.

Every split and the evaluation list a repository through this one function, so a snapshot
hash computed at build time can be checked again at evaluation time.
"""

from __future__ import annotations

import hashlib

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.records import FileFacts, Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repofiles import walk
from crossfile_datasets.core.text import classify_file, decode_source, is_data_table
from crossfile_datasets.lang.base import LanguageSupport


def count_parse_timeouts(facts: dict[str, FileFacts], report: BuildReport) -> None:
    """Count the files whose parse went past its budget (``files/parse_timeout``; their facts
    are an empty file's, marked ``has_syntax_error``, so nothing is taken from them)."""
    for path, ff in sorted(facts.items()):
        if ff.parse_timeout:
            report.count("files", "parse_timeout", path, "past the tree-sitter parse budget (lang.base.bounded_parse)")


def list_sources(repo: Repository, language: LanguageSupport, report: BuildReport) -> tuple[list[SourceFile], str]:
    """Decoded source files of ``language`` in ``repo`` (sorted by path) and their snapshot hash.

    The walk is ``core.repofiles.walk``: links, FIFOs, unreadable files and folders, paths too
    long and folders too deep are counted under ``files/<reason>``, never followed or opened."""
    files: list[SourceFile] = []
    digest = hashlib.sha256()
    for found in walk(repo.root, language.is_source_path, lambda r: report.count("files", r.reason, r.rel, r.detail or None)):
        rel = found.rel
        data = found.read(C.MAX_FILE_BYTES + 1)
        reason = classify_file(rel, data, found.siblings)  # a generator's input beside its output (Specs.tt)
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
        if is_data_table(text):
            report.count("files", "generated_table", rel)  # kept: see is_data_table
        raw = hashlib.sha256(data)
        files.append(SourceFile(rel, text, bom, crlf, raw.hexdigest()))
        digest.update(rel.encode() + b"\0" + raw.digest())
    files.sort(key=lambda f: f.path)
    return files, digest.hexdigest()
