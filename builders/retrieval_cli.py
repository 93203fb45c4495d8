"""``retrieval-report``: how often each retriever's context holds the gold definition.

A thin typer app over :func:`builders.completion.retrieval_report.retrieval_report` (the lead wires it as a
console script or into the main CLI).
"""

from __future__ import annotations

from pathlib import Path
from typing import List, Optional

import typer

from crossfile_datasets.builders.completion.retrieval_report import output_and_languages, retrieval_report
from crossfile_datasets.core.constants import COMPLETION_SPLITS

# plain (click) help: rich panels cut option names at 80 columns
report_app = typer.Typer(add_completion=False, rich_markup_mode=None, help="Score retrieval variants against the gold definitions.")


@report_app.command("retrieval-report")
def retrieval_report_command(
    output_dir: Path = typer.Argument(..., exists=True, file_okay=False, help="A build output folder (<output>/<lang>/line_completion_*.jsonl), or one language folder of it."),
    lang: Optional[List[str]] = typer.Option(None, "--lang", help="Languages to score (repeatable; default: every language folder with variant files)."),
    split: str = typer.Option("cross_file_first", "--split", help="cross_file_first (<lang>/line_completion_*.jsonl), cross_file_random or in_file (<lang>/<split>/)."),
) -> None:
    """Recall@1/3/5 per retriever and language; writes retrieval_report[_<split>].json and .png into OUTPUT_DIR."""
    if split not in COMPLETION_SPLITS:
        typer.echo(f"--split must be one of {', '.join(COMPLETION_SPLITS)}", err=True)
        raise typer.Exit(2)
    try:
        output_dir, languages = output_and_languages(output_dir, lang)
    except ValueError as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2)
    report = retrieval_report(output_dir, languages, split=split)
    if not report["results"]:
        typer.echo(f"no line_completion_*.jsonl files under {output_dir} for split {split}", err=True)
        raise typer.Exit(1)
    stem = "retrieval_report" if split == "cross_file_first" else f"retrieval_report_{split}"
    typer.echo(f"wrote {output_dir / (stem + '.json')} and {output_dir / (stem + '.png')}", err=True)


if __name__ == "__main__":  # pragma: no cover
    report_app()
