"""The corpus selection rule as code (``bench/corpus/README.md``): figures of one repository
commit read from its git tree (``git ls-tree``, ``git show``, ``git grep``), never from a web page.

    python bench/corpus_select.py <git dir> --lang csharp [--commit <sha>] [--repo owner/name]

prints the manifest line (or the reason the repository is not taken, as ``{"rejected": ...}``).
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path, PurePosixPath

SKIP_DIRS = {"node_modules", "vendor", "third_party", "dist", "build"}
MIN_FILES, MAX_FILES = 20, 400
PERMISSIVE = ("MIT", "Apache-2.0", "BSD-2-Clause", "BSD-3-Clause", "ISC", "Unlicense", "0BSD", "Zlib", "BSL-1.0",
              "CC0-1.0")
# C# 8+ syntax mcs -langversion:7.2 cannot read (README point 6); matched with git grep -E (POSIX ERE)
CS8_PATTERNS = {
    "nullable_directive": r"^[[:space:]]*#nullable",
    "nullable_project": r"<Nullable>[[:space:]]*(enable|annotations)",
    "langversion_8_plus": r"<LangVersion>[[:space:]]*([89]|1[0-9]|latest|preview)",
    "null_coalescing_assignment": r"[^?]\?\?=[^=]",
    "using_declaration": r"^[[:space:]]*(await[[:space:]]+)?using[[:space:]]+var[[:space:]]",
    "switch_expression": r"[A-Za-z0-9_)\]][[:space:]]+switch[[:space:]]*(\{|$)",
    "record_type": r"^[[:space:]]*((public|internal|private|protected|sealed|abstract|partial)[[:space:]]+)*record[[:space:]]+(struct[[:space:]]+|class[[:space:]]+)?[A-Z][A-Za-z0-9_]*[[:space:]]*[({<]",
    "init_accessor": r"[{;][[:space:]]*init[[:space:]]*;",
    "file_scoped_namespace": r"^namespace[[:space:]]+[A-Za-z0-9_.]+[[:space:]]*;",
    "index_from_end_or_range": r"\[\^[0-9A-Za-z_]|\[[A-Za-z0-9_]*\.\.[A-Za-z0-9_^]*\]",
    "global_using": r"^[[:space:]]*global[[:space:]]+using[[:space:]]",
}
EXTENSIONS = {"python": (".py",), "java": (".java",), "typescript": (".ts", ".tsx"), "csharp": (".cs",)}


def git(git_dir: Path, *args: str, check: bool = True) -> str:
    proc = subprocess.run(["git", "--git-dir", str(git_dir), *args], capture_output=True, text=True, errors="replace")
    if check and proc.returncode not in (0, 1):
        raise RuntimeError(f"git {' '.join(args)}: {proc.stderr.strip()[:300]}")
    return proc.stdout


def tree_paths(git_dir: Path, commit: str) -> list[str]:
    return [p for p in git(git_dir, "ls-tree", "-r", "--name-only", commit).splitlines() if p]


def is_source(path: str, lang: str) -> bool:
    parts = PurePosixPath(path).parts
    if any(p in SKIP_DIRS for p in parts[:-1]):
        return False
    if lang == "typescript" and path.endswith(".d.ts"):
        return False
    return path.endswith(EXTENSIONS[lang])


def is_test_file(path: str, lang: str) -> bool:
    parts = PurePosixPath(path).parts
    name = parts[-1]
    folders = {p.lower() for p in parts[:-1]}
    if lang == "python":
        return name.startswith("test_") or name.endswith("_test.py") or bool(folders & {"test", "tests"})
    if lang == "java":
        return "Test" in name or "src/test/java/" in path
    if lang == "typescript":
        return bool(re.search(r"\.(test|spec)\.tsx?$", name)) or bool(folders & {"test", "tests", "__tests__"})
    return any("test" in p for p in folders)


def classify_license(text: str) -> str:
    """The SPDX id of a license text (the permissive set of builders/collection.py, else a name)."""
    t = " ".join(text.split())
    low = t.lower()
    if "apache license" in low and "version 2.0" in low:
        return "Apache-2.0"
    if "permission is hereby granted, free of charge" in low:
        return "MIT"
    if "redistribution and use in source and binary forms" in low:
        three = "neither the name" in low or "may not be used to endorse" in low or "names of its contributors" in low
        return "BSD-3-Clause" if three else "BSD-2-Clause"
    if "permission to use, copy, modify, and/or distribute this software" in low or \
            "permission to use, copy, modify, and distribute this software for any purpose with or without fee" in low:
        return "ISC" if "provided that the above copyright notice" in low else "0BSD"
    if "this is free and unencumbered software" in low:
        return "Unlicense"
    if "boost software license" in low:
        return "BSL-1.0"
    if "cc0" in low and "creative commons" in low:
        return "CC0-1.0"
    if "this software is provided 'as-is'" in low and "altered source versions must be plainly marked" in low:
        return "Zlib"
    for marker, name in (("mozilla public license", "MPL-2.0"), ("gnu lesser general public license", "LGPL"),
                         ("gnu general public license", "GPL"), ("gnu affero", "AGPL"),
                         ("microsoft public license", "MS-PL"), ("eclipse public license", "EPL")):
        if marker in low:
            return name
    return "unknown"


def find_license(git_dir: Path, commit: str, paths: list[str]) -> tuple[str, str]:
    roots = sorted(p for p in paths if "/" not in p and re.match(r"(?i)(licen[cs]e|copying|unlicense)", p))
    found = []
    for path in roots:
        found.append((classify_license(git(git_dir, "show", f"{commit}:{path}")), path))
    for spdx, path in found:
        if spdx in PERMISSIVE:
            return spdx, path
    return (found[0] if found else ("none", ""))


def test_framework(git_dir: Path, commit: str, lang: str, tests: list[str], paths: list[str]) -> str:
    def grep(pattern: str, files: list[str]) -> bool:
        if not files:
            return False
        for start in range(0, len(files), 200):
            if subprocess.run(["git", "--git-dir", str(git_dir), "grep", "-q", "-E", pattern, commit, "--",
                               *files[start:start + 200]], capture_output=True).returncode == 0:
                return True
        return False

    if lang == "python":
        return "pytest" if grep(r"^\s*(import|from) pytest", tests) else "unittest" if grep(r"unittest", tests) else "pytest"
    if lang == "java":
        for pattern, name in ((r"org\.junit\.jupiter", "junit5"), (r"org\.junit\.", "junit4"), (r"org\.testng", "testng")):
            if grep(pattern, tests):
                return name
        return "unknown"
    if lang == "csharp":
        for pattern, name in ((r"NUnit\.Framework", "nunit"), (r"using Xunit", "xunit"),
                              (r"Microsoft\.VisualStudio\.TestTools", "mstest")):
            if grep(pattern, tests):
                return name
        return "unknown"
    manifests = [p for p in paths if PurePosixPath(p).name == "package.json" and "node_modules/" not in p]
    for name in ("vitest", "jest", "mocha", "ava", "jasmine", "uvu", "tap"):
        if grep(rf'"{name}"|"@?{name}[/"]|\b{name}\b', manifests[:50]):
            return name
    if grep(r"node:test", tests):
        return "node:test"
    return "unknown"


def cs8_markers(git_dir: Path, commit: str) -> dict[str, int]:
    out = {}
    for name, pattern in CS8_PATTERNS.items():
        hits = git(git_dir, "grep", "-c", "-E", pattern, commit, "--", "*.cs", "*.csproj", "*.props")
        count = sum(int(line.rsplit(":", 1)[1]) for line in hits.splitlines() if line.rsplit(":", 1)[-1].isdigit())
        if count:
            out[name] = count
    return out


def check(git_dir: Path, lang: str, commit: str | None = None, repo: str = "") -> dict:
    commit = commit or git(git_dir, "rev-parse", "HEAD").strip()
    paths = tree_paths(git_dir, commit)
    sources = [p for p in paths if is_source(p, lang)]
    tests = [p for p in sources if is_test_file(p, lang)]
    spdx, license_file = find_license(git_dir, commit, paths)
    row = {"lang": lang, "repo": repo, "url": f"https://github.com/{repo}" if repo else "", "commit": commit,
           "license": spdx, "license_file": license_file, "files": len(sources), "test_files": len(tests)}
    reasons = []
    if spdx not in PERMISSIVE:
        reasons.append(f"license {spdx}")
    if not MIN_FILES <= len(sources) <= MAX_FILES:
        reasons.append(f"{len(sources)} source files")
    if not tests:
        reasons.append("no test files")
    if lang == "csharp":
        markers = cs8_markers(git_dir, commit)
        row["cs8_markers"] = sum(markers.values())
        if markers:
            reasons.append("C# 8+ markers " + ", ".join(f"{k}={v}" for k, v in sorted(markers.items())))
    if not reasons:
        row["test_framework"] = test_framework(git_dir, commit, lang, tests, paths)
    if reasons:
        row["rejected"] = "; ".join(reasons)
    return row


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("git_dir", type=Path)
    parser.add_argument("--lang", required=True, choices=sorted(EXTENSIONS))
    parser.add_argument("--commit")
    parser.add_argument("--repo", default="")
    args = parser.parse_args(argv)
    print(json.dumps(check(args.git_dir, args.lang, args.commit, args.repo)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
