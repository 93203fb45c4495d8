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

import importlib.metadata
import json
import re
from pathlib import Path
from typing import Iterable

from datasets.info import DatasetInfo, DatasetInfosDict
from datasets.splits import SplitDict, SplitInfo
from datasets.utils.metadata import MetadataConfigs
from huggingface_hub import DatasetCard, DatasetCardData

from crossfile_datasets.core import toolchain
from crossfile_datasets.core.reasons import lookup

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
    ("repository_url / commit / license", "string", "Provenance: public URL (or folder name), commit (empty for a folder that is not a git checkout: `snapshot_sha256` identifies its sources), SPDX license id."),
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
                  "`cross_file_first` is CrossCodeEval's (the examples above); `cross_file_random` "
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
        _table([(cell(name), cell(error)) for name, error in failed], ("repository", "reason: error")),
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
    rows = [f"| `{key}` | {n} | {(reason.meaning if (reason := lookup(key)) else '')} |"
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
    # the served name is the endpoint's answer (red team 5, row 7): a code span it cannot close
    return (f"CrossCodeEval's model filter ran with {code(settings.get('served_name') or settings['model'])}: examples it "
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


def configs_and_infos(specs: Iterable, prefix: bool = False, with_splits: bool = False
                      ) -> tuple[MetadataConfigs, DatasetInfosDict]:
    """``configs`` (data files per split) and ``dataset_info`` (Features) of configuration specs
    (``builders/publish.py``); ``prefix``: paths from the output folder instead of the language's."""
    configs = MetadataConfigs()
    infos = DatasetInfosDict()
    for spec in specs:
        files = {split: (f"{spec.lang}/{path}" if prefix else path) for split, path in spec.files.items()}
        configs[spec.name] = {"data_files": [{"split": split, "path": path} for split, path in files.items()]}
        splits = None
        if with_splits:
            splits = SplitDict()
            for split, n in spec.counts.items():
                splits.add(SplitInfo(name=split, num_examples=n))
        infos[spec.name] = DatasetInfo(features=spec.features, config_name=spec.name, splits=splits)
    return configs, infos


KIND_NAMES = {"completion": "cross-file code completion (CrossCodeEval method, RepoBench splits)",
              "executable": "executable function generation (RepoExec method)",
              "class": "class-level generation (RepoClassBench method)",
              "instruct": "instruction-tuning data (functions with their repository context)",
              "snapshots": "the repository files the completion examples were built from"}


def _spec_rows(specs: Iterable) -> list[str]:
    rows = ["| configuration | content | split | examples |", "|---|---|---|---|"]
    for spec in specs:
        for split, n in spec.counts.items():
            rows.append(f"| `{spec.name}` | {KIND_NAMES.get(spec.kind, spec.kind)} | `{split}` | {n} |")
    return rows


# Text of a repository (its origin URL, an error naming its files) reaches the card's tables:
# every markdown character that could start a link, an image, HTML, code or emphasis is
# backslash-escaped (CommonMark: any ASCII punctuation may be), control characters (a line end
# in a git config value) become spaces. A URL made only of _URL_CHARS is written as it is.
_MARKDOWN_SPECIALS = frozenset("\\`*_[]()<>!|~&$")
_URL_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#@%+=,;")


# characters a cell shows as a blank: C0 and C1 controls, DEL, the line and paragraph separators
# and Unicode's bidirectional controls (Bidi_Control: U+061C, U+200E-F, U+202A-E, U+2066-9), with
# which a checkout's origin URL could reorder what the Repositories table displays
_BLANKED = frozenset([*map(chr, range(0x20)), *map(chr, range(0x7F, 0xA0)), "\u061c", "\u200e", "\u200f",
                      "\u2028", "\u2029", *map(chr, range(0x202A, 0x202F)), *map(chr, range(0x2066, 0x206A))])


def cell(text: object) -> str:
    """``text`` as the literal content of one markdown table cell (red team 2, row 5): markdown
    specials escaped, controls (bidirectional ones included) turned into blanks."""
    return "".join("\\" + ch if ch in _MARKDOWN_SPECIALS else " " if ch in _BLANKED else ch
                   for ch in str(text))


def code(text: object, table: bool = False) -> str:
    """``text`` as one markdown code span its content cannot close (red team 5, row 7: a model
    endpoint's served name holding a backtick closed the card's span and put an image there):
    the fence is one backtick longer than the longest run of backticks in the text (CommonMark
    closes a span only on a run of the same length), padded by a blank when the text starts or
    ends with a backtick; controls become blanks (a blank line would end the paragraph). In a
    table cell (``table``) a ``|`` is escaped, which GFM's table parser undoes inside spans."""
    text = "".join(" " if ch in _BLANKED else ch for ch in str(text))
    fence = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    if table:
        text = text.replace("|", "\\|")
    return f"{fence}{pad}{text}{pad}{fence}"


def url_cell(url: str) -> str:
    """A repository URL for a card cell: as it is when it is a plain URL (a scheme, ``://``, and
    only letters, digits and ``-._~:/?#@%+=,;``: no blank, bracket, parenthesis or markup), else
    escaped as text (a checkout's origin URL is the sender's: ``https://host/a/b ![x](https://
    tracker/pixel.png)`` was rendered as an image fetched from any server)."""
    scheme, sep, rest = url.partition("://")
    plain = bool(sep and rest and scheme[:1].isalpha() and all(c in _URL_CHARS for c in url)
                 and all(c.isalnum() or c in "+.-" for c in scheme))
    return url if plain else cell(url)


def _repository_rows(rows: dict[str, dict], with_language: bool = False) -> list[str]:
    kinds = [k for k in ("completion", "executable", "class", "instruct") if any(k in r["splits"] for r in rows.values())]
    head = (["language"] if with_language else []) + ["repository", "URL", "commit", "license"] + kinds
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for _, row in sorted(rows.items()):
        commit = str(row["commit"] or "")
        cells = ([cell(row.get("language", ""))] if with_language else []) + [
            cell(row["repository"]), url_cell(row["url"]) if row["url"] else "(local folder)",
            (f"`{commit}`" if all(c in "0123456789abcdef" for c in commit) else cell(commit)) if commit
            else "(not a git checkout)",
            cell(row["license"] or "unknown")] + [cell(row["splits"].get(k, "")) for k in kinds]
        out.append("| " + " | ".join(cells) + " |")
    return out if rows else out + ["| (none) |" + " |" * (len(head) - 1)]


def repositories_section(lang: str, repositories: dict[str, dict], level: int = 2) -> str:
    """The repositories of one language with URL, commit, license and what each split took."""
    return "\n".join([f"{'#' * level} Repositories — {lang}", "", *_repository_rows(repositories)])


def _settings_rows(settings: dict) -> list[str]:
    out = ["| split | setting | value |", "|---|---|---|"]
    for kind, values in settings.items():
        for key, value in sorted(values.items()):
            # a value may quote the model endpoint's served name (``model_filter``): a closed span
            out.append(f"| {cell(kind)} | {code(key, table=True)} | {code(json.dumps(value, sort_keys=True), table=True)} |")
    return out if settings else out + ["| (not recorded) | | |"]


def tool_version() -> str:
    try:
        return importlib.metadata.version("crossfile-datasets")
    except importlib.metadata.PackageNotFoundError:  # run from a source tree that is not installed
        return "unknown"


CITATION = """```bibtex
@software{crossfile_datasets,
  title  = {crossfile-datasets: repository-level code benchmarks built from real repositories},
  note   = {version %s},
}
@inproceedings{ding2023crosscodeeval,
  title     = {CrossCodeEval: A Diverse and Multilingual Benchmark for Cross-File Code Completion},
  author    = {Ding, Yangruibo and Wang, Zijian and Ahmad, Wasi Uddin and Ding, Hantian and Tan, Ming and
               Jain, Nihal and Ramanathan, Murali Krishna and Nallapati, Ramesh and Bhatia, Parminder and
               Roth, Dan and Xiang, Bing},
  booktitle = {Advances in Neural Information Processing Systems (Datasets and Benchmarks Track)},
  year      = {2023},
  eprint    = {2310.11248},
}
@inproceedings{liu2024repobench,
  title     = {RepoBench: Benchmarking Repository-Level Code Auto-Completion Systems},
  author    = {Liu, Tianyang and Xu, Canwen and McAuley, Julian},
  booktitle = {International Conference on Learning Representations},
  year      = {2024},
  eprint    = {2306.03091},
}
@article{hai2024repoexec,
  title   = {RepoExec: Evaluate Code Generation with a Repository-Level Executable Benchmark},
  author  = {Hai, Nam Le and Nguyen, Dung Manh and Bui, Nghi D. Q.},
  journal = {arXiv preprint arXiv:2406.11927},
  year    = {2024},
}
@article{deshpande2024classlevel,
  title   = {Class-Level Code Generation from Natural Language Using Iterative, Tool-Enhanced Reasoning over Repository},
  author  = {Deshpande, Ajinkya and Agarwal, Anmol and Shet, Shashank and Iyer, Arun and Kanade, Aditya and
             Bairi, Ramakrishna and Parthasarathy, Suresh},
  journal = {arXiv preprint arXiv:2405.01573},
  year    = {2024},
}
```"""


def citation_section(level: int = 2) -> str:
    return "\n".join([f"{'#' * level} Citation", "",
                      "Cite the tool and the method of each configuration you use (CrossCodeEval for completion, "
                      "RepoBench for `cross_file_random`/`in_file`, RepoExec for the executable split, RepoClassBench "
                      "for the class-level split):", "", CITATION % tool_version()])


def licenses_section(level: int = 2) -> str:
    return "\n".join([f"{'#' * level} Licenses", "",
                      "Every example comes from a repository under its own license (`license` per record, the "
                      "repositories table above): check it before redistribution. Token counts were made with the "
                      "StarCoder tokenizer (BigCode OpenRAIL-M v1), which is not part of this data."])


def _card_data(specs: list, licenses: Iterable[str], pretty_name: str, default: str | None,
               prefix: bool = False) -> DatasetCardData:
    configs, infos = configs_and_infos(specs, prefix=prefix)
    examples = sum(spec.examples for spec in specs if spec.kind != "snapshots" and spec.name == _base_name(spec))
    return card_data(configs, infos, licenses, examples, pretty_name, default)


def _base_name(spec) -> str:
    """The configuration that counts a split's examples once (not its retrieval variants)."""
    return spec.lang if spec.kind == "completion" else spec.name


def language_card(lang: str, specs: list, sections: dict[str, str], repositories: dict[str, dict], settings: dict,
                  plot: bool = False) -> str:
    """The card of ``<output>/<lang>``: every configuration of every split built there (the
    completion base is the default), each split's section, the repositories, the settings."""
    default = specs[0].name
    licenses = [row["license"] or "unknown" for row in repositories.values()] or ["unknown"]
    data = _card_data(specs, licenses, f"Repository-level code benchmarks ({lang})", default)
    first = specs[0]
    split = next(iter(first.files))
    loading = ["```python", "import datasets", "",
               f'ds = datasets.load_dataset("OUTPUT/{lang}", "{first.name}")  # every split of the default configuration',
               *[f'{spec.name} = datasets.load_dataset("OUTPUT/{lang}", "{spec.name}", split="{next(iter(spec.files))}")'
                 for spec in specs[1:]],
               "```", "",
               f"`OUTPUT/{lang}/dataset` (and `executable_dataset`, `class_dataset`) are the same data saved with "
               "`save_to_disk` (`datasets.load_from_disk`). The completion JSONL files alone cannot type the "
               "baseline's empty context lists: load them through this card (above), or give its Features "
               f'(`datasets.load_dataset_builder("OUTPUT/{lang}").info.features`) to `load_dataset("json", ...)`.']
    body = [f"# Repository-level code benchmarks — {lang}", "",
            f"Built with crossfile-datasets {tool_version()} from {len(repositories)} repositories. "
            f'`datasets.load_dataset("OUTPUT/{lang}", "<configuration>", split="<split>")` loads any row below '
            f'(`split="{split}"` of `{first.name}` is the default).', "",
            "## Configurations", "", *_spec_rows(specs), "", "## Loading", "", *loading]
    for kind in ("completion", "executable", "class", "instruct"):
        if sections.get(kind):
            body += ["", _demote(sections[kind].strip())]
    body += ["", "## Repositories", "", *_repository_rows(repositories), "",
             "## Build settings", "", *_settings_rows(settings)]
    if any(spec.kind == "completion" for spec in specs):
        body += ["", fields_section(2)]
    body += ["", citation_section(2), "", licenses_section(2)]
    return str(DatasetCard(f"---\n{data.to_yaml()}\n---\n\n" + "\n".join(body) + "\n"))


def _demote(section: str) -> str:
    """A section written at level 1 (``# ...``) or 2 placed under the card's level-2 headings."""
    if section.startswith("# "):
        return re.sub(r"^(#+) ", lambda m: "#" + m.group(1) + " ", section, flags=re.M)
    return section


def output_card(every: dict[str, list], repositories: dict[str, dict]) -> str:
    """The card of an output folder: every language's configurations (paths from the folder), no
    default, so ``load_dataset(OUTPUT)`` asks for a configuration instead of mixing languages."""
    specs = [spec for lang in every for spec in every[lang]]
    licenses = [row["license"] or "unknown" for row in repositories.values()] or ["unknown"]
    data = _card_data(specs, licenses, "Repository-level code benchmarks", None, prefix=True)
    example = specs[0]
    body = ["# Repository-level code benchmarks", "",
            f"Built with crossfile-datasets {tool_version()}: {', '.join(every)}. Each language folder has its own "
            "card with the statistics, drop reasons and settings of every split.", "",
            "```python", "import datasets", "",
            f'ds = datasets.load_dataset("OUTPUT", "{example.name}")  # one configuration: a language and a split kind',
            "# datasets.load_dataset(\"OUTPUT\") without a configuration name lists the configurations",
            "```", "", "## Configurations", "", *_spec_rows(specs), "",
            "## Repositories", "", *_repository_rows(repositories, with_language=True), "",
            citation_section(2), "", licenses_section(2)]
    return str(DatasetCard(f"---\n{data.to_yaml()}\n---\n\n" + "\n".join(body) + "\n"))


# Hub card: one section per language between markers, so a later push of another language keeps it
_SECTION_OPEN = re.compile(r"<!-- crossfile:section (?P<name>[\w.-]+) -->\n")
_SECTION_CLOSE = "\n<!-- /crossfile:section -->"


def read_sections(text: str) -> dict[str, str]:
    """{name: body} of the card's sections, in one pass: each opening marker, then the first
    closing marker after it, the search going on after that closing marker (what a lazy
    ``<open>(.*?)<close>`` pattern matched, without rescanning the rest of the text for every
    opening left unclosed: the remote card is another writer's text, and 30,000 opened markers
    held the push for minutes; red team 2026-11-28f row 7). An opening without a closing ends the
    search: no later opening has one either."""
    text = text or ""
    out: dict[str, str] = {}
    pos = 0
    while True:
        opening = _SECTION_OPEN.search(text, pos)
        if opening is None:
            return out
        closing = text.find(_SECTION_CLOSE, opening.end())
        if closing < 0:
            return out
        out[opening["name"]] = text[opening.end():closing]
        pos = closing + len(_SECTION_CLOSE)


_EXTRA_ROW = re.compile(r"^\| `(?P<path>[^`]+)` \| (?P<desc>.*) \|$", re.M)


def read_extras(text: str) -> list[tuple[str, str]]:
    """The "Other files" rows of a Hub card written by :func:`hub_card`."""
    start = (text or "").find("## Other files")
    if start < 0:
        return []
    end = text.find("\n#", start + 3)
    end = text.find("<!-- crossfile:section", start) if end < 0 else end
    return [(m["path"], m["desc"]) for m in _EXTRA_ROW.finditer(text[start:end if end > 0 else None])]


def hub_card(repo_id: str, data: DatasetCardData, sections: dict[str, str], counts: dict[str, dict[str, int]],
             extras: list[tuple[str, str]], repositories: dict[str, dict] | None = None) -> str:
    """The whole Hub card: how to load, configurations, one section per language (kept across
    pushes), the repositories, fields and citation."""
    parts = [
        f"# {repo_id}",
        "",
        "Repository-level code benchmarks (CrossCodeEval, RepoBench, RepoExec and RepoClassBench methods) built "
        f"with crossfile-datasets. Load a configuration with `datasets.load_dataset(\"{repo_id}\", "
        "\"<configuration>\", split=\"<split>\")`; all completion configurations of a language share one schema "
        "and the splits `cross_file_first`, `cross_file_random` and `in_file`.",
        "",
        "## Configurations", "", "| configuration | split | examples |", "|---|---|---|",
        *[f"| `{name}` | `{split}` | {n} |" for name, splits in counts.items() for split, n in splits.items()],
    ]
    if extras:
        parts += ["", "## Other files", "", "| path | content |", "|---|---|"] + [f"| `{p}` | {d} |" for p, d in extras]
    for name in sorted(sections):
        parts += ["", f"<!-- crossfile:section {name} -->\n{sections[name].strip()}\n<!-- /crossfile:section -->"]
    parts += ["", fields_section(2), "", citation_section(2), "", licenses_section(2)]
    return f"---\n{data.to_yaml()}\n---\n\n" + "\n".join(parts) + "\n"


__all__ = ["FIELDS", "PLOT", "card_data", "citation_section", "configs_and_infos", "field_table", "hub_card",
           "hub_license", "language_card", "repositories_section", "language_section", "length_plot", "output_card", "read_extras",
           "read_sections", "size_category", "tool_version"]
