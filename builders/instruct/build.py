"""RepoExec's dependency-enhanced instruction-tuning data: ``build-dataset --split instruct``.

Why it exists: RepoExec fine-tunes models on functions shown with the code they depend on
(full / medium / small context, and its instruction format), and reports the gain on the
executable benchmark. Those training functions need no tests, so they come from many more
repositories than the benchmark, and nothing runs: the split is static analysis only,
sharing the executable split's candidates, dependency resolution and prompt rendering
(:mod:`builders.functions`), so a training prompt looks exactly like a benchmark prompt.

Contamination: training data must not contain the benchmark. Functions are left out when
their repository is in an evaluation split (by canonical id, ``owner/name`` or the content
hash, and by name) or when their normalized text is a benchmark solution (sha256 of the
function with whitespace runs collapsed, so a reformatted copy is caught too). The
evaluation splits are given with ``--exclude-eval FILE`` (completion or executable JSONL,
repeatable); the executable split of the same output folder is always excluded. Every
exclusion is counted by reason.

Output: ``<output>/python/instruct.jsonl``, ``instruct_stats.json`` and ``instruct_dataset/``
(a ``datasets.DatasetDict`` with one ``train`` split and explicit Features).
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import re
import textwrap
import tokenize
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import datasets

from crossfile_datasets.builders.functions import (
    build_prompts,
    instruct_prompts,
    prompts_parse,
    resolve_dependencies,
    select_candidates,
)
from crossfile_datasets.builders.publish import quiet_datasets, write_cards
from crossfile_datasets.builders.schema import InstructRecord, Provenance, features_of, records_dataset
from crossfile_datasets.builders.split import ShardStore, fingerprint, keyed_by_content, run_repositories
from crossfile_datasets.core.constants import INSTRUCT_DATASET, INSTRUCT_SPLIT
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository, hosted_path
from crossfile_datasets.lang.sources import count_parse_timeouts, list_sources
from crossfile_datasets.core.jsonl import iter_jsonl
from crossfile_datasets.lang import Lang, get_language

SIZES = ("full_context", "medium_context", "small_context")
_SPACE = re.compile(r"\s+")


_LAYOUT = frozenset({tokenize.COMMENT, tokenize.NL, tokenize.ENCODING, tokenize.ENDMARKER})


def normalized_tokens(source: str) -> list[str] | None:
    """A Python function's tokens as contamination compares them: no comments, no layout (line
    breaks inside brackets, indentation widths), no docstrings or other string statements, and
    every string literal by its value (``'x'`` and ``"x"`` are one token). None when the text
    does not tokenize (then the caller compares the text itself)."""
    text = textwrap.dedent(source)
    nested = text[:1] in (" ", "\t")  # a method whose continuation lines are less indented than its def
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO("if 1:\n" + text if nested else text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return None
    kept = [t for t in tokens if t.type not in _LAYOUT]
    if nested:  # if 1 : NEWLINE INDENT ... DEDENT
        kept = kept[5:-1]
    out: list[str] = []
    skip_newline = False
    for i, tok in enumerate(kept):
        if tok.type == tokenize.STRING:
            before = kept[i - 1].type if i else tokenize.NEWLINE
            after = kept[i + 1].type if i + 1 < len(kept) else tokenize.NEWLINE
            if before in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT) and after == tokenize.NEWLINE:
                skip_newline = True
                continue  # a docstring or another string statement: what the code does is elsewhere
            try:
                out.append("S" + repr(ast.literal_eval(tok.string)))
            except (ValueError, SyntaxError):  # an f-string piece or odd prefix: its text
                out.append("s" + tok.string)
        elif tok.type == tokenize.NEWLINE and skip_newline:
            skip_newline = False  # the end of a string statement left out
        elif tok.type in (tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT):
            out.append(tokenize.tok_name[tok.type])
        else:
            out.append(tok.string)
    return out


def function_hash(source: str) -> str:
    """sha256 of a function's normalized tokens (:func:`normalized_tokens`): a copy reformatted,
    commented, re-quoted or with another docstring is the same function (red team 2026-11-28d
    row 7). Text that does not tokenize is hashed with whitespace runs collapsed."""
    tokens = normalized_tokens(source)
    text = "\x00".join(tokens) if tokens is not None else "text:" + _SPACE.sub(" ", source).strip()
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def repository_keys(name: str, url: str, snapshot: str = "") -> set[str]:
    """Every key under which a repository can appear in an evaluation split."""
    keys = {f"name:{name}"} if name else set()
    if hosted_path(url or ""):
        keys.add(f"id:{hosted_path(url)}")
    if snapshot:
        keys.add(f"sha256:{snapshot}")
    return keys


@dataclass
class Exclusions:
    """Repositories and function texts of the evaluation splits."""

    repositories: set[str] = field(default_factory=set)
    functions: set[str] = field(default_factory=set)
    sources: list[str] = field(default_factory=list)  # the files they were read from

    def add_split(self, path: Path) -> None:
        """Read a completion or executable split (JSONL) and remember what it evaluates."""
        for _, record in iter_jsonl(path):  # InputError (a ValueError) names the bad line
            meta = record["metadata"] if isinstance(record.get("metadata"), dict) else {}
            name = record.get("repository") or record.get("project") or meta.get("repository") or ""
            self.repositories |= repository_keys(name, record.get("repository_url", ""), record.get("snapshot_sha256", ""))
            if record.get("solution"):
                self.functions.add(function_hash(record["solution"]))
        self.sources.append(str(path))

    def fingerprint(self) -> str:
        """What the exclusions are (not where they were read from): a shard built under other
        exclusions is rebuilt."""
        payload = json.dumps([sorted(self.repositories), sorted(self.functions)])
        return hashlib.sha256(payload.encode()).hexdigest()

    def repository_reason(self, repo: Repository) -> str | None:
        keys = repository_keys(repo.name, repo.url, repo.snapshot_sha256)
        return "repository_in_evaluation_split" if keys & self.repositories else None


def repository_records(repo: Repository, exclusions: Exclusions, report: BuildReport) -> list[dict]:
    """Every instruction-tuning record of one repository (static analysis, nothing runs)."""
    language = get_language(Lang.PYTHON)
    files, snapshot = list_sources(repo, language, report)
    repo = Repository(repo.name, repo.root, repo.url, repo.commit or f"sha256:{snapshot}", repo.license,
                      repo.is_git, snapshot)
    reason = exclusions.repository_reason(repo)
    if reason:
        report.count("repositories", reason, repo.name)
        return []
    facts = language.analyze_files(str(repo.root), files)
    count_parse_timeouts(facts, report)
    records: list[dict] = []
    for cand in select_candidates(facts, report, f"{repo.name}:"):
        digest = function_hash(cand.source)
        if digest in exclusions.functions:
            report.count("functions", "function_in_evaluation_split", f"{repo.name}:{cand.key}")
            continue
        cand.dependencies = resolve_dependencies(cand, facts)
        prompts = build_prompts(cand, facts, cand.dependencies)
        bad = prompts_parse(prompts)
        if bad:
            report.count("functions", "prompt_unparsable", f"{repo.name}:{cand.key}", bad)
            continue
        contexts = build_prompts(cand, facts, cand.dependencies, include_target=False)
        records.append({
            "id": f"{repo.name}/instruct/{len(records)}",
            "project": repo.name,
            "module": cand.module,
            "file": cand.path,
            "entry_point": cand.name,
            "qualname": cand.qualname,
            "function_signature": cand.signature,
            "docstring": cand.docstring,
            "target_function_prompt": cand.target_prompt,
            "solution": cand.source,
            "solution_sha256": digest,
            "prompt": {size: prompts[size] for size in SIZES},
            "instruct_prompt": {size: text for size, text in instruct_prompts(cand, contexts).items() if size in SIZES},
            "dependencies": {
                "in_file": [d.to_record() for d in cand.dependencies if d.in_file],
                "cross_file": [d.to_record() for d in cand.dependencies if not d.in_file],
            },
            **Provenance.of(repo, "python", snapshot).columns(),
        })
    report.count("functions", "kept", n=len(records))
    return records


INSTRUCT_VERSION = "1"  # bump when a shard's records change meaning
SHARDS = "instruct_shards"


def build_instruct_split(repositories: Iterable[Repository], output: Path, exclude_eval: Iterable[Path] = (),
                         report: BuildReport | None = None, workers: int = 1) -> tuple[list[dict], dict]:
    """Build the split for every repository; returns (records, stats) and writes the outputs.
    Each repository is a shard (``instruct_shards/<repository>/``) reused while its files and the
    exclusions are unchanged; a repository whose analysis fails is counted, the others go on."""
    report = report or BuildReport()
    out = Path(output) / "python"
    exclusions = Exclusions()
    own = out / "executable.jsonl"  # the benchmark built into the same folder is never training data
    for path in [*exclude_eval, *([own] if own.exists() else [])]:
        exclusions.add_split(Path(path))
    t0 = time.monotonic()
    repositories = list(repositories)
    language = get_language(Lang.PYTHON)
    settings = {"version": INSTRUCT_VERSION, "exclusions": exclusions.fingerprint()}

    key_of = keyed_by_content(language, lambda repo, snapshot: fingerprint(settings, repo, snapshot))

    def build_one(repo: Repository, repo_report: BuildReport) -> tuple[list[dict], dict]:
        records = repository_records(repo, exclusions, repo_report)
        # a repository of an evaluation split left out whole is not one the split was built from
        excluded = bool(repo_report.stage("repositories").get("repository_in_evaluation_split"))
        return records, {"examples": len(records), **({"excluded": True} if excluded else {})}

    results = run_repositories(repositories, build_one, store=ShardStore(out / SHARDS, "records.jsonl"),
                               key_of=key_of, workers=workers)
    records: list[dict] = []
    for result in results:
        report.merge(result.report)
        records.extend(result.records)
    report.add_time("instruct_seconds", time.monotonic() - t0)
    out.mkdir(parents=True, exist_ok=True)
    with (out / "instruct.jsonl").open("w", encoding="utf-8") as fh:
        for record in records:
            fh.write(json.dumps(record, ensure_ascii=False) + "\n")
    data = records_dataset(records, features_of(InstructRecord))
    with quiet_datasets():
        # an empty split saved with the default 0 shards cannot be loaded back (datasets bug): one shard
        datasets.DatasetDict({INSTRUCT_SPLIT: data}).save_to_disk(str(out / INSTRUCT_DATASET),
                                                                  num_shards=None if records else {INSTRUCT_SPLIT: 1})
    stats = {
        "language": "python",
        "split": "instruct",
        "repositories": len(repositories),
        "examples": len(records),
        "functions_with_cross_file_dependencies": sum(bool(r["dependencies"]["cross_file"]) for r in records),
        "excluded_evaluation_splits": exclusions.sources,
        "dropped_examples": {k: v for k, v in (report.stage("functions") | report.stage("candidates")).items()
                             if k not in ("kept", "selected")},
        "skipped_files": report.stage("files"),
        "skipped_projects": {},
        "skipped_repositories": report.stage("repositories"),
        "per_repository": [result.stats for result in results],
        "timings_seconds": {k: round(v, 2) for k, v in sorted(report.timings.items())},
    }
    (out / "instruct_stats.json").write_text(json.dumps(stats, indent=2, sort_keys=True) + "\n", encoding="utf-8")
    write_cards(out.parent, [out.name])
    return records, stats
