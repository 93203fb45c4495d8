"""Which C# files are compiled together: ``.csproj`` projects and compilation units.

C# resolves names per *assembly*, not per file, so the checker must compile a whole project at
once. A repository may hold several ``.csproj`` files: an SDK-style project owns every ``.cs``
file under its directory (minus nested projects' directories and ``<Compile Remove>``), an
old-style project lists its files with ``<Compile Include>``. ``<ProjectReference>`` makes a
project see another one's public types, so a *compilation unit* is a project that no other
project references, together with everything it references transitively (a test project and
the library it tests compile as one unit). Files outside every project form one more unit;
without any ``.csproj`` the whole repository is one unit.

Only the project files are read here (XML, no build tool is run).
"""

from __future__ import annotations

import dataclasses
import errno
import fnmatch
import functools
import posixpath
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import xmlsafe
from crossfile_datasets.core.repofiles import read_inside, walk
from crossfile_datasets.core.text import NotRegularFile
from crossfile_datasets.lang.csharp.syntax import COMPILE_DEFINES

WHOLE_REPOSITORY = "<repository>"
LOOSE_FILES = "<outside-projects>"


@dataclass(frozen=True)
class CsProject:
    path: str  # repository-relative .csproj path
    directory: str  # its directory ("" at the root)
    sdk_style: bool
    includes: tuple[str, ...] = ()  # <Compile Include> patterns (old style, or with default items off)
    removes: tuple[str, ...] = ()  # <Compile Remove> patterns
    references: tuple[str, ...] = ()  # referenced .csproj paths (repository-relative, normalized)
    nullable: bool = False  # <Nullable>enable</Nullable>
    implicit_usings: bool = False  # <ImplicitUsings>enable</ImplicitUsings> (C# 10 global usings)
    default_items: bool = True
    error: str = ""  # why the XML could not be read (then defaults are assumed)
    defines: tuple[str, ...] = ()  # symbols of every <DefineConstants> (any condition)
    # <Reference Include="System.Web" /> without a HintPath: assemblies of the framework itself
    framework_references: tuple[str, ...] = ()
    root_namespace: str = ""  # <RootNamespace>, else <AssemblyName>, else the file's stem
    # <EmbeddedResource Include="..." [LogicalName]> items: (pattern, logical name or "")
    embedded: tuple[tuple[str, str], ...] = ()
    # <None|Content Include="..." CopyToOutputDirectory="Always|PreserveNewest" [Link]>: (pattern, link or "")
    copied: tuple[tuple[str, str], ...] = ()
    target_framework: str = ""  # the first of <TargetFramework(s)>
    # conditional-compilation symbols of the project's default build (first target framework,
    # default configuration); None when the project file could not be read
    build_defines: tuple[str, ...] | None = None
    # the symbols of the build mono runs (the class split's suites): :func:`mono_target`'s target
    # framework, default configuration; None when the project file could not be read
    run_defines: tuple[str, ...] | None = None
    # <Copy SourceFiles=... DestinationFolder="$(OutputPath)/..."> tasks of the project's targets:
    # (source pattern relative to the project, folder below the output, may hold %(RecursiveDir))
    copy_tasks: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class CompilationUnit:
    name: str  # the root project's path, WHOLE_REPOSITORY or LOOSE_FILES
    projects: tuple[str, ...]
    files: tuple[str, ...]  # repository-relative source paths, sorted
    nullable: bool = False
    implicit_usings: bool = False
    owner: dict = field(default_factory=dict, compare=False, hash=False)  # file -> owning project


def _local(tag: str) -> str:
    return tag.rsplit("}", 1)[-1]


def _norm(directory: str, relative: str) -> str:
    joined = posixpath.normpath(posixpath.join(directory, relative.replace("\\", "/")))
    return "" if joined == "." else joined


def is_sdk_style(project: ET.Element) -> bool:
    """Whether a project file uses an MSBuild SDK (then it owns every ``.cs`` file under its
    folder by default): ``<Project Sdk="Microsoft.NET.Sdk">``, a ``<Sdk Name="..." />`` child, or
    the explicit imports ``<Import Project="Sdk.props" Sdk="Microsoft.NET.Sdk" />`` (and
    ``Sdk.targets``) that a project writes to run targets after the SDK's (alanmcgovern/Mono.Nat
    `42cf7c2`: read as an old-style project without ``<Compile>`` items, the library owned no
    file and its two referencing projects compiled without it)."""
    if (project.get("Sdk") or "").strip():
        return True
    for child in project:
        tag = _local(child.tag)
        if tag == "Sdk" and (child.get("Name") or "").strip():
            return True
        if tag == "Import" and (child.get("Sdk") or "").strip():
            return True
    return False


def read_csproj(root: Path, rel: str) -> CsProject:
    directory = posixpath.dirname(rel)
    try:  # a FIFO named .csproj would block the parser forever, a link would read another file
        project = xmlsafe.fromstring(read_inside(root, rel, C.MAX_FILE_BYTES))
    except NotRegularFile as exc:
        return CsProject(rel, directory, True, error=str(exc)[:200])
    except (ET.ParseError, OSError) as exc:
        return CsProject(rel, directory, True, error=str(getattr(exc, "strerror", None) or exc)[:200])
    sdk_style = is_sdk_style(project)
    includes, removes, refs, defines, framework, embedded, copied = [], [], [], [], [], [], []
    target = ""
    targets: list[str] = []
    items: dict[str, list[str]] = {}  # item name -> Include patterns (for @(Name) in a Copy task)
    copies: list[tuple[str, str]] = []  # (SourceFiles, DestinationFolder) of <Copy> tasks
    names = {"RootNamespace": "", "AssemblyName": ""}
    nullable = implicit = False
    default_items = True
    for el in project.iter():
        tag = _local(el.tag)
        text = (el.text or "").strip().lower()
        if tag == "Compile":
            if el.get("Include"):
                includes.extend(p.strip() for p in el.get("Include", "").split(";") if p.strip())
            if el.get("Remove"):
                removes.extend(p.strip() for p in el.get("Remove", "").split(";") if p.strip())
        elif tag == "ProjectReference" and el.get("Include"):
            refs.append(_norm(directory, el.get("Include", "")))
        elif tag == "Nullable":
            nullable = text in ("enable", "warnings", "annotations")
        elif tag == "ImplicitUsings":
            implicit = text in ("enable", "true")
        elif tag == "EnableDefaultCompileItems":
            default_items = text != "false"
        elif tag == "DefineConstants":
            defines.extend(d for d in _SYMBOL.findall(el.text or "") if d != "DefineConstants")
        elif tag in names and not names[tag] and (el.text or "").strip() and "$(" not in (el.text or ""):
            names[tag] = (el.text or "").strip()
        elif tag in ("None", "Content") and (el.get("Include") or el.get("Update")) and _copied_to_output(el):
            link = el.get("Link") or next(((c.text or "").strip() for c in el if _local(c.tag) == "Link"), "")
            copied.extend((p.strip(), link) for p in (el.get("Include") or el.get("Update") or "").split(";") if p.strip())
        elif tag in ("TargetFramework", "TargetFrameworks") and not target and (el.text or "").strip():
            targets = [t.strip() for t in (el.text or "").split(";") if t.strip()]
            target = targets[0] if targets else ""
        elif tag == "EmbeddedResource" and el.get("Include"):
            logical = next(((c.text or "").strip() for c in el if _local(c.tag) == "LogicalName"), "")
            embedded.extend((p.strip(), logical) for p in el.get("Include", "").split(";") if p.strip())
        elif tag == "Reference" and el.get("Include") and not any(_local(c.tag) == "HintPath" for c in el):
            name = el.get("Include", "").split(",", 1)[0].strip()
            if _ASSEMBLY_NAME.fullmatch(name):
                framework.append(name)
        elif tag == "Copy" and el.get("SourceFiles") and el.get("DestinationFolder"):
            copies.append((el.get("SourceFiles", ""), el.get("DestinationFolder", "")))
        if el.get("Include") and tag not in ("Compile", "ProjectReference", "Reference", "PackageReference"):
            items.setdefault(tag, []).extend(p.strip() for p in el.get("Include", "").split(";") if p.strip())
    build = _build_defines(project, sdk_style, target)
    run_target, implied = mono_target(targets)
    run = _build_defines(project, sdk_style and implied, run_target)
    wildcards = sum(1 for p in (*includes, *removes) if any(c in p for c in "*?["))
    if wildcards > C.CSPROJ_MAX_WILDCARDS:  # each one is matched against every source of the repository
        return CsProject(rel, directory, True, error=f"{wildcards} wildcard patterns (more than {C.CSPROJ_MAX_WILDCARDS})")
    return CsProject(rel, directory, sdk_style, tuple(includes), tuple(removes), tuple(refs), nullable, implicit,
                     default_items, defines=tuple(dict.fromkeys(defines)),
                     framework_references=tuple(dict.fromkeys(framework)),
                     root_namespace=names["RootNamespace"] or names["AssemblyName"] or posixpath.basename(rel)[:-len(".csproj")],
                     embedded=tuple(embedded), copied=tuple(copied), target_framework=target, build_defines=build,
                     run_defines=run, copy_tasks=_copy_tasks(copies, items))


_PROPERTY = re.compile(r"\$\(\s*([A-Za-z_][A-Za-z0-9_.]*)\s*\)")
_COMPARISON = re.compile(r"'([^']*)'\s*(==|!=)\s*'([^']*)'")


def _condition(text: str | None, props: dict[str, str]) -> bool | None:
    """An MSBuild ``Condition`` with the default build's properties: ``'a' == 'b'``, ``!=``,
    ``and``, ``or``, ``!``, parentheses (case-insensitive, as MSBuild compares). None when it
    says something else (``Exists(...)``, a property the default build does not know)."""
    if not text or not text.strip():
        return True
    unknown = False

    def value(m: re.Match) -> str:
        nonlocal unknown
        name = m.group(1).lower()
        if name not in props:
            unknown = True
        return props.get(name, "")

    text = _PROPERTY.sub(value, text)
    if unknown:
        return None
    words = _COMPARISON.sub(lambda m: " True " if (m.group(1).strip().lower() == m.group(3).strip().lower())
                            == (m.group(2) == "==") else " False ", text)
    tokens = re.findall(r"\(|\)|!|[A-Za-z]+|\S+", words)
    out = []
    for t in tokens:
        low = t.lower()
        if t in ("True", "False", "(", ")"):
            out.append(t)
        elif low in ("and", "or"):
            out.append(low)
        elif t == "!":
            out.append("not")
        else:
            return None
    try:  # only True/False, and/or/not and parentheses reach eval (every token was checked)
        return bool(eval(" ".join(out) or "True", {"__builtins__": {}}, {}))  # noqa: S307
    except Exception:  # noqa: BLE001 - unbalanced parentheses and the like: unreadable
        return None


def framework_symbols(target: str) -> tuple[str, ...]:
    """The symbols an SDK-style build defines for a target framework moniker (``netstandard2.0``
    -> NETSTANDARD, NETSTANDARD2_0; ``net45`` -> NETFRAMEWORK, NET45; ``net5.0`` -> NET, NET5_0,
    NETCOREAPP; ``netcoreapp3.1`` -> NETCOREAPP, NETCOREAPP3_1); none for anything else."""
    tfm = target.strip().lower().split("-", 1)[0]
    m = re.fullmatch(r"(netstandard|netcoreapp|net)(\d+)(?:\.(\d+))?(?:\.\d+)?", tfm)
    if m is None:
        return ()
    family, major, minor = m.group(1), m.group(2), m.group(3)
    if family == "netstandard" and minor is not None:
        return ("NETSTANDARD", f"NETSTANDARD{major}_{minor}")
    if family == "netcoreapp" and minor is not None:
        return ("NETCOREAPP", f"NETCOREAPP{major}_{minor}")
    if family == "net" and minor is not None and int(major) >= 5:
        return ("NET", f"NET{major}_{minor}", "NETCOREAPP")
    if family == "net" and minor is None and len(major) >= 2:
        return ("NETFRAMEWORK", f"NET{major}")
    return ()


_FRAMEWORK_TARGET = re.compile(r"net(\d)(\d)(\d?)")  # .NET Framework: net20 ... net481 (no dot)
_STANDARD_TARGET = re.compile(r"netstandard(\d+)\.(\d+)")


def mono_target(targets: Sequence[str]) -> tuple[str, bool]:
    """The target framework of a project whose build mono runs, and whether its implicit symbols
    apply: mono is a .NET Framework 4.x that implements .NET Standard, so the highest .NET
    Framework target (``net46`` of ``net20;...;net46;portable-...;netstandard1.0``), else the
    highest .NET Standard one, with their symbols (NETFRAMEWORK, NET46 / NETSTANDARD,
    NETSTANDARD2_0); else the first target, without symbols: code under NETCOREAPP or NET6_0 is
    written for a runtime mono is not (NGettext's test project, netcoreapp only, registers a
    code-pages provider mono lacks under ``#if NETCOREAPP1_0``), its ``#else`` is the portable
    code. ("", False) without a target framework."""
    lowered = [t.strip().lower() for t in targets if t.strip()]
    framework = [(tuple(int(d or 0) for d in m.groups()), t) for t in lowered
                 if (m := _FRAMEWORK_TARGET.fullmatch(t))]
    if framework:
        return max(framework)[1], True
    standard = [((int(m.group(1)), int(m.group(2))), t) for t in lowered if (m := _STANDARD_TARGET.fullmatch(t))]
    if standard:
        return max(standard)[1], True
    return (lowered[0], False) if lowered else ("", False)


# where a build's output is, in a Copy task's DestinationFolder; the project folder in a pattern
_OUTPUT_PROPERTIES = ("$(OutputPath)", "$(OutDir)", "$(TargetDir)")
_PROJECT_FOLDER = ("$(MSBuildProjectDirectory)", "$(MSBuildThisFileDirectory)", "$(ProjectDir)")
_ITEM = re.compile(r"@\(\s*([A-Za-z_][A-Za-z0-9_.-]*)\s*\)")


def _copy_tasks(copies: Sequence[tuple[str, str]], items: dict[str, list[str]]) -> tuple[tuple[str, str], ...]:
    """The ``<Copy>`` tasks that put files of the project into its build's output folder
    (NGettext's tests: ``TestResources/**/*.*`` copied to ``$(OutputPath)/TestResources/%(RecursiveDir)``
    after the build, the tests opening them from the working directory) as (source pattern
    relative to the project folder, destination folder below the output). ``SourceFiles`` may be
    ``@(Item)`` (its ``Include`` patterns) or paths; a pattern or destination that needs another
    property, leaves the project (``..``) or the output folder is not followed."""
    out: list[tuple[str, str]] = []
    for sources, destination in copies:
        dest = destination.strip().replace("\\", "/")
        prefix = next((p for p in _OUTPUT_PROPERTIES if dest.startswith(p)), None)
        if prefix is None:
            continue
        dest = dest[len(prefix):].strip("/")
        if "$(" in dest or "@(" in dest or any(part == ".." for part in dest.split("/")) \
                or "%(" in dest.replace("%(RecursiveDir)", ""):
            continue
        patterns: list[str] = []
        for part in (p.strip() for p in sources.split(";") if p.strip()):
            m = _ITEM.fullmatch(part)
            patterns.extend(items.get(m.group(1), []) if m else [part])
        for pattern in patterns:
            pat = pattern.replace("\\", "/")
            for folder in _PROJECT_FOLDER:
                if pat.startswith(folder):
                    pat = pat[len(folder):].lstrip("/")
            if not pat or "$(" in pat or "@(" in pat or "%(" in pat or pat.startswith("/") \
                    or any(part == ".." for part in pat.split("/")):
                continue
            # MSBuild's *.* is every file, with or without an extension
            out.append((re.sub(r"(?<![^/])\*\.\*$", "*", pat), dest))
    return tuple(dict.fromkeys(out))


def _build_defines(project, sdk_style: bool, target: str) -> tuple[str, ...]:
    """The symbols of the project's default build, as MSBuild sets them: ``DEBUG;TRACE`` (what
    the checker compiles with), the first target framework's symbols (SDK style), and every
    ``<DefineConstants>`` whose conditions hold for the default configuration (the
    ``<Configuration Condition="'$(Configuration)' == ''">`` value, else Debug; AnyCPU) and the
    first target framework, in document order (a value without ``$(DefineConstants)`` replaces
    what came before). A condition on a property the project never sets, or one that cannot be
    read, counts as holding (so a project without a target framework keeps its
    target-conditioned symbols)."""
    parents = {child: parent for parent in project.iter() for child in parent}
    defaults = {"configuration": "Debug", "platform": "AnyCPU"}
    for el in project.iter():
        name = _local(el.tag).lower()
        if name in defaults and "$(" + name in (el.get("Condition") or "").lower().replace(" ", "") and (el.text or "").strip():
            defaults[name] = (el.text or "").strip()
    props = dict(defaults)
    if target:
        props["targetframework"] = target
    defines: list[str] = []
    for el in project.iter():
        if _local(el.tag) != "DefineConstants":
            continue
        node, holds = el, True
        while node is not None and holds:
            holds = _condition(node.get("Condition"), props) is not False
            node = parents.get(node)
        if not holds:
            continue
        text = el.text or ""
        if "$(DefineConstants)" not in text.replace(" ", ""):
            defines = []
        defines.extend(d for d in _SYMBOL.findall(text) if d != "DefineConstants")
    implicit = framework_symbols(target) if sdk_style else ()
    return tuple(dict.fromkeys([*COMPILE_DEFINES, *implicit, *defines]))


def _copied_to_output(el) -> bool:
    value = el.get("CopyToOutputDirectory") or next(
        ((c.text or "").strip() for c in el if _local(c.tag) == "CopyToOutputDirectory"), "")
    return value.strip().lower() in ("always", "preservenewest")


_ASSEMBLY_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*")


_SYMBOL = re.compile(r"(?<![$(A-Za-z0-9_])[A-Za-z_][A-Za-z0-9_]*")


def repository_defines(root: Path) -> tuple[str, ...]:
    """Conditional-compilation symbols for the whole repository: mcs's DEBUG;TRACE plus every
    symbol a project file defines under any condition (``<DefineConstants>$(DefineConstants);TASKS``).

    MSBuild picks them per project and target framework; one set for the repository keeps the
    tree-sitter parse (``syntax.active_code``) and every mcs compilation of it in agreement, and
    a library whose async half sits in ``#if TASKS`` is compiled with that half.
    """
    found = list(COMPILE_DEFINES)
    for rel in find_csproj_files(root):
        found.extend(read_csproj(root, rel).defines)
    return tuple(dict.fromkeys(found))


def file_defines(root: Path, sources: Sequence[str]) -> dict[str, tuple[str, ...]]:
    """Each source's conditional-compilation symbols: those of the default build of the project
    that owns it (the nearest one, when several list it; of those equally near, one another
    project references), else :func:`repository_defines`
    (files outside every project, projects whose file could not be read).

    One set per repository picked the other ``#if`` branch where projects disagree: a library
    built for ``netstandard2.0`` beside a test project whose configuration defines ``NET35``
    (lontivero/Open.NAT, 2026-11-27: 13 uses missed, 31 spurious ones of the inactive branch)."""
    union = repository_defines(root)
    projects = resolve_references([read_csproj(root, rel) for rel in find_csproj_files(root)])
    out: dict[str, tuple[str, ...]] = {}
    # among projects equally deep, one another project references (a test project's library)
    # before the others: simple-json's SimpleJson.cs is listed by twelve platform projects and
    # the JsonViewer demo; its tests build it through SimpleJson-Portable.csproj, which defines
    # SIMPLE_JSON_DATACONTRACT, and the demo's symbols (first by path) compiled
    # DataContractJsonSerializerStrategy out of the tree (held-out 19)
    referenced = {r for p in projects for r in p.references if r != p.path}
    nearest_first = sorted(projects, key=lambda p: (-(p.directory.count("/") + bool(p.directory)),
                                                    p.path not in referenced, p.path))
    for project in nearest_first:
        for f in project_files(project, projects, sources):
            if f not in out and project.build_defines is not None:
                out[f] = project.build_defines
    return {s: out.get(s, union) for s in sources}


def find_csproj_files(root: Path) -> list[str]:
    """Repository-relative paths of every .csproj outside skipped folders, those the walk
    refused (a FIFO, a link, unreadable) included: reading them fails and is counted."""
    found: list[str] = []
    wanted = lambda rel: rel.endswith(".csproj") and rel.isprintable()  # noqa: E731
    refused = lambda r: found.append(r.rel) if not r.folder and r.reason != "undecodable_name" else None  # noqa: E731
    for accepted in walk(root, wanted, refused):
        found.append(accepted.rel)  # in walk order, refused ones in their place
    return found


def _under(path: str, directory: str) -> bool:
    return not directory or path.startswith(directory + "/")


def _matches(path: str, directory: str, patterns: Sequence[str]) -> bool:
    rel = path[len(directory) + 1:] if directory else path
    literal_rel, literal_path, wildcards = _split_patterns(directory, tuple(patterns))
    if rel in literal_rel or path in literal_path:
        return True
    return _matches_wildcards(path, rel, directory, wildcards)


@functools.lru_cache(maxsize=1024)
def _split_patterns(directory: str, patterns: tuple[str, ...]) -> tuple[frozenset[str], frozenset[str], tuple[str, ...]]:
    """A project's patterns split once: the literal ones (an old-style project lists hundreds of
    plain paths; checked against every source they made the file listing quadratic) as sets,
    the ones with ``*?[`` kept for fnmatch. A literal pattern matches exactly when fnmatch
    would: the relative path equals it, or the path equals it joined to the project directory
    (``fnmatch`` compares case-sensitively on POSIX, ``normcase`` being the identity there)."""
    literal_rel, literal_path, wildcards = set(), set(), []
    for pattern in patterns:
        pat = pattern.replace("\\", "/")
        if any(c in pat for c in "*?["):
            wildcards.append(pattern)
        else:
            literal_rel.add(pat)
            literal_path.add(_norm(directory, pat))
    return frozenset(literal_rel), frozenset(literal_path), tuple(wildcards)


def _matches_wildcards(path: str, rel: str, directory: str, patterns: Sequence[str]) -> bool:
    if not patterns:
        return False
    on_rel, on_path = _wildcard_regexes(directory, tuple(patterns))
    return bool(on_rel.match(rel) or on_path.match(path))


@functools.lru_cache(maxsize=256)
def _wildcard_regexes(directory: str, patterns: tuple[str, ...]) -> tuple[re.Pattern, re.Pattern]:
    """A project's wildcard patterns as two regexes, one for the project-relative path and one
    for the repository path, compiled once per project. A path matches a pattern when
    ``fnmatch`` matches it (relative, or the pattern joined to the project folder), when the
    pattern is ``dir/**`` and the path lies under ``dir``, or when it matches with every ``**/``
    taken out. A project file with more than ``CSPROJ_MAX_WILDCARDS`` is not used (read_csproj)."""
    on_rel, on_path = [], []
    for pattern in patterns:
        pat = pattern.replace("\\", "/")
        on_rel.append(fnmatch.translate(pat))
        on_path.append(fnmatch.translate(_norm(directory, pat)))
        if pat.endswith("/**"):
            on_rel.append(re.escape(pat[:-3] + "/"))
        if "**/" in pat:
            on_rel.append(fnmatch.translate(pat.replace("**/", "")))
    return re.compile("|".join(f"(?:{r})" for r in on_rel)), re.compile("|".join(f"(?:{r})" for r in on_path))


def project_files(project: CsProject, all_projects: Sequence[CsProject], sources: Sequence[str]) -> list[str]:
    """The source files a project compiles (see module docstring)."""
    if not project.sdk_style or not project.default_items:
        if project.includes:
            return sorted(p for p in sources if _matches(p, project.directory, project.includes))
        if not project.sdk_style:
            return []
    # nested projects own their own directories
    nested = [p.directory for p in all_projects if p.directory != project.directory and _under(p.directory, project.directory)
              and p.directory]
    out = []
    for p in sources:
        if not _under(p, project.directory):
            continue
        if any(_under(p, d) for d in nested):
            continue
        if project.removes and _matches(p, project.directory, project.removes):
            continue
        out.append(p)
    if project.includes:  # SDK projects may add files from outside their directory
        out.extend(p for p in sources if p not in out and _matches(p, project.directory, project.includes))
    return sorted(out)


def project_closure(by_path: dict[str, CsProject], start: str) -> list[str]:
    """``start`` and the projects it references, transitively (first-seen order)."""
    seen, stack = [], [start]
    while stack:
        cur = stack.pop()
        if cur in seen or cur not in by_path:
            continue
        seen.append(cur)
        stack.extend(by_path[cur].references)
    return seen


def resolve_references(projects: Sequence[CsProject]) -> list[CsProject]:
    """Each ``<ProjectReference>`` pointed at the project file it names, as MSBuild on Windows
    finds it: paths compare without case there, so ``..\\SharpYaml\\SharpYaml.csproj`` names
    ``SharpYaml/SharpYAml.csproj`` (xoofx/SharpYaml v1.6.6: the test project lost its library and
    every test file its namespaces). A reference that names an existing path stays; one that matches
    several paths without case, or none, stays as written (the closure skips it)."""
    exact = {p.path for p in projects}
    folded: dict[str, list[str]] = {}
    for p in projects:
        folded.setdefault(p.path.casefold(), []).append(p.path)
    out = []
    for p in projects:
        refs = tuple(r if r in exact or len(folded.get(r.casefold(), ())) != 1 else folded[r.casefold()][0]
                     for r in p.references)
        out.append(p if refs == p.references else dataclasses.replace(p, references=refs))
    return out


def compilation_units(root: Path, sources: Sequence[str]) -> tuple[list[CompilationUnit], list[CsProject]]:
    """Group ``sources`` into the units compiled together (module docstring)."""
    paths = find_csproj_files(root)
    if not paths:
        return [CompilationUnit(WHOLE_REPOSITORY, (), tuple(sorted(sources)))], []
    projects = resolve_references([read_csproj(root, p) for p in paths])
    by_path = {p.path: p for p in projects}
    files_of = {p.path: project_files(p, projects, sources) for p in projects}
    referenced = {r for p in projects for r in p.references if r in by_path}

    units: list[CompilationUnit] = []
    seen_sets: set[tuple[str, ...]] = set()
    roots = [p.path for p in projects if p.path not in referenced]
    if not roots:  # a reference cycle: every project is a root
        roots = [p.path for p in projects]
    for r in roots:
        members = project_closure(by_path, r)
        owner: dict[str, str] = {}
        for m in members:
            for f in files_of[m]:
                owner.setdefault(f, m)
        files = tuple(sorted(owner))
        if not files or files in seen_sets:
            continue
        seen_sets.add(files)
        units.append(CompilationUnit(r, tuple(members), files, any(by_path[m].nullable for m in members),
                                     any(by_path[m].implicit_usings for m in members), owner))
    covered = {f for fs in files_of.values() for f in fs}
    loose = tuple(sorted(p for p in sources if p not in covered))
    if loose:
        units.append(CompilationUnit(LOOSE_FILES, (), loose))
    return units, projects


def projects_without_sources(projects: Sequence[CsProject], sources: Sequence[str]) -> list[tuple[CsProject, int]]:
    """The projects that own no source file of the build, each with how many sources lie under its
    folder. A project owning nothing is counted (``projects/project_owns_no_sources``), never
    silent: the projects referencing it compile without its types, which become stand-ins of a
    missing assembly, so every use of them is lost (an SDK form not recognised, ``<Compile>``
    items that match nothing)."""
    out = []
    for p in projects:
        if not p.error and not project_files(p, projects, sources):
            out.append((p, sum(1 for f in sources if _under(f, p.directory))))
    return out


def _read_project_xml(root: Path, rel: str, refused: dict[str, str]) -> ET.Element | None:
    """A project or items file of the repository, parsed, or None: read through
    ``read_inside`` (inside ``root``, no link, regular, at most ``MAX_FILE_BYTES``); a file that
    is not is refused into ``refused`` (``host_files/<reason>``), a missing one is None."""
    if not rel or rel == ".." or rel.startswith(("../", "/")):
        refused[rel or "."] = "host_files/path_escapes"
        return None
    try:
        data = read_inside(root, rel, C.MAX_FILE_BYTES + 1)
    except NotRegularFile:
        refused[rel] = "host_files/not_regular_file"
        return None
    except FileNotFoundError:
        return None
    except OSError as exc:
        refused[rel] = f"host_files/{_REFUSALS.get(exc.errno or 0, 'unreadable')}"
        return None
    if len(data) > C.MAX_FILE_BYTES:
        refused[rel] = "host_files/too_large"
        return None
    try:
        return xmlsafe.fromstring(data)
    except xmlsafe.XmlDoctypeRefused:
        refused[rel] = xmlsafe.XML_DOCTYPE_KEY
        return None
    except ET.ParseError:
        return None


_REFUSALS = {errno.ELOOP: "symlink", errno.EPERM: "path_escapes", errno.ENOTDIR: "parent_not_directory"}


def shared_project_files(root: Path, project: CsProject, sources: Sequence[str],
                         refused: dict[str, str] | None = None) -> list[str]:
    """Source files a project takes from the shared projects it imports
    (``<Import Project="..\\X.Shared\\X.Shared.projitems" Label="Shared" />``: the ``.projitems``
    file's ``<Compile Include="$(MSBuildThisFileDirectory)Foo.cs" />`` items). Not part of
    :func:`compilation_units` (the completion split keeps such files in the loose-files unit).
    Both files are read as ``read_csproj`` reads a project (:func:`_read_project_xml`): an
    items file outside the repository, linked or over ``MAX_FILE_BYTES`` is refused into
    ``refused`` (red team 2026-11-28e row 1: 12 MB of ``<a/>``, or ``../../outside/X.projitems``,
    were parsed whole on the host)."""
    refused = {} if refused is None else refused
    project_root = _read_project_xml(Path(root), project.path, refused)
    if project_root is None:
        return []
    found: list[str] = []
    for el in project_root.iter():
        target = el.get("Project", "") if _local(el.tag) == "Import" else ""
        if not target.endswith(".projitems"):
            continue
        items_rel = _norm(project.directory, target)
        items = _read_project_xml(Path(root), items_rel, refused)
        if items is None:
            continue
        base = posixpath.dirname(items_rel)
        patterns = [inc.replace("$(MSBuildThisFileDirectory)", "").strip()
                    for item in items.iter() if _local(item.tag) == "Compile"
                    for inc in item.get("Include", "").split(";") if inc.strip()]
        found.extend(p for p in sources if _matches(p, base, patterns))
    return sorted(set(found))


@dataclass(frozen=True)
class Resource:
    """A file a project embeds into its assembly (``.resx`` files converted to ``.resources``)."""

    file: str  # repository-relative
    manifest: str  # the manifest resource name without ".resources" for .resx (the ResourceManager base name)
    culture: str = ""  # "de" for Resources.de.resx: goes into a satellite assembly


_CULTURE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$")


def _manifest_folder(part: str) -> str:
    """MSBuild's manifest name for a folder on the way: characters that cannot be in an
    identifier become '_', a leading digit gets a '_' before it."""
    cleaned = re.sub(r"[^0-9A-Za-z_]", "_", part)
    return "_" + cleaned if cleaned[:1].isdigit() else cleaned


def project_resources(project: CsProject, files: Sequence[str], used_names: Sequence[str] = ()) -> list[Resource]:
    """The resources ``project`` embeds, from the repository's non-C# ``files``: every ``.resx``
    under its folder (SDK style; old-style projects list theirs) and the other files its
    ``<EmbeddedResource Include>`` items name. Names follow MSBuild: root namespace + folders +
    file (``Humanizer.Properties.Resources``); ``Resources.de.resx`` is the ``de`` culture of the
    same name. ``used_names``: base names the code passes to ``new ResourceManager("...")``;
    a ``.resx`` whose computed name is not among them takes the one that ends with its folder
    and stem (a ResourceManager named after a different root namespace). Pure."""
    out: list[Resource] = []
    listed = [(pat, logical) for pat, logical in project.embedded]
    for rel in files:
        if not _under(rel, project.directory):
            continue
        inner = rel[len(project.directory) + 1:] if project.directory else rel
        logical = next((lg for pat, lg in listed if _matches(rel, project.directory, [pat])), None)
        is_resx = rel.endswith(".resx")
        if not is_resx and logical is None:
            continue
        if is_resx and not project.sdk_style and logical is None:
            continue  # an old-style project embeds only what it lists
        folders = [_manifest_folder(p) for p in inner.split("/")[:-1]]
        name = inner.split("/")[-1]
        culture = ""
        if is_resx:
            stem = name[:-len(".resx")]
            head, _, tail = stem.rpartition(".")
            if head and _CULTURE.match(tail):
                stem, culture = head, tail
            manifest = logical.removesuffix(".resources") if logical else ".".join(
                [p for p in [project.root_namespace, *folders, stem] if p])
            if manifest not in used_names:
                suffix = ".".join([*folders, stem])
                candidates = [u for u in used_names if u == suffix or u.endswith("." + suffix)] or \
                    [u for u in used_names if u.endswith("." + stem)]
                if len(candidates) == 1:
                    manifest = candidates[0]
        else:
            manifest = logical or ".".join([p for p in [project.root_namespace, *folders, name] if p])
        out.append(Resource(rel, manifest, culture))
    return out


def _copied_by_task(project: CsProject, rel: str) -> str | None:
    """Where the first of ``project``'s ``<Copy>`` tasks whose pattern matches ``rel`` puts it
    in the output folder (None: none does)."""
    if not _under(rel, project.directory):
        return None
    inner = rel[len(project.directory) + 1:] if project.directory else rel
    for pattern, folder in project.copy_tasks:
        if not _matches(rel, project.directory, [pattern]):
            continue
        below = ""
        if "**" in pattern:  # %(RecursiveDir): the folders from where the pattern's ** starts
            fixed = pattern.split("**", 1)[0]
            if inner.startswith(fixed):
                below = posixpath.dirname(inner[len(fixed):])
        dest = folder.replace("%(RecursiveDir)", below + "/" if below else "")
        return posixpath.normpath(posixpath.join(dest, posixpath.basename(rel)))
    return None


def output_files(project: CsProject, files: Sequence[str]) -> list[tuple[str, str]]:
    """(repository-relative file, path in the build's output folder) of the files ``project``
    copies beside its assembly (``CopyToOutputDirectory``; ``Link`` names the destination, else
    the path below the project's folder) and those its ``<Copy>`` tasks put there
    (:func:`_copy_tasks`: the destination folder, ``%(RecursiveDir)`` the folders the pattern's
    ``**`` matched, then the file's name). Pure."""
    out = []
    for rel in files:
        copied = _copied_by_task(project, rel) if project.copy_tasks else None
        if copied is not None:
            out.append((rel, copied))
            continue
        if not _under(rel, project.directory) and not any(".." in p for p, _ in project.copied):
            continue
        for pattern, link in project.copied:
            if _matches(rel, project.directory, [pattern]):
                inner = rel[len(project.directory) + 1:] if project.directory and _under(rel, project.directory) \
                    else rel.rsplit("/", 1)[-1]
                out.append((rel, (link.replace("\\", "/") if link and "*" not in link else inner)))
                break
    return out
