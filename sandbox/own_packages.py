"""The installed releases of a repository's own packages, hidden from its runs.

Why it exists: a run imports the repository from its copy (the copy's source roots are first
on ``PYTHONPATH``), but the interpreter the tests run in may also hold a *published release*
of the same package in its site directories: the harness's tools (pytest, pluggy, coverage,
iniconfig, packaging) are in every environment, and a requirement's dependency closure brings
many popular packages (``requests`` brings ``idna``, ``urllib3``, ``certifi``...). An answer
that implements nothing could move the copy aside on ``sys.path`` for one import and call the
released function (red team 2026-11-27f, row 1). So every run of a :class:`sandbox.Sandbox`
sees, in each site directory of its interpreter, an empty folder (or an empty file) where a
top-level package or module named like one of the copy's own is installed.

Nothing else changes for the run: those names already resolve to the copy, which comes first
on ``sys.path`` (also when the repository *is* one of the harness's tools: pytest then runs with
the copy's package, as it did before). Only the releases behind the copy are gone. The standard
library's folders are never touched (a repository module named like a standard one cannot be
hidden there without breaking the interpreter; the standard library is no release of the
repository). Without bubblewrap (the explicit opt-out) nothing is hidden.
"""

from __future__ import annotations

import configparser
import functools
import glob
import os
import re
import zipfile
from pathlib import Path
from typing import Iterable, Sequence

from crossfile_datasets.sandbox.isolation import confined, probe_json
from crossfile_datasets.sandbox.java_jars import runner_jars

# how deep namespace packages (folders without ``__init__.py``) are followed in the copy
NAMESPACE_DEPTH = 3
# extension and compiled forms of a top-level module in a site directory
_MODULE_SUFFIXES = (".py", ".pyc", ".so", ".pyd")

_PROBE = """
import json, sys, sysconfig
paths = sysconfig.get_paths()
stdlib = {paths.get("stdlib"), paths.get("platstdlib")}
print(json.dumps({"path": sys.path, "stdlib": sorted(p for p in stdlib if p),
                  "stdlib_names": sorted(sys.stdlib_module_names), "builtins": sorted(sys.builtin_module_names)}))
"""


@functools.lru_cache(maxsize=32)
def site_directories(python: str) -> tuple[tuple[str, ...], frozenset[str]]:
    """(the folders on ``python``'s ``sys.path`` that are not the standard library's, the
    standard library's module names). The probe starts the interpreter (its ``.pth`` files run:
    confined, read-only and offline). Folders only: zip files and path hooks are left as they
    are."""
    info = probe_json(confined([python, "-c", _PROBE]))
    if not isinstance(info, dict):
        return (), frozenset()

    def strings(key: str) -> list[str]:  # what the probe printed is untrusted: `{"path": 1}` is JSON too
        value = info.get(key)
        return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []

    stdlib = {os.path.realpath(p) for p in strings("stdlib")}
    stdlib |= {os.path.join(p, "lib-dynload") for p in stdlib}
    dirs: list[str] = []
    for entry in strings("path"):
        if not isinstance(entry, str) or not os.path.isabs(entry):
            continue  # '' (the working folder) and path hooks
        real = os.path.realpath(entry)
        if real in stdlib or not os.path.isdir(real) or real in dirs:
            continue
        dirs.append(real)
    names = frozenset((*strings("stdlib_names"), *strings("builtins")))
    return tuple(dirs), names


def _module_name(entry: str) -> str | None:
    """The top-level import name a site-directory or copy entry provides, for a file."""
    for suffix in _MODULE_SUFFIXES:
        if entry.endswith(suffix):
            return entry.split(".", 1)[0]
    return None


def own_names(roots: Iterable[str | os.PathLike]) -> set[tuple[str, ...]]:
    """The import names the copy's source ``roots`` provide, as dotted paths: a regular package
    (a folder with ``__init__.py``) or a module at a root is one name (``("idna",)``); a
    namespace package (a folder of Python files without ``__init__.py``) contributes the
    packages and modules inside it (``("google", "mylib")``), not the namespace itself, which
    other distributions share. Read before any run (the copy is ours then)."""
    out: set[tuple[str, ...]] = set()

    def walk(folder: Path, prefix: tuple[str, ...], depth: int) -> None:
        try:
            entries = sorted(os.scandir(folder), key=lambda e: e.name)
        except OSError:
            return
        for entry in entries:
            name = entry.name
            try:
                is_dir = entry.is_dir()
            except OSError:
                continue
            if is_dir:
                if not name.isidentifier():
                    continue
                if (Path(entry.path) / "__init__.py").is_file():
                    out.add((*prefix, name))
                elif depth < NAMESPACE_DEPTH and _holds_python(entry.path):
                    walk(Path(entry.path), (*prefix, name), depth + 1)
            elif (module := _module_name(name)) and module.isidentifier() and name != "__init__.py":
                out.add((*prefix, module))

    for root in roots:
        walk(Path(root), (), 0)
    return out


def _holds_python(path: str) -> bool:
    """Whether a folder without ``__init__.py`` can be a namespace package: it holds a Python
    file or a regular package (a folder of data or documents is not walked)."""
    for entry in _scan(path):
        if entry.name.endswith(".py") or (Path(entry.path) / "__init__.py").is_file():
            return True
    return False


def _scan(path: str) -> list[os.DirEntry]:
    try:
        return list(os.scandir(path))
    except OSError:
        return []


def shadowed_releases(python: str, roots: Sequence[str | os.PathLike]) -> list[str]:
    """The paths, in ``python``'s site directories and the machine's other interpreters' ones
    (:func:`other_site_directories`), of the installed packages and modules named like the
    copy's own (:func:`own_names` of ``roots``), and the archives of the wheel folders named
    like them (:func:`released_archives`): what a run must not see. Standard library names, and
    the roots themselves, are never among them."""
    names = own_names(roots)
    if not names:
        return []
    sites, stdlib = site_directories(python)
    sites = (*sites, *(s for s in other_site_directories() if s not in sites))
    root_paths = {os.path.realpath(r) for r in roots}
    out: list[str] = []
    for site in sites:
        if site in root_paths:
            continue
        for dotted in sorted(names):
            if dotted[0] in stdlib:
                continue
            folder = os.path.join(site, *dotted[:-1])
            for entry in _scan(folder):
                if entry.name == dotted[-1] or _module_name(entry.name) == dotted[-1]:
                    path = os.path.realpath(entry.path) if entry.is_symlink() else entry.path
                    if path not in out and not any(path == r or path.startswith(r + os.sep) for r in root_paths):
                        out.append(path)
    out += [p for p in released_archives(roots) if p not in out]
    return out


def count_hidden_releases(report, where: str, python: str, root: str | os.PathLike,
                          python_path: Iterable[str]) -> list[str]:
    """Count, once per repository, the installed releases its runs will not see
    (``environment/own_package_hidden``): ``python_path`` holds the repository-relative source
    roots ("" = the root). Returns their paths."""
    hidden = shadowed_releases(python, [str(Path(root) / p) if p else str(root) for p in python_path])
    for path in hidden:
        report.count("environment", "own_package_hidden", f"{where}: {Path(path).name}",
                     "installed in the test interpreter's site directories: hidden from the runs "
                     "(the repository's copy is imported)")
    return hidden


# ------------------------------------------------------------ releases elsewhere on the machine --
# Red team 2026-11-29d row 2: the interpreter's site directories are not the only copies of a
# release a run can read and load by path. Other interpreters' packages (Debian's
# ``/usr/lib/python3/dist-packages``), the wheel folders pip is configured with (a local mirror:
# ``find-links``, a ``file://`` index), and, for Java, Debian's jars (``/usr/share/java``, the
# Maven layout of ``/usr/share/maven-repo``) hold releases of popular repositories: an answer that
# implements nothing could load the released class (``zipimport`` of a wheel, a ``URLClassLoader``
# over a jar) and forward every call. Those copies of the repository's own release are hidden too.
# Only copies of the repository's *own* names are: a dependency of the repository is another name.

OTHER_SITE_GLOBS = ("/usr/lib/python3*/dist-packages", "/usr/lib/python3*/site-packages",
                    "/usr/local/lib/python3*/dist-packages", "/usr/local/lib/python3*/site-packages")
ARCHIVE_SUFFIXES = (".whl", ".tar.gz", ".tar.bz2", ".zip", ".egg")
# at most this many files are listed under the wheel folders (a mirror's simple index included)
ARCHIVE_MAX_FILES = 200_000
JAR_FOLDERS = ("/usr/share/java", "/usr/share/maven-repo")
_PIP_CONFIGS = ("/etc/pip.conf", "/etc/xdg/pip/pip.conf", "~/.config/pip/pip.conf", "~/.pip/pip.conf")
_PACKAGE_DECLARATION = re.compile(r"^\s*package\s+([\w.\s]+?)\s*;", re.M)


@functools.lru_cache(maxsize=1)
def other_site_directories() -> tuple[str, ...]:
    """Site directories of the machine's other interpreters (:data:`OTHER_SITE_GLOBS`)."""
    out: list[str] = []
    for pattern in OTHER_SITE_GLOBS:
        for path in sorted(glob.glob(pattern)):
            real = os.path.realpath(path)
            if os.path.isdir(real) and real not in out:
                out.append(real)
    return tuple(out)


def _pip_settings() -> list[str]:
    """The ``find-links``, ``index-url`` and ``extra-index-url`` values pip is configured with
    (environment and configuration files)."""
    values = [os.environ.get(k, "") for k in ("PIP_FIND_LINKS", "PIP_INDEX_URL", "PIP_EXTRA_INDEX_URL")]
    files = [os.path.expanduser(p) for p in _PIP_CONFIGS]
    if os.environ.get("PIP_CONFIG_FILE"):
        files.append(os.environ["PIP_CONFIG_FILE"])
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    for path in files:
        try:
            parser.read(path, encoding="utf-8")
        except (OSError, configparser.Error, UnicodeDecodeError):
            continue
    for section in parser.sections():
        for key in ("find-links", "index-url", "extra-index-url"):
            values.append(parser.get(section, key, fallback=""))
    return [v for value in values for v in value.split()]


@functools.lru_cache(maxsize=1)
def archive_folders() -> tuple[str, ...]:
    """Local folders of released distributions pip is configured with: a ``find-links`` folder,
    and the folder holding a ``file://`` index (a mirror keeps its files beside its index)."""
    out: list[str] = []
    for value in _pip_settings():
        path = value[len("file://"):] if value.startswith("file://") else value
        if not os.path.isabs(path) or not os.path.isdir(path):
            continue
        if value.startswith("file://") or os.path.basename(path.rstrip("/")) == "simple":
            path = os.path.dirname(path.rstrip("/"))  # the index's folder: the mirror's root
        real = os.path.realpath(path)
        if real != "/" and not any(real == o or real.startswith(o + os.sep) for o in out):
            out = [o for o in out if not o.startswith(real + os.sep)] + [real]
    return tuple(sorted(out))


def _distribution_key(name: str) -> str:
    return re.sub(r"[-_.]+", "_", name).lower()


@functools.lru_cache(maxsize=1)
def _archives() -> dict[str, tuple[str, ...]]:
    """Archive files of :func:`archive_folders` by their distribution's normalized name."""
    found: dict[str, list[str]] = {}
    seen = 0
    for folder in archive_folders():
        for parent, dirs, files in os.walk(folder):
            dirs.sort()
            seen += len(files)
            if seen > ARCHIVE_MAX_FILES:
                break
            for name in files:
                if name.endswith(ARCHIVE_SUFFIXES):
                    found.setdefault(_distribution_key(name.split("-", 1)[0]), []).append(os.path.join(parent, name))
    return {k: tuple(v) for k, v in found.items()}


def released_archives(roots: Sequence[str | os.PathLike]) -> list[str]:
    """The archives (wheels, source archives) in the machine's wheel folders whose distribution
    is named like one of the copy's top-level packages or modules."""
    names = {dotted[0] for dotted in own_names(roots)}
    index = _archives() if names else {}
    return [os.path.realpath(p) for n in sorted(names) for p in index.get(_distribution_key(n), ())]


@functools.lru_cache(maxsize=1024)
def _jar_classes(path: str, mtime: float, size: int) -> frozenset[str]:
    """The top-level classes a jar holds, as paths without ``.class`` (``org/x/Y``)."""
    try:
        with zipfile.ZipFile(path) as jar:
            names = jar.namelist()
    except (OSError, zipfile.BadZipFile, ValueError):
        return frozenset()
    out = set()
    for name in names:
        if not name.endswith(".class") or "$" in name:
            continue
        name = re.sub(r"^META-INF/versions/\d+/", "", name)[:-len(".class")]
        if not name.endswith(("module-info", "package-info")):
            out.add(name)
    return frozenset(out)


@functools.lru_cache(maxsize=1)
def _jar_files() -> tuple[str, ...]:
    out = []
    for folder in JAR_FOLDERS:
        for parent, dirs, files in os.walk(folder):
            dirs.sort()
            out += [os.path.join(parent, f) for f in sorted(files) if f.endswith(".jar")
                    and not os.path.islink(os.path.join(parent, f))]
    return tuple(out)


def _java_classes(root: str | os.PathLike) -> dict[str, list[str]]:
    """The copy's Java files by file name (``Y.java`` -> relative paths)."""
    out: dict[str, list[str]] = {}
    root = str(root)
    for parent, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in files:
            if name.endswith(".java"):
                out.setdefault(name, []).append(os.path.relpath(os.path.join(parent, name), root))
    return out


def _declares(root: str | os.PathLike, rel: str, package: str) -> bool:
    try:
        text = Path(root, rel).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    match = _PACKAGE_DECLARATION.search(text)
    return re.sub(r"\s+", "", match.group(1)) == package if match else package == ""


def released_jars(root: str | os.PathLike, keep: Iterable[str] | None = None) -> list[str]:
    """The jars of :data:`JAR_FOLDERS` that hold a class of the copy at ``root`` (the same
    package and name as one of its ``.java`` files declares): a release of the repository.
    ``keep``: jars never hidden (default: the runner's own, :func:`sandbox.java_jars.runner_jars`)."""
    classes = _java_classes(root)
    if not classes:
        return []
    kept = {os.path.realpath(k) for k in (runner_jars() if keep is None else keep)}
    out = []
    for jar in _jar_files():
        if os.path.realpath(jar) in kept:
            continue
        try:
            stat = os.stat(jar)
        except OSError:
            continue
        for entry in _jar_classes(jar, stat.st_mtime, stat.st_size):
            package, _, name = entry.rpartition("/")
            if any(rel.replace(os.sep, "/").endswith(f"/{entry}.java") or rel == f"{entry}.java"
                   for rel in classes.get(f"{name}.java", ())) \
                    and any(_declares(root, rel, package.replace("/", ".")) for rel in classes[f"{name}.java"]):
                out.append(os.path.realpath(jar))
                break
    return out
