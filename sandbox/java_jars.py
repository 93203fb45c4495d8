"""The Debian jars the Java runner itself puts on its class paths (JUnit, hamcrest, the launcher,
JaCoCo), named once: the runner (``sandbox/suites/java.py``) uses them, and the sandbox's hiding
of released copies of a repository (``sandbox/own_packages.py``) must never hide them. A module of
its own so that the sandbox package does not import a suite (a cycle)."""

from __future__ import annotations

from pathlib import Path

JAVA_SHARE = Path("/usr/share/java")
# compile-time jars of the tests (JUnit 4 + hamcrest, JUnit 5 API/params) and the launcher that
# brings the engines (Jupiter, vintage) at run time
TEST_COMPILE_JARS = (
    "junit4.jar", "hamcrest-core.jar", "hamcrest-library.jar", "hamcrest.jar", "junit-jupiter-api.jar",
    "junit-jupiter-params.jar", "opentest4j.jar", "apiguardian-api.jar", "junit-platform-commons.jar",
)
LAUNCHER_JAR = "junit-platform-console-standalone.jar"  # the launcher API and the engines our runner uses
# JaCoCo (Debian libjacoco-java): the analysis library and its ASM; the agent ships inside a jar
JACOCO_JARS = ("org.jacoco.core.jar", "asm.jar", "asm-commons.jar", "asm-tree.jar")
JACOCO_AGENT_BUNDLE, JACOCO_AGENT_ENTRY = "org.jacoco.agent.jar", "jacocoagent.jar"


def runner_jars() -> list[str]:
    """The paths of every jar above: never hidden, whatever the repository (a run of JUnit's own
    repository needs them)."""
    names = (*TEST_COMPILE_JARS, LAUNCHER_JAR, *JACOCO_JARS, JACOCO_AGENT_BUNDLE)
    return [str(JAVA_SHARE / n) for n in names]
