"""Round 3 (issue 35), the readers of files that are not sources: a repository's LICENSE, its
tsconfig.json files and what they extend, its .csproj and .d.ts files, and the names mcs gets.
Each reads only what the walker's rules accept: never through a link (to /dev/zero, or to a
file outside the repository), never a FIFO; a refusal is counted where the reader counts its
problems. Fast: no checker runs."""

from __future__ import annotations

import os
import subprocess

from crossfile_datasets.analyzers.mcs import mcs_argv, parse_mcs_output
from crossfile_datasets.builders.repos import detect_license
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang.csharp.projects import compilation_units, read_csproj
from crossfile_datasets.lang.typescript import TypeScriptSupport
from crossfile_datasets.lang.typescript.tsconfig import find_configs, load_config
from tests.conftest import write_tree

APACHE = "Apache License\nVersion 2.0, January 2004\nhttp://www.apache.org/licenses/\n"


def test_a_license_file_linked_out_of_the_repository_is_not_read(tmp_path):
    (tmp_path / "elsewhere.txt").write_text(APACHE)
    repo = tmp_path / "repo"
    repo.mkdir()
    os.symlink(tmp_path / "elsewhere.txt", repo / "LICENSE")
    os.mkfifo(repo / "COPYING")
    assert detect_license(repo) == "unknown"  # not the license of a file outside the repository
    (repo / "LICENSE.md").write_text(APACHE)
    assert detect_license(repo) == "Apache-2.0"


def test_tsconfig_links_are_refused_and_counted(tmp_path):
    outside = tmp_path / "outside"
    write_tree(outside, {"tsconfig.json": '{ "compilerOptions": { "baseUrl": "/etc" } }',
                         "base.json": '{ "compilerOptions": { "strict": false } }'})
    repo = tmp_path / "repo"
    write_tree(repo, {"a/placeholder.ts": "export {};\n", "b/tsconfig.json": '{ "extends": "../linked/base.json" }'})
    os.symlink(outside / "tsconfig.json", repo / "a" / "tsconfig.json")
    os.symlink(outside, repo / "linked")
    assert find_configs(repo) == ["a/tsconfig.json", "b/tsconfig.json"]  # the link is listed, to be counted
    problems = []
    linked = load_config(repo, "a/tsconfig.json", problems)
    assert linked.broken and "baseUrl" not in linked.options
    extended = load_config(repo, "b/tsconfig.json", problems)
    assert "strict" not in extended.options  # the base behind a linked folder is not read
    assert [(reason, where) for reason, where, _ in problems] == [
        ("broken_tsconfig", "a/tsconfig.json"), ("tsconfig_extends_unresolved", "b/tsconfig.json")]


def test_declaration_files_refused_by_the_walk_are_counted(tmp_path):
    write_tree(tmp_path / "outside", {"types.d.ts": "export declare const SECRET: number;\n"})
    repo = tmp_path / "repo"
    write_tree(repo, {"src/a.ts": "export const a = 1;\n", "src/ok.d.ts": "export declare const OK: number;\n"})
    os.symlink(tmp_path / "outside" / "types.d.ts", repo / "src" / "linked.d.ts")
    os.mkfifo(repo / "src" / "pipe.d.ts")
    support = TypeScriptSupport()
    facts = support.analyze_files(str(repo), [SourceFile("src/a.ts", "export const a = 1;\n")])
    project = facts["src/a.ts"].project
    assert sorted(project.declarations) == ["src/ok.d.ts"]
    assert sorted((reason, where, detail.split(":")[0]) for reason, where, detail in project.problems) == [
        ("unreadable_declaration_file", "src/linked.d.ts", "link_outside_repo"),
        ("unreadable_declaration_file", "src/pipe.d.ts", "not_regular_file")]


def test_a_csproj_linked_out_of_the_repository_is_not_read(tmp_path):
    write_tree(tmp_path / "outside", {"Evil.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup>'
                                                      '<Compile Include="../../**/*.cs" /></ItemGroup></Project>'})
    repo = tmp_path / "repo"
    write_tree(repo, {"lib/A.cs": "class A {}\n", "lib/Lib.csproj": '<Project Sdk="Microsoft.NET.Sdk" />'})
    os.symlink(tmp_path / "outside" / "Evil.csproj", repo / "Evil.csproj")
    os.mkfifo(repo / "lib" / "Pipe.csproj")
    assert read_csproj(repo, "Evil.csproj").error and not read_csproj(repo, "Evil.csproj").includes
    assert read_csproj(repo, "lib/Pipe.csproj").error  # opened non-blocking: no hang
    units, projects = compilation_units(repo, ["lib/A.cs"])
    assert sorted(p.path for p in projects if p.error) == ["Evil.csproj", "lib/Pipe.csproj"]


def test_a_source_named_like_an_mcs_option_stays_a_source():
    argv = mcs_argv(["@opts.cs", "-recurse:x.cs", "a/-b.cs", "Plain.cs"], "out.dll")
    assert argv[-4:] == ["./@opts.cs", "./-recurse:x.cs", "a/-b.cs", "Plain.cs"]
    parsed = parse_mcs_output("./@opts.cs(3,5): error CS1525: Unexpected symbol `x'\n"
                              "Plain.cs(1,1): error CS0116: A namespace cannot directly contain members\n")
    assert [m.file for m in parsed.messages] == ["@opts.cs", "Plain.cs"]


def test_a_url_or_commit_starting_with_a_dash_is_never_an_option_of_git(tmp_path, monkeypatch):
    from crossfile_datasets.builders.repos import RepoSpec, RepositoryError, resolve

    origin = tmp_path / "-repo"  # a repository whose (relative) URL starts with a dash
    write_tree(origin, {"m.py": "X = 1\n"})
    for args in (["init", "-q"], ["add", "."], ["-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "c"]):
        subprocess.run(["git", *args], cwd=origin, check=True)
    monkeypatch.chdir(tmp_path)
    repo = resolve(RepoSpec(url="-repo"), cache_dir=tmp_path / "cache")  # before: "unknown switch", clone_failed
    assert (repo.root / "m.py").read_text() == "X = 1\n"
    try:
        resolve(RepoSpec(url="-repo", commit="--orphan=x"), cache_dir=tmp_path / "cache2")
    except RepositoryError as exc:
        assert exc.reason == "commit_not_found"
    else:
        raise AssertionError("an option taken for a commit")


def test_project_files_with_thousands_of_patterns_cost_seconds_not_hours(tmp_path):
    """Each include pattern is matched against every file: 6,000 patterns over 200 files took
    over five minutes (TypeScript), 20,000 .csproj patterns over 2,000 files over ten."""
    import json
    import time

    sources = [f"src/d{i % 50}/F{i}.cs" for i in range(400)]
    patterns = "".join(f'<Compile Include="**/q{i}*x*y*z.cs" />' for i in range(5000))
    write_tree(tmp_path, {"A.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><EnableDefaultCompileItems>false'
                                      f'</EnableDefaultCompileItems></PropertyGroup><ItemGroup>{patterns}</ItemGroup></Project>',
                          "tsconfig.json": json.dumps({"include": [f"src/q{i}/**/*.ts" for i in range(3000)] + ["src/**/*"],
                                                       "exclude": [f"src/e{i}/**" for i in range(3000)]})})
    started = time.monotonic()
    units, projects = compilation_units(tmp_path, sources)
    problems = []
    cfg = load_config(tmp_path, "tsconfig.json", problems)
    included = [cfg.includes(f"src/d{i % 50}/f{i}.ts") for i in range(200)]
    assert time.monotonic() - started < 10
    assert "5000 wildcard patterns" in projects[0].error and [len(u.files) for u in units] == [400]  # defaults: every file
    assert cfg.broken and problems[0][0] == "broken_tsconfig" and "6001 include/exclude patterns" in problems[0][2]
    assert all(included)
