"""A generated bad-input corpus, one repository per language.

Each repository holds *valid* files (a definition file and uses of it that make examples) and
every kind of bad input a crawl meets: a syntax error around a cross-file use, invalid UTF-8,
a BOM with CRLF line ends (valid once normalized), lone-CR line ends (valid once normalized), a
5 MB generated file, a file 30 folders deep, a symlink loop, links leaving the repository, an
empty file, a file with NUL bytes, FIFOs named like sources and like the language's project
file (and one anywhere, for the content hash), a file and a folder whose names are not UTF-8,
and (TypeScript) a tsconfig ``extends`` naming an absolute path outside the repository.
The corpus is generated (not committed) because links, loops and 5 MB files do not belong in
git. ``write_clean`` writes only the valid files, so a test can check that the bad input loses
nothing that was valid.
"""

from __future__ import annotations

import os
from pathlib import Path

from crossfile_datasets.lang import Lang

DEPTH = 30


def _pad(lang: Lang, n: int, tag: str) -> str:
    if lang is Lang.PYTHON:
        return "".join(f"{tag}_{i} = {i}\n" for i in range(n))
    if lang is Lang.TYPESCRIPT:
        return "".join(f"const {tag}_{i} = {i};\n" for i in range(n))
    return "".join(f"        int {tag}_{i} = {i};\n" for i in range(n))


def use_file(lang: Lang, k: int, package_path: str = "app") -> tuple[str, str]:
    """(path, text) of a file using Helper.run_{k}() after enough prompt lines."""
    name = f"Use{k}"
    if lang is Lang.PYTHON:
        return f"pkg/{package_path}/use{k}.py", "from pkg.helper import Helper\n\n" + _pad(lang, 14, f"v{k}") + f"result_{k} = Helper().run_{k}()\n"
    if lang is Lang.JAVA:
        package = "com.acme." + package_path.replace("/", ".")
        body = _pad(lang, 24, f"v{k}")
        return (f"src/com/acme/{package_path}/{name}.java",
                f"package {package};\n\nimport com.acme.Helper;\n\npublic class {name} {{\n    int compute{k}() {{\n{body}"
                f"        int result{k} = new Helper().run{k}();\n        return result{k};\n    }}\n}}\n")
    if lang is Lang.TYPESCRIPT:
        depth = package_path.count("/") + 1
        rel = "../" * depth
        return (f"src/{package_path}/use{k}.ts",
                f"import {{ Helper }} from '{rel}helper';\n\n" + _pad(lang, 34, f"v{k}") + f"export const result{k} = new Helper().run{k}();\n")
    namespace = "Acme." + package_path.replace("/", ".").title()
    body = _pad(lang, 8, f"v{k}")
    return (f"{package_path}/{name}.cs",
            f"using Acme;\n\nnamespace {namespace}\n{{\n    public class {name}\n    {{\n        public int Compute{k}()\n        {{\n{body}"
            f"            int result{k} = new Helper().Run{k}();\n            return result{k};\n        }}\n    }}\n}}\n")


def helper_file(lang: Lang, ks) -> tuple[str, str]:
    if lang is Lang.PYTHON:
        return "pkg/helper.py", "class Helper:\n" + "".join(f"    def run_{k}(self):\n        return {k}\n" for k in ks)
    if lang is Lang.JAVA:
        return "src/com/acme/Helper.java", "package com.acme;\n\npublic class Helper {\n" + "".join(f"    public int run{k}() {{ return {k}; }}\n" for k in ks) + "}\n"
    if lang is Lang.TYPESCRIPT:
        return "src/helper.ts", "export class Helper {\n" + "".join(f"  run{k}(): number {{ return {k}; }}\n" for k in ks) + "}\n"
    return "Helper.cs", "namespace Acme\n{\n    public class Helper\n    {\n" + "".join(f"        public int Run{k}() {{ return {k}; }}\n" for k in ks) + "    }\n}\n"


VALID_KS = (1, 2, 3)  # 1, 2: plain use files; 3: 30 folders deep
BOM_K, BROKEN_K, CR_K = 4, 5, 6
ODD_NAME = b"caf\xe9"  # Latin-1 bytes: not a UTF-8 file name


def _extra(lang: Lang) -> dict[str, str]:
    if lang is Lang.PYTHON:
        return {"pkg/__init__.py": "", "pkg/app/__init__.py": ""}
    if lang is Lang.TYPESCRIPT:
        return {"tsconfig.json": '{ "compilerOptions": { "strict": true, "target": "ES2020", "module": "commonjs" }, "include": ["src"] }\n'}
    if lang is Lang.CSHARP:
        return {"Corpus.csproj": '<Project Sdk="Microsoft.NET.Sdk">\n  <PropertyGroup><TargetFramework>net48</TargetFramework></PropertyGroup>\n</Project>\n'}
    return {}


def _deep_package(lang: Lang) -> str:
    return "/".join(f"d{i}" for i in range(DEPTH))


def write_clean(root: Path, lang: Lang) -> Path:
    files = dict(_extra(lang))
    files.update([helper_file(lang, VALID_KS + (BOM_K, BROKEN_K, CR_K))])
    files.update([use_file(lang, 1), use_file(lang, 2), use_file(lang, 3, _deep_package(lang))])
    if lang is Lang.PYTHON:  # every folder of the deep path is a package
        parts = _deep_package(lang).split("/")
        for i in range(1, len(parts) + 1):
            files[f"pkg/{'/'.join(parts[:i])}/__init__.py"] = ""
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    (root / "LICENSE").write_text("MIT License\n\nPermission is hereby granted, free of charge, to any person\n")
    return root


def write_corpus(root: Path, lang: Lang) -> Path:
    write_clean(root, lang)
    ext = {Lang.PYTHON: ".py", Lang.JAVA: ".java", Lang.TYPESCRIPT: ".ts", Lang.CSHARP: ".cs"}[lang]
    src = {Lang.PYTHON: "pkg/app", Lang.JAVA: "src/com/acme/app", Lang.TYPESCRIPT: "src/app", Lang.CSHARP: "app"}[lang]
    # BOM + CRLF: valid after normalization, must give its example
    bom_path, bom_text = use_file(lang, BOM_K)
    (root / bom_path).write_bytes(b"\xef\xbb\xbf" + bom_text.replace("\n", "\r\n").encode("utf-8"))
    # a syntax error right around a cross-file use: never an example
    broken_path, broken_text = use_file(lang, BROKEN_K)
    marker = {Lang.PYTHON: f"result_{BROKEN_K} =", Lang.JAVA: f"int result{BROKEN_K} =",
              Lang.TYPESCRIPT: f"export const result{BROKEN_K} =", Lang.CSHARP: f"int result{BROKEN_K} ="}[lang]
    (root / broken_path).write_text(broken_text.replace(marker, marker + " ((( ", 1), encoding="utf-8")
    # invalid UTF-8
    (root / src / f"latin1{ext}").write_bytes(b"// caf\xe9 \xff\xfe\n" if lang is not Lang.PYTHON else b"# caf\xe9 \xff\n")
    # 5 MB generated file
    (root / src / f"big_table{ext}").write_bytes(b"// generated table\n" + b"0," * 2_600_000)
    # empty file and NUL bytes
    (root / src / f"empty{ext}").write_text("")
    (root / src / f"nul{ext}").write_bytes(b"abc\x00\x00def\n")
    # links: leaving the repository, a loop, a link to a valid file inside
    os.symlink("/etc", root / src / "etc_dir")
    os.symlink("/etc/hostname", root / src / f"host{ext}")
    os.symlink("..", root / src / "loop")
    os.symlink(root / helper_file(lang, ())[0], root / src / f"alias{ext}")
    # lone-CR (classic Mac) line ends: valid after normalization, must give its example
    cr_path, cr_text = use_file(lang, CR_K)
    (root / cr_path).write_bytes(cr_text.replace("\n", "\r").encode("utf-8"))
    write_odd_entries(root, lang, src, ext)
    return root


def write_odd_entries(root: Path, lang: Lang, src: str, ext: str) -> None:
    """Entries that hung or sank a whole repository: FIFOs where a file is read (a source, the
    project file, anything the content hash reads) and names that are not UTF-8."""
    os.mkfifo(root / src / f"fifo{ext}")
    os.mkfifo(root / "notes.fifo")
    project_file = {Lang.TYPESCRIPT: "src/sub/tsconfig.json", Lang.CSHARP: "sub/Pipe.csproj"}.get(lang)
    if project_file:
        (root / project_file).parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(root / project_file)
    good_path, good_text = use_file(lang, 1)
    folder = os.fsencode(root / src)
    with open(folder + b"/" + ODD_NAME + ext.encode(), "wb") as fh:  # a valid file with an odd name
        fh.write(good_text.encode("utf-8"))
    os.mkdir(folder + b"/" + ODD_NAME)
    with open(folder + b"/" + ODD_NAME + b"/inner" + ext.encode(), "wb") as fh:
        fh.write(good_text.encode("utf-8"))
    if lang is Lang.TYPESCRIPT:
        outside = root.parent / "outside-tsconfig.json"  # valid, readable, but not the repository's
        outside.write_text('{ "compilerOptions": { "noImplicitAny": false } }\n')
        (root / "src" / "ext").mkdir(parents=True, exist_ok=True)
        (root / "src" / "ext" / "tsconfig.json").write_text('{ "extends": "%s", "include": ["."] }\n' % outside)


# --- round 3 (issue 35): what a build without CAP_DAC_OVERRIDE cannot read, paths over
# PATH_MAX, and files the walker refuses that a checker's own resolution would open -----------
LOCKED_DIR_K, LOCKED_FILE_K, LIST_ONLY_K, REFUSED_IMPORTS_K = 7, 8, 9, 10
LONG_KS = (11, 12)  # under a path over MAX_PATH_BYTES (the whole path fits PATH_MAX), and over PATH_MAX
ROUND3_KS = (*VALID_KS, BOM_K, BROKEN_K, CR_K, LOCKED_DIR_K, LOCKED_FILE_K, LIST_ONLY_K, REFUSED_IMPORTS_K)
SRC = {Lang.PYTHON: "pkg/app", Lang.JAVA: "src/com/acme/app", Lang.TYPESCRIPT: "src/app", Lang.CSHARP: "app"}
EXT = {Lang.PYTHON: ".py", Lang.JAVA: ".java", Lang.TYPESCRIPT: ".ts", Lang.CSHARP: ".cs"}


def write_round3(root: Path, lang: Lang) -> dict[int, str]:
    """The clean repository plus round 3's entries; returns {k: path of the file using run_k}.
    Modes are set last: :func:`unlock` gives them back (pytest must be able to delete them)."""
    write_clean(root, lang)
    path, text = helper_file(lang, ROUND3_KS)
    (root / path).write_text(text, encoding="utf-8")
    files = {k: use_file(lang, k)[0] for k in VALID_KS[:2]}
    files[3] = use_file(lang, 3, _deep_package(lang))[0]
    for k, package in ((LOCKED_DIR_K, "locked"), (LOCKED_FILE_K, "app"), (LIST_ONLY_K, "listonly")):
        rel, text = use_file(lang, k, package)
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
        files[k] = rel
    files[REFUSED_IMPORTS_K] = _write_refused_imports(root, lang)
    for k, levels in zip(LONG_KS, (17, 22)):  # 200-byte folder names: 3.4 kB and 4.4 kB
        _write_long(root, lang, k, levels)
    os.chmod(root / files[LOCKED_FILE_K], 0)
    os.chmod((root / files[LIST_ONLY_K]).parent, 0o444)  # listable, not searchable
    os.chmod((root / files[LOCKED_DIR_K]).parent, 0)
    return files


def unlock(root: Path, files: dict[int, str]) -> None:
    """Give back the modes :func:`write_round3` took away."""
    os.chmod((root / files[LOCKED_DIR_K]).parent, 0o755)
    os.chmod((root / files[LIST_ONLY_K]).parent, 0o755)
    os.chmod(root / files[LOCKED_FILE_K], 0o644)


def _write_long(root: Path, lang: Lang, k: int, levels: int) -> None:
    """A use file under ``levels`` folders of 200 bytes each: made by descriptor (a path over
    PATH_MAX cannot be made by name)."""
    fd = os.open(root / SRC[lang], os.O_RDONLY | os.O_DIRECTORY)
    try:
        for level in range(levels):
            name = f"{k}-{level:02d}" + "l" * 195
            os.mkdir(name, dir_fd=fd)
            sub = os.open(name, os.O_RDONLY | os.O_DIRECTORY, dir_fd=fd)
            os.close(fd)
            fd = sub
        rel, text = use_file(lang, k)
        out = os.open(rel.rsplit("/", 1)[-1], os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
        os.write(out, text.encode())
        os.close(out)
    finally:
        os.close(fd)


def _write_refused_imports(root: Path, lang: Lang) -> str:
    """A use file that also imports a FIFO and a link to /dev/zero named like sources (and, per
    language, what else its compiler resolves by itself); the walker refuses them, so no checker
    may open them."""
    src = root / SRC[lang]
    ext = EXT[lang]
    stem = {Lang.JAVA: ("Pipe", "Zero"), Lang.CSHARP: ("Pipe", "Zero")}.get(lang, ("pipe", "zero"))
    os.mkfifo(src / f"{stem[0]}{ext}")
    os.symlink("/dev/zero", src / f"{stem[1]}{ext}")
    rel, text = use_file(lang, REFUSED_IMPORTS_K)
    if lang is Lang.PYTHON:
        text = text.replace("\n", "\nfrom pkg.app.pipe import PIPE\nfrom pkg.app.zero import ZERO\n", 1)
    elif lang is Lang.JAVA:
        text = text.replace("    int compute", "    int refused = Pipe.X + Zero.Y;\n\n    int compute", 1)
        (root / "lib").mkdir()
        os.mkfifo(root / "lib" / "pipe.jar")  # javac opens its classpath itself
        os.symlink("/dev/zero", root / "lib" / "zero.jar")
    elif lang is Lang.TYPESCRIPT:
        text = text.replace("\n", "\nimport { PIPE } from './pipe';\nimport { ZERO } from './zero';\n"
                                  "import { LIB } from 'lib';\nimport { FAR } from 'outside/far';\n", 1)
        (root / "node_modules" / "lib").mkdir(parents=True)  # module resolution looks here itself
        os.mkfifo(root / "node_modules" / "lib" / "index.d.ts")
        (root.parent / "outside").mkdir(exist_ok=True)  # `paths` leading out of the repository
        os.mkfifo(root.parent / "outside" / "far.ts")
        (root / "tsconfig.json").write_text(
            '{ "compilerOptions": { "strict": true, "target": "ES2020", "module": "commonjs", "baseUrl": ".",'
            ' "paths": { "outside/*": ["../outside/*"] } }, "include": ["src"] }\n')
    else:  # mcs reads `@name` as a response file: a source named so must stay a source
        (root / "opts.cs").write_text(f"#if NEVER\n-out:{root.parent / 'pwned.dll'}\n#endif\n")
        (root / "@opts.cs").write_text("namespace Acme\n{\n    public class Extra\n    {\n    }\n}\n")
    (root / rel).write_text(text, encoding="utf-8")
    return rel
