"""Java build modules: one sourcepath per module when two modules declare the same class.

jOOQ/jOOL (corpus, 2026-11-28) keeps ``jOOL/`` and ``jOOL-java-8/``, two Maven modules with the
same 147 classes: with one sourcepath every class was ambiguous and all 294 files were dropped
(``files/duplicate_class``), 0 usages. The unit tests read build files written here; the
end-to-end one runs the real javac.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang.java.modules import (
    OUTSIDE_MODULES,
    WHOLE_REPOSITORY,
    compilation_units,
    find_modules,
    module_dependencies,
    owning_module,
)
from tests.conftest import require_tool, write_tree
from tests.java.test_java_usages import build

POM = """<?xml version="1.0"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <parent><artifactId>parent</artifactId></parent>
  <artifactId>{artifact}</artifactId>
  <dependencies>{deps}</dependencies>
  <build><plugins><plugin><artifactId>maven-compiler-plugin</artifactId></plugin></plugins></build>
</project>
"""


def pom(artifact: str, *deps: str) -> str:
    return POM.format(artifact=artifact, deps="".join(
        f"<dependency><groupId>g</groupId><artifactId>{d}</artifactId></dependency>" for d in deps))


def test_maven_and_gradle_dependencies_name_module_folders(tmp_path):
    write_tree(tmp_path, {
        "pom.xml": pom("parent"),
        "core/pom.xml": pom("core-lib", "junit"),
        "ext/pom.xml": pom("ext", "core-lib", "${project.artifactId}"),
        "settings.gradle": "include ':g:api', ':tools'\n",
        "g/api/build.gradle": "dependencies { }\n",
        "g/impl/build.gradle.kts": 'dependencies { implementation(project(":g:api")); api(projects.toolsBox) }\n',
        "tools-box/build.gradle": "dependencies { implementation project(path: ':core') }\n",
        "both/pom.xml": pom("both"),
        "both/build.gradle": "dependencies { implementation project(':ext') }\n",
    })
    modules = {m.directory: m for m in find_modules(tmp_path)}
    assert sorted(modules) == ["", "both", "core", "ext", "g/api", "g/impl", "tools-box"]
    assert modules["both"].build_file == "both/pom.xml"  # the pom.xml wins in a folder with both
    assert modules["ext"].maven_dependencies == ("core-lib",)  # property references are not names
    deps = module_dependencies(list(modules.values()))
    assert deps["ext"] == {"core"} and deps["core"] == set() and deps[""] == set()
    assert deps["g/impl"] == {"g/api", "tools-box"}  # a Gradle path, a type-safe accessor
    assert deps["tools-box"] == {"core"}  # ':core' is the folder core/ (its pom names it core-lib)
    assert owning_module("ext/src/main/java/p/A.java", modules) == "ext"
    assert owning_module("g/impl/src/A.java", modules) == "g/impl"
    assert owning_module("src/A.java", modules) == ""
    assert owning_module("src/A.java", ["core"]) is None


def test_an_unreadable_build_file_is_a_module_without_dependencies(tmp_path):
    write_tree(tmp_path, {"a/pom.xml": "<project><artifactId>a</artifactId", "b/pom.xml": pom("b", "a")})
    modules = {m.directory: m for m in find_modules(tmp_path)}
    assert modules["a"].error and not modules["a"].artifact
    assert module_dependencies(list(modules.values()))["b"] == set()


def test_one_unit_unless_a_class_is_declared_twice():
    paths = ["a/src/p/A.java", "b/src/p/B.java"]
    asked = []

    def modules():
        asked.append(1)
        return []

    units = compilation_units(paths, {paths[0]: ["p.A"], paths[1]: ["p.B"]}, modules)
    assert [(u.name, u.owned, u.visible) for u in units] == [(WHOLE_REPOSITORY, frozenset(paths), frozenset(paths))]
    assert asked == []  # the build files are not even read


def test_units_follow_modules_and_their_dependencies(tmp_path):
    write_tree(tmp_path, {"a/pom.xml": pom("a"), "b/pom.xml": pom("b"), "c/pom.xml": pom("c", "a")})
    paths = ["a/src/p/A.java", "b/src/p/A.java", "c/src/q/C.java", "tools/Gen.java"]
    declared = {paths[0]: ["p.A"], paths[1]: ["p.A"], paths[2]: ["q.C"], paths[3]: ["Gen"]}
    units = {u.name: u for u in compilation_units(paths, declared, lambda: find_modules(tmp_path))}
    assert set(units) == {"a", "b", "c", OUTSIDE_MODULES}
    assert units["a"].owned == units["a"].visible == {paths[0]}
    assert units["c"].owned == {paths[2]} and units["c"].visible == {paths[0], paths[2]}
    assert units[OUTSIDE_MODULES].visible == {paths[3]}


UTIL = """package org.lib;

public final class Util {
    public static String shout(String s) {
        return s.toUpperCase() + "!";
    }
}
"""

USER = """package org.lib;

public class Greeter {
    public String greet(String name) {
        return Util.shout("hello " + name);
    }
}
"""

APP = """package org.app;

import org.lib.Util;

public class App {
    public static void main(String[] args) {
        System.out.println(Util.shout(args[0]));
    }
}
"""


@pytest.mark.javac
def test_two_modules_with_the_same_classes_each_give_their_uses(tmp_path):
    require_tool("javac")
    files = {
        "lib/pom.xml": pom("lib"),
        "lib-java-8/pom.xml": pom("lib-java-8"),
        "app/pom.xml": pom("app", "lib-java-8"),
        "lib/src/main/java/org/lib/Util.java": UTIL,
        "lib/src/main/java/org/lib/Greeter.java": USER,
        "lib-java-8/src/main/java/org/lib/Util.java": UTIL,
        "lib-java-8/src/main/java/org/lib/Greeter.java": USER,
        "app/src/main/java/org/app/App.java": APP,
    }
    facts, usages, report = build(tmp_path / "twins", files)
    found = {(u.file, u.member or u.imported_name, u.definition_file) for u in usages}
    assert ("lib/src/main/java/org/lib/Greeter.java", "shout", "lib/src/main/java/org/lib/Util.java") in found
    assert ("lib-java-8/src/main/java/org/lib/Greeter.java", "shout",
            "lib-java-8/src/main/java/org/lib/Util.java") in found
    # the app depends on lib-java-8 only: its Util is that module's
    assert ("app/src/main/java/org/app/App.java", "shout", "lib-java-8/src/main/java/org/lib/Util.java") in found
    assert not report.counts["files/duplicate_class"]
    assert report.metrics["checker/java_module_units"] == 3
    # the graph's import bindings are resolved per unit too
    binding = next(b for b in facts["app/src/main/java/org/app/App.java"].imports if b.local_name == "Util")
    assert binding.target_file == "lib-java-8/src/main/java/org/lib/Util.java"


@pytest.mark.javac
def test_the_same_class_twice_in_one_module_is_still_ambiguous(tmp_path):
    require_tool("javac")
    files = {
        "pom.xml": pom("one"),
        "src/main/java/org/lib/Util.java": UTIL,
        "src/test/java/org/lib/Util.java": UTIL,
        "src/main/java/org/lib/Greeter.java": USER,
    }
    _facts, usages, report = build(tmp_path / "one", files)
    assert not usages
    assert report.counts["files/duplicate_class"] == 2
    assert {s.split(":")[0] for s in report.samples["files/duplicate_class"]} == {
        "src/main/java/org/lib/Util.java", "src/test/java/org/lib/Util.java"}
