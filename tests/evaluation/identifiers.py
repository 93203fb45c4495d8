"""The identifiers of a code fragment as the metrics' scan sees them (a helper of the tests)."""

from __future__ import annotations

from crossfile_datasets.evaluation.syntax import parse_fragment, scan_region


def identifiers_of(lang: str, code: str, context: str = "", path: str = "") -> list[str]:
    """Identifiers of ``code`` (in order, with repeats), parsed after ``context``."""
    prefix, body = context.encode("utf-8"), code.encode("utf-8")
    tree = parse_fragment(lang, path, prefix, body)
    scan = scan_region(tree.root_node, len(prefix), len(prefix) + len(body), lang)
    return [text for _, _, text in scan.identifiers]
