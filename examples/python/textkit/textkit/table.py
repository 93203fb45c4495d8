"""Plain-text tables for terminals and log files."""

from typing import List, Optional, Sequence

from .wrap import truncate


def column_widths(rows: Sequence[Sequence[object]], headers: Optional[Sequence[str]] = None) -> List[int]:
    """Return the width of every column: the longest cell (or header) as text.

    Rows may have different lengths; missing cells count as empty.
    """
    all_rows = [list(headers)] if headers else []
    all_rows.extend(list(r) for r in rows)
    count = max((len(r) for r in all_rows), default=0)
    widths = [0] * count
    for row in all_rows:
        for i, cell in enumerate(row):
            widths[i] = max(widths[i], len(str(cell)))
    return widths


def format_table(
    rows: Sequence[Sequence[object]],
    headers: Optional[Sequence[str]] = None,
    *,
    max_width: int = 30,
    align_numbers: bool = True,
) -> str:
    """Render rows as an aligned plain-text table, with a dashed rule under the headers.

    Cells longer than ``max_width`` are truncated; numbers are right-aligned when
    ``align_numbers`` is true, everything else is left-aligned.
    """
    cells = [[truncate(str(c), max_width) for c in row] for row in rows]
    head = [truncate(h, max_width) for h in headers] if headers else None
    widths = column_widths(cells, head)
    lines = []

    def render_row(row: Sequence[str], source: Sequence[object]) -> str:
        out = []
        for i, width in enumerate(widths):
            text = row[i] if i < len(row) else ""
            numeric = align_numbers and i < len(source) and isinstance(source[i], (int, float))
            out.append(text.rjust(width) if numeric else text.ljust(width))
        return "  ".join(out).rstrip()

    if head:
        lines.append(render_row(head, head))
        lines.append("  ".join("-" * w for w in widths))
    for row, source in zip(cells, rows):
        lines.append(render_row(row, source))
    return "\n".join(lines)
