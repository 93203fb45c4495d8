"""Jars a repository ships that javac cannot use: the corrupt ones and those among resources.

zeroturnaround/zt-zip (corpus, 2026-11-28) keeps ``src/test/resources/scalactic_2.13-3.2.5.jar``,
a test fixture whose central directory java.util.zip refuses. On javac's classpath it gave
"error reading ...jar" and then an internal NullPointerException in enter() on every compilation:
56 files ``files/checker_crash``, 0 usages. Any file named ``.jar`` that is not a zip does the
same. A jar the JVM cannot open is now left off (``checker/classpath_jar_unreadable``) and a jar
among a source set's resources is never a dependency (``checker/classpath_jar_resource``).
"""

from __future__ import annotations

import zipfile

from crossfile_datasets.analyzers.javac import JavacHelper
from tests.conftest import require_tool
from tests.java.test_java_usages import build

FILES = {
    "src/main/java/org/acme/Prices.java": (
        "package org.acme;\n\npublic class Prices {\n"
        "    public static int net(int gross) { return gross - gross / 5; }\n}\n"
    ),
    "src/main/java/org/acme/shop/Cart.java": (
        "package org.acme.shop;\n\nimport org.acme.Prices;\n\npublic class Cart {\n"
        "    private int total;\n\n    public int net() {\n        return Prices.net(total);\n    }\n}\n"
    ),
}


def test_a_jar_the_jvm_cannot_open_is_left_off_and_the_files_are_checked(tmp_path):
    require_tool("javac")
    files = {**FILES, "lib/broken.jar": "not a zip archive\n", "lib/empty.jar": ""}
    _facts, usages, report = build(tmp_path / "shop", files)
    assert report.counts["checker/classpath_jar_unreadable"] == 2
    assert not any(k.startswith("files/") for k in report.counts)  # before: every file a checker_crash
    assert ("Prices", "net") in {(u.imported_name, u.member) for u in usages if u.file.endswith("Cart.java")}


def test_a_jar_among_resources_is_never_on_the_classpath(tmp_path):
    require_tool("javac")
    root = tmp_path / "shop"
    jar = root / "src/test/resources/fixtures/archive.jar"
    jar.parent.mkdir(parents=True)
    with zipfile.ZipFile(jar, "w") as z:  # a good jar: left off by where it lives, not by its bytes
        z.writestr("data.txt", "x")
    _facts, usages, report = build(root, FILES)
    assert report.counts["checker/classpath_jar_resource"] == 1
    assert "checker/classpath_jar_unreadable" not in report.counts
    assert usages


def test_the_helper_names_exactly_the_entries_it_cannot_open(tmp_path):
    require_tool("javac")
    good, bad, folder = tmp_path / "good.jar", tmp_path / "bad.jar", tmp_path / "classes"
    with zipfile.ZipFile(good, "w") as z:
        z.writestr("a/B.class", b"\xca\xfe\xba\xbe")
    bad.write_bytes(b"PK\x05\x06" + b"\xff" * 18)  # an end record pointing nowhere
    folder.mkdir()
    unreadable = JavacHelper([], [str(good), str(bad), str(folder), str(tmp_path / "absent.jar")]).unreadable_classpath()
    assert list(unreadable) == [str(bad)]
    assert "ZipException" in unreadable[str(bad)]
