"""Hostile input, third round (issue 35), in every language, built as root and as ``nobody``.

- Folders and files a user without ``CAP_DAC_OVERRIDE`` cannot read (mode 000, a folder that
  can be listed but not searched): counted per file (a folder that cannot be listed, as itself),
  the rest built; root reads them and builds them.
- Paths longer than ``MAX_PATH_BYTES``, one of them longer than ``PATH_MAX``: counted per file.
- Files the walker refuses (a FIFO, a link to ``/dev/zero``) *imported* by a source: the
  checkers only get what the walker accepted, so their own resolution never opens them
  (TypeScript also: a FIFO in ``node_modules``, a ``paths`` entry leading out of the repository;
  Java: jars on the classpath; C#: a source named ``@opts.cs``, which mcs took for a response
  file).

Each build is a real ``build-dataset`` subprocess with a time limit and a memory limit
(``tests/badinput/users.py``): on the code before this round, TypeScript and Java hang on the
FIFO, C# loses its project, and every language loses the unreadable folder without a count.
"""

from __future__ import annotations

import json
import os

import pytest

from crossfile_datasets.lang import Lang, registered
from tests.badinput import users
from tests.badinput.corpus import (
    LIST_ONLY_K,
    LOCKED_DIR_K,
    LOCKED_FILE_K,
    REFUSED_IMPORTS_K,
    VALID_KS,
    unlock,
    write_round3,
)
from tests.conftest import require_tool

pytestmark = pytest.mark.slow

TOOLS = {Lang.PYTHON: None, Lang.JAVA: "javac", Lang.TYPESCRIPT: "node", Lang.CSHARP: "mcs"}
UNREADABLE_KS = (LOCKED_DIR_K, LOCKED_FILE_K, LIST_ONLY_K)


@pytest.mark.parametrize("user", users.USERS)
@pytest.mark.parametrize("lang", registered(), ids=lambda l: l.value)
def test_unreadable_long_and_refused_files(tmp_path, lang, user):
    users.require_user(user)
    if TOOLS[lang]:
        require_tool(TOOLS[lang])
    repo = tmp_path / "repos" / "corpus"
    files = write_round3(repo, lang)
    try:
        build = users.run_build(user, lang.value, repo, tmp_path / "work")
    finally:
        unlock(repo, files)
    assert build.returncode is not None, f"the build did not finish in {build.seconds:.0f}s (a checker blocked?)"
    assert build.returncode == 0 and build.stats, build.stderr
    assert build.stats["per_repository"][0]["status"] == "built", build.stats["per_repository"]
    stats, made = build.stats, {e["metadata"]["file"] for e in build.examples(tmp_path / "work" / "out", lang.value)}
    skipped, samples = stats["skipped_files"], stats["samples"]
    failed = []  # every case is checked, so a failure names all the cases that do not hold

    def case(name: str, holds: bool) -> None:
        if not holds:
            failed.append(name)

    case("temporary folders left", build.leftovers == [])
    case("valid files lost", {files[k] for k in VALID_KS} <= made)
    # both long paths, per file (one over PATH_MAX: a traceback and the whole build lost before)
    case("long paths not counted per file", skipped.get("path_too_long") == 2)
    # the FIFO and the link to /dev/zero named like sources, imported by a file that still counts
    case("refused files not counted", skipped.get("not_regular_file") == 1 and skipped.get("link_outside_repo") == 1)
    case("the file importing refused files lost", files[REFUSED_IMPORTS_K] in made)
    if lang is Lang.TYPESCRIPT:  # the `paths` entry leading to a FIFO outside the repository
        case("read outside the repository not counted", skipped.get("checker_read_outside_repo") == 1
             and any("outside/far.ts" in s for s in samples.get("files/checker_read_outside_repo", [])))
    if lang is Lang.JAVA:  # the FIFO jar and the jar linked to /dev/zero
        case("refused jars not counted", stats["counts_by_stage"].get("checker", {}).get("classpath_jar_refused") == 2)
    if lang is Lang.CSHARP:
        case("a repository file gave mcs its options", not (tmp_path / "repos" / "pwned.dll").exists())
    unreadable = {files[k] for k in UNREADABLE_KS}
    if user == "root" and os.geteuid() == 0:  # CAP_DAC_OVERRIDE: read and built
        case("root lost files it can read", unreadable <= made and not {"unreadable_dir", "unreadable"} & set(skipped))
    else:  # counted: the folder that cannot be listed as itself, the files that cannot be opened each
        case("unreadable files made examples", not unreadable & made)
        case("unreadable folder not counted", skipped.get("unreadable_dir") == 1 and samples["files/unreadable_dir"][0]
             .startswith(files[LOCKED_DIR_K].rsplit("/", 1)[0] + ":"))
        case("unreadable files not counted each", skipped.get("unreadable") == 2 and sorted(
            s.split(":")[0] for s in samples["files/unreadable"]) == sorted((files[LOCKED_FILE_K], files[LIST_ONLY_K])))
    assert not failed, f"{failed}; skipped: {json.dumps(skipped)}; examples of {sorted(made)}"
