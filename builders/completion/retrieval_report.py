"""Recall@k of the retrieval variants: how often an example's context holds the gold definition.

Why it exists apart from ``retrieval.py``: the retrievers are part of every build, the report
is an analysis of a finished build (``retrieval-report``, ``builders/retrieval_cli.py``) and
brings the console table (rich) and the optional chart (matplotlib) with it. It reads the
``line_completion_*.jsonl`` variant files and judges each item against the
``definition_span`` of the example's cross-file usages (:func:`item_contains`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import toolchain


def _gold(record: dict) -> list[tuple[str, int, int]]:
    out = []
    for u in record.get("crossfile_usages") or []:
        span = u.get("definition_span")
        if u.get("definition_file") and span:
            out.append((u["definition_file"], span["start_line"], span["end_line"]))
    return out


def item_contains(item: dict, gold: tuple[str, int, int]) -> bool:
    """A retrieved item contains a gold definition when it is from the definition's file and
    shows at least one line of its span (items without ``lines`` are judged by file only)."""
    path, start, end = gold
    if item.get("filename") != path:
        return False
    lines = item.get("lines")
    if lines is None:
        return True
    return any(start <= line <= end for line in lines)


def recall_at_k(records: Iterable[dict], ks: Sequence[int] = C.RECALL_AT_K) -> dict:
    """Share of examples (with a gold definition span) whose top-k context contains one."""
    with_gold = 0
    hits = {k: 0 for k in ks}
    file_hits = {k: 0 for k in ks}
    in_context = 0  # the gold definition anywhere in what the budget let the context show
    total = 0
    for record in records:
        total += 1
        gold = _gold(record)
        if not gold:
            continue
        with_gold += 1
        items = (record.get("crossfile_context") or {}).get("list") or []
        for k in ks:
            top = items[:k]
            if any(item_contains(item, g) for item in top for g in gold):
                hits[k] += 1
            if any(item.get("filename") == g[0] for item in top for g in gold):
                file_hits[k] += 1
        in_context += any(item_contains(item, g) for item in items for g in gold)
    result = {"examples": total, "with_gold": with_gold}
    for k in ks:
        result[f"recall@{k}"] = round(hits[k] / with_gold, 4) if with_gold else 0.0
    for k in ks:
        result[f"file_recall@{k}"] = round(file_hits[k] / with_gold, 4) if with_gold else 0.0
    result["gold_in_context"] = round(in_context / with_gold, 4) if with_gold else 0.0
    return result


def _read_jsonl(path: Path) -> Iterable[dict]:
    with path.open(encoding="utf-8") as fh:
        for line in fh:
            if line.strip():
                yield json.loads(line)


def retriever_name(path: Path) -> str:
    """``line_completion_rg1_bm25.jsonl`` -> ``rg1_bm25``."""
    return path.stem[len("line_completion_") :]


def retrieval_report(output_dir: Path, languages: Iterable[str] | None = None, ks: Sequence[int] = C.RECALL_AT_K,
                     split: str | None = None) -> dict:
    """Recall@k of every retrieval variant file, per language; saves JSON and a PNG chart.

    Reads ``<output>/<lang>/line_completion_*.jsonl`` (with ``split``, one of the extra splits of
    builders/completion/splits.py: ``<output>/<lang>/<split>/line_completion_*.jsonl``); writes
    ``<output>/retrieval_report[_<split>].json`` and ``.png``; returns the report and prints it as a table.
    """
    output_dir = Path(output_dir)
    sub = split if split and split != C.CROSS_FILE_FIRST else ""
    if languages is None:
        languages = sorted(p.name for p in output_dir.iterdir()
                           if p.is_dir() and any((p / sub).glob("line_completion_*.jsonl")))
    results: dict[str, dict[str, dict]] = {}
    for lang in languages:
        files = sorted((output_dir / lang / sub).glob("line_completion_*.jsonl"))
        if files:
            results[lang] = {retriever_name(f): recall_at_k(_read_jsonl(f), ks) for f in files}
    report = {"ks": list(ks), "criterion": item_contains.__doc__.split("\n")[0].strip(), "results": results,
              "split": split or C.CROSS_FILE_FIRST}
    stem = f"retrieval_report_{sub}" if sub else "retrieval_report"
    (output_dir / f"{stem}.json").write_text(json.dumps(report, indent=2), encoding="utf-8")
    _print_table(report)
    if results:
        try:
            import matplotlib  # noqa: F401  (an optional extra: the table and the JSON do not need it)
        except ImportError:
            report["plot"] = None
            print(f"(No plot: {toolchain.missing_extra('matplotlib', 'the retrieval plot')}.)")
        else:
            _plot(report, output_dir / f"{stem}.png")
    return report


def _print_table(report: dict) -> None:
    from rich.console import Console
    from rich.table import Table

    # one table per language, one column per retriever: three retrievers fit in 80 columns,
    # where one row per retriever with every metric as a column had its headers cut
    ks = report["ks"]
    rows = [("examples", "examples", "d"), ("with gold", "with_gold", "d"), *[(f"recall@{k}", f"recall@{k}", ".3f") for k in ks],
            (f"file recall@{ks[-1]}", f"file_recall@{ks[-1]}", ".3f"), ("gold in context", "gold_in_context", ".3f")]
    console = Console()
    console.print("Retrieval: share of examples whose context contains the gold definition", soft_wrap=True)
    for lang, by_retriever in report["results"].items():
        table = Table(title=lang, title_justify="left")
        table.add_column("metric", no_wrap=True, min_width=max(len(r[0]) for r in rows))
        for name in by_retriever:
            table.add_column(name, justify="right", no_wrap=True, min_width=len(name))
        for label, key, fmt in rows:
            table.add_row(label, *[format(r[key], fmt) for r in by_retriever.values()])
        console.print(table)


def _plot(report: dict, path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    ks = report["ks"]
    results = report["results"]
    languages = list(results)
    retrievers = sorted({name for r in results.values() for name in r})
    fig, axes = plt.subplots(1, len(ks), figsize=(4 * len(ks), 3.6), sharey=True, squeeze=False)
    width = 0.8 / max(len(retrievers), 1)
    for ax, k in zip(axes[0], ks):
        for j, name in enumerate(retrievers):
            values = [results[lang].get(name, {}).get(f"recall@{k}", 0.0) for lang in languages]
            ax.bar([i + j * width for i in range(len(languages))], values, width, label=name)
        ax.set_xticks([i + width * (len(retrievers) - 1) / 2 for i in range(len(languages))], languages)
        ax.set_title(f"recall@{k}")
        ax.set_ylim(0, 1)
    axes[0][0].set_ylabel("share of examples")
    axes[0][-1].legend(fontsize="small")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


__all__ = ["item_contains", "recall_at_k", "retrieval_report", "retriever_name"]
