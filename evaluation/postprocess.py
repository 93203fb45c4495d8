"""Cutting a completion to the statement it completes, and removing its comments.

Same intent as CrossCodeEval's ``postprocess_code_lines`` and ``remove_comments``, with
their defects fixed (see ``docs/evaluation.md``):

- Python: keep the shortest prefix of the completion that makes ``prompt + prefix`` parse.
  Only prefixes ending at a newline are tried (plus the whole completion), so a kept
  completion always ends at a line end; "parse" means no ERROR node ending, and no MISSING
  node, on or after the prompt's last line (errors far above in the prompt are not the
  completion's doing). The original tried every character position with a full re-parse,
  crashed (and silently kept everything) on the last character, and ignored MISSING nodes.
- Java / TypeScript / C#: cut just after the first ``;``, ``{`` or ``}`` that is a real
  token (not inside a string, template or comment), including one at position 0, which the
  original skipped (``if end_idx`` is false for 0).
- Comments are the grammar's comment nodes, so ``"http://x"`` keeps its ``//`` (the
  original's ``re.sub(r'//.*', '')`` cut the string and everything after it, and removed
  ``#`` from Java and C# code).

The same function is applied to the groundtruth and to the prediction, so a groundtruth fed
back as the prediction always scores 100.
"""

from __future__ import annotations

from dataclasses import dataclass

from crossfile_datasets.evaluation.syntax import (
    GrowingParse,
    check_language,
    has_error_after,
    parser_for,
    scan_region,
    ts_language,
)


@dataclass(frozen=True)
class Normalized:
    """A completion after truncation and comment removal, with its identifiers."""

    text: str  # what the metrics compare
    kept: str  # the truncated completion, comments still in
    identifiers: tuple[str, ...]  # in order, repeats kept
    truncated: bool  # whether truncation dropped anything but whitespace


def normalize_completion(lang: str, prompt: str, completion: str, path: str = "") -> Normalized:
    """Truncate ``completion`` (written right after ``prompt``) and strip its comments."""
    check_language(lang)
    base = prompt.encode("utf-8")
    body = completion.encode("utf-8")
    language = ts_language(lang, path)
    if lang == "python":
        kept, tree = _python_statement(language, base, body)
    else:
        tree = parser_for(language).parse(base + body)
        ends = scan_region(tree.root_node, len(base), len(base) + len(body), lang).statement_ends
        kept = body[: ends[0] - len(base)] if ends else body
    scan = scan_region(tree.root_node, len(base), len(base) + len(kept), lang)
    pieces, last = [], len(base)
    source = base + body
    for start, end in scan.comments:
        pieces.append(source[last:start])
        last = end
    pieces.append(source[last : len(base) + len(kept)])
    text = b"".join(pieces).decode("utf-8", errors="replace")
    return Normalized(
        text=text,
        kept=kept.decode("utf-8", errors="replace"),
        identifiers=tuple(t for _, _, t in scan.identifiers),
        truncated=body[len(kept) :].strip() != b"",
    )


def _python_statement(language, base: bytes, body: bytes):
    """(kept bytes, parse of base + kept-or-longer) per the Python rule of the module doc."""
    candidates: list[bytes] = []
    pos = body.find(b"\n")
    while pos >= 0:
        prefix = body[:pos].rstrip()
        if prefix.strip() and (not candidates or candidates[-1] != prefix):
            candidates.append(prefix)
        pos = body.find(b"\n", pos + 1)
    whole = body.rstrip()
    if whole.strip() and (not candidates or candidates[-1] != whole):
        candidates.append(whole)
    if not candidates:
        return b"", parser_for(language).parse(base)
    last_line_start = base.rfind(b"\n") + 1
    growing = GrowingParse(language, base)
    for candidate in candidates:
        tree = growing.parse(candidate)
        if not has_error_after(tree.root_node, last_line_start):
            return candidate, tree
    # Nothing parses (the prompt is broken where the completion starts): keep the first line,
    # which is what the completion most plausibly meant by "this statement".
    return candidates[0], parser_for(language).parse(base + candidates[0])
