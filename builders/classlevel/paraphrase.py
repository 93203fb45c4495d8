"""Paraphrased tasks (``--paraphrase``): the benchmark's class names case-flipped across the repository.

Why it exists: a model may have seen a public repository during pre-training and recall a class
by its name. RepoClassBench counters this by paraphrasing; here every task class's name is
case-flipped (``Catalog`` -> ``cATALOG``) consistently in every source file of the repository
-- definitions, uses, imports, attribute accesses (``module.Catalog``) and string literals
that are exactly the name (``__all__`` entries) -- in a copy written beside the dataset. Names
of the standard library or of dependencies are never touched: in a file that imports a name
from outside the repository, that name is left alone. The EXPECTED_TO_PASS tests then run on
the copy; a task whose tests no longer all pass is dropped and counted
(``tasks/paraphrase_breaks_tests``), and the kept tasks' records are rebuilt from the copy
(class source, file without the class, insertion point, skeletons, ``repository_root``,
``snapshot_sha256``), with ``paraphrased = true`` and the ``original_class_name``. Java: a
class's file named after it is renamed with it (``Recipe.java`` -> ``rECIPE.java``: javac wants
a public class in ``<Name>.java``), and the record's ``file`` follows.
"""

from __future__ import annotations

import dataclasses
import re
import shutil
from pathlib import Path, PurePosixPath

from crossfile_datasets.analyzers.graph import ScopeResolver, build_graph
from crossfile_datasets.builders.classlevel.candidates import Candidate, external_references
from crossfile_datasets.builders.classlevel.record import make_record
from crossfile_datasets.core.records import FileFacts, Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.base import iter_leaves
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.sandbox import copy_repository, tree_digest
from crossfile_datasets.sandbox.suites import TestOutcome

IDENTIFIER_TYPES = frozenset({"identifier", "type_identifier"})
STRING_CONTENT_TYPES = frozenset({"string_content", "string_fragment", "string_literal_content"})


def flip(name: str) -> str:
    """``Catalog`` -> ``cATALOG``: a different identifier that reads the same."""
    return name.swapcase()


def flipped_text(ff: FileFacts, names: dict[str, str]) -> str:
    """The file's text with every identifier (and whole-string literal) in ``names`` renamed,
    except names the file imports from outside the repository."""
    external = {b.local_name for b in ff.imports if not b.is_project}
    wanted = {old: new for old, new in names.items() if old not in external}
    if not wanted:
        return ff.file.text
    index = ff.file.index
    edits: list[tuple[int, int, str]] = []
    for leaf in iter_leaves(ff.tree.root_node):
        if leaf.type in IDENTIFIER_TYPES or leaf.type in STRING_CONTENT_TYPES:
            text = index.node_text(leaf)
            if text in wanted:
                edits.append((index.node_start(leaf), index.node_end(leaf), wanted[text]))
    out = ff.file.text
    for start, end, new in sorted(edits, reverse=True):
        out = out[:start] + new + out[end:]
    return out


def renamed_files(lang: Lang, records: list[dict], names: dict[str, str]) -> dict[str, str]:
    """The files to rename with their class (old path -> new path) in a language whose public
    classes live in files named after them (``LanguageSupport.file_named_after_public_class``):
    Java's ``Recipe.java`` becomes ``rECIPE.java``. Other languages: none."""
    if not get_language(lang).file_named_after_public_class:
        return {}
    out = {}
    for rec in records:
        path = PurePosixPath(rec["file"])
        if path.stem == rec["class_name"] and rec["class_name"] in names:
            out[rec["file"]] = str(path.with_name(names[rec["class_name"]] + path.suffix))
    return out


def paraphrase_repository(lang: Lang, repo: Repository, facts: dict[str, FileFacts], records: list[dict],
                          candidates: list[Candidate], runner, report: BuildReport, target: Path
                          ) -> tuple[list[dict], list[Candidate]]:
    """Write the paraphrased copy of ``repo`` to ``target``, rerun the tasks' tests there and
    return the records and candidates of the tasks that still pass (rebuilt from the copy)."""
    names = {r["class_name"]: flip(r["class_name"]) for r in records}
    target = Path(target)
    shutil.rmtree(target, ignore_errors=True)
    target.parent.mkdir(parents=True, exist_ok=True)
    copy_repository(repo.root, target)
    for path, ff in facts.items():
        new = flipped_text(ff, names)
        if new != ff.file.text:
            (target / path).write_text(new, encoding="utf-8")
    moved = renamed_files(lang, records, names)
    for old_path, new_path in moved.items():
        (target / old_path).rename(target / new_path)
    # the whole suite, not the ids: a test id may hold a flipped name (pytest's parameter ids
    # come from the classes' __name__: test_alt_salt[Serializer] becomes [sERIALIZER]), and
    # pytest refuses a whole run when one given id does not exist
    run = runner.run(target, None, coverage=False, limits=None)
    outcomes = run.outcomes()
    renamed = re.compile(r"\b(" + "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)) + r")\b")

    def flipped_id(test_id: str) -> str:
        return renamed.sub(lambda m: names[m.group(1)], test_id)

    language = get_language(lang)
    files, snapshot = list_sources(dataclasses.replace(repo, root=target), language, BuildReport())
    new_repo = dataclasses.replace(repo, root=target, snapshot_sha256=snapshot)
    tree, _ = tree_digest(target)
    new_facts = language.analyze_files(str(target), files)
    graph = build_graph(repo.name, lang.value, new_facts, [])
    resolver = ScopeResolver(new_facts, graph)
    extract = extractor_for(lang)
    by_key = {(c.info.file, c.info.name): c for c in candidates}
    kept, kept_candidates = [], []
    for rec in records:
        where = f"{repo.name}:{rec['file']}::{rec['class_name']}"
        file = moved.get(rec["file"], rec["file"])
        expected = [t if t in outcomes else flipped_id(t) for t in rec["expected_to_pass"]]
        failing = [t for t in expected if outcomes.get(t) is not TestOutcome.PASSED]
        if failing:
            report.count("tasks", "paraphrase_breaks_tests", where, f"{len(failing)} tests, e.g. {failing[0]}")
            continue
        new_name = names[rec["class_name"]]
        info = next((c for c in extract(new_facts[file]) if c.name == new_name), None) if file in new_facts else None
        if info is None:
            report.count("tasks", "paraphrase_class_not_found", where)
            continue
        old = by_key[(rec["file"], rec["class_name"])]
        refs = external_references(info, new_facts[file], graph, resolver)
        checks = [{**c, "test": c["test"] if c["test"] in outcomes else flipped_id(c["test"])} for c in old.value_checks]
        cand = dataclasses.replace(old, info=info, references=refs, expected_to_pass=expected, value_checks=checks)
        record = make_record(new_repo, new_facts[file], cand, test_framework=rec["test_framework"],
                             python_path=rec["python_path"], requirements=rec["requirements"])
        record.update(paraphrased=True, original_class_name=rec["class_name"], tree_sha256=tree)
        kept.append(record)
        kept_candidates.append(cand)
    return kept, kept_candidates
