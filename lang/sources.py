"""Which files of a repository are the sources of a language, and the snapshot hash over them.

Every split and the evaluation list a repository through this one function, so a snapshot
hash computed at build time can be checked again at evaluation time.
"""

from __future__ import annotations

import configparser
import hashlib
import os
import posixpath
import re

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import tomlfile
from crossfile_datasets.core.records import FileFacts, Repository, SourceFile
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repofiles import Refused, read_inside, walk
from crossfile_datasets.core.skipnames import generic_skip
from crossfile_datasets.core.text import classify_file, decode_source, is_data_table
from crossfile_datasets.lang.base import LanguageSupport


def count_parse_timeouts(facts: dict[str, FileFacts], report: BuildReport) -> None:
    """Count the files whose parse went past its budget (``files/parse_timeout``; their facts
    are an empty file's, marked ``has_syntax_error``, so nothing is taken from them)."""
    for path, ff in sorted(facts.items()):
        if ff.parse_timeout:
            report.count("files", "parse_timeout", path, "past the tree-sitter parse budget (lang.base.bounded_parse)")


_CONFIG_MAX_BYTES = 1 << 20
# setup.py's ``packages=[...]``, ``package_dir={...}``, ``where="..."``: the keyword and its opening;
# the closing is found once from there (:func:`setup_py_lists`: linear, red team 2026-11-28g row 2)
_SETUP_PY_KEY = re.compile(r"\b(packages|package_dir|where)\s*=\s*([\[{'\"])")
_SETUP_PY_CLOSE = {"[": "]", "{": "}", "'": "'", '"': '"'}
PACKAGING_TOO_LARGE = "packaging_config_too_large"  # files/packaging_config_too_large
_QUOTED = re.compile(r"['\"]([^'\"]*)['\"]")
# relative imports that name a folder by path: Python ``from .x import``/``from . import x``,
# JavaScript/TypeScript ``from './x/y'``, ``require('../x')``, ``import('./x')``
# (a module name starts with a letter: the dots split one way only; ``^[ \t]*``, never ``^\s*`` under
# re.M, which runs over every later line end from each line start: red team 2026-11-28g rows 4, 5)
_PY_RELATIVE = re.compile(r"^[ \t]*from[ \t]+(\.+)(\w[\w.]*)?[ \t]+import[ \t]+\(?([\w, \t]+)", re.M)
_JS_RELATIVE = re.compile(r"""(?:\bfrom|\brequire\(|\bimport\(|^[ \t]*import)\s*['"](\.{1,2}/[^'"]*)['"]""", re.M)


def _read_config(root, name: str) -> str:
    try:
        return read_inside(root, name, _CONFIG_MAX_BYTES).decode("utf-8", "replace")
    except OSError:
        return ""


def setup_py_lists(text: str) -> list[tuple[str, str]]:
    """(keyword, value text) of ``setup.py``'s ``packages=``, ``package_dir=`` and ``where=``
    (pure): the value runs from its opening to the first closing after it (a quote closes at
    either quote). Linear: a keyword inside a value already taken is not read again, and an
    opening never closed ends the search for that closing."""
    out: list[tuple[str, str]] = []
    taken = 0  # the end of the last value taken
    unclosed: set[str] = set()
    for m in _SETUP_PY_KEY.finditer(text):
        opening = m.group(2)
        if m.start() < taken or opening in unclosed:
            continue
        if opening in "'\"":
            ends = [e for e in (text.find("'", m.end()), text.find('"', m.end())) if e >= 0]
            end = min(ends) if ends else -1
        else:
            end = text.find(_SETUP_PY_CLOSE[opening], m.end())
        if end < 0:
            unclosed.add(opening)
            continue
        out.append((m.group(1), text[m.end() - 1:end + 1]))
        taken = end + 1
    return out


def _as_dirs(packages: list[str], roots: list[str], report: BuildReport | None = None, where: str = "") -> set[str]:
    """Every package below every root (``root/pkg/sub``), the roots themselves. More pairs than
    ``PACKAGING_MAX_PAIRS`` (a real project names tens) are not joined: the roots and the packages
    are named each on its own (linear), and ``where`` is counted
    ``files/packaging_config_too_large`` (red team 2026-11-28g row 1)."""
    if len(roots) > 1 and len(packages) * len(roots) > C.PACKAGING_MAX_PAIRS:
        if report is not None:
            report.count("files", PACKAGING_TOO_LARGE, where or "packaging configuration",
                         f"{len(packages)} packages x {len(roots)} package roots > PACKAGING_MAX_PAIRS "
                         f"({C.PACKAGING_MAX_PAIRS}): each named alone, not joined")
        return _as_dirs(packages, []) | _as_dirs([], roots)
    out = set()
    for root in roots or [""]:
        root = root.strip().strip("/").removeprefix("./")
        if root and root != ".":
            out.add(root)
        for pkg in packages:
            pkg = pkg.strip()
            if pkg and re.fullmatch(r"[\w.]+", pkg):
                out.add(posixpath.join(root, pkg.replace(".", "/")) if root not in ("", ".") else pkg.replace(".", "/"))
    return out


def packaging_dirs(root, report: BuildReport | None = None) -> frozenset[str]:
    """Folders the repository's Python packaging configuration names as its packages or their
    roots (``pyproject.toml`` setuptools/poetry/hatch/pdm tables, ``setup.cfg`` ``[options]``,
    ``setup.py`` ``packages=``/``package_dir=``/``where=``), repository-relative; read as text,
    never run. A folder so named is never skipped for a generic name (``build``, ``env``, ...).
    A ``pyproject.toml`` that cannot be read (``core/tomlfile``: invalid, nested too deep) is
    counted once here, ``files/toml_unreadable``, and read as empty."""
    packages: list[str] = []
    roots: list[str] = []
    direct: set[str] = set()
    texts = {name: _read_config(root, name) for name in ("pyproject.toml", "setup.cfg", "setup.py")}
    text = texts["pyproject.toml"]
    try:
        data = tomlfile.loads(text) if text else {}
    except tomlfile.TomlUnreadable as exc:
        data = {}
        if report is not None:
            report.count("files", tomlfile.REASON, "pyproject.toml", str(exc))
    tool = data.get("tool") if isinstance(data.get("tool"), dict) else {}
    st = tool.get("setuptools") if isinstance(tool.get("setuptools"), dict) else {}
    pk = st.get("packages")
    if isinstance(pk, list):
        packages += [p for p in pk if isinstance(p, str)]
    elif isinstance(pk, dict) and isinstance(pk.get("find"), dict):
        where = pk["find"].get("where")
        roots += [w for w in (where if isinstance(where, list) else [where]) if isinstance(w, str)]
    pdir = st.get("package-dir")
    if isinstance(pdir, dict):
        roots += [v for v in pdir.values() if isinstance(v, str)]
    poetry = tool.get("poetry") if isinstance(tool.get("poetry"), dict) else {}
    for item in poetry.get("packages") or []:
        if isinstance(item, dict) and isinstance(item.get("include"), str):
            direct |= _as_dirs([item["include"]], [item["from"]] if isinstance(item.get("from"), str) else [])
    hatch = tool.get("hatch") if isinstance(tool.get("hatch"), dict) else {}
    wheel = (((hatch.get("build") or {}).get("targets") or {}).get("wheel") or {}) if isinstance(hatch.get("build"), dict) else {}
    if isinstance(wheel, dict) and isinstance(wheel.get("packages"), list):
        direct |= {p.strip("/") for p in wheel["packages"] if isinstance(p, str)}
    pdm = tool.get("pdm") if isinstance(tool.get("pdm"), dict) else {}
    if isinstance(pdm.get("build"), dict) and isinstance(pdm["build"].get("package-dir"), str):
        roots.append(pdm["build"]["package-dir"])
    cfg = configparser.ConfigParser(interpolation=None)
    try:
        cfg.read_string(texts["setup.cfg"])
    except (configparser.Error, ValueError):
        cfg = configparser.ConfigParser(interpolation=None)
    if cfg.has_section("options"):
        value = cfg.get("options", "packages", fallback="")
        if "find" not in value:
            packages += value.replace(",", " ").split()
        for line in cfg.get("options", "package_dir", fallback="").splitlines():
            if "=" in line:
                roots.append(line.split("=", 1)[1])
    if cfg.has_section("options.packages.find"):
        roots += cfg.get("options.packages.find", "where", fallback="").split()
    for key, value in setup_py_lists(texts["setup.py"]):
        found = _QUOTED.findall(value)
        if key == "packages":
            packages += found
        elif key == "where":
            roots += found
        else:  # package_dir={"": "src", "pkg": "lib/pkg"}: the values
            roots += found[1::2]
    named = ", ".join(name for name, text in texts.items() if text)
    return frozenset(_as_dirs(packages, roots, report, named) | direct)


def imported_folders(files: list[SourceFile], folders: list[str]) -> set[str]:
    """The ``folders`` that a relative import of a listed file names by path (Python
    ``from .build import x``, ``from . import env``; JavaScript/TypeScript ``'./out/x'``): the
    project's own code, whatever the folder's name says (pure)."""
    wanted = set(folders)
    found: set[str] = set()
    if not wanted:
        return found  # no folder to decide about: no file is read
    for f in files:
        here = posixpath.dirname(f.path)
        if f.path.endswith((".py", ".pyi")):
            for dots, module, names in _PY_RELATIVE.findall(f.text):
                base = here
                for _ in range(len(dots) - 1):
                    base = posixpath.dirname(base)
                parts = [p for p in module.split(".") if p]
                targets = [posixpath.join(base, *parts[:i]) for i in range(1, len(parts) + 1)] if parts else \
                    [posixpath.join(base, n.strip()) for n in names.split(",") if n.strip()]
                found |= wanted.intersection(targets)
        else:
            for spec in _JS_RELATIVE.findall(f.text):
                target = posixpath.normpath(posixpath.join(here, spec))
                found |= {d for d in wanted if target == d or target.startswith(d + "/")}
    return found


_JAVA_PACKAGE = re.compile(r"^[ \t]*package[ \t]+([A-Za-z_$][\w$]*(?:[ \t]*\.[ \t]*[A-Za-z_$][\w$]*)*)[ \t]*;", re.M)


def java_package_folder(folder: str, sub: str, text: str) -> bool:
    """Is ``folder`` a package folder, as told by the ``.java`` file at ``folder/sub`` whose text
    is ``text``: the file's package names the folders it sits in, ``folder`` among them
    (``src/main/java/org/x/build`` with ``impl/A.java`` declaring ``package org.x.build.impl;``)?
    Build output holding Java sources (``target/generated-sources/annotations/org/x/A.java``,
    ``package org.x;``) declares packages that end below the output folder (pure)."""
    found = _JAVA_PACKAGE.search(text)
    if found is None:
        return False
    package = [p.strip() for p in found.group(1).split(".")]
    below = [p for p in posixpath.dirname(sub).split("/") if p]  # folders between `folder` and the file
    where = [p for p in folder.split("/") if p] + below
    return len(package) > len(below) and where[-len(package):] == package


def package_folders(root, folders: list[str], language: LanguageSupport) -> set[str]:
    """The ``folders`` (skipped by a build-output name: ``build``, ``out``, ``target``) that are
    Java package folders (:func:`java_package_folder`), read from at most
    ``PACKAGE_PROBE_FILES`` of the language's ``.java`` files under each (no link followed)."""
    found: set[str] = set()
    for folder in folders:
        probed = 0
        top = posixpath.join(str(root), folder)
        if os.path.realpath(top) != posixpath.join(os.path.realpath(root), folder):
            continue  # a link somewhere on the way (the walk refused links already): never followed
        for f in walk(top, lambda rel: rel.endswith(".java") and language.is_source_path(posixpath.join(folder, rel))):
            probed += 1
            try:
                text = f.read(C.PACKAGE_PROBE_BYTES).decode("utf-8", errors="replace")
            except OSError:
                text = ""
            if java_package_folder(folder, f.rel, text):
                found.add(folder)
                break
            if probed >= C.PACKAGE_PROBE_FILES:
                break
    return found


def list_sources(repo: Repository, language: LanguageSupport, report: BuildReport) -> tuple[list[SourceFile], str]:
    """Decoded source files of ``language`` in ``repo`` (sorted by path) and their snapshot hash.

    The walk is ``core.repofiles.walk``: links, FIFOs, unreadable files and folders, paths too
    long and folders too deep are counted under ``files/<reason>``, never followed or opened.
    Folders skipped by their name count the source files they held under the folder's reason
    (``files/build_output_dir``...). A folder with a generic name that holds the project's code is
    walked: a Python package, a ``src/`` layout folder, a package of the packaging configuration
    (:func:`packaging_dirs`), or a folder the listed files import by a relative path
    (:func:`imported_folders`), or a Java package folder named like build output
    (``org/x/build/``: :func:`package_folders`, read from the files' ``package`` declarations);
    those two are walked in a second pass."""
    files: list[SourceFile] = []
    digest = hashlib.sha256()
    project = packaging_dirs(repo.root, report)
    skipped: list[Refused] = []

    def tell(r: Refused) -> None:
        if r.skipped:
            skipped.append(r)
        else:
            report.count("files", r.reason, r.rel, r.detail or None)

    _list_into(files, digest, walk(repo.root, language.is_source_path, tell, project, count_held=True), report)
    generic = [r for r in skipped if r.held and generic_skip(r.rel.rsplit("/", 1)[-1])]
    imported = imported_folders(files, [r.rel for r in generic])
    imported |= package_folders(repo.root, [r.rel for r in generic if r.rel not in imported
                                            and r.rel.rsplit("/", 1)[-1] in C.BUILD_OUTPUT_DIRS], language)
    if imported:
        inside = lambda rel: any(rel.startswith(d + "/") for d in imported)  # noqa: E731
        second = walk(repo.root, lambda rel: inside(rel) and language.is_source_path(rel),
                      lambda r: tell(r) if inside(r.rel) else None, project | frozenset(imported), count_held=True)
        _list_into(files, digest, second, report)
    for r in skipped:
        if r.held and r.rel not in imported:
            report.count("files", r.reason, r.rel + "/", r.detail or None, n=r.held)
    files.sort(key=lambda f: f.path)
    return files, digest.hexdigest()


def _list_into(files: list[SourceFile], digest, found_files, report: BuildReport) -> None:
    for found in found_files:
        rel = found.rel
        data = found.read(C.MAX_FILE_BYTES + 1)
        reason = classify_file(rel, data, found.siblings)  # a generator's input beside its output (Specs.tt)
        if reason:
            report.count("files", reason, rel)
            continue
        try:
            text, bom, crlf = decode_source(data)
        except UnicodeDecodeError as exc:
            report.count("files", "undecodable", rel, str(exc))
            continue
        if bom:
            report.count("files_normalized", "bom_stripped", rel)
        if crlf:
            report.count("files_normalized", "crlf_converted", rel)
        if is_data_table(text):
            report.count("files", "generated_table", rel)  # kept: see is_data_table
        raw = hashlib.sha256(data)
        files.append(SourceFile(rel, text, bom, crlf, raw.hexdigest()))
        digest.update(rel.encode() + b"\0" + raw.digest())  # in walk order (hashes of earlier builds stay valid)
