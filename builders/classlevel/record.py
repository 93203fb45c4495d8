"""One class-level task as a record, and the split's explicit ``datasets.Features``.

Why it exists: the record is the paper's task metadata (RepoClassBench section 3) plus what the
evaluation needs to put a generated class back: the file with the class removed and the exact
insertion point. Every field is documented in ``docs/classlevel.md``; the schema here is the
one the saved dataset, the JSONL file and the Hub push share.

Positions: ``insertion_offset`` is a character offset into ``file_without_class`` (the class
was ``file_text[start:end]``; ``file_without_class = file_text[:start] + file_text[end:]``, so
``insertion_offset == start``); lines are 1-based.
"""

from __future__ import annotations

import datasets

from crossfile_datasets.builders.classlevel.candidates import Candidate
from crossfile_datasets.builders.classlevel.skeleton import detailed_skeleton, sketchy_skeleton
from crossfile_datasets.core.records import FileFacts, Repository

CLASSLEVEL_VERSION = "2"  # bump when records or task selection change (2: emptied-class gate)


def file_imports(ff: FileFacts) -> list[str]:
    """The file's import statements as written, once each, in file order."""
    seen: dict[int, str] = {}
    for b in ff.imports:
        seen.setdefault(b.statement.start, ff.file.text[b.statement.start:b.statement.end])
    return [seen[k] for k in sorted(seen)]


def make_record(repo: Repository, ff: FileFacts, cand: Candidate, *, test_framework: str,
                python_path: list[str] | None = None, requirements: list[str] | None = None) -> dict:
    info = cand.info
    text = ff.file.text
    covered, with_refs = set(cand.covered_methods), set(cand.methods_with_references)
    referenced = set(cand.referenced_methods)
    return {
        "id": "",  # set by the builder: <repository>/<language>/class/<n>
        "language": info.language,
        "repository": repo.name,
        "repository_url": repo.url,
        "repository_root": str(repo.root),
        "commit": repo.commit,
        "license": repo.license,
        "snapshot_sha256": repo.snapshot_sha256,
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
        "class_source": info.source,
        "external_references": [
            {"name": r.name, "kind": r.kind, "file": r.file, "symbol": r.symbol, "line": r.line, "method": r.method,
             "used_in": list(r.used_in),
             "start_line": int(r.span.get("start_line", 0)), "start_column": int(r.span.get("start_column", 0)),
             "end_line": int(r.span.get("end_line", 0)), "end_column": int(r.span.get("end_column", 0))}
            for r in cand.references],
        "expected_to_pass": list(cand.expected_to_pass),
        "test_framework": test_framework,
        "file_without_class": text[:info.start_byte] + text[info.end_byte:],
        "insertion_offset": info.start_byte,
        "insertion_line": info.start_line,
        "file_coverage": cand.file_coverage,
        "detailed_skeleton": detailed_skeleton(info),
        "sketchy_skeleton": sketchy_skeleton(info),
        "detailed": "",
        "sketchy": "",
        "description_model": "",
        "python_path": list(python_path or []),
        "requirements": list(requirements or []),
        "paraphrased": False,
        "original_class_name": info.name,
    }


def classlevel_features() -> datasets.Features:
    string = datasets.Value("string")
    int32 = datasets.Value("int32")
    boolean = datasets.Value("bool")
    strings = datasets.Sequence(string)
    return datasets.Features({
        "id": string, "language": string, "repository": string, "repository_url": string,
        "repository_root": string, "commit": string, "license": string, "snapshot_sha256": string,
        "file": string, "class_name": string, "start_line": int32, "end_line": int32,
        "imports": strings, "class_signature": string, "decorators": strings, "bases": strings,
        "docstring": string,
        "member_variables": [{"name": string, "declaration": string, "type": string, "initializer": string,
                              "is_static": boolean}],
        "methods": [{"name": string, "signature": string, "decorators": strings, "docstring": string,
                     "body": string, "start_line": int32, "end_line": int32, "is_constructor": boolean,
                     "is_static": boolean, "is_abstract": boolean, "covered": boolean,
                     "referenced_in_tests": boolean, "makes_external_reference": boolean}],
        "class_source": string,
        "external_references": [{"name": string, "kind": string, "file": string, "symbol": string, "line": int32,
                                 "method": string, "used_in": strings, "start_line": int32, "start_column": int32, "end_line": int32,
                                 "end_column": int32}],
        "expected_to_pass": strings, "test_framework": string,
        "file_without_class": string, "insertion_offset": int32, "insertion_line": int32,
        "file_coverage": datasets.Value("float64"),
        "detailed_skeleton": string, "sketchy_skeleton": string, "detailed": string, "sketchy": string,
        "description_model": string, "python_path": strings, "requirements": strings,
        "paraphrased": boolean, "original_class_name": string,
    })


def classlevel_dataset(records: list[dict]) -> datasets.Dataset:
    features = classlevel_features()
    if not records:
        return datasets.Dataset.from_dict({k: [] for k in features}, features=features)
    return datasets.Dataset.from_list(records, features=features)
