"""The identifiers of a code fragment as the metrics' scan sees them (a helper of the tests)."""

from __future__ import annotations

from crossfile_datasets.harness.syntax import parser_for, scan_region, ts_language


def identifiers_of(lang: str, code: str, context: str = "", path: str = "") -> list[str]:
    """Identifiers of ``code`` (in order, with repeats), parsed after ``context`` (which gives
    the code its lexical context)."""
    prefix, body = context.encode("utf-8"), code.encode("utf-8")
    tree = parser_for(ts_language(lang, path)).parse(prefix + body)
    scan = scan_region(tree.root_node, len(prefix), len(prefix) + len(body), lang)
    return [text for _, _, text in scan.identifiers]
