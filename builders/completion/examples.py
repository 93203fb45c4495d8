"""Turning a cross-file usage into a completion example (CrossCodeEval's method).

For the first use of each (file, imported name, member, defining file), a cursor is placed at a random
tree-sitter token on the same line, at or before the cross-file entity; the prompt is the
text before the cursor, the groundtruth runs from the cursor to the end of the statement
(language rule), the right context is the rest of the file. The random choice is seeded by
the build seed *and* the usage's identity, so it does not depend on which other usages exist
or on processing order: the same input and seed give byte-identical examples.
"""

from __future__ import annotations

import bisect
import hashlib
import random
from dataclasses import dataclass, field

from crossfile_datasets.core.records import CrossFileUsage, FileFacts
from crossfile_datasets.lang.base import LanguageSupport


@dataclass
class CompletionExample:
    prompt: str
    groundtruth: str
    right_context: str
    file: str
    repository: str
    language: str
    repository_url: str
    commit: str
    license: str
    groundtruth_start_lineno: int  # 0-based row of the cursor
    right_context_start_lineno: int  # 0-based row where the right context starts
    usage: CrossFileUsage  # the first use this example was made for
    crossfile_usages: list[dict] = field(default_factory=list)  # every use inside the groundtruth
    cursor: int = 0
    end: int = 0
    num_prompt_tokens: int = 0
    num_groundtruth_tokens: int = 0
    task_id: str = ""
    is_test_file: bool = False  # the file is a test by the language's conventions (is_test_path)
    # CrossCodeEval's model filter: the model's name and its completion without cross-file context
    model_filter: dict = field(default_factory=lambda: {"model": "", "completion": ""})
    crossfile_context: dict = field(default_factory=lambda: {"text": "", "list": [], "ranked": []})
    # the repository content the example was made from ("sha256:<hash over the files read>"):
    # the key of --snapshots' rows, so contexts can be rebuilt from the exact files
    snapshot: str = ""

    def to_record(self) -> dict:
        """The CrossCodeEval-compatible JSONL record (plus our provenance fields)."""
        return {
            "prompt": self.prompt,
            "groundtruth": self.groundtruth,
            "right_context": self.right_context,
            "crossfile_context": self.crossfile_context,
            "metadata": {
                "task_id": self.task_id,
                "repository": self.repository,
                "file": self.file,
                "context_start_lineno": 0,
                "groundtruth_start_lineno": self.groundtruth_start_lineno,
                "right_context_start_lineno": self.right_context_start_lineno,
                "model_filter": dict(self.model_filter),
            },
            "language": self.language,
            "repository_url": self.repository_url,
            "commit": self.commit,
            "license": self.license,
            "snapshot": self.snapshot,
            "crossfile_usages": self.crossfile_usages,
            "num_prompt_tokens": self.num_prompt_tokens,
            "num_groundtruth_tokens": self.num_groundtruth_tokens,
            "is_test_file": self.is_test_file,
        }


def usage_seed(seed: int, usage: CrossFileUsage, repository_key: str) -> int:
    """The cursor seed of one usage: the build seed, the repository's canonical id
    (``Repository.canonical_id``, not the build-local name, so a folder and a URL of the same
    repository agree) and the usage's identity."""
    key = f"{seed}|{repository_key}|{usage.file}|{usage.line}|{usage.column}|{usage.imported_name}|{usage.member}"
    return int.from_bytes(hashlib.sha256(key.encode("utf-8")).digest()[:8], "big")


def entity_offset(facts: FileFacts, usage: CrossFileUsage) -> int | None:
    """Char offset of the usage's entity (member or name), or None if it is not where claimed."""
    index = facts.file.index
    row = usage.line - 1
    if not 0 <= row < index.num_lines:
        return None
    entity = usage.member or usage.imported_name
    line = index.line(row)
    if line[usage.column : usage.column + len(entity)] != entity:
        return None
    return index.offset(row, usage.column)


def usage_record(usage: CrossFileUsage, definition_span: dict | None = None, definition_node: str | None = None) -> dict:
    return {
        "imported_name": usage.imported_name,
        "member": usage.member,
        "line": usage.line,
        "column": usage.column,
        "definition_file": usage.definition_file,
        "definition_span": definition_span,
        "definition_node": definition_node,
        "tool": usage.tool,
        "code": usage.code,
        "message": usage.message,
    }


def make_example(
    language: LanguageSupport,
    facts: FileFacts,
    usage: CrossFileUsage,
    repo,
    seed: int,
) -> tuple[CompletionExample | None, str]:
    """Build the example for one first use; (None, reason) when it cannot be placed."""
    offset = entity_offset(facts, usage)
    if offset is None:
        return None, "entity_not_located"
    entity_end = offset + len(usage.member or usage.imported_name)
    candidates = language.cursor_candidates(facts, offset)
    if not candidates:
        return None, "no_cursor_token"
    cursor = random.Random(usage_seed(seed, usage, repo.canonical_id)).choice(candidates)
    end = language.statement_end(facts, offset)
    if end < entity_end:
        return None, "statement_ends_before_entity"
    text = facts.file.text
    index = facts.file.index
    example = CompletionExample(
        prompt=text[:cursor],
        groundtruth=text[cursor:end],
        right_context=text[end:],
        file=facts.file.path,
        repository=repo.name,
        language=language.lang.value,
        repository_url=repo.url,
        commit=repo.commit,
        license=repo.license,
        groundtruth_start_lineno=index.row_col(cursor)[0],
        right_context_start_lineno=index.row_col(end)[0],
        usage=usage,
        cursor=cursor,
        end=end,
        is_test_file=language.is_test_path(facts.file.path),
        snapshot=f"sha256:{repo.snapshot_sha256}" if repo.snapshot_sha256 else "",
    )
    return example, ""


def usages_in_range(usages: list[CrossFileUsage], facts: FileFacts, start: int, end: int) -> list[CrossFileUsage]:
    """Every usage of the file whose entity lies inside ``[start, end)`` (position order)."""
    return LocatedUsages(usages, facts).in_range(start, end)


class LocatedUsages:
    """A file's usages located once and sorted by entity offset, so each example finds the ones
    inside its reference by bisection (locating every usage of the file again for each of its
    examples was quadratic: 1.5 million locations for one 600-file Java repository)."""

    def __init__(self, usages: list[CrossFileUsage], facts: FileFacts) -> None:
        located = []
        for u in usages:
            if u.file != facts.file.path:
                continue
            off = entity_offset(facts, u)
            if off is not None:
                located.append((off, off + len(u.member or u.imported_name), u))
        located.sort(key=lambda item: item[0])
        self.items = located
        self.offsets = [item[0] for item in located]

    def in_range(self, start: int, end: int) -> list[CrossFileUsage]:
        out = []
        for off, stop, u in self.items[bisect.bisect_left(self.offsets, start):]:
            if off >= end:  # an entity is never empty: none from here on ends by ``end``
                break
            if stop <= end:
                out.append(u)
        return sorted(out, key=lambda u: (u.line, u.column, u.imported_name, u.member or ""))
