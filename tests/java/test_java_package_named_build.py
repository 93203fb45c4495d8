"""A Java package named like build output (``org/demo/build/``, ``.../out/``) is listed, while
real output folders holding Java files stay skipped and counted (issue 28, left open by the
session of 2026-11-28d: such packages were counted under ``files/build_output_dir`` and their
classes were no definitions at all). A folder with a build-output name is a package folder when
the ``package`` declaration of one of its ``.java`` files names it. Fixture written for this test.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import java_package_folder, list_sources
from tests.conftest import require_tool, write_tree

FILES = {
    "src/main/java/org/demo/build/Recipe.java": (
        "package org.demo.build;\n\npublic class Recipe {\n    public int steps;\n\n"
        "    public String title() {\n        return \"r\";\n    }\n}\n"),
    "src/main/java/org/demo/out/impl/Printer.java": (
        "/* printing */\npackage org.demo.out.impl;\n\npublic class Printer {\n"
        "    public static void show(String s) {\n    }\n}\n"),
    "src/main/java/org/demo/App.java": (
        "package org.demo;\n\nimport org.demo.build.Recipe;\nimport org.demo.out.impl.Printer;\n\n"
        "public class App {\n    public static void main(String[] args) {\n        Recipe r = new Recipe();\n"
        "        r.steps = 2;\n        Printer.show(r.title());\n    }\n}\n"),
    # output: generated sources whose packages end below the output folder, and an unpackaged copy
    "target/generated-sources/annotations/org/demo/Gen.java": "package org.demo;\n\npublic class Gen {\n}\n",
    "build/tmp/Copy.java": "public class Copy {\n}\n",
}


def test_the_package_declaration_tells_a_package_folder_from_output():
    assert java_package_folder("src/main/java/org/x/build", "A.java", "package org.x.build;\nclass A {}")
    assert java_package_folder("src/main/java/org/x/build", "impl/A.java", "// c\npackage org.x.build.impl;")
    assert java_package_folder("out", "A.java", "package out;")
    assert not java_package_folder("target", "generated-sources/annotations/org/x/A.java", "package org.x;")
    assert not java_package_folder("build", "generated/org/x/build/A.java", "package org.x.build;")
    assert not java_package_folder("build", "A.java", "class A {}")  # the default package
    assert not java_package_folder("x/build", "A.java", "package org.build;")  # another folder's package
    assert not java_package_folder("build", "A.java", " * package build;")  # a comment line


def test_package_folders_are_listed_and_output_folders_counted(tmp_path):
    write_tree(tmp_path / "repo", FILES)
    report = BuildReport()
    sources, _ = list_sources(resolve(RepoSpec(path=str(tmp_path / "repo"))), get_language(Lang.JAVA), report)
    assert [s.path for s in sources] == ["src/main/java/org/demo/App.java", "src/main/java/org/demo/build/Recipe.java",
                                         "src/main/java/org/demo/out/impl/Printer.java"]
    assert report.stage("files") == {"build_output_dir": 2}
    assert sorted(report.samples["files/build_output_dir"]) == ["build/: 1 source file", "target/: 1 source file"]


@pytest.mark.slow  # real javac builds of the fixture
def test_uses_of_a_package_named_build_are_found(tmp_path):
    require_tool("javac")
    root = tmp_path / "repo"
    write_tree(root, FILES)
    repo = resolve(RepoSpec(path=str(root)))
    language = get_language(Lang.JAVA)
    report = BuildReport()
    sources, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(repo.root), sources)
    usages = language.find_usages(repo, facts, report)
    got = {(u.line, u.member or u.imported_name, u.definition_file) for u in usages
           if u.file == "src/main/java/org/demo/App.java"}
    recipe, printer = "src/main/java/org/demo/build/Recipe.java", "src/main/java/org/demo/out/impl/Printer.java"
    assert {(9, "steps", recipe), (10, "title", recipe), (10, "show", printer)} <= got
