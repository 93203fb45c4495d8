"""One class-level task as a record, and the split's explicit ``datasets.Features``.

Why it exists: the record is the paper's task metadata (RepoClassBench section 3) plus what the
evaluation needs to put a generated class back: the file with the class removed and the exact
insertion point. Every field is documented in ``docs/classlevel.md``; the schema here is the
one the saved dataset, the JSONL file and the Hub push share.

Positions: ``insertion_offset`` is a character offset into ``file_without_class`` (the class
was ``file_text[start:end]``; ``file_without_class = file_text[:start] + file_text[end:]``, so
``insertion_offset == start``); lines are 1-based. ``file_text`` is the file as stored (only a
byte-order mark left out): a CRLF file keeps its CR LF line ends, so ``file_without_class`` with
``class_source`` at ``insertion_offset`` is the original file (the parsers see LF text;
:func:`class_parts` maps their offsets back).
"""

from __future__ import annotations

import datasets

from crossfile_datasets.builders.classlevel.candidates import Candidate
from crossfile_datasets.builders.classlevel.skeleton import detailed_skeleton, sketchy_skeleton
from crossfile_datasets.builders.schema import ClassRecord, Provenance, features_of, records_dataset
from pathlib import Path

from crossfile_datasets.core.records import FileFacts, Repository
from crossfile_datasets.core.repository_roots import without_root
from crossfile_datasets.lang.classes import ClassInfo

# bump when records or task selection change (2: emptied-class gate; 3: wrong-class gate;
# 4: value_checks, judged on the host)
CLASSLEVEL_VERSION = "4"


def file_imports(ff: FileFacts) -> list[str]:
    """The file's import statements as written, once each, in file order."""
    seen: dict[int, str] = {}
    for b in ff.imports:
        seen.setdefault(b.statement.start, ff.file.text[b.statement.start:b.statement.end])
    return [seen[k] for k in sorted(seen)]


def stored_text(root: Path, ff: FileFacts) -> str:
    """The file as stored, decoded (the byte-order mark left out): the parsers' LF text when the
    file had no CR, else the file's own bytes, as long as they normalize to that same text."""
    if not ff.file.had_crlf:
        return ff.file.text
    from crossfile_datasets.sandbox import hostfs

    try:
        raw = hostfs.read_bytes(root, ff.file.path).removeprefix(b"\xef\xbb\xbf").decode("utf-8")
    except (OSError, UnicodeDecodeError):
        return ff.file.text
    return raw if raw.replace("\r\n", "\n").replace("\r", "\n") == ff.file.text else ff.file.text


def stored_offset(stored: str, offset: int) -> int:
    """The offset in ``stored`` (CR LF line ends) of the LF text's ``offset``: each CR LF before
    it counts one more character."""
    if "\r\n" not in stored:
        return offset
    out = i = 0
    while i < offset and out < len(stored):
        out += 2 if stored.startswith("\r\n", out) else 1
        i += 1
    return out


def class_parts(root: Path, ff: FileFacts, info: ClassInfo) -> tuple[str, str, int]:
    """(file without the class, class source, insertion offset) in the file as stored, so that
    ``without[:offset] + source + without[offset:]`` is the original file."""
    text = stored_text(root, ff)
    start, end = stored_offset(text, info.start_byte), stored_offset(text, info.end_byte)
    return text[:start] + text[end:], text[start:end], start


def make_record(repo: Repository, ff: FileFacts, cand: Candidate, *, test_framework: str,
                python_path: list[str] | None = None, requirements: list[str] | None = None) -> dict:
    info = cand.info
    without, source, offset = class_parts(Path(repo.root), ff, info)
    covered, with_refs = set(cand.covered_methods), set(cand.methods_with_references)
    referenced = set(cand.referenced_methods)
    return {
        "id": "",  # set by the builder: <repository>/<language>/class/<n>
        **Provenance.of(repo, info.language).columns(),
        "repository_root": str(repo.root),
        "tree_sha256": "",  # set by the builder: every file a run's copy holds (sandbox.tree_digest)
        "file": info.file,
        "class_name": info.name,
        "start_line": info.start_line,
        "end_line": info.end_line,
        "imports": file_imports(ff),
        "class_signature": info.signature,
        "decorators": list(info.decorators),
        "bases": list(info.bases),
        "docstring": info.docstring,
        "member_variables": [
            {"name": v.name, "declaration": v.declaration, "type": v.type, "initializer": v.initializer,
             "is_static": v.is_static} for v in info.member_variables],
        "methods": [
            {"name": m.name, "signature": m.signature, "decorators": list(m.decorators), "docstring": m.docstring,
             "body": m.body, "start_line": m.start_line, "end_line": m.end_line, "is_constructor": m.is_constructor,
             "is_static": m.is_static, "is_abstract": m.is_abstract, "covered": m.name in covered,
             "referenced_in_tests": m.name in referenced, "makes_external_reference": m.name in with_refs}
            for m in info.methods],
        "class_source": source,
        "external_references": [
            {"name": r.name, "kind": r.kind, "file": r.file, "symbol": r.symbol, "line": r.line, "method": r.method,
             "used_in": list(r.used_in),
             "start_line": int(r.span.get("start_line", 0)), "start_column": int(r.span.get("start_column", 0)),
             "end_line": int(r.span.get("end_line", 0)), "end_column": int(r.span.get("end_column", 0))}
            for r in cand.references],
        "expected_to_pass": list(cand.expected_to_pass),
        "value_checks": [{"test": c["test"], "site": int(c["site"])} for c in cand.value_checks
                         if c["test"] in cand.expected_to_pass],
        "test_framework": test_framework,
        "file_without_class": without,
        "insertion_offset": offset,
        "insertion_line": info.start_line,
        "file_coverage": cand.file_coverage,
        "detailed_skeleton": detailed_skeleton(info, cand.references),
        "sketchy_skeleton": sketchy_skeleton(info),
        "detailed": "",
        "sketchy": "",
        "description_model": "",
        "python_path": list(python_path or []),
        "requirements": list(requirements or []),
        "paraphrased": False,
        "original_class_name": info.name,
        "mutant_score": cand.wrong_classes.get("mutant_score"),
        "wrong_class_check": wrong_class_check(cand.wrong_classes),
    }


def wrong_class_check(found: dict) -> dict:
    """The wrong-class gate's result in the record (``docs/classlevel.md``)."""
    return {"checked": bool(found.get("checked")),
            "throwing_stub_tests_passed": int(found.get("throwing_stub_tests_passed", 0)),
            "mutants_run": int(found.get("mutants_run", 0)), "mutants_caught": int(found.get("mutants_caught", 0)),
            "min_mutant_score": float(found.get("min_mutant_score", 0.0)),
            "survived": list(found.get("survived", [])), "mutants_skipped": int(found.get("mutants_skipped", 0)),
            "controls_run": int(found.get("controls_run", 0)), "controls_caught": int(found.get("controls_caught", 0))}


def classlevel_dataset(records: list[dict]) -> datasets.Dataset:
    return records_dataset([without_root(r) for r in records], features_of(ClassRecord))
