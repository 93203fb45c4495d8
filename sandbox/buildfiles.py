"""Files a package's build writes and a checkout lacks: version files of setuptools-scm,
hatch-vcs and versioneer.

Why it exists: a package whose ``__init__.py`` imports ``pkg._version`` cannot be imported
from a checkout when that file is written at build time (``[tool.setuptools_scm] write_to`` /
``version_file``, hatch-vcs's ``[tool.hatch.build.hooks.vcs] version-file``, setup.py's
``use_scm_version={"write_to": ...}``, versioneer's ``versionfile_source``). python-humanize
(tuning 2026-11-27e): its suite crashed, every one of its 96 generated programs erred on
``No module named 'humanize._version'`` and no problem was made. The executable split runs
repository code from a copy of the checkout, never from an installed wheel, so it writes these
files itself: into each sandboxed copy of the build's own runs, and through a prologue of every
test program (:func:`with_build_files`), so the gold gate, the mutation gate and evaluation,
which copy the checkout afresh, find them too.

Pure functions over the configuration files' text; the version written is the project's
``fallback_version`` when it declares one, else ``0.0.0``.
"""

from __future__ import annotations

import ast
import configparser
import re
import string
from ast import literal_eval
import os
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Iterable, Sequence

from crossfile_datasets.core import tomlfile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.environment import read_repository_file
from crossfile_datasets.sandbox.hostfs import HostFileRefused
from crossfile_datasets.sandbox.values import header_end_line

if TYPE_CHECKING:
    from crossfile_datasets.sandbox import Sandbox

DEFAULT_VERSION = "0.0.0"
# the detail of ``environment/build_time_file_written`` (the executable and class splits count it)
BUILD_TIME_FILE_NOTE = "written at build time (setuptools-scm, hatch-vcs or versioneer); the checkout lacks it"
# a version file is a few hundred bytes: a template (or its result) over this is refused, and so
# is a format specification with a width or precision of more than 3 digits (red team
# 2026-11-28e row 7: ``{version:>400000000}`` made the host allocate 400 MB at once)
MAX_VERSION_FILE_CHARS = 20_000
_BIG_NUMBER = re.compile(r"\d{4,}")
PROLOGUE_MARK = "# crossfile-datasets: files the package's build writes"


def _safe_path(rel: object) -> str | None:
    """A repository-relative POSIX path inside the repository, or None."""
    if not isinstance(rel, str) or not rel.strip():
        return None
    path = PurePosixPath(rel.strip().replace("\\", "/"))
    if path.is_absolute() or ".." in path.parts or not path.parts:
        return None
    return str(path)


def _version_tuple(version: str) -> tuple:
    parts: list = []
    for piece in version.replace("+", ".").split("."):
        parts.append(int(piece) if piece.isdigit() else piece)
    return tuple(parts)


def format_template(template: str, fields: dict[str, object]) -> str | None:
    """``template.format(**fields)`` within bounds, or None: only the names of ``fields``
    (no attribute or index), conversions ``!s``/``!r``, format specifications without a number
    of more than 3 digits, template and result at most ``MAX_VERSION_FILE_CHARS``."""
    if len(template) > MAX_VERSION_FILE_CHARS:
        return None
    out: list[str] = []
    size = 0
    try:
        for literal, name, spec, conversion in string.Formatter().parse(template):
            out.append(literal)
            size += len(literal)
            if name is None:
                continue
            if name not in fields or conversion not in (None, "s", "r") or _BIG_NUMBER.search(spec or "") \
                    or "{" in (spec or ""):
                return None
            value = fields[name]
            text = format(repr(value) if conversion == "r" else str(value) if conversion == "s" else value, spec or "")
            out.append(text)
            size += len(text)
            if size > MAX_VERSION_FILE_CHARS:
                return None
    except (ValueError, TypeError):
        return None
    return "".join(out)


def scm_version_text(path: str, version: str = DEFAULT_VERSION, template: str | None = None,
                     refused: list[str] | None = None) -> str:
    """The text setuptools-scm (and hatch-vcs, which uses it) writes to ``path``: a Python
    module with ``__version__``/``version`` and the tuple forms, or the bare version for
    another suffix; ``template`` (``write_to_template`` / ``version_file_template``, hatch-vcs's
    ``template``) formatted with ``version`` and ``version_tuple`` when given, within bounds
    (:func:`format_template`); a template refused is told to ``refused`` (``path: why``) and the
    default text is written."""
    vt = _version_tuple(version)
    if template:
        text = format_template(template, {"version": version, "version_tuple": vt, "scm_version": None})
        if text is not None:
            return text
        if refused is not None:
            refused.append(f"{path}: a version template outside the bounds (fields, sizes of "
                           f"{MAX_VERSION_FILE_CHARS} characters): the default text is written")
    if not path.endswith(".py"):
        return version + "\n"
    return (f"# written by crossfile-datasets in place of the file setuptools-scm writes at build time\n"
            f"__all__ = ['__version__', '__version_tuple__', 'version', 'version_tuple']\n"
            f"__version__ = version = {version!r}\n"
            f"__version_tuple__ = version_tuple = {vt!r}\n"
            f"__commit_id__ = commit_id = None\n")


VERSIONEER_TEXT = '''# written by crossfile-datasets in place of the file versioneer generates
def get_versions():
    """The version information versioneer would compute from the VCS."""
    return {"version": "0+unknown", "full-revisionid": None, "dirty": None,
            "error": "not built: a checkout", "date": None}


def get_version():
    return get_versions()["version"]
'''


def _table(data: object, key: str) -> dict:
    """``data[key]`` when both are TOML tables, else an empty table."""
    value = data.get(key) if isinstance(data, dict) else None
    return value if isinstance(value, dict) else {}


def _text(data: dict, key: str) -> str | None:
    value = data.get(key)
    return value if isinstance(value, str) else None


def _setup_py_write_to(text: str) -> tuple[str | None, str | None]:
    """setup.py's ``use_scm_version={"write_to": ...}`` (a literal dict), with its
    ``fallback_version``: (path, version)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None, None
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        for kw in node.keywords:
            if kw.arg != "use_scm_version":
                continue
            try:
                value = literal_eval(kw.value)
            except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
                continue
            if isinstance(value, dict):
                path = value.get("write_to") or value.get("version_file")
                fallback = value.get("fallback_version")
                return (path if isinstance(path, str) else None), (fallback if isinstance(fallback, str) else None)
    return None, None


def build_time_files(pyproject: str | None = None, setup_py: str | None = None,
                     setup_cfg: str | None = None, refused: list[str] | None = None) -> dict[str, str]:
    """Repository-relative path -> text of each file the project's build writes, as its
    configuration declares them (paths outside the repository are ignored). Whether the
    checkout already has them is the caller's question."""
    out: dict[str, str] = {}
    data: dict = {}
    if pyproject:
        data = tomlfile.loads_or_empty(pyproject)  # counted once by the listing (files/toml_unreadable)
    tool = _table(data, "tool")
    scm = _table(tool, "setuptools_scm")
    fallback = _text(scm, "fallback_version")
    for key, template_key in (("write_to", "write_to_template"), ("version_file", "version_file_template")):
        path = _safe_path(scm.get(key))
        if path:
            out[path] = scm_version_text(path, fallback or DEFAULT_VERSION, _text(scm, template_key), refused)
    hatch = _table(tool, "hatch")
    vcs = _table(_table(_table(hatch, "build"), "hooks"), "vcs")
    path = _safe_path(vcs.get("version-file"))
    if path:
        version_table = _table(hatch, "version")
        hatch_fallback = _text(version_table, "fallback-version") or _text(_table(version_table, "raw-options"),
                                                                         "fallback_version")
        out[path] = scm_version_text(path, hatch_fallback or DEFAULT_VERSION, _text(vcs, "template"), refused)
    if setup_py:
        rel, version = _setup_py_write_to(setup_py)
        path = _safe_path(rel)
        if path:
            out.setdefault(path, scm_version_text(path, version or DEFAULT_VERSION))
    if setup_cfg:
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(setup_cfg)
        except (configparser.Error, UnicodeError, ValueError):
            parser = configparser.ConfigParser(interpolation=None)
        if parser.has_section("versioneer"):
            path = _safe_path(parser.get("versioneer", "versionfile_source", fallback=None))
            if path and path.endswith(".py"):
                out.setdefault(path, VERSIONEER_TEXT)
    return out


# a distribution name as packaging accepts it (PEP 508 names); anything else writes nothing
_DIST_NAME = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,198}[A-Za-z0-9])?$")
_DIST_VERSION = re.compile(r"^[A-Za-z0-9.+!_-]{1,64}$")
DIST_INFO_NOTE = ("the project's own distribution metadata (its name and version read from the packaging "
                  "files, never run): a package reading importlib.metadata at import finds it in the copy")


def _setup_py_metadata(text: str) -> tuple[str | None, str | None]:
    """setup.py's ``setup(name=..., version=...)`` when they are literals (or module-level names
    bound to literals): (name, version). Parsed, never run."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return None, None
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            names[node.targets[0].id] = node.value
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup"):
            continue
        found: dict[str, str] = {}
        for kw in node.keywords:
            value: ast.AST | None = kw.value
            if isinstance(value, ast.Name) and value.id in names:
                value = names[value.id]
            if kw.arg in ("name", "version") and isinstance(value, ast.Constant) and isinstance(value.value, str):
                found[kw.arg] = value.value
        if "name" in found:
            return found["name"], found.get("version")
    return None, None


def distribution_metadata(pyproject: str | None = None, setup_py: str | None = None,
                          setup_cfg: str | None = None) -> tuple[str, str] | None:
    """The project's own distribution (name, version) as its packaging files declare them
    statically (``[project]``, ``[tool.poetry]``, setup.cfg ``[metadata]``, setup.py's literal
    ``setup(name=..., version=...)``), or None without a name. A version that is not a literal
    (``dynamic``, ``attr:``, setuptools-scm) is the scm fallback version when declared, else
    ``0.0.0``."""
    data = tomlfile.loads_or_empty(pyproject) if pyproject else {}
    project = _table(data, "project")
    poetry = _table(_table(data, "tool"), "poetry")
    name = _text(project, "name") or _text(poetry, "name")
    version = _text(project, "version") or _text(poetry, "version")
    if setup_cfg and (not name or not version):
        parser = configparser.ConfigParser(interpolation=None)
        try:
            parser.read_string(setup_cfg)
        except (configparser.Error, UnicodeError, ValueError):
            parser = configparser.ConfigParser(interpolation=None)
        cfg_name = parser.get("metadata", "name", fallback=None) if parser.has_section("metadata") else None
        cfg_version = parser.get("metadata", "version", fallback=None) if parser.has_section("metadata") else None
        name = name or (cfg_name.strip() if cfg_name else None)
        if not version and cfg_version and not cfg_version.strip().startswith(("attr:", "file:")):
            version = cfg_version.strip()
    if setup_py and (not name or not version):
        py_name, py_version = _setup_py_metadata(setup_py)
        name, version = name or py_name, version or py_version
    if not name or not _DIST_NAME.match(name):
        return None
    if not version or not _DIST_VERSION.match(version):
        version = _text(_table(_table(data, "tool"), "setuptools_scm"), "fallback_version") or DEFAULT_VERSION
        if not _DIST_VERSION.match(version):
            version = DEFAULT_VERSION
    return name, version


def _dist_stem(name: str) -> str:
    """A distribution name as a ``.dist-info`` folder spells it (``Py-Humps`` -> ``py_humps``)."""
    return re.sub(r"[-_.]+", "_", name).lower()


def dist_info_files(name: str, version: str) -> dict[str, str]:
    """The ``.dist-info`` folder (at the root of the copy, which is on every run's path) that
    makes ``importlib.metadata.metadata(name)`` / ``version(name)`` find the project: path -> text."""
    folder = f"{_dist_stem(name)}-{version.replace('-', '_')}.dist-info"
    return {f"{folder}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n",
            f"{folder}/INSTALLER": "crossfile-datasets\n"}


def with_build_files(source: str, program_path: str, files: dict[str, str]) -> str:
    """The test program ``source`` (written at ``program_path`` in the copy) with a prologue
    that writes each of ``files`` (repository-relative path -> text) that the copy lacks,
    before the program imports anything of the repository. ``source`` itself when ``files`` is
    empty, the program already has the prologue, or it does not parse."""
    if not files or PROLOGUE_MARK in source:
        return source
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError, MemoryError, RecursionError):
        return source
    up = "/".join([".."] * (len(PurePosixPath(program_path).parts) - 1)) or "."
    items = ", ".join(f"({rel!r}, {text!r})" for rel, text in sorted(files.items()))
    prologue = (
        f"{PROLOGUE_MARK} (setuptools-scm, hatch-vcs, versioneer) and a checkout lacks\n"
        "import os as __cfd_os__\n"
        f"for __cfd_rel__, __cfd_text__ in [{items}]:\n"
        "    __cfd_path__ = __cfd_os__.path.join(__cfd_os__.path.dirname(__cfd_os__.path.abspath(__file__)), "
        f"{up!r}, __cfd_rel__)\n"
        "    try:\n"
        "        __cfd_os__.makedirs(__cfd_os__.path.dirname(__cfd_path__), exist_ok=True)\n"
        "        with open(__cfd_path__, 'x', encoding='utf-8') as __cfd_fh__:\n"
        "            __cfd_fh__.write(__cfd_text__)\n"
        "    except OSError:\n"
        "        pass\n"
    )
    lines = source.splitlines(keepends=True)
    at = header_end_line(tree)
    head = "".join(lines[:at])
    if head and not head.endswith("\n"):
        head += "\n"
    return head + prologue + "".join(lines[at:])


# a project module that reads distribution metadata (its own, usually: ``__version__``), also
# through ``from importlib import metadata`` (python-qrcode, held-out 21: ``console_scripts.py``
# calls ``metadata.version("qrcode")``; 12 suite tests failed with ``PackageNotFoundError``)
_READS_METADATA = re.compile(r"\b(?:importlib\.metadata|importlib_metadata|pkg_resources)\b"
                             r"|\bfrom[ \t]+importlib[ \t]+import[ \t]*(?:\([\w\s,]*?|[\w \t,]*?)\bmetadata\b")


def reads_metadata(texts: Iterable[str]) -> bool:
    """Whether any of the project's module texts uses importlib.metadata (or its backport,
    or pkg_resources): only then is its own ``.dist-info`` written (:func:`dist_info_files`)."""
    return any(_READS_METADATA.search(text) for text in texts)


def repository_build_files(root: Path, name: str, report: BuildReport,
                           sources: Sequence[str] = ()) -> dict[str, str]:
    """The files the repository's build writes (setuptools-scm, hatch-vcs, versioneer version
    files: :func:`build_time_files`) that its checkout at ``root`` lacks; each is counted
    (``environment/build_time_file_written``, ``where`` = ``name: path``). The executable split
    and the class split's Python runner both write them into every sandboxed copy
    (:func:`write_build_files`). With ``sources`` (the texts of the project's modules) of which
    one reads distribution metadata (:func:`reads_metadata`), the project's own ``.dist-info``
    too (:func:`distribution_metadata`; held-out 16: humps' ``__init__`` reads
    ``importlib.metadata.metadata("pyhumps")``, the checkout is never installed, every import
    failed and no problem was made), counted ``environment/distribution_metadata_written``."""
    refused: list[tuple[str, str, str]] = []  # counted by detect_requirements, which reads the same files
    texts = {rel: read_repository_file(Path(root), rel, refused) for rel in ("pyproject.toml", "setup.py", "setup.cfg")}
    templates_refused: list[str] = []
    files = build_time_files(texts["pyproject.toml"], texts["setup.py"], texts["setup.cfg"], templates_refused)
    for note in templates_refused:
        report.count("environment", "version_template_refused", f"{name}: {note.split(':', 1)[0]}", note)
    out = {rel: text for rel, text in files.items() if not os.path.lexists(Path(root) / rel)}
    for rel in sorted(out):
        report.count("environment", "build_time_file_written", f"{name}: {rel}", BUILD_TIME_FILE_NOTE)
    dist = distribution_metadata(texts["pyproject.toml"], texts["setup.py"], texts["setup.cfg"]) if sources else None
    if dist is not None and reads_metadata(sources) and not _has_dist_info(Path(root), dist[0]):
        meta = dist_info_files(*dist)
        out.update(meta)
        report.count("environment", "distribution_metadata_written", f"{name}: {next(iter(meta)).split('/')[0]}",
                     DIST_INFO_NOTE)
    return out


def _has_dist_info(root: Path, name: str) -> bool:
    """Whether the checkout's root already holds metadata of ``name`` (a ``.dist-info`` or
    ``.egg-info`` folder: a link there is taken as present, never followed or written through)."""
    want = _dist_stem(name)
    try:
        entries = os.listdir(root)
    except OSError:
        return False
    for entry in entries:
        stem, dot, suffix = entry.rpartition(".")
        if dot and suffix in ("dist-info", "egg-info") and _dist_stem(stem.split("-")[0]) == want:
            return True
    return False


def write_build_files(box: "Sandbox", files: dict[str, str]) -> None:
    """Write the build-time files (version files) into a sandbox's copy, where it lacks them
    (a path the copy holds anything at is left alone: the boundary refuses to write through)."""
    for rel, text in files.items():
        try:
            box.write(rel, text)
        except (HostFileRefused, OSError):
            continue
