"""Publishing a build on the Hugging Face Hub: one configuration per language and variant.

``datasets.DatasetDict.push_to_hub`` talks to the Hub at many points (repository info, shard
pre-uploads, the remote card, a file listing) and makes one commit per configuration. We build
the same repository layout ourselves and send it as ONE commit: every configuration's Parquet
shards (``<config>/test-00000-of-00001.parquet``, as ``push_to_hub`` names them) and one
README.md whose metadata lists every configuration (``configs`` with exact ``data_files`` and
``dataset_info`` with features and sizes, written with ``datasets``' own card helpers). The
only Hub calls are ``HfApi.create_repo`` and ``HfApi.create_commit``, so a push is atomic and
the whole upload can be checked offline by intercepting those two calls.

Configurations: ``<lang>`` (the saved ``<output>/<lang>/dataset``, split ``test``) and, for
each retrieval variant file present, ``<lang>_<variant>`` (``python_rg1_bm25``,
``python_oracle_bm25``, ``python_graph``): the same examples with that variant's
``crossfile_context`` (whose retrieved chunks keep their ``lines``).
"""

from __future__ import annotations

import json
import math
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

import datasets
import huggingface_hub
from datasets.info import DatasetInfo, DatasetInfosDict
from datasets.splits import SplitDict, SplitInfo
from datasets.utils.metadata import MetadataConfigs
from datasets.utils.py_utils import convert_file_size_to_int
from huggingface_hub import CommitOperationAdd, DatasetCard, DatasetCardData, HfApi

from builders.retrieval import VARIANT_FILES

SPLIT = "test"


class HubTokenError(RuntimeError):
    """No Hugging Face token is available for a push."""


class HubInputError(ValueError):
    """The build output to push is missing or not what a push expects."""


def resolve_token(token: str | None = None) -> str:
    """The explicit token, else ``HF_TOKEN`` / the cached login (``huggingface_hub.get_token``)."""
    found = token or huggingface_hub.get_token()
    if not found:
        raise HubTokenError(
            "no Hugging Face token: pass --token, set HF_TOKEN, or log in with `hf auth login` "
            "(the token needs write access to the target repository)"
        )
    return found


def context_features() -> dict:
    """``crossfile_context`` of the variant configurations (retrieved chunks keep ``lines``)."""
    string = datasets.Value("string")
    return {
        "text": string,
        # list notation = a list of structs in every datasets version (Sequence of a dict is not)
        "list": [
            {"retrieved_chunk": string, "filename": string, "score": datasets.Value("float64"),
             "lines": [datasets.Value("int32")]}
        ],
    }


def variant_config(lang: str, method: str) -> str:
    """``("python", "bm25")`` -> ``python_rg1_bm25`` (named after the variant's file)."""
    return f"{lang}_{Path(VARIANT_FILES[method]).stem[len('line_completion_'):]}"


@dataclass
class HubUpload:
    """What one push sends: configuration names, commit operations and the card text."""

    configs: list[str] = field(default_factory=list)
    operations: list[CommitOperationAdd] = field(default_factory=list)
    card: str = ""
    infos: DatasetInfosDict = field(default_factory=DatasetInfosDict)
    data_files: MetadataConfigs = field(default_factory=MetadataConfigs)


def _read_jsonl(path: Path) -> list[dict]:
    with path.open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def variant_dataset(path: Path, base: datasets.Dataset) -> datasets.Dataset:
    """A variant JSONL as a dataset with ``base``'s features and the variant context schema."""
    features = base.features.copy()
    features["crossfile_context"] = context_features()
    rows = []
    for record in _read_jsonl(path):
        ctx = record.get("crossfile_context") or {"text": "", "list": []}
        items = [{"retrieved_chunk": c.get("retrieved_chunk"), "filename": c.get("filename"),
                  "score": c.get("score"), "lines": c.get("lines")} for c in ctx.get("list") or []]
        row = {key: record.get(key) for key in features}
        row["crossfile_context"] = {"text": ctx.get("text", ""), "list": items}
        rows.append(row)
    return datasets.Dataset.from_list(rows, features=datasets.Features(features))


def _add_config(upload: HubUpload, config: str, dataset: datasets.Dataset, workdir: Path) -> None:
    max_shard = convert_file_size_to_int(datasets.config.MAX_SHARD_SIZE)
    num_shards = max(1, math.ceil(dataset.data.nbytes / max_shard))
    paths = []
    total_bytes = 0
    for i in range(num_shards):
        rel = f"{config}/{SPLIT}-{i:05d}-of-{num_shards:05d}.parquet"
        local = workdir / rel
        local.parent.mkdir(parents=True, exist_ok=True)
        dataset.shard(num_shards, i, contiguous=True).to_parquet(str(local))
        total_bytes += local.stat().st_size
        paths.append(rel)
        upload.operations.append(CommitOperationAdd(path_in_repo=rel, path_or_fileobj=str(local)))
    upload.configs.append(config)
    upload.data_files[config] = {"data_files": [{"split": SPLIT, "path": paths}]}
    splits = SplitDict()
    splits.add(SplitInfo(name=SPLIT, num_bytes=dataset.data.nbytes, num_examples=len(dataset)))
    upload.infos[config] = DatasetInfo(features=dataset.features, splits=splits, config_name=config,
                                       download_size=total_bytes, dataset_size=dataset.data.nbytes)


def prepare_upload(output_dir: Path, languages: Sequence[str], workdir: Path, repo_id: str) -> HubUpload:
    """Write every configuration's shards under ``workdir`` and compose the merged card."""
    output_dir = Path(output_dir)
    upload = HubUpload()
    cards: dict[str, DatasetCard] = {}
    for lang in languages:
        saved = output_dir / lang / "dataset"
        if not saved.is_dir():
            raise HubInputError(f"no saved dataset for '{lang}' at {saved}: build it first (build-dataset --lang {lang})")
        loaded = datasets.load_from_disk(str(saved))
        if not isinstance(loaded, datasets.DatasetDict) or SPLIT not in loaded:
            raise HubInputError(f"{saved} is not a DatasetDict with a '{SPLIT}' split")
        base = loaded[SPLIT]
        _add_config(upload, lang, base, workdir)
        for method, filename in VARIANT_FILES.items():
            variant = output_dir / lang / filename
            if variant.is_file():
                _add_config(upload, variant_config(lang, method), variant_dataset(variant, base), workdir)
        readme = output_dir / lang / "README.md"
        if readme.is_file():
            cards[lang] = DatasetCard(readme.read_text(encoding="utf-8"))
    upload.card = merged_card(repo_id, list(languages), upload, cards)
    upload.operations.append(CommitOperationAdd(path_in_repo="README.md", path_or_fileobj=upload.card.encode("utf-8")))
    return upload


def _union(values: list) -> list:
    out: list = []
    for value in values:
        for v in value if isinstance(value, list) else [value]:
            if v is not None and v not in out:
                out.append(v)
    return out


def merged_card(repo_id: str, languages: list[str], upload: HubUpload, cards: dict[str, DatasetCard]) -> str:
    """One card for all languages: merged metadata, our configs and infos, each language's body."""
    metadata: dict = {"language": ["code"], "task_categories": ["text-generation"], "tags": ["code", "crossfile-datasets"]}
    for card in cards.values():
        data = card.data.to_dict()
        for key, value in data.items():
            if key in ("configs", "dataset_info", "pretty_name"):
                continue  # replaced by what this push uploads
            metadata[key] = _union([metadata.get(key), value]) if key in metadata or isinstance(value, list) else value
    licenses = metadata.get("license")
    if isinstance(licenses, list) and len(licenses) == 1:
        metadata["license"] = licenses[0]
    card_data = DatasetCardData(pretty_name=f"Cross-file code completion ({', '.join(languages)})", **metadata)
    if upload.configs:
        upload.data_files[upload.configs[0]]["default"] = True
    upload.data_files.to_dataset_card_data(card_data)
    upload.infos.to_dataset_card_data(card_data)
    rows = "\n".join(
        f"| `{config}` | {info.splits[SPLIT].num_examples} |" for config, info in upload.infos.items()
    )
    body = [
        f"# {repo_id}",
        "",
        "Repository-level code completion benchmarks built with crossfile-datasets. Load one",
        "configuration with `datasets.load_dataset(\"" + repo_id + "\", \"<config>\", split=\"test\")`.",
        "",
        "| configuration | examples |",
        "|---|---|",
        rows,
    ]
    for lang in languages:
        if lang in cards:
            body += ["", re.sub(r"(?m)^(#+) ", r"#\1 ", cards[lang].text.strip())]
    return f"---\n{card_data.to_yaml()}\n---\n\n" + "\n".join(body) + "\n"


def push_to_hub(
    output_dir: Path,
    repo_id: str,
    languages: list[str],
    private: bool = False,
    token: str | None = None,
) -> list[str]:
    """Push each language (and its retrieval variants) as configurations of ``repo_id``.

    One ``create_repo`` (exist_ok) and one ``create_commit`` carrying every Parquet shard and
    the merged README.md. Returns one dataset-viewer URL per configuration pushed
    (``.../datasets/<repo_id>/viewer/<config>/test``). Raises :class:`HubTokenError` when no
    token is available and :class:`HubInputError` when a language has no saved dataset.
    """
    token = resolve_token(token)
    with tempfile.TemporaryDirectory(prefix="crossfile-hub-") as tmp:
        upload = prepare_upload(Path(output_dir), languages, Path(tmp), repo_id)
        api = HfApi(token=token)
        repo_url = str(api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)).rstrip("/")
        api.create_commit(
            repo_id,
            operations=upload.operations,
            commit_message=f"Upload {', '.join(upload.configs)}",
            repo_type="dataset",
        )
    return [f"{repo_url}/viewer/{config}/{SPLIT}" for config in upload.configs]
