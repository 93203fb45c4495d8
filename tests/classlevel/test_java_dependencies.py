"""Jars a Java repository's build declares and Debian ships are on the class path (tuning case of
the 2026-11-27c held-out set: a library whose main code uses commons-lang3, declared in its pom,
lost a third of its main files as ``needs org.apache.commons`` although Debian installs
commons-lang3). Real javac, JUnit runner and bubblewrap; the pom parsing is pure. On 4423ab2 the
main file using commons-lang3 was left out and its test with it."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.builders.classlevel.build import count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.suites import SuiteStatus
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.java import (
    MAVEN_REPO,
    JavaRunner,
    debian_jar,
    declared_dependencies,
    gradle_dependencies,
    java_layout,
    pom_dependencies,
)

from .test_java_runner import write_repo

POM = """<?xml version="1.0"?>
<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>org.example</groupId>
  <artifactId>padder</artifactId>
  <properties><lang3.group>org.apache.commons</lang3.group></properties>
  <dependencyManagement><dependencies>
    <dependency><groupId>com.example.managed</groupId><artifactId>only-managed</artifactId></dependency>
  </dependencies></dependencyManagement>
  <dependencies>
    <dependency><groupId>${lang3.group}</groupId><artifactId>commons-lang3</artifactId><version>3.5</version></dependency>
    <dependency><groupId>junit</groupId><artifactId>junit</artifactId><scope>test</scope></dependency>
    <dependency><groupId>com.example.nowhere</groupId><artifactId>not-in-debian</artifactId><scope>test</scope></dependency>
  </dependencies>
  <build><plugins><plugin><artifactId>maven-surefire-plugin</artifactId>
    <dependencies><dependency><groupId>org.example.plugin</groupId><artifactId>plugin-dep</artifactId></dependency></dependencies>
  </plugin></plugins></build>
</project>
"""
FILES = {
    "pom.xml": POM,
    "src/main/java/demo/Padder.java": """package demo;
import org.apache.commons.lang3.StringUtils;
public class Padder {
    public String pad(String s, int n) { return StringUtils.leftPad(s, n, '*'); }
}
""",
    "src/test/java/demo/PadderTest.java": """package demo;
import org.junit.Test;
import static org.junit.Assert.assertEquals;
public class PadderTest {
    @Test public void pads() { assertEquals("**ab", new Padder().pad("ab", 4)); }
}
""",
}


def test_pom_dependencies_are_the_projects_own_with_properties_resolved():
    deps, own = pom_dependencies(POM)
    assert [(d.group, d.artifact, d.test) for d in deps] == [
        ("org.apache.commons", "commons-lang3", False), ("junit", "junit", True),
        ("com.example.nowhere", "not-in-debian", True)]
    assert own == {"padder"}
    assert pom_dependencies("<project><dependencies>")[0] == []  # does not parse: nothing


PARENT_POM = """<project><groupId>org.example</groupId><artifactId>parent</artifactId>
  <modules><module>codec</module></modules>
  <properties><gauge.version>2.1</gauge.version></properties>
  <dependencyManagement><dependencies>
    <dependency><groupId>org.example.gauge</groupId><artifactId>gauge</artifactId>
      <version>${gauge.version}</version><scope>test</scope></dependency>
    <dependency><groupId>org.example.dial</groupId><artifactId>dial</artifactId><version>1.0</version></dependency>
  </dependencies></dependencyManagement>
</project>"""
MODULE_POM = """<project><parent><groupId>org.example</groupId><artifactId>parent</artifactId></parent>
  <artifactId>codec</artifactId>
  <dependencies>
    <dependency><groupId>org.example.gauge</groupId><artifactId>gauge</artifactId></dependency>
    <dependency><groupId>org.example.dial</groupId><artifactId>dial</artifactId></dependency>
    <dependency><groupId>org.example.knob</groupId><artifactId>knob</artifactId><scope>compile</scope></dependency>
  </dependencies>
</project>"""


def test_a_dependency_without_scope_takes_the_parents_managed_scope_and_version():
    """hpack (held-out 18): the module pom names gson and mockito bare, the root pom's
    <dependencyManagement> gives them test scope; they were read as main dependencies."""
    for order in ([("pom.xml", PARENT_POM), ("codec/pom.xml", MODULE_POM)],
                  [("codec/pom.xml", MODULE_POM), ("pom.xml", PARENT_POM)]):
        deps = declared_dependencies_of(order)
        assert [(d.artifact, d.test, d.version, d.where) for d in deps] == [
            ("gauge", True, "2.1", "codec/pom.xml"), ("dial", False, "1.0", "codec/pom.xml"),
            ("knob", False, "", "codec/pom.xml")]


def declared_dependencies_of(build_files):
    from crossfile_datasets.sandbox.suites.java import dependencies_in

    return dependencies_in(build_files)


def test_gradle_dependencies():
    text = """dependencies {
    implementation 'org.apache.commons:commons-lang3:3.12.0'
    testImplementation("com.google.guava:guava:31.1-jre")
    compile group: 'commons-io', name: 'commons-io', version: '2.11.0'
}"""
    assert [(d.group, d.artifact, d.test) for d in gradle_dependencies(text)] == [
        ("org.apache.commons", "commons-lang3", False), ("com.google.guava", "guava", True),
        ("commons-io", "commons-io", False)]


def test_gradle_dependencies_are_read_in_linear_time():
    """Red team 2026-11-28e row 2: a configuration name followed by a run of blanks and no
    dependency made the pattern split the run in every way (16,000 line ends: 2 s; a 1 MiB
    build file: hours). 1 MiB of them now reads at once, and a bracket after blanks still counts."""
    import time

    started = time.process_time()
    assert gradle_dependencies("dependencies {\n  implementation" + "\n" * (1 << 20) + "}\n") == []
    assert time.process_time() - started < 1.0
    deps = gradle_dependencies("testImplementation \n (\n 'junit:junit:4.13'\n)")
    assert [(d.group, d.artifact, d.test) for d in deps] == [("junit", "junit", True)]


def test_debian_jar_lookup(tmp_path):
    repo = tmp_path / "maven-repo"
    (repo / "org/x/lib/1.2").mkdir(parents=True)
    (repo / "org/x/lib/1.2/lib-1.2.jar").write_bytes(b"PK")
    (repo / "org/x/lib/1.10").mkdir(parents=True)
    (repo / "org/x/lib/1.10/lib-1.10.jar").write_bytes(b"PK")
    (repo / "org/x/pomonly/1.0").mkdir(parents=True)
    assert debian_jar("org.x", "lib", repo) == repo / "org/x/lib/1.10/lib-1.10.jar"
    (repo / "org/x/lib/debian").mkdir()
    (repo / "org/x/lib/debian/lib-debian.jar").write_bytes(b"PK")
    assert debian_jar("org.x", "lib", repo) == repo / "org/x/lib/debian/lib-debian.jar"
    assert debian_jar("org.x", "pomonly", repo) is None
    assert debian_jar("org.x", "absent", repo) is None
    assert debian_jar("..", "lib", repo) is None


LANG3 = debian_jar("org.apache.commons", "commons-lang3")


@pytest.mark.javac
@pytest.mark.slow
@pytest.mark.skipif(LANG3 is None, reason=f"commons-lang3 is not in {MAVEN_REPO} (Debian libcommons-lang3-java)")
def test_declared_debian_jar_is_on_the_class_path_and_the_rest_counted(tmp_path):
    root = write_repo(tmp_path / "repo", FILES)
    assert [d.artifact for d in declared_dependencies(root)] == ["commons-lang3", "not-in-debian"]
    layout = java_layout(root)
    assert layout.dependency_jars == [str(LANG3)]
    assert layout.unresolved == ["pom.xml: com.example.nowhere:not-in-debian (test)"]
    runner = JavaRunner()
    run = runner.run(root, None, coverage=False, limits=None)
    assert run.status is SuiteStatus.OK, (run.reason, run.log[-3000:])
    assert run.outcomes() == {"demo.PadderTest#pads": Outcome.PASSED}
    assert "left_out_sources" not in run.adjustments  # Padder.java compiled
    report = BuildReport()
    count_adjustments(run, runner, report, "repo")
    assert report.counts["suites/dependency_not_installed"] == 1
    assert "com.example.nowhere:not-in-debian" in " ".join(report.samples["suites/dependency_not_installed"])
