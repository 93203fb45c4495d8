"""Which Java files javac sees together: Maven and Gradle build modules.

javac resolves a name on the sourcepath it is given. One sourcepath for the whole repository is
what a build of every module would see *as long as no fully qualified name is declared twice*:
a module can only name another module's class if it depends on it (else its own build fails),
so the extra roots change nothing. When two modules declare the same class (jOOQ/jOOL keeps a
``jOOL/`` and a ``jOOL-java-8/`` module with the same 147 classes), one sourcepath makes every
such class ambiguous and the whole repository gives no usage. Then each module is checked with
its own sourcepath: its files and those of the modules it depends on, transitively, as the build
tool would compile it.

A module is a folder with a ``pom.xml`` (its ``<artifactId>``; ``<dependencies>`` naming another
module's artifactId, profiles included) or a ``build.gradle[.kts]`` (``project(':a:b')`` and
``projects.aB`` references, matched by the default Gradle path or the folder's name). A source
file belongs to the nearest module folder above it; files outside every module form one more
unit. Only the build files are read (XML and text, no build tool is run); an unreadable one is
counted and its module has no dependencies.
"""

from __future__ import annotations

import posixpath
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Mapping, Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import xmlsafe
from crossfile_datasets.core.repofiles import read_inside, walk
from crossfile_datasets.core.text import NotRegularFile

BUILD_FILES = ("pom.xml", "build.gradle", "build.gradle.kts")
WHOLE_REPOSITORY = "<repository>"
OUTSIDE_MODULES = "<outside-modules>"

_GRADLE_PROJECT = re.compile(r"""\bproject\s*\(\s*(?:path\s*[:=]\s*)?["'](:[^"']*)["']""")
_GRADLE_ACCESSOR = re.compile(r"\bprojects\.([A-Za-z_][A-Za-z0-9_.]*)")


@dataclass(frozen=True)
class JavaModule:
    directory: str  # repository-relative folder ("" at the root)
    build_file: str  # repository-relative path of its pom.xml / build.gradle[.kts]
    artifact: str = ""  # Maven <artifactId> ("" for Gradle or when unreadable)
    maven_dependencies: tuple[str, ...] = ()  # artifactIds it depends on
    gradle_dependencies: tuple[str, ...] = ()  # Gradle project paths (":core") or accessors ("core")
    error: str = ""  # why the build file could not be read


@dataclass(frozen=True)
class JavaUnit:
    """Files checked with one sourcepath: ``owned`` are checked, ``visible`` form the sourcepath."""

    name: str  # the module's directory ("" = root module), WHOLE_REPOSITORY or OUTSIDE_MODULES
    owned: frozenset[str]
    visible: frozenset[str]


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _children(element: ET.Element, name: str) -> list[ET.Element]:
    return [child for child in element if _local(child.tag) == name]


def _text(element: ET.Element, name: str) -> str:
    for child in _children(element, name):
        return (child.text or "").strip()
    return ""


def read_pom(root: Path, rel: str) -> JavaModule:
    directory = posixpath.dirname(rel)
    try:  # a FIFO named pom.xml would block the parser, a link would read another file
        project = xmlsafe.fromstring(read_inside(root, rel, C.MAX_FILE_BYTES))
    except NotRegularFile as exc:
        return JavaModule(directory, rel, error=str(exc)[:200])
    except (ET.ParseError, OSError) as exc:
        return JavaModule(directory, rel, error=str(getattr(exc, "strerror", None) or exc)[:200])
    blocks = _children(project, "dependencies")
    for profiles in _children(project, "profiles"):
        for profile in _children(profiles, "profile"):
            blocks += _children(profile, "dependencies")
    deps = [_text(dep, "artifactId") for block in blocks for dep in _children(block, "dependency")]
    return JavaModule(directory, rel, artifact=_text(project, "artifactId"),
                      maven_dependencies=tuple(sorted({d for d in deps if d and "$" not in d})))


def read_gradle(root: Path, rel: str) -> JavaModule:
    directory = posixpath.dirname(rel)
    try:
        text = read_inside(root, rel, C.MAX_FILE_BYTES).decode("utf-8", errors="replace")
    except (NotRegularFile, OSError) as exc:
        return JavaModule(directory, rel, error=str(getattr(exc, "strerror", None) or exc)[:200])
    refs = set(_GRADLE_PROJECT.findall(text)) | set(_GRADLE_ACCESSOR.findall(text))
    return JavaModule(directory, rel, gradle_dependencies=tuple(sorted(refs)))


def find_modules(root: str | Path) -> list[JavaModule]:
    """Every build module of the repository (outside skipped folders), one per folder: a folder
    with both a pom.xml and a build.gradle is read from its pom.xml."""
    found: set[str] = set()  # refused ones (a FIFO, a link) too: reading them fails and is counted
    wanted = lambda rel: rel.rsplit("/", 1)[-1] in BUILD_FILES and rel.isprintable()  # noqa: E731
    refused = lambda r: found.add(r.rel) if not r.folder and r.reason != "undecodable_name" else None  # noqa: E731
    for accepted in walk(root, wanted, refused):
        found.add(accepted.rel)
    by_folder: dict[str, str] = {}
    for rel in sorted(found, key=lambda r: BUILD_FILES.index(r.rsplit("/", 1)[-1])):
        by_folder.setdefault(posixpath.dirname(rel), rel)
    return [read_pom(Path(root), rel) if rel.endswith(".xml") else read_gradle(Path(root), rel)
            for _folder, rel in sorted(by_folder.items())]


def owning_module(path: str, directories: Iterable[str]) -> str | None:
    """The nearest module folder above ``path`` (None when no module holds it)."""
    best: str | None = None
    for d in directories:
        if (not d or path.startswith(d + "/")) and (best is None or len(d) > len(best)):
            best = d
    return best


def _camel(name: str) -> str:
    head, *rest = re.split(r"[-_]", name)
    return head + "".join(part[:1].upper() + part[1:] for part in rest)


def module_dependencies(modules: Sequence[JavaModule]) -> dict[str, set[str]]:
    """Module folder -> folders of the modules it names as dependencies (direct ones)."""
    by_artifact: dict[str, list[str]] = {}
    by_gradle_path: dict[str, str] = {}
    by_accessor: dict[str, list[str]] = {}
    for m in modules:
        if m.artifact:
            by_artifact.setdefault(m.artifact, []).append(m.directory)
        by_gradle_path[":" + m.directory.replace("/", ":")] = m.directory
        base = m.directory.rsplit("/", 1)[-1]
        by_accessor.setdefault(base, []).append(m.directory)
        by_accessor.setdefault(_camel(base), []).append(m.directory)
    out: dict[str, set[str]] = {}
    for m in modules:
        deps: set[str] = set()
        for artifact in m.maven_dependencies:
            if len(by_artifact.get(artifact, ())) == 1:
                deps.add(by_artifact[artifact][0])
        for ref in m.gradle_dependencies:
            if ref.startswith(":"):
                target = by_gradle_path.get(ref)
                if target is None:  # a project placed elsewhere by settings.gradle: its name
                    candidates = by_accessor.get(ref.rsplit(":", 1)[-1], [])
                    target = candidates[0] if len(candidates) == 1 else None
            else:
                candidates = by_accessor.get(ref.split(".")[-1], [])
                target = candidates[0] if len(set(candidates)) == 1 else None
            if target is not None:
                deps.add(target)
        deps.discard(m.directory)
        out[m.directory] = deps
    return out


def compilation_units(paths: Iterable[str], declared: Mapping[str, Iterable[str]],
                      modules: Callable[[], Sequence[JavaModule]]) -> list[JavaUnit]:
    """The units ``paths`` are checked in. ``declared`` maps a path to the fully qualified names
    of its top-level types; ``modules`` is only called when two files declare the same name
    (else the whole repository is one unit, see the module docstring)."""
    paths = sorted(paths)
    owners: dict[str, set[str]] = {}
    for path in paths:
        for fqn in declared.get(path, ()):
            owners.setdefault(fqn, set()).add(path)
    if not any(len(files) > 1 for files in owners.values()):
        return [JavaUnit(WHOLE_REPOSITORY, frozenset(paths), frozenset(paths))]
    found = list(modules())
    directories = [m.directory for m in found]
    if not found:
        return [JavaUnit(WHOLE_REPOSITORY, frozenset(paths), frozenset(paths))]
    members: dict[str | None, set[str]] = {}
    for path in paths:
        members.setdefault(owning_module(path, directories), set()).add(path)
    direct = module_dependencies(found)
    units: list[JavaUnit] = []
    for directory in sorted(members, key=lambda d: (d is None, d or "")):
        owned = members[directory]
        if directory is None:
            units.append(JavaUnit(OUTSIDE_MODULES, frozenset(owned), frozenset(owned)))
            continue
        seen, todo = {directory}, [directory]
        while todo:
            for dep in direct.get(todo.pop(), ()):
                if dep not in seen:
                    seen.add(dep)
                    todo.append(dep)
        visible = set().union(*(members.get(d, set()) for d in seen))
        units.append(JavaUnit(directory, frozenset(owned), frozenset(visible)))
    return units
