"""A declared Java dependency that runs at another version (tuning case of held-out 17: jline2
declares jansi 1.12, Debian installs jansi 2.4.0, and the 15 main files that need 1.x's
``AnsiOutputStream`` were left out with no word of the version). On fce2ed3 nothing names the
difference; now the layout lists it, the build counts ``suites/dependency_version_differs`` and
the class card names it with both versions."""
from __future__ import annotations

import os

import pytest

from crossfile_datasets.builders.classlevel.build import card_section, count_adjustments
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites.java import (MAVEN_REPO, debian_jar, gradle_dependencies, jar_version,
                                                    java_layout, pom_dependencies)
from tests.conftest import write_tree

POM = """<project><modelVersion>4.0.0</modelVersion><groupId>demo</groupId><artifactId>demo</artifactId>
<properties><jansi.version>1.12</jansi.version></properties>
<dependencies>
<dependency><groupId>org.fusesource.jansi</groupId><artifactId>jansi</artifactId><version>${jansi.version}</version></dependency>
<dependency><groupId>junit</groupId><artifactId>junit</artifactId><version>4.12</version><scope>test</scope></dependency>
</dependencies></project>
"""


def test_declared_versions_are_read():
    deps, _ = pom_dependencies(POM)
    assert [(d.artifact, d.version) for d in deps] == [("jansi", "1.12"), ("junit", "4.12")]
    gradle = gradle_dependencies("dependencies {\n  implementation 'org.x:y:2.1.0'\n  api group: 'a', name: 'b'\n}\n")
    assert [(d.artifact, d.version) for d in gradle] == [("y", "2.1.0"), ("b", "")]


def test_the_version_of_debians_jar(tmp_path):
    folder = tmp_path / "org" / "x" / "lib"
    (folder / "3.2").mkdir(parents=True)
    (folder / "debian").mkdir()
    (folder / "3.2" / "lib-3.2.jar").write_bytes(b"PK")
    os.symlink("../3.2/lib-3.2.jar", folder / "debian" / "lib-debian.jar")
    jar = debian_jar("org.x", "lib", repo=tmp_path)
    assert jar is not None and jar.parent.name == "debian" and jar_version(jar) == "3.2"


def test_a_dependency_at_another_version_is_named_in_the_stats_and_the_card(tmp_path):
    if debian_jar("org.fusesource.jansi", "jansi") is None:
        pytest.fail(f"precondition: Debian's jansi is not in {MAVEN_REPO} (scripts/setup.sh installs it)")
    here = jar_version(debian_jar("org.fusesource.jansi", "jansi"))
    root = write_tree(tmp_path / "demo", {"pom.xml": POM, "src/main/java/demo/A.java": "package demo;\nclass A {}\n"})
    layout = java_layout(root)
    assert layout.other_versions == [f"pom.xml: org.fusesource.jansi:jansi declared 1.12, here {here}"
                                     + (" (another major version)" if here.split(".")[0] != "1" else "")]
    run = SuiteRun(SuiteStatus.OK, adjustments={"dependency_versions": layout.other_versions})
    report = BuildReport()
    count_adjustments(run, runner_for(Lang.JAVA), report, "demo")
    assert report.counts["suites/dependency_version_differs"] == 1
    sample = report.samples["suites/dependency_version_differs"]
    card = card_section({"language": "java", "samples": {"suites/dependency_version_differs": sample},
                         "suite_adjustments": {"dependency_version_differs": 1}})
    assert f"jansi declared 1.12, here {here}" in card
