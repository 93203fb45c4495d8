"""Dataset cards: the README.md next to a language's output and the one on the Hub.

Cards are built with ``huggingface_hub.DatasetCardData`` (metadata the Hub validates: license,
size_categories, task_categories, language) plus ``datasets``' own helpers for ``configs`` and
``dataset_info``. ``dataset_info`` carries each configuration's Features, so ``datasets`` uses
our schema instead of inferring one from JSON: the baseline file's empty context lists would
otherwise be inferred as ``List(null)`` and the configurations would not concatenate.

The body says how the data was built, what every field means (including the base of every
line number: CrossCodeEval's ``metadata.*_lineno`` are 0-based, our ``crossfile_usages`` lines
are 1-based), CrossCodeEval's Table 1 statistics, every drop count, the repositories that
failed, and links a plot of prompt and reference lengths (PNG next to the card).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Iterable

import datasets
from datasets.info import DatasetInfo, DatasetInfosDict
from datasets.utils.metadata import MetadataConfigs
from huggingface_hub import DatasetCard, DatasetCardData

from crossfile_datasets.core import toolchain
from crossfile_datasets.core.reasons import lookup

SPLIT = "test"
PLOT = "lengths.png"
TASK_CATEGORIES = ["text-generation"]
TAGS = ["code", "code-completion", "crossfile-datasets"]

# License ids the Hub knows, keyed by lower-cased SPDX id (https://huggingface.co/docs/hub/repositories-licenses)
HUB_LICENSES = {
    "mit": "mit", "apache-2.0": "apache-2.0", "bsd-2-clause": "bsd-2-clause", "bsd-3-clause": "bsd-3-clause",
    "bsd-3-clause-clear": "bsd-3-clause-clear", "gpl-2.0": "gpl-2.0", "gpl-3.0": "gpl-3.0", "lgpl-2.1": "lgpl-2.1",
    "lgpl-3.0": "lgpl-3.0", "agpl-3.0": "agpl-3.0", "mpl-2.0": "mpl-2.0", "isc": "isc", "unlicense": "unlicense",
    "cc0-1.0": "cc0-1.0", "bsl-1.0": "bsl-1.0", "epl-1.0": "epl-1.0", "epl-2.0": "epl-2.0", "zlib": "zlib",
    "artistic-2.0": "artistic-2.0", "ms-pl": "ms-pl", "postgresql": "postgresql", "ecl-2.0": "ecl-2.0",
    "afl-3.0": "afl-3.0", "osl-3.0": "osl-3.0", "wtfpl": "wtfpl", "unknown": "unknown",
}

FIELDS = [
    ("prompt", "string", "The file's text before the cursor (CrossCodeEval `prompt`)."),
    ("groundtruth", "string", "The reference completion: the rest of the statement at the cursor."),
    ("right_context", "string", "The file's text after the reference."),
    ("crossfile_context.text", "string", "Retrieved cross-file context rendered as a comment block ('' in the baseline)."),
    ("crossfile_context.list[]", "list", "Retrieved chunks: `retrieved_chunk`, `filename`, `score`, `lines` "
     "(**1-based** line numbers in `filename`); empty in the baseline configuration."),
    ("crossfile_context.ranked[]", "list", "Every snippet the retriever ranked, before the token budget cut: "
     "`filename`, `score`, `lines` (**1-based**); re-render any budget from the `snapshot`'s files."),
    ("metadata.task_id / repository / file", "string", "Example id, repository name, file path in the repository."),
    ("metadata.context_start_lineno", "int32", "**0-based** line of the prompt's first line (CrossCodeEval convention)."),
    ("metadata.groundtruth_start_lineno", "int32", "**0-based** line where the reference starts (CrossCodeEval convention)."),
    ("metadata.right_context_start_lineno", "int32", "**0-based** line where `right_context` starts (CrossCodeEval convention)."),
    ("metadata.model_filter", "struct", "CrossCodeEval's model filter: `model` and its `completion` without cross-file context (empty strings when the filter did not run)."),
    ("language", "string", "python, java, typescript or csharp."),
    ("repository_url / commit / license", "string", "Provenance: public URL (or folder name), commit, SPDX license id."),
    ("snapshot", "string", "`sha256:` hash over the repository files the example was built from; with `--snapshots` "
     "the `<lang>_snapshots` configuration holds those files (`snapshot`, `repository`, `path`, `content`, `sha256`)."),
    ("crossfile_usages[]", "list", "Every cross-file name the reference uses, proven by the checker: `imported_name`, "
     "`member`, `line` (**1-based**), `column` (**0-based**), `definition_file`, `definition_span` "
     "(`start_line`/`end_line` **1-based**, columns **0-based**), `definition_node`, `tool`, `code`, `message`."),
    ("num_prompt_tokens / num_groundtruth_tokens", "int32", "Lengths in StarCoder tokens."),
    ("is_test_file", "bool", "The example's file is a test file by the language's conventions."),
]


def hub_license(values: Iterable[str]) -> dict:
    """Card license fields from the records' SPDX ids: one Hub id or a list of them; ids the Hub
    does not list (BSD-4-Clause, compound SPDX expressions) become ``other`` with their names in
    ``license_name`` (joined by ``-or-``), next to the ids it does list."""
    found = sorted({(v or "unknown").strip() for v in values} or {"unknown"})
    known = sorted({HUB_LICENSES[v.lower()] for v in found if v.lower() in HUB_LICENSES})
    unknown = [re.sub(r"[^a-z0-9.]+", "-", v.lower()).strip("-") for v in found if v.lower() not in HUB_LICENSES]
    if not unknown:
        return {"license": known[0] if len(known) == 1 else known}
    return {"license": known + ["other"] if known else "other", "license_name": LICENSE_NAME_SEPARATOR.join(unknown)[:100]}


LICENSE_NAME_SEPARATOR = "-or-"


def size_category(n: int) -> str:
    """The Hub's ``size_categories`` bucket of ``n`` examples."""
    for limit, name in ((1_000, "n<1K"), (10_000, "1K<n<10K"), (100_000, "10K<n<100K"), (1_000_000, "100K<n<1M"),
                        (10_000_000, "1M<n<10M")):
        if n < limit:
            return name
    return "10M<n<100M"


def length_plot(records: list[dict], path: Path, title: str) -> bool:
    """Histograms of prompt and reference lengths (StarCoder tokens) as a PNG; False without records."""
    if not records:
        return False
    try:
        import matplotlib
    except ImportError:  # an optional extra (the report's); the card says the plot is missing
        return False

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(9, 3.2))
    for ax, key, label in ((axes[0], "num_prompt_tokens", "prompt"), (axes[1], "num_groundtruth_tokens", "reference")):
        values = [r[key] for r in records]
        ax.hist(values, bins=min(40, max(5, len(values) // 3)), color="#4C72B0")
        ax.set_xlabel(f"{label} length (StarCoder tokens)")
        ax.set_ylabel("examples")
    fig.suptitle(title)
    fig.tight_layout()
    path.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return True


def _table(rows: Iterable[tuple], header: tuple[str, str] = ("reason", "count")) -> str:
    lines = [f"| {header[0]} | {header[1]} |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(lines if len(lines) > 2 else lines + [f"| (none) | {'0' if header[1] == 'count' else ''} |"])


def field_table() -> str:
    return "\n".join(["| field | type | meaning |", "|---|---|---|"] + [f"| `{f}` | {t} | {m} |" for f, t, m in FIELDS])


def language_section(lang: str, stats: dict, level: int = 1, plot: str | None = PLOT) -> str:
    """The body text for one language: method, Table 1 statistics, drops, failures, fields."""
    h = "#" * level
    failed = [(r["repository"], f"{r.get('reason', 'failed')}: {r.get('error', '')}".rstrip(": "))
              for r in stats.get("failed_repositories", [])] or \
             [(r["repository"], r.get("error", "")) for r in stats.get("per_repository", []) if r.get("status") == "failed"]
    # keyed stage/reason: stages share reason names (checker_crash of a file and of a project)
    skipped = {f"{stage}/{reason}": n for stage in ("files", "projects", "repositories")
               for reason, n in stats.get(f"skipped_{stage}", {}).items()}
    parts = [
        f"{h} Cross-file code completion — {lang}",
        "",
        "Built with crossfile-datasets following CrossCodeEval: a cursor is placed in a statement "
        "whose reference completion uses a name defined in another file of the same repository. "
        "That use is proven by the language's real checker: the import is stubbed, the file is "
        "re-checked, and only the new 'undefined name' diagnostics count. Retrieval variants add "
        "cross-file context (BM25 on the last lines of the prompt, BM25 with the reference "
        "(oracle), and the repository's definition graph).",
        "",
        f"{h}# Statistics (CrossCodeEval Table 1)",
        "",
        _table([("repositories", stats["repositories"]),
                ("repositories with examples", stats.get("repositories_with_examples", "")),
                ("files", stats["files"]), ("examples", stats["examples"]),
                ("avg. lines in prompt", stats["avg_prompt_lines"]), ("avg. tokens in prompt", stats["avg_prompt_tokens"]),
                ("avg. lines in reference", stats["avg_reference_lines"]),
                ("avg. tokens in reference", stats["avg_reference_tokens"]),
                ("cross-file usages detected", stats["usages_detected"]),
                ("examples from test files (`is_test_file`)", stats.get("examples_from_test_files", 0))],
               ("statistic", "value")),
        "",
        "Token counts use the StarCoder tokenizer.",
        "",
        _model_filter_line(stats.get("model_filter")),
    ]
    if plot:
        parts += ["", f"![Prompt and reference lengths]({plot})"]
    elif stats.get("examples"):
        parts += ["", f"(No length plot: {toolchain.missing_extra('matplotlib', 'the plot')}.)"]
    if stats.get("splits"):
        parts += ["", f"{h}# Splits (RepoBench)", "",
                  "`cross_file_first` is CrossCodeEval's (the `test` split, the examples above); `cross_file_random` "
                  "completes a seeded random later use of a cross-file entity; `in_file` is a control: lines the "
                  "checker proves hold no cross-file use, anchored on a name the file defines. Same cursor rule, "
                  "filters and Features for all three; reasons are counted per split.", "",
                  "| split | examples | dropped or left out, by reason |", "|---|---|---|",
                  *[f"| `{name}` | {part['examples']} | "
                    + (", ".join(f"{reason} {n}" for reason, n in sorted(part.get("dropped_examples", {}).items())) or "none")
                    + " |" for name, part in stats["splits"].items()]]
    parts += [
        "", f"{h}# Dropped examples by reason", "", _table(sorted(stats.get("dropped_examples", {}).items())),
        "", f"{h}# Skipped files, projects and repositories by reason", "", _table(sorted(skipped.items())),
        "", f"{h}# Failed repositories", "",
        _table([(name, error.replace("|", "\\|")) for name, error in failed], ("repository", "reason: error")),
    ]
    parts += _losses_section(stats, h)
    return "\n".join(parts)


def _losses_section(stats: dict, h: str) -> list[str]:
    """Every loss (input that should have produced data and did not because something failed or
    is not supported), with its declared meaning; rules and notes are in the tables above and in
    stats.json's ``reasons_by_kind``."""
    by_kind = stats.get("reasons_by_kind")
    if by_kind is None:
        return []
    rows = [f"| `{key}` | {n} | {(lookup(key).meaning if lookup(key) else '')} |"
            for key, n in sorted(by_kind.get("loss", {}).items())]
    out = ["", f"{h}# Losses by reason", "",
           "Inputs that should have produced data and did not, because a tool failed or a construct is "
           "not supported (reasons left out on purpose by a rule are counted above).", "",
           "| stage/reason | count | meaning |", "|---|---|---|", *(rows or ["| (none) | 0 | |"])]
    if by_kind.get("unregistered"):
        out += ["", "Counted under reasons this version does not declare: "
                + ", ".join(f"`{k}` ({n})" for k, n in sorted(by_kind["unregistered"].items())) + "."]
    return out


def _model_filter_line(settings: dict | None) -> str:
    """Whether CrossCodeEval's model filter ran, with which model (builders/completion/model_filter.py)."""
    if not settings:
        return ("CrossCodeEval's model filter was not run (`--model-filter`): no example was removed for "
                "being predictable without cross-file context.")
    return (f"CrossCodeEval's model filter ran with `{settings.get('served_name') or settings['model']}`: examples it "
            f"completed exactly without cross-file context (greedy, {settings.get('max_new_tokens')} new tokens, "
            f"the prompt's last {settings.get('prompt_tokens')} tokens) were dropped as `predictable_without_context`; "
            "each kept example records the model's completion in `metadata.model_filter`.")


def fields_section(level: int = 1) -> str:
    h = "#" * level
    return "\n".join([f"{h} Fields", "", field_table(), "",
                      "Licenses are those of the source repositories (`license` per example); check them before "
                      "redistribution."])


def card_data(configs: MetadataConfigs, infos: DatasetInfosDict, licenses: Iterable[str], examples: int,
              pretty_name: str, default: str | None) -> DatasetCardData:
    """Card metadata with ``configs`` (``default`` marked) and ``dataset_info`` from ``datasets``."""
    data = DatasetCardData(language=["code"], task_categories=TASK_CATEGORIES, size_categories=[size_category(examples)],
                           pretty_name=pretty_name, tags=TAGS, **hub_license(licenses))
    configs = MetadataConfigs({name: {k: v for k, v in cfg.items() if k != "default"} for name, cfg in configs.items()})
    if default in configs:
        configs[default]["default"] = True
    configs.to_dataset_card_data(data)
    infos.to_dataset_card_data(data)
    return data


def local_card(lang: str, stats: dict, records: list[dict], files: dict[str, str], features: datasets.Features,
               out_dir: Path) -> str:
    """The card of ``<output>/<lang>``: one configuration per JSONL file (``files``: config -> file name),
    the first one the default, each with the split's Features; writes the length plot next to it."""
    # a configuration's value: one file (the ``test`` split), or split name -> file
    configs = MetadataConfigs({name: {"data_files": [{"split": split, "path": path} for split, path in _by_split(entry).items()]}
                               for name, entry in files.items()})
    infos = DatasetInfosDict({name: DatasetInfo(features=features, config_name=name) for name in files})
    has_plot = length_plot(records, Path(out_dir) / PLOT, f"{lang}: {len(records)} examples")
    data = card_data(configs, infos, [r.get("license") for r in records] or ["unknown"], len(records),
                     f"Cross-file code completion ({lang})", next(iter(files), None))
    body = "\n\n".join([language_section(lang, stats, 1, PLOT if has_plot else None), fields_section(2),
                        _configs_table({n: len(records) for n in files}, 2), _loading_section(lang, files)])
    return str(DatasetCard(f"---\n{data.to_yaml()}\n---\n\n{body}\n"))


def _by_split(entry: "str | dict[str, str]") -> dict[str, str]:
    return {SPLIT: entry} if isinstance(entry, str) else dict(entry)


def _loading_section(lang: str, files: dict) -> str:
    """How to load this folder: the card's configs and Features do the work."""
    splits = [split for split in _by_split(next(iter(files.values()), "")) if split != SPLIT]
    files = {name: _by_split(entry)[SPLIT] for name, entry in files.items()}
    variant = next((f for f in list(files.values())[1:]), None)
    lines = ["## Loading", "", "```python", "import datasets", "",
             f'base = datasets.load_dataset("OUTPUT/{lang}", split="{SPLIT}")  # the default configuration']
    if variant:
        name = list(files)[1]
        lines += [f'{name} = datasets.load_dataset("OUTPUT/{lang}", "{name}", split="{SPLIT}")',
                  f"both = datasets.concatenate_datasets([base, {name}])  # one schema for every file", "",
                  "# the raw JSON files together: JSON cannot type the baseline's empty context lists,",
                  "# so give the card's Features",
                  f'features = datasets.load_dataset_builder("OUTPUT/{lang}").info.features',
                  f'datasets.load_dataset("json", data_files=["OUTPUT/{lang}/{next(iter(files.values()))}", '
                  f'"OUTPUT/{lang}/{variant}"], features=features)']
    if splits:
        lines += ["", "# the RepoBench-style splits (every configuration has them; `test` is cross_file_first)"]
        lines += [f'{split} = datasets.load_dataset("OUTPUT/{lang}", split="{split}")' for split in splits]
    lines += ["```", "", "`OUTPUT/" + lang + "/dataset` is the same default configuration saved with "
              "`save_to_disk` (`datasets.load_from_disk`)."]
    return "\n".join(lines)


def _configs_table(counts: dict[str, int], level: int) -> str:
    return "\n".join([f"{'#' * level} Configurations", "", "| configuration | examples |", "|---|---|"]
                     + [f"| `{c}` | {n} |" for c, n in counts.items()])


# Hub card: one section per language between markers, so a later push of another language keeps it
_SECTION = re.compile(r"<!-- crossfile:section (?P<name>[\w.-]+) -->\n(?P<body>.*?)\n<!-- /crossfile:section -->", re.S)


def read_sections(text: str) -> dict[str, str]:
    return {m["name"]: m["body"] for m in _SECTION.finditer(text or "")}


_EXTRA_ROW = re.compile(r"^\| `(?P<path>[^`]+)` \| (?P<desc>.*) \|$", re.M)


def read_extras(text: str) -> list[tuple[str, str]]:
    """The "Other files" rows of a Hub card written by :func:`hub_card`."""
    start = (text or "").find("## Other files")
    if start < 0:
        return []
    end = text.find("\n#", start + 3)
    end = text.find("<!-- crossfile:section", start) if end < 0 else end
    return [(m["path"], m["desc"]) for m in _EXTRA_ROW.finditer(text[start:end if end > 0 else None])]


def hub_card(repo_id: str, data: DatasetCardData, sections: dict[str, str], counts: dict[str, int],
             extras: list[tuple[str, str]]) -> str:
    """The whole Hub card: how to load, configurations, one section per language (kept across pushes), fields."""
    parts = [
        f"# {repo_id}",
        "",
        "Repository-level code completion benchmarks (CrossCodeEval method) built with crossfile-datasets. "
        f"Load a configuration with `datasets.load_dataset(\"{repo_id}\", \"<configuration>\", split=\"{SPLIT}\")`; "
        "all completion configurations of a language share one schema, so they concatenate.",
        "",
        _configs_table(counts, 2),
    ]
    if extras:
        parts += ["", "## Other files", "", "| path | content |", "|---|---|"] + [f"| `{p}` | {d} |" for p, d in extras]
    for name in sorted(sections):
        parts += ["", f"<!-- crossfile:section {name} -->\n{sections[name].strip()}\n<!-- /crossfile:section -->"]
    parts += ["", fields_section(2)]
    return f"---\n{data.to_yaml()}\n---\n\n" + "\n".join(parts) + "\n"


__all__ = ["FIELDS", "PLOT", "card_data", "field_table", "hub_card", "hub_license", "language_section", "length_plot",
           "local_card", "read_extras", "read_sections", "size_category"]
