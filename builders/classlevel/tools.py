"""What a model sees of a class-level task's repository: the repository with the class removed.

Why it exists: RepoClassBench's tools (``builders/repo_tools.py``: get_imports, get_class_info,
get_signature, get_method_body, get_related_snippets) must answer from the repository *without*
the target class, or a model could read the answer back. :func:`write_task_view` writes that
view -- a copy of the task's repository whose class file is ``file_without_class`` -- and the
dependency graph of the copy, so the ``repo-tools`` commands work on it unchanged
(``repo-tools task-view SPLIT TASK_ID --out DIR`` prints the ``--graph``/``--root`` to pass).
"""

from __future__ import annotations

import shutil
from pathlib import Path

from crossfile_datasets.analyzers.graph import build_graph, save_graph
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.core.repository_roots import check_record_file, repository_folder
from crossfile_datasets.sandbox import copy_repository, hostfs


def write_task_view(task: dict, dest: Path, repos: Path | None = None) -> tuple[Path, Path]:
    """Write ``dest/repo`` (the task's repository with its class removed) and ``dest/graph.json``
    (its graph); return both paths. ``repos``: a folder holding the repository (by name)
    instead of the task's recorded ``repository_root``."""
    # a split's record is input: its repository name stays inside --repos, its file inside the copy
    source = repository_folder(repos, task.get("repository")) if repos is not None else Path(task["repository_root"])
    dest = Path(dest)
    root = dest / "repo"
    shutil.rmtree(root, ignore_errors=True)
    dest.mkdir(parents=True, exist_ok=True)
    copy_repository(source, root)
    hostfs.replace_file(root, check_record_file(task.get("file")), task["file_without_class"])
    lang = Lang(task["language"])
    language = get_language(lang)
    files, _ = list_sources(Repository(task["repository"], root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), files)
    graph_path = dest / "graph.json"
    save_graph(build_graph(task["repository"], lang.value, facts, []), graph_path)
    return root, graph_path
