"""What an output folder publishes: every configuration of every split, found in one place.

Why it exists: a language's card (``<output>/<lang>/README.md``), the output folder's card
(``<output>/README.md``) and the Hub push must offer the same configurations, with the same
split names and Features. Before, each split wrote its own (or no) card, the Hub had configs the
local card did not list, and a split was called ``test`` in one place and ``cross_file_first``
in another. Here one table of the output layout (:data:`LAYOUT`) turns a language folder into
:class:`ConfigSpec` s; :func:`write_cards` renders both cards from them and ``builders/hub.py``
pushes them.

Split names, chosen once (RepoBench v1.1, RepoExec, RepoClassBench):

- completion (``<lang>`` and one ``<lang>_<retrieval variant>`` per variant file):
  ``cross_file_first``, ``cross_file_random``, ``in_file``;
- executable (``python_executable``): ``full_context``, ``medium_context``, ``small_context``;
- class-level (``<lang>_class``): ``test``; instruct (``python_instruct``): ``train``;
  repository files (``<lang>_snapshots``, ``--snapshots``): ``files``.
"""

from __future__ import annotations

import contextlib
import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

import datasets

from crossfile_datasets.lang import Lang
from crossfile_datasets.core.constants import (
    CLASS_DATASET,
    CLASS_SPLIT,
    COMPLETION_DATASET,
    COMPLETION_SPLITS,
    CROSS_FILE_FIRST,
    EXECUTABLE_DATASET,
    EXECUTABLE_SPLITS,
    INSTRUCT_DATASET,
    INSTRUCT_SPLIT,
    SNAPSHOTS_DATASET,
    SNAPSHOTS_SPLIT,
    VARIANT_FILES,
)

BASE_FILE = "line_completion.jsonl"
# split files a rerun of an older version may have left: a saved completion dataset whose first
# split is still called ``test`` (read as cross_file_first, never written)
_LEGACY_FIRST = "test"


@dataclass(frozen=True)
class ConfigSpec:
    """One configuration of a language folder: its splits, their local data files and Features."""

    name: str  # python, python_rg1_bm25, python_executable, python_class, python_snapshots
    lang: str
    kind: str  # completion | executable | class | instruct | snapshots
    files: dict[str, str]  # split -> data file (JSONL) or Arrow glob, relative to the language folder
    features: datasets.Features
    counts: dict[str, int]  # split -> examples
    source: str = ""  # the saved dataset folder the splits load from ('' = the JSONL files, completion variants)

    @property
    def examples(self) -> int:
        return next(iter(self.counts.values()), 0)

    def dataset(self, folder: Path, split: str) -> datasets.Dataset:
        """The split as a ``datasets.Dataset`` with this configuration's Features."""
        if self.source:
            saved = datasets.load_from_disk(str(Path(folder) / self.source))
            if isinstance(saved, datasets.DatasetDict):
                return saved[_LEGACY_FIRST if split not in saved and split == CROSS_FILE_FIRST else split]
            return saved
        return jsonl_dataset(Path(folder) / self.files[split], self.features)


@contextlib.contextmanager
def quiet_datasets():
    """``datasets``' own progress bars off while a build saves its data (the build shows its own
    progress; a dozen "Saving the dataset" bars in between were noise), restored after."""
    was_enabled = datasets.utils.logging.is_progress_bar_enabled()
    datasets.disable_progress_bars()
    try:
        yield
    finally:
        if was_enabled:
            datasets.enable_progress_bars()


# ----------------------------------------------------------------------------- discovery --
def language_configs(folder: Path, lang: str) -> list[ConfigSpec]:
    """Every configuration a language folder holds, completion first (its base is the default)."""
    folder = Path(folder)
    specs: list[ConfigSpec] = []
    saved = _load(folder / COMPLETION_DATASET)
    if isinstance(saved, datasets.DatasetDict) and saved:
        parts = {split: saved[_LEGACY_FIRST if split == CROSS_FILE_FIRST and _LEGACY_FIRST in saved else split]
                 for split in COMPLETION_SPLITS if split in saved or (split == CROSS_FILE_FIRST and _LEGACY_FIRST in saved)}
        features = next(iter(parts.values())).features
        counts = {split: len(part) for split, part in parts.items()}

        def files(name: str) -> dict[str, str]:
            return {split: name if split == CROSS_FILE_FIRST else f"{split}/{name}" for split in parts}

        specs.append(ConfigSpec(lang, lang, "completion", files(BASE_FILE), features, counts, COMPLETION_DATASET))
        for method, name in VARIANT_FILES.items():
            if (folder / name).is_file():
                present = {s: f for s, f in files(name).items() if (folder / f).is_file()}
                specs.append(ConfigSpec(variant_config(lang, method), lang, "completion", present, features,
                                        {s: counts[s] for s in present}))
    saved = _load(folder / EXECUTABLE_DATASET)
    if isinstance(saved, datasets.DatasetDict) and saved:
        splits = [s for s in EXECUTABLE_SPLITS if s in saved]
        specs.append(ConfigSpec(f"{lang}_executable", lang, "executable",
                                {s: f"{EXECUTABLE_DATASET}/{s}/*.arrow" for s in splits}, saved[splits[0]].features,
                                {s: len(saved[s]) for s in splits}, EXECUTABLE_DATASET))
    saved = _load(folder / CLASS_DATASET)
    if isinstance(saved, datasets.Dataset):
        specs.append(ConfigSpec(f"{lang}_class", lang, "class", {CLASS_SPLIT: f"{CLASS_DATASET}/*.arrow"},
                                saved.features, {CLASS_SPLIT: len(saved)}, CLASS_DATASET))
    saved = _load(folder / INSTRUCT_DATASET)
    if isinstance(saved, datasets.DatasetDict) and INSTRUCT_SPLIT in saved:
        specs.append(ConfigSpec(f"{lang}_instruct", lang, "instruct",
                                {INSTRUCT_SPLIT: f"{INSTRUCT_DATASET}/{INSTRUCT_SPLIT}/*.arrow"},
                                saved[INSTRUCT_SPLIT].features, {INSTRUCT_SPLIT: len(saved[INSTRUCT_SPLIT])},
                                INSTRUCT_DATASET))
    saved = _load(folder / SNAPSHOTS_DATASET)
    if isinstance(saved, datasets.Dataset):
        specs.append(ConfigSpec(f"{lang}_snapshots", lang, "snapshots", {SNAPSHOTS_SPLIT: f"{SNAPSHOTS_DATASET}/*.arrow"},
                                saved.features, {SNAPSHOTS_SPLIT: len(saved)}, SNAPSHOTS_DATASET))
    return specs


def variant_config(lang: str, method: str) -> str:
    """``("python", "bm25")`` -> ``python_rg1_bm25`` (named after the variant's file)."""
    return f"{lang}_{Path(VARIANT_FILES[method]).stem[len('line_completion_'):]}"


def output_languages(output_dir: Path) -> list[str]:
    """The language folders of an output folder that hold at least one configuration."""
    return [lang.value for lang in Lang if (Path(output_dir) / lang.value).is_dir()
            and language_configs(Path(output_dir) / lang.value, lang.value)]


def _load(path: Path) -> datasets.Dataset | datasets.DatasetDict | None:
    if not (path / "dataset_info.json").is_file() and not (path / "dataset_dict.json").is_file():
        return None
    return datasets.load_from_disk(str(path))


def jsonl_dataset(path: Path, features: datasets.Features) -> datasets.Dataset:
    """A JSONL file as a dataset with exactly ``features``: keys the schema does not name are left
    out at every level (retrievers add diagnostics to their chunks), missing ones are null."""
    rows = []
    with Path(path).open(encoding="utf-8") as fh:
        rows = [_conform(json.loads(line), features) for line in fh if line.strip()]
    if not rows:
        return datasets.Dataset.from_dict({name: [] for name in features}, features=features)
    return datasets.Dataset.from_list(rows, features=features)


def _conform(value, feature):
    if isinstance(feature, (dict, datasets.Features)):
        value = value if isinstance(value, dict) else {}
        return {key: _conform(value.get(key), sub) for key, sub in feature.items()}
    if isinstance(feature, list) or isinstance(feature, (datasets.Sequence, getattr(datasets, "List", ()))):
        inner = feature[0] if isinstance(feature, list) else feature.feature
        return [_conform(item, inner) for item in (value or [])]
    if isinstance(feature, datasets.Value) and feature.dtype.startswith("float") and value is not None:
        return float(value)
    return value


# ---------------------------------------------------------------------------- provenance --
@dataclass
class Provenance:
    """Per repository, what every split of a language folder says of it (for the cards)."""

    rows: dict[str, dict] = field(default_factory=dict)

    def add(self, entry: dict, kind: str, produced: int | None) -> None:
        name = entry.get("repository") or entry.get("name") or ""
        if not name:
            return
        row = self.rows.setdefault(name, {"repository": name, "url": "", "commit": "", "license": "", "splits": {}})
        for key in ("url", "commit", "license"):
            row[key] = row[key] or str(entry.get(key) or entry.get(f"repository_{key}") or "")
        row["splits"][kind] = produced if produced is not None else row["splits"].get(kind, 0)


def language_provenance(folder: Path) -> Provenance:
    """Repositories of a language folder with URL, commit, license and output per split (from
    each split's statistics: their ``per_repository`` entries)."""
    out = Provenance()
    for kind, name, key in (("completion", "stats.json", "examples"), ("executable", "executable_stats.json", "problems"),
                            ("class", "class_stats.json", "tasks"), ("instruct", "instruct_stats.json", "examples")):
        stats = _read_json(Path(folder) / name)
        for entry in stats.get("per_repository") or []:
            if isinstance(entry, dict):
                out.add(entry, kind, entry.get(key))
    return out


def _read_json(path: Path) -> dict:
    try:
        value = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return value if isinstance(value, dict) else {}


def build_settings(folder: Path) -> dict:
    """The settings each split of a language folder was built with (from its statistics)."""
    out = {}
    for kind, name in (("completion", "stats.json"), ("executable", "executable_stats.json"),
                       ("class", "class_stats.json"), ("instruct", "instruct_stats.json")):
        settings = _read_json(Path(folder) / name).get("settings")
        if settings:
            out[kind] = settings
    return out


# --------------------------------------------------------------------------------- cards --
def write_cards(output_dir: Path, languages: Iterable[str] | None = None) -> list[Path]:
    """(Re)write the card of each language folder (``languages``: default every folder with data)
    and the output folder's card over all of them. Returns the cards written."""
    from crossfile_datasets.builders import card as cards
    from crossfile_datasets.core.atomic import atomic_write_text

    output_dir = Path(output_dir)
    written = []
    for lang in (languages if languages is not None else output_languages(output_dir)):
        folder = output_dir / lang
        specs = language_configs(folder, lang)
        if not specs:
            continue
        text = cards.language_card(lang, specs, _sections(folder, lang), language_provenance(folder).rows,
                                   build_settings(folder), plot=(folder / cards.PLOT).is_file())
        atomic_write_text(folder / "README.md", text)
        written.append(folder / "README.md")
    every = {lang: language_configs(output_dir / lang, lang) for lang in output_languages(output_dir)}
    if every:
        rows = {}
        for lang in every:
            for name, row in language_provenance(output_dir / lang).rows.items():
                rows[f"{lang}/{name}"] = {**row, "language": lang}
        atomic_write_text(output_dir / "README.md", cards.output_card(every, rows))
        written.append(output_dir / "README.md")
    return written


def _sections(folder: Path, lang: str) -> dict[str, str]:
    """Each split's own section of the language card (the completion one from its statistics)."""
    from crossfile_datasets.builders import card as cards

    out = {}
    stats = _read_json(folder / "stats.json")
    if stats.get("files") is not None and "avg_prompt_lines" in stats:
        out["completion"] = cards.language_section(lang, stats, 2, cards.PLOT if (folder / cards.PLOT).is_file() else None)
    for kind, name in (("executable", "executable_card.md"), ("class", "class_card.md"), ("instruct", "instruct_card.md")):
        if (folder / name).is_file():
            out[kind] = (folder / name).read_text(encoding="utf-8")
    return out


def relative_to_output(spec: ConfigSpec) -> dict[str, str]:
    """A configuration's files as paths from the output folder (for the top-level card)."""
    return {split: f"{spec.lang}/{path}" for split, path in spec.files.items()}


__all__ = ["BASE_FILE", "ConfigSpec", "Provenance", "build_settings", "jsonl_dataset", "language_configs",
           "language_provenance", "output_languages", "quiet_datasets", "relative_to_output", "variant_config",
           "write_cards"]
