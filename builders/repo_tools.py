"""Repository tools over the dependency graph (RepoClassBench's RRR toolset).

RepoClassBench lets a model generating a class call tools that look things up in the
repository instead of reading it whole. These are the same tools, answered from the graph we
ship (plus the file texts for bodies and snippets), so any language with FileFacts has them:

- ``get_imports(names)``: import statements (in the language's syntax) that bring names into
  scope;
- ``get_class_info(class_name)``: a class's members with signatures, including the members it
  inherits from project base classes;
- ``get_signature(class_name, method_name)``: every overload's signature;
- ``get_method_body(class_name, method_name)``: every overload's code, truncated when long;
- ``get_related_snippets(query, k)``: BM25 over the repository's chunks (as in retrieval).

Use it from Python (``RepoTools(graph, files)`` or ``RepoTools.load(graph_json, repo_root)``)
or from the command line (``tools_app``).
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import List, Mapping, NoReturn, Optional, Sequence

import networkx as nx
import typer

from crossfile_datasets.analyzers.graph import CLASS_KINDS, base_classes, file_node, load_graph, members
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.terminal import visible
from crossfile_datasets.core.paths import EXAMPLES_DIR
from crossfile_datasets.core.text import decode_source
from crossfile_datasets.builders.completion.retrieval import ChunkIndex, chunk_file
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.core.repository_roots import RecordRefused, check_index_root, check_record_file
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.hostfs import HOST_FILES_STAGE, HostFileRefused, Refusal
from crossfile_datasets.lang import get_language, registered

_REGISTERED = frozenset(lang.value for lang in registered())


class RepoToolsError(ValueError):
    """The graph and the repository folder do not belong together."""


class RepoTools:
    """Answers RepoClassBench-style tool calls for one repository."""

    def __init__(self, graph: nx.MultiDiGraph, files: Sequence[SourceFile] | Mapping[str, str]) -> None:
        self.graph = graph
        if isinstance(files, Mapping):
            self.texts = dict(files)
        else:
            self.texts = {f.path: f.text for f in files}
        self.language = graph.graph.get("language", "")
        # the language's rules (import syntax, comment marker); None for a language not
        # registered here: no import statements, `//` comments
        self.support = get_language(self.language) if self.language in _REGISTERED else None
        self._chunks: ChunkIndex | None = None
        # file paths of the graph whose text was refused (``load``), with their reason
        self.refused: dict[str, str] = {}

    @classmethod
    def load(cls, graph_path: str | Path, repo_root: str | Path) -> "RepoTools":
        """From a saved graph JSON and the repository it was built from.

        A graph is input (one is published with every dataset): each file node's ``path`` is read
        only when it is a path inside ``repo_root`` (relative, no ``..``: ``check_record_file``)
        and through the host-file boundary (``sandbox/hostfs.py``: no link, regular files only,
        at most ``MAX_FILE_BYTES``, the build's own cap on sources). A refused node is not read:
        its reason is kept in ``refused`` (path -> ``split_records/...`` or ``host_files/...``)
        and the tools answer from the graph without its text."""
        graph = load_graph(graph_path)
        root = Path(repo_root)
        texts: dict[str, str] = {}
        refused: dict[str, str] = {}
        paths = sorted((attrs.get("path") for _, attrs in graph.nodes(data=True) if attrs.get("kind") == "file"), key=str)
        for path in paths:
            try:
                data = hostfs.read_bytes(root, check_record_file(path), max_bytes=C.MAX_FILE_BYTES)
                texts[path] = decode_source(data)[0]
            except (RecordRefused, HostFileRefused) as exc:
                refused[str(path)] = exc.key
            except OSError:
                refused[str(path)] = f"{HOST_FILES_STAGE}/{Refusal.UNREADABLE.value}"
        if paths and not texts:  # a wrong folder would otherwise give empty answers, silently
            raise RepoToolsError(f"{root} is not the repository of {graph_path}: none of its {len(paths)} files "
                                 f"is there (e.g. {paths[0]}: {refused.get(str(paths[0]), 'unreadable')})")
        tools = cls(graph, texts)
        tools.refused = refused
        return tools

    def refusal_summary(self) -> str:
        """``N file(s) of the graph not read: <reason>: count, ...`` or ``""``."""
        if not self.refused:
            return ""
        counts = Counter(self.refused.values())
        return (f"{len(self.refused)} file(s) of the graph not read: "
                + ", ".join(f"{reason}: {n}" for reason, n in sorted(counts.items())))

    # ------------------------------------------------------------------------- lookups --
    def _attrs(self, node: str) -> dict:
        return self.graph.nodes[node]

    def find_classes(self, class_name: str) -> list[str]:
        """Class-like nodes named ``class_name`` (simple or qualified within the file)."""
        out = []
        for node, attrs in self.graph.nodes(data=True):
            if attrs.get("kind") in CLASS_KINDS and class_name in (attrs.get("qualified_name"), attrs.get("name")):
                if "." in class_name and attrs.get("qualified_name") != class_name:
                    continue
                out.append(node)
        return sorted(out)

    def _members_named(self, class_node: str, name: str) -> list[str]:
        return [m for m in members(self.graph, class_node) if self._attrs(m).get("name") == name]

    def find_methods(self, class_name: str, method_name: str) -> list[str]:
        """Member nodes named ``method_name`` of each matching class (own, else inherited)."""
        out: list[str] = []
        for cls in self.find_classes(class_name):
            for owner in [cls, *base_classes(self.graph, cls)]:
                found = self._members_named(owner, method_name)
                if found:
                    out.extend(found)
                    break
        return out

    def _source(self, path: str, span: dict) -> str | None:
        text = self.texts.get(path)
        if text is None:
            return None
        lines = text.split("\n")
        return "\n".join(lines[span["start_line"] - 1 : span["end_line"]])

    def _overloads(self, node: str) -> list[dict]:
        attrs = self._attrs(node)
        return attrs.get("overloads") or [{"signature": attrs.get("signature", ""), "span": attrs["span"]}]

    def _location(self, node: str) -> str:
        attrs = self._attrs(node)
        return f"{attrs['path']}:{attrs['span']['start_line']}-{attrs['span']['end_line']}"

    # --------------------------------------------------------------------------- tools --
    def get_imports(self, names: Sequence[str], from_file: str | None = None) -> list[str]:
        """Import statements that bring ``names`` into scope (all candidates when ambiguous).

        ``from_file`` (the file that will hold the code) makes TypeScript paths relative to it
        and skips names that file defines itself.
        """
        out: list[str] = []
        for name in names:
            for node, attrs in sorted(self.graph.nodes(data=True)):
                if attrs.get("kind") == "file" or attrs.get("name") != name or attrs["path"] == from_file:
                    continue
                statement = self.import_statement(node, from_file)
                if statement and statement not in out:
                    out.append(statement)
        return out

    def import_statement(self, node: str, from_file: str | None = None) -> str | None:
        attrs = self._attrs(node)
        package = self.graph.nodes[file_node(attrs["path"])].get("package", "")
        if self.support is None:
            return None
        return self.support.import_statement(
            name=attrs.get("name", ""), qualified_name=attrs.get("qualified_name", ""), kind=attrs.get("kind", ""),
            path=attrs["path"], package=package, namespace=attrs.get("namespace") or "", from_file=from_file,
        )

    def class_info(self, class_name: str) -> list[dict]:
        """Structured form of :meth:`get_class_info`: one dict per matching class."""
        out = []
        for cls in self.find_classes(class_name):
            attrs = self._attrs(cls)
            own = [self._member_entry(m) for m in members(self.graph, cls)]
            own_names = {m["name"] for m in own}
            inherited = []
            for base in base_classes(self.graph, cls):
                entries = [self._member_entry(m) for m in members(self.graph, base)]
                entries = [e for e in entries if e["name"] not in own_names]
                own_names.update(e["name"] for e in entries)
                if entries:
                    inherited.append({"from": self._attrs(base).get("qualified_name"), "path": self._attrs(base)["path"], "members": entries})
            out.append({
                "name": attrs.get("qualified_name"), "kind": attrs.get("kind"), "path": attrs["path"],
                "signature": attrs.get("signature", ""), "location": self._location(cls),
                "bases": [self._attrs(b).get("qualified_name") for b in base_classes(self.graph, cls)],
                "members": own, "inherited": inherited,
            })
        return out

    def _member_entry(self, node: str) -> dict:
        attrs = self._attrs(node)
        return {"name": attrs.get("name"), "kind": attrs.get("kind"), "signatures": [o["signature"] for o in self._overloads(node)]}

    def get_class_info(self, class_name: str) -> str:
        """Members with signatures, then inherited project members, for each matching class."""
        infos = self.class_info(class_name)
        if not infos:
            return f"no class named '{class_name}' in the repository"
        blocks = []
        for info in infos:
            lines = [f"{info['signature'] or info['kind'] + ' ' + info['name']}    [{info['location']}]", "members:"]
            lines += [f"  {sig}" for m in info["members"] for sig in m["signatures"]] or ["  (none)"]
            for group in info["inherited"]:
                lines.append(f"inherited from {group['from']} ({group['path']}):")
                lines += [f"  {sig}" for m in group["members"] for sig in m["signatures"]]
            blocks.append("\n".join(lines))
        return "\n\n".join(blocks)

    def get_signature(self, class_name: str, method_name: str) -> list[str]:
        """Every overload's signature (inherited from a project base when not defined here)."""
        return [o["signature"] for node in self.find_methods(class_name, method_name) for o in self._overloads(node)]

    def get_method_body(self, class_name: str, method_name: str, max_lines: int = C.METHOD_BODY_MAX_LINES) -> list[str]:
        """Every overload's source; longer than ``max_lines`` -> head plus a truncation note."""
        out = []
        marker = self.support.comment_prefix if self.support is not None else "//"
        for node in self.find_methods(class_name, method_name):
            for overload in self._overloads(node):
                source = self._source(self._attrs(node)["path"], overload["span"])
                if source is None:
                    continue
                lines = source.split("\n")
                if len(lines) > max_lines:
                    indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
                    hidden = len(lines) - max_lines
                    lines = lines[:max_lines] + [f"{indent}{marker} ... ({hidden} more line{'s' if hidden > 1 else ''})"]
                out.append("\n".join(lines))
        return out

    def get_related_snippets(self, query: str, k: int = C.TOP_K) -> list[dict]:
        """The ``k`` repository chunks BM25 ranks best for ``query`` (retrieval's chunks)."""
        if self._chunks is None:
            self._chunks = ChunkIndex([c for path in sorted(self.texts) for c in chunk_file(path, self.texts[path])])
        return [s.to_item() for s in self._chunks.top_hits(query, k)]


# ------------------------------------------------------------------------------- CLI --
# plain (click) help: rich panels cut option names at 80 columns
tools_app = typer.Typer(add_completion=False, rich_markup_mode=None,
                        help="Repository tools (RepoClassBench RRR) over a saved graph.")
_GRAPH = typer.Option(..., "--graph", exists=True, dir_okay=False, help="graphs/<repository>.json from a build.")
_ROOT = typer.Option(None, "--root", exists=True, file_okay=False,
                     help="The repository folder the graph was built from [found from the build: its shard, or the bundled sample].")


def default_root(graph: Path) -> Path | None:
    """The repository of ``<output>/<lang>/graphs/<repository>.json`` without ``--root``: the folder
    its shard recorded (same machine), else the bundled sample of that name."""
    graph = Path(graph)
    name, lang_dir = graph.stem, graph.parent.parent
    try:
        recorded = json.loads((lang_dir / "shards" / name / "DONE.json").read_text(encoding="utf-8"))["repository"]["root"]
    except (OSError, ValueError, KeyError, TypeError):
        recorded = None
    for candidate in (recorded, EXAMPLES_DIR / lang_dir.name / name):
        if candidate and Path(candidate).is_dir():
            return Path(candidate)
    return None


def _fail(message: str, code: int = 1) -> NoReturn:
    typer.echo(f"error: {visible(message, lines=True)}", err=True)  # quotes inputs: controls shown (red team 9)
    raise typer.Exit(code)


def _load(graph: Path, root: Path | None) -> RepoTools:
    """The tools, or exit 2 when the graph is unreadable or ROOT is not its repository."""
    root = root or default_root(graph)
    if root is None:
        _fail(f"no repository folder known for {graph}: pass --root (the folder the graph was built from)", 2)
    try:
        tools = RepoTools.load(graph, root)
    except RepoToolsError as exc:
        _fail(str(exc), 2)
    except (OSError, ValueError, KeyError) as exc:
        _fail(f"cannot read the graph {graph}: {exc}", 2)
    if tools.refused:  # said, never silent: their bodies and snippets are missing from the answers
        typer.echo(visible(f"note: {tools.refusal_summary()} (e.g. {min(tools.refused)!r})"), err=True)
    return tools


def _need_class(tools: RepoTools, class_name: str) -> None:
    if not tools.find_classes(class_name):
        _fail(f"no class named '{class_name}' in the repository")


def _need_method(tools: RepoTools, class_name: str, method_name: str) -> None:
    _need_class(tools, class_name)
    if not tools.find_methods(class_name, method_name):
        _fail(f"no method '{method_name}' in class '{class_name}' or its project base classes")


@tools_app.command("class-info")
def class_info_command(class_name: str, graph: Path = _GRAPH, root: Path = _ROOT) -> None:
    """Members and inherited members of CLASS_NAME."""
    tools = _load(graph, root)
    _need_class(tools, class_name)
    typer.echo(tools.get_class_info(class_name))


@tools_app.command("signature")
def signature_command(class_name: str, method_name: str, graph: Path = _GRAPH, root: Path = _ROOT) -> None:
    """Signatures of every overload of CLASS_NAME.METHOD_NAME."""
    tools = _load(graph, root)
    _need_method(tools, class_name, method_name)
    for signature in tools.get_signature(class_name, method_name):
        typer.echo(signature)


@tools_app.command("method-body")
def method_body_command(
    class_name: str, method_name: str, graph: Path = _GRAPH, root: Path = _ROOT,
    max_lines: int = typer.Option(C.METHOD_BODY_MAX_LINES, "--max-lines", min=1),
) -> None:
    """Source of every overload of CLASS_NAME.METHOD_NAME."""
    tools = _load(graph, root)
    _need_method(tools, class_name, method_name)
    bodies = tools.get_method_body(class_name, method_name, max_lines)
    if not bodies:
        _fail(f"the source of {class_name}.{method_name} is not readable under {root}")
    typer.echo("\n\n".join(bodies))


@tools_app.command("imports")
def imports_command(
    names: List[str], graph: Path = _GRAPH, root: Path = _ROOT,
    from_file: Optional[str] = typer.Option(None, "--from-file", help="Repository path of the file that needs the names."),
) -> None:
    """Import statements that bring NAMES into scope (exit 1 when none is importable)."""
    tools = _load(graph, root)
    statements = tools.get_imports(names, from_file)
    for statement in statements:
        typer.echo(statement)
    if not statements:
        _fail(f"none of {', '.join(names)} is an importable project definition"
              + (f" outside {from_file}" if from_file else ""))


@tools_app.command("snippets")
def snippets_command(query: str, graph: Path = _GRAPH, root: Path = _ROOT, k: int = typer.Option(C.TOP_K, "-k", min=1)) -> None:
    """The K repository chunks most related to QUERY (BM25), as JSON lines."""
    items = _load(graph, root).get_related_snippets(query, k)
    for item in items:
        typer.echo(json.dumps(item, ensure_ascii=False))
    if not items:
        _fail(f"no repository chunk shares a word with '{query}'")


@tools_app.command("task-view")
def task_view_command(
    split: Path = typer.Argument(..., exists=True, dir_okay=False, help="a class-level split (class.jsonl)"),
    task_id: str = typer.Argument(..., help="the task's id"),
    out: Path = typer.Option(..., "--out", help="folder for the view (repo/ and graph.json)"),
    repos: Optional[Path] = typer.Option(None, "--repos", exists=True, file_okay=False, help="folder holding the repository [the folder the split's local repositories.json names]"),
) -> None:
    """Write the repository of a class-level task with the target class removed, and its graph:
    what the other commands should answer from (pass the printed --graph and --root)."""
    from crossfile_datasets.builders.classlevel.tools import write_task_view

    from crossfile_datasets.core.repository_roots import ROOTS_FILE, attach_roots

    # lines end at "\n" only (a record may hold a raw U+2028, where str.splitlines() splits)
    task = next((json.loads(line) for line in split.read_text(encoding="utf-8").split("\n")
                 if line.strip() and json.loads(line).get("id") == task_id), None)
    if task is None:
        _fail(f"no task '{task_id}' in {split}", 2)
    attach_roots([task], split)
    if repos is None and not task.get("repository_root"):
        _fail(f"no {ROOTS_FILE} beside {split} names the folder of repository '{task['repository']}': pass --repos", 2)
    try:
        if repos is None:  # the index beside a split is input: the folder it names must be the split's
            from crossfile_datasets.core.jsonl import InputError
            from crossfile_datasets.evaluation.classlevel import check_snapshots

            check_index_root(task)
            try:
                check_snapshots([task], None)
            except InputError as exc:
                _fail(f"task '{task_id}' refused: {exc}", 2)
        root, graph = write_task_view(task, out, repos)
    except (RecordRefused, HostFileRefused) as exc:  # the split names a host path outside its folders
        _fail(f"task '{task_id}' refused: {exc.describe() if isinstance(exc, RecordRefused) else f'{exc.key}: {exc}'}", 2)
    typer.echo(f"--graph {graph} --root {root}")


if __name__ == "__main__":  # pragma: no cover
    tools_app()
