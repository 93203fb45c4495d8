"""Recall@k of the retrieval variants: how often an example's context holds the gold definition.

Why it exists apart from ``retrieval.py``: the retrievers are part of every build, the report
is an analysis of a finished build (``retrieval-report``, ``builders/retrieval_cli.py``) and
brings the console table (rich) and the optional chart (matplotlib) with it. It reads the
``line_completion_*.jsonl`` variant files and judges each item against the
``definition_span`` of the example's cross-file usages (:func:`item_contains`). Retrievers of
one language are scored on exactly the same examples (the task ids every variant file holds),
and the graph retriever is compared with each other one example by example (:func:`compare`).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Iterable, Mapping, Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import toolchain
from crossfile_datasets.lang import Lang

GRAPH = "graph"  # the variant compared example by example with every other one


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


def _hits(record: dict, k: int) -> bool:
    items = ((record.get("crossfile_context") or {}).get("list") or [])[:k]
    return any(item_contains(item, g) for item in items for g in _gold(record))


def task_id(record: dict) -> str | None:
    return (record.get("metadata") or {}).get("task_id")


def common_examples(variants: Mapping[str, Sequence[dict]]) -> dict[str, list[dict]]:
    """Each variant's records restricted to the task ids that every variant holds, so recall is
    compared on the same examples; records without a task id are all kept (nothing to match)."""
    ids = [{task_id(r) for r in records if task_id(r) is not None} for records in variants.values()]
    shared = set.intersection(*ids) if ids else set()
    return {name: [r for r in records if task_id(r) is None or task_id(r) in shared] for name, records in variants.items()}


def compare(a: Sequence[dict], b: Sequence[dict], ks: Sequence[int] = C.RECALL_AT_K) -> dict:
    """Example by example, retriever ``a`` against ``b`` on the examples both hold (by task id)
    with a gold definition: per k, how many only ``a`` hits, only ``b``, both."""
    by_id = {task_id(r): r for r in b if task_id(r) is not None}
    if by_id:
        pairs = [(r, by_id[task_id(r)]) for r in a if task_id(r) in by_id and _gold(r)]
    elif len(a) == len(b):  # no task ids (hand-made files): the variants of one build, in one order
        pairs = [(x, y) for x, y in zip(a, b) if _gold(x)]
    else:
        pairs = []
    out: dict = {"examples": len(pairs)}
    for k in ks:
        ha = [_hits(x, k) for x, _ in pairs]
        hb = [_hits(y, k) for _, y in pairs]
        out[f"@{k}"] = {"only_a": sum(x and not y for x, y in zip(ha, hb)), "only_b": sum(y and not x for x, y in zip(ha, hb)),
                        "both": sum(x and y for x, y in zip(ha, hb))}
    return out


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
    result: dict[str, float] = {"examples": total, "with_gold": with_gold}
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


LANGUAGE_NAMES = frozenset(lang.value for lang in Lang)


def output_and_languages(folder: Path, languages: Iterable[str] | None) -> tuple[Path, list[str] | None]:
    """``retrieval-report OUT/<lang>`` means that language of OUT (it used to read the split
    folders ``cross_file_random/`` and ``in_file/`` as languages)."""
    folder = Path(folder)
    if folder.name in LANGUAGE_NAMES and (folder / "line_completion.jsonl").is_file():
        if languages and set(languages) != {folder.name}:
            raise ValueError(f"{folder} is the '{folder.name}' folder; --lang {', '.join(languages)} is not in it")
        return folder.parent, [folder.name]
    return folder, list(languages) if languages else None


def retrieval_report(output_dir: Path, languages: Iterable[str] | None = None, ks: Sequence[int] = C.RECALL_AT_K,
                     split: str | None = None) -> dict:
    """Recall@k of every retrieval variant file, per language; saves JSON and a PNG chart.

    Reads ``<output>/<lang>/line_completion_*.jsonl`` (with ``split``, one of the extra splits of
    builders/completion/splits.py: ``<output>/<lang>/<split>/line_completion_*.jsonl``); writes
    ``<output>/retrieval_report[_<split>].json`` and ``.png``; returns the report and prints it as a table.
    """
    output_dir = Path(output_dir)
    sub = split if split and split != C.CROSS_FILE_FIRST else ""
    if languages is None:  # language folders only: a split folder (cross_file_random/) is not a language
        languages = sorted(p.name for p in output_dir.iterdir()
                           if p.name in LANGUAGE_NAMES and p.is_dir() and any((p / sub).glob("line_completion_*.jsonl")))
    results: dict[str, dict[str, dict]] = {}
    comparisons: dict[str, dict[str, dict]] = {}
    for lang in languages:
        files = sorted((output_dir / lang / sub).glob("line_completion_*.jsonl"))
        if not files:
            continue
        variants = {retriever_name(f): list(_read_jsonl(f)) for f in files}
        shared = common_examples(variants)
        results[lang] = {}
        for name, records in shared.items():
            results[lang][name] = recall_at_k(records, ks)
            results[lang][name]["not_in_every_variant"] = len(variants[name]) - len(records)
        if GRAPH in shared:
            comparisons[lang] = {name: compare(shared[GRAPH], records, ks) for name, records in shared.items() if name != GRAPH}
    report: dict = {"ks": list(ks), "criterion": (item_contains.__doc__ or "").split("\n")[0].strip(), "results": results,
              "comparisons": comparisons, "split": split or C.CROSS_FILE_FIRST}
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
    rows = [("same examples", "examples", "d"), ("not in every variant", "not_in_every_variant", "d"), ("with gold", "with_gold", "d"), *[(f"recall@{k}", f"recall@{k}", ".3f") for k in ks],
            (f"file recall@{ks[-1]}", f"file_recall@{ks[-1]}", ".3f"), ("gold in context", "gold_in_context", ".3f")]
    console = Console()
    console.print("Retrieval: share of examples whose context contains the gold definition", soft_wrap=True)
    for lang, by_retriever in report["results"].items():
        table = Table(title=lang, title_justify="left")
        table.add_column("metric", no_wrap=True, min_width=max(len(r[0]) for r in rows))
        for name in by_retriever:
            table.add_column(name, justify="right", no_wrap=True, min_width=len(name))
        for label, key, fmt in rows:
            table.add_row(label, *[format(r.get(key, 0), fmt) for r in by_retriever.values()])
        console.print(table)
        comparisons = report.get("comparisons", {}).get(lang, {})
        if comparisons:
            # example by example: how many gold definitions only the graph retriever ranks in the
            # top k, and how many only the other one does
            duel = Table(title=f"{lang}: graph vs each, only graph / only other", title_justify="left")
            duel.add_column("retriever", no_wrap=True)
            duel.add_column("examples", justify="right", no_wrap=True)
            for k in ks:
                duel.add_column(f"@{k}", justify="right", no_wrap=True)
            for other, c in comparisons.items():
                duel.add_row(other, str(c["examples"]), *[f"{c[f'@{k}']['only_a']} / {c[f'@{k}']['only_b']}" for k in ks])
            console.print(duel)


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


__all__ = ["common_examples", "compare", "item_contains", "recall_at_k", "retrieval_report", "retriever_name", "task_id"]
