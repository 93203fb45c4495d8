"""Publishing a build on the Hugging Face Hub: one configuration per language, variant and split.

A push adds or replaces OUR configurations and keeps every other one, as
``datasets.DatasetDict.push_to_hub(config_name=...)`` does: the remote README's ``configs`` and
``dataset_info`` are read and merged, so pushing ``--lang python`` and later ``--lang java``
leaves both loadable. Unlike ``push_to_hub`` everything goes in ONE commit (Parquet shards named
as ``push_to_hub`` names them, ``<config>/<split>-00000-of-00001.parquet``, stale shards of a
replaced configuration deleted, the merged card) whose parent is the revision the card was read
from, so two concurrent pushes cannot silently drop each other's configurations.

Configurations are those of ``builders/publish.py``, the same the local cards list:
``<lang>`` and ``<lang>_<variant>`` per retrieval variant file (``python_rg1_bm25``,
``python_oracle_bm25``, ``python_graph``: one schema, so they concatenate) with the splits
``cross_file_first``, ``cross_file_random`` and ``in_file``; ``python_executable`` with one split
per context size; ``<lang>_class`` (``test``); ``python_instruct`` (``train``);
``<lang>_snapshots`` (``files``). The graphs, ``usages.jsonl``, the statistics and the length
plot go under ``extras/<lang>/``, described in the card.

:func:`check_hub_access` is called before a build starts: a bad token, a repository id the
token cannot write to or an unreachable Hub is a one-line :class:`HubError`, not a traceback
after an hour of building.
"""

from __future__ import annotations

import contextlib
import json
import math
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
from huggingface_hub import CommitOperationAdd, CommitOperationDelete, DatasetCard, HfApi, constants
from huggingface_hub.errors import EntryNotFoundError, HfHubHTTPError, HFValidationError
from huggingface_hub.repocard import REGEX_YAML_BLOCK
from huggingface_hub.utils import build_hf_headers, get_session, hf_raise_for_status, validate_repo_id
import yaml

from crossfile_datasets.builders import card as cards
from crossfile_datasets.core import constants as C

try:  # transport errors of the HTTP client huggingface_hub uses (httpx2 since 1.x-2.x, httpx before)
    from httpx2 import HTTPError as TransportError
except ImportError:  # pragma: no cover
    from httpx import HTTPError as TransportError  # type: ignore[no-redef]
from crossfile_datasets.builders.publish import language_configs, language_provenance, quiet_datasets, variant_config  # noqa: F401  (variant_config: re-exported)

EXTRAS = "extras"


class HubError(RuntimeError):
    """The Hub cannot take this push (unreachable, token rejected, no write access): one line."""


class HubTokenError(HubError):
    """No usable Hugging Face token for a push."""


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


def _one_line(exc: BaseException) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


@dataclass
class HubTarget:
    """A repository a push may write to: checked id, token and the token's user."""

    repo_id: str
    token: str
    user: str
    exists: bool


def check_hub_access(repo_id: str, token: str | None = None) -> HubTarget:
    """Check the repository id, the token and write access before anything is built or sent."""
    if repo_id.count("/") != 1:
        raise HubError(f"invalid Hub repository id '{repo_id}': expected ORG/NAME (or USER/NAME)")
    try:
        validate_repo_id(repo_id)
    except HFValidationError as exc:
        raise HubError(f"invalid Hub repository id '{repo_id}': {_one_line(exc)}") from None
    token = resolve_token(token)
    api = HfApi(token=token)
    endpoint = api.endpoint or constants.ENDPOINT
    try:
        who = api.whoami()
    except HfHubHTTPError as exc:
        status = exc.response.status_code if exc.response is not None else None
        if status == 401:
            raise HubTokenError(f"the Hub at {endpoint} rejected the token (401): check --token / HF_TOKEN") from None
        raise HubError(f"the Hub at {endpoint} answered {status} to the token check: {_one_line(exc)}") from None
    except (TransportError, OSError) as exc:
        raise HubError(f"cannot reach the Hub at {endpoint}: {_one_line(exc)}") from None
    role = ((who.get("auth") or {}).get("accessToken") or {}).get("role")
    if role == "read":
        raise HubTokenError(f"the token of '{who.get('name')}' is read-only: a push needs a write token")
    namespace = repo_id.split("/")[0]
    allowed = [who.get("name")] + [o.get("name") for o in who.get("orgs") or []]
    try:
        exists = api.repo_exists(repo_id, repo_type="dataset")
    except (HfHubHTTPError, TransportError, OSError) as exc:
        raise HubError(f"cannot look up {repo_id} on {endpoint}: {_one_line(exc)}") from None
    if namespace not in allowed and not _fine_grained_write(who, repo_id):
        verb = "write to" if exists else "create"
        raise HubError(f"'{who.get('name')}' cannot {verb} {repo_id}: the namespace '{namespace}' is not theirs "
                       f"(user or organizations: {', '.join(a for a in allowed if a)})")
    return HubTarget(repo_id, token, who.get("name", ""), exists)


def _fine_grained_write(who: dict, repo_id: str) -> bool:
    """A fine-grained token scoped to write to ``repo_id`` or its namespace (whoami's ``scoped`` list)."""
    token = (who.get("auth") or {}).get("accessToken") or {}
    if token.get("role") != "fineGrained":
        return False
    namespace = repo_id.split("/")[0]
    for scope in (token.get("fineGrained") or {}).get("scoped") or []:
        entity = scope.get("entity") or {}
        if entity.get("name") in (namespace, repo_id) and "repo.write" in (scope.get("permissions") or []):
            return True
    return False


@dataclass
class HubUpload:
    """What one push sends: configurations, commit operations, card pieces."""

    configs: list[str] = field(default_factory=list)
    operations: list = field(default_factory=list)
    infos: DatasetInfosDict = field(default_factory=DatasetInfosDict)
    data_files: MetadataConfigs = field(default_factory=MetadataConfigs)
    sections: dict[str, str] = field(default_factory=dict)
    extras: list[tuple[str, str]] = field(default_factory=list)
    licenses: list[str] = field(default_factory=list)
    card: str = ""


def _add_config(upload: HubUpload, config: str, parts: dict[str, datasets.Dataset], workdir: Path) -> None:
    """One configuration: each split as Parquet shards named as ``push_to_hub`` names them
    (``<config>/<split>-00000-of-00001.parquet``). A split with no rows is left out (``datasets``
    refuses to prepare a split with no data), except the first, so the configuration exists."""
    max_shard = convert_file_size_to_int(datasets.config.MAX_SHARD_SIZE)
    data_files = []
    infos = SplitDict()
    total_bytes = dataset_bytes = 0
    features = next(iter(parts.values())).features
    for index, (name, part) in enumerate(parts.items()):
        if index and not len(part):
            continue
        num_shards = max(1, math.ceil(part.data.nbytes / max_shard))
        paths = []
        for i in range(num_shards):
            rel = f"{config}/{name}-{i:05d}-of-{num_shards:05d}.parquet"
            local = workdir / rel
            local.parent.mkdir(parents=True, exist_ok=True)
            part.shard(num_shards, i, contiguous=True).to_parquet(str(local))
            total_bytes += local.stat().st_size
            paths.append(rel)
            upload.operations.append(CommitOperationAdd(path_in_repo=rel, path_or_fileobj=str(local)))
        data_files.append({"split": name, "path": paths})
        infos.add(SplitInfo(name=name, num_bytes=part.data.nbytes, num_examples=len(part)))
        dataset_bytes += part.data.nbytes
    upload.configs.append(config)
    upload.data_files[config] = {"data_files": data_files}
    upload.infos[config] = DatasetInfo(features=features, splits=infos, config_name=config,
                                       download_size=total_bytes, dataset_size=dataset_bytes)


def _add_extra(upload: HubUpload, local: Path, path_in_repo: str, description: str | None) -> None:
    upload.operations.append(CommitOperationAdd(path_in_repo=path_in_repo, path_or_fileobj=str(local)))
    if description:
        upload.extras.append((path_in_repo, description))


def prepare_upload(output_dir: Path, languages: Sequence[str], workdir: Path) -> HubUpload:
    """Write every configuration's shards under ``workdir`` and list every file to send: the
    configurations of ``builders/publish.py`` (the same the local cards list), same splits."""
    output_dir = Path(output_dir)
    upload = HubUpload()
    for lang in languages:
        folder = output_dir / lang
        specs = language_configs(folder, lang)
        if not specs:
            raise HubInputError(f"nothing built for '{lang}' in {folder}: build it first (build-dataset --lang {lang})")
        for spec in specs:
            try:
                parts = {split: spec.dataset(folder, split) for split in spec.files}
            except Exception as exc:  # datasets raises several types for a malformed file
                raise HubInputError(f"{folder}: configuration {spec.name} does not load: {_one_line(exc)}") from None
            _add_config(upload, spec.name, parts, workdir)
            if spec.kind != "snapshots" and "license" in spec.features:
                upload.licenses += [r or "unknown" for part in parts.values() for r in part["license"]]
        extras = f"{EXTRAS}/{lang}"
        for name, description in (("stats.json", "build statistics, every drop and skip count, per-repository status"),
                                  ("usages.jsonl", "every cross-file usage the checker proved (one JSON object per line)"),
                                  ("executable_stats.json", "statistics of the executable split"),
                                  ("class_stats.json", "statistics of the class-level split"),
                                  ("instruct_stats.json", "statistics of the instruct split"),
                                  (cards.PLOT, "prompt and reference length distributions")):
            if (folder / name).is_file():
                _add_extra(upload, folder / name, f"{extras}/{name}", f"{lang}: {description}")
        graphs = sorted((folder / "graphs").glob("*.json")) if (folder / "graphs").is_dir() else []
        for graph in graphs:
            _add_extra(upload, graph, f"{extras}/graphs/{graph.name}", None)
        if graphs:
            upload.extras.append((f"{extras}/graphs/", f"{lang}: one definition/usage graph per repository ({len(graphs)} files, networkx node-link JSON)"))
        stats_path = folder / "stats.json"
        if stats_path.is_file():
            stats = json.loads(stats_path.read_text(encoding="utf-8"))
            plot = f"{extras}/{cards.PLOT}" if (folder / cards.PLOT).is_file() else None
            upload.sections[lang] = cards.language_section(lang, stats, level=2, plot=plot)
        for kind, name in (("executable", "executable_card.md"), ("class", "class_card.md")):
            if (folder / name).is_file():
                upload.sections[f"{lang}_{kind}"] = (folder / name).read_text(encoding="utf-8")
        repositories = language_provenance(folder).rows
        if repositories:
            upload.sections[f"{lang}_repositories"] = cards.repositories_section(lang, repositories)
    return upload


def _remote_card(api: HfApi, repo_id: str, revision: str | None, files: list[str], workdir: Path) -> DatasetCard | None:
    if "README.md" not in files:
        return None
    try:
        path = api.hf_hub_download(repo_id, "README.md", repo_type="dataset", revision=revision,
                                   cache_dir=str(workdir / "hub-cache"))
    except EntryNotFoundError:
        return None
    return DatasetCard(remote_card_text(Path(path), repo_id))


def remote_card_text(path: Path, repo_id: str) -> str:
    """The text of the Hub repository's README (downloaded to ``path``), or :class:`HubError` when
    it is larger than ``HUB_CARD_MAX_BYTES`` or its YAML header expands (anchors and aliases) to
    more than ``HUB_CARD_MAX_NODES`` nodes: ``datasets`` walks every expanded path of the
    ``configs`` on this machine, with no time limit (red team 2026-11-28d row 6)."""
    with open(path, "rb") as fh:
        data = fh.read(C.HUB_CARD_MAX_BYTES + 1)
    if len(data) > C.HUB_CARD_MAX_BYTES:
        raise HubError(f"the README of {repo_id} on the Hub is larger than {C.HUB_CARD_MAX_BYTES} bytes: "
                       "not merged; shorten it on the Hub and push again")
    text = data.decode("utf-8", errors="replace")
    header = REGEX_YAML_BLOCK.search(text)
    if header:
        try:
            nodes = yaml_nodes(header.group(2), C.HUB_CARD_MAX_NODES)
        except yaml.YAMLError as exc:
            raise HubError(f"the README of {repo_id} on the Hub has a YAML header that does not parse "
                           f"({_one_line(exc)}): repair it on the Hub and push again") from None
        if nodes > C.HUB_CARD_MAX_NODES:
            raise HubError(f"the README of {repo_id} on the Hub has a YAML header whose anchors and aliases expand to "
                           f"more than {C.HUB_CARD_MAX_NODES} nodes: not merged; rewrite it without them and push again")
    return text


def yaml_nodes(text: str, limit: int) -> int:
    """How many nodes (scalars, sequences, mappings) the YAML document ``text`` has once every
    alias is replaced by the node it refers to, counted from the parser's events without building
    anything; stops as soon as the count passes ``limit`` (and returns it then)."""
    sizes: dict[str, int] = {}
    stack: list[list] = []  # [anchor, nodes so far] of each open sequence or mapping
    seen = 0  # nodes so far, expanded: what the open ones hold and every finished one
    for event in yaml.parse(text, Loader=yaml.SafeLoader):
        if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
            stack.append([event.anchor, 1])
            seen += 1
        elif isinstance(event, (yaml.ScalarEvent, yaml.AliasEvent)):
            size = sizes.get(str(event.anchor), 1) if isinstance(event, yaml.AliasEvent) else 1
            if isinstance(event, yaml.ScalarEvent) and event.anchor:
                sizes[str(event.anchor)] = 1
            if stack:
                stack[-1][1] += size
            seen += size
        elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
            anchor, size = stack.pop()
            if anchor:
                sizes[str(anchor)] = size
            if stack:
                stack[-1][1] += size  # already in seen
        if seen > limit:
            return limit + 1
    return seen


def _remote_licenses(data: dict) -> list[str]:
    """The licenses of the remote card, or :class:`HubError` when its ``license`` or
    ``license_name`` is not a name or a list of names (``[[x]]``: a crash of the merge before)."""
    value = data.get("license") or []
    values = value if isinstance(value, list) else [value]
    names = data.get("license_name") or "other"
    if not all(isinstance(v, str) for v in values) or not isinstance(names, str):
        raise HubError("the README on the Hub has a 'license' that is not a license name or a list of them "
                       f"({' '.join(str(value).split())[:200]}): repair it on the Hub and push again")
    if "other" in values:  # the names behind 'other' are in license_name
        values = [v for v in values if v != "other"] + names.split(cards.LICENSE_NAME_SEPARATOR)
    return values


def merge_card(repo_id: str, upload: HubUpload, remote: DatasetCard | None) -> tuple[str, list[str]]:
    """The merged card text and the remote files of replaced configurations to delete."""
    data = remote.data.to_dict() if remote is not None else {}
    configs = MetadataConfigs.from_dataset_card_data(remote.data) if remote is not None else MetadataConfigs()
    infos = DatasetInfosDict.from_dataset_card_data(remote.data) if remote is not None else DatasetInfosDict()
    stale = [p for name in upload.configs if name in configs for p in _config_paths(configs[name])]
    default = next((name for name, cfg in configs.items() if cfg.get("default")), None)
    for name in upload.configs:
        configs[name] = upload.data_files[name]
        infos[name] = upload.infos[name]
    configs = MetadataConfigs(sorted(configs.items()))
    infos = DatasetInfosDict(sorted(infos.items()))
    sections = {**cards.read_sections(remote.text if remote is not None else ""), **upload.sections}
    extras = {p: d for p, d in cards.read_extras(remote.text if remote is not None else "")}
    extras.update(dict(upload.extras))
    counts = {name: {split: info.num_examples for split, info in (i.splits or {}).items()} for name, i in infos.items()}
    # each example once: the first split of the language configs and of the executable and class ones
    examples = sum(next(iter(splits.values()), 0) for name, splits in counts.items()
                   if "_" not in name or name.endswith(("_executable", "_class")))
    licenses = sorted(set(_remote_licenses(data)) | set(upload.licenses)) or ["unknown"]
    card_data = cards.card_data(configs, infos, licenses, examples, "Repository-level code benchmarks",
                                default if default in configs else (upload.configs[0] if upload.configs else None))
    ours = {p for op in upload.operations for p in [op.path_in_repo]}
    text = cards.hub_card(repo_id, card_data, sections, counts, sorted(extras.items()))
    return text, [p for p in stale if p not in ours]


def _config_paths(config: dict) -> list[str]:
    out: list = []
    for entry in config.get("data_files") or []:
        paths = entry.get("path") if isinstance(entry, dict) else entry
        out += paths if isinstance(paths, list) else [paths]
    return [p for p in out if "*" not in p]


def push_to_hub(
    output_dir: Path,
    repo_id: str,
    languages: list[str],
    private: bool = False,
    token: str | None = None,
) -> list[str]:
    """Push each language (its variants, executable split and extra files) as configurations of
    ``repo_id``, keeping the configurations already there.

    Returns one dataset-viewer URL per configuration pushed
    (``.../datasets/<repo_id>/viewer/<config>/test``). Raises :class:`HubError` (one line) when the
    Hub cannot be used and :class:`HubInputError` when a language has no saved dataset; both before
    anything is written to the Hub.
    """
    target = check_hub_access(repo_id, token)
    api = HfApi(token=target.token)
    with tempfile.TemporaryDirectory(prefix="crossfile-hub-") as tmp, quiet_hub():
        upload = prepare_upload(Path(output_dir), languages, Path(tmp))
        try:
            repo_url = str(api.create_repo(repo_id, repo_type="dataset", private=private, exist_ok=True)).rstrip("/")
            info = api.dataset_info(repo_id)
            files = [s.rfilename for s in info.siblings or []]
            text, stale = merge_card(repo_id, upload, _remote_card(api, repo_id, info.sha, files, Path(tmp)))
            _validate_card(api, text)  # the Hub's own metadata check (validate-yaml)
            operations = [CommitOperationDelete(path_in_repo=p) for p in stale if p in files] + upload.operations
            operations.append(CommitOperationAdd(path_in_repo="README.md", path_or_fileobj=text.encode("utf-8")))
            api.create_commit(repo_id, operations=operations, repo_type="dataset", parent_commit=info.sha,
                              commit_message=f"Upload {', '.join(upload.configs)}")
        except (HfHubHTTPError, TransportError, OSError) as exc:
            raise HubError(f"push to {repo_id} failed: {_one_line(exc)}") from None
    return [f"{repo_url}/viewer/{config}/{next(iter(upload.data_files[config]['data_files']))['split']}"
            for config in upload.configs]


@contextlib.contextmanager
def quiet_hub():
    """No progress bars of ``datasets`` (Parquet writing) and ``huggingface_hub`` (uploads) during a
    push: a re-push showed "Upload 0 LFS files" bars; the command prints one line per pushed
    configuration instead."""
    was_disabled = huggingface_hub.utils.are_progress_bars_disabled()
    huggingface_hub.utils.disable_progress_bars()
    try:
        with quiet_datasets():
            yield
    finally:
        if not was_disabled:
            huggingface_hub.utils.enable_progress_bars()


def _validate_card(api: HfApi, text: str) -> None:
    """The Hub's own check of the card's metadata, asked of the endpoint the push goes to.

    ``DatasetCard.validate`` does the same request, but huggingface_hub before 2.2 sends it to
    huggingface.co whatever ``HF_ENDPOINT`` says, so a push to a mirror or an enterprise Hub
    failed there. Raises ValueError (the Hub's message) when the card is refused."""
    response = get_session().post(f"{api.endpoint}/api/validate-yaml", json={"repoType": "dataset", "content": text},
                                  headers={"Accept": "text/plain", **build_hf_headers(token=api.token)})
    if response.status_code == 400:
        raise ValueError(response.text)
    hf_raise_for_status(response)
