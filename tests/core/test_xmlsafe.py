"""XML the host parses from files a repository or a sandboxed run wrote (core/xmlsafe.py): a
document type declaration, and with it any entity, is refused before anything of it is parsed;
every call site counts the refusal and goes on (red team 2026-11-29f row 1,
tests/hostile/redteam19/test_coverage_entities.py: 2 MB of mono coverage XML with one entity
referenced 90 times grew the builder by 245 MB)."""

from __future__ import annotations

import tracemalloc
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from crossfile_datasets.core import xmlsafe

ENTITY = 1024 * 1024  # the entity written once: 1 MB
# expat's amplification guard admits 100 times the bytes parsed: 90 references expand to 90 MB
BOMB = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e "' + "A" * ENTITY + '">]><x a="' + "&e;" * 90 + '"/>'


def _grown_mb(fn) -> float:
    tracemalloc.start()
    try:
        fn()
    except ET.ParseError:
        pass
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1024**2


def test_a_document_type_is_refused_before_its_entities_expand():
    for data in (BOMB, BOMB.encode(), '<!-- a comment first --><!DOCTYPE x><x/>', '<!DOCTYPE x SYSTEM "x.dtd"><x/>'):
        with pytest.raises(xmlsafe.XmlDoctypeRefused):
            xmlsafe.fromstring(data)
    assert issubclass(xmlsafe.XmlDoctypeRefused, ET.ParseError)  # callers' "not readable XML" paths keep working
    assert _grown_mb(lambda: xmlsafe.fromstring(BOMB)) < 8  # the file's own bytes, nothing expanded
    # plain documents parse as ElementTree parses them, encodings and predefined entities included
    assert xmlsafe.fromstring('<?xml version="1.0"?><p a="&lt;&amp;"><c/></p>').get("a") == "<&"
    assert xmlsafe.fromstring('<?xml version="1.0" encoding="utf-16"?><p/>'.encode("utf-16")).tag == "p"
    with pytest.raises(ET.ParseError):
        xmlsafe.fromstring("<p>")


def test_mono_coverage_with_a_document_type_is_refused_and_counted():
    from crossfile_datasets.sandbox.suites.csharp import parse_mono_coverage

    root = Path("/repo")
    good = ('<coverage><method filename="/repo/Calc.cs"><statement line="3" counter="1"/>'
            '<statement line="4" counter="0"/></method><method filename="/usr/lib/mono/x.cs">'
            '<statement line="9" counter="1"/></method></coverage>')
    refused: list = []
    assert parse_mono_coverage(good, root, refused) == ({"Calc.cs": {3}}, {"Calc.cs": {3, 4}}) and refused == []
    bomb = BOMB.replace("<x a=", '<coverage><method filename="/repo/Calc.cs"><statement line="3" counter="1"/>'
                        '</method><x a=').replace("/>", "/></coverage>", 1)
    assert parse_mono_coverage(bomb, root, refused) == ({}, {})
    assert [key for key, _ in refused] == ["host_files/xml_doctype"]
    assert _grown_mb(lambda: parse_mono_coverage(bomb, root, [])) < 8
    # more (file, line) entries than the cap: refused whole, counted like Python's coverage data
    many = "<coverage><method filename=\"/repo/A.cs\">" + "".join(
        f'<statement line="{n}" counter="1"/>' for n in range(1, 12)) + "</method></coverage>"
    refused = []
    assert parse_mono_coverage(many, root, refused, max_entries=10) == ({}, {})
    assert [key for key, _ in refused] == ["host_files/coverage_too_many_lines"]
    assert parse_mono_coverage(many, root, [], max_entries=11)[1] == {"A.cs": set(range(1, 12))}
    assert parse_mono_coverage("<coverage><method", root, []) == ({}, {})  # not readable: no coverage


def test_repository_build_files_with_a_document_type_are_refused_and_counted(tmp_path):
    from crossfile_datasets.lang.csharp.projects import _read_project_xml, read_csproj
    from crossfile_datasets.lang.java.modules import read_pom
    from crossfile_datasets.sandbox.suites.java import dependencies_in, java_layout, project_version

    pom = ('<?xml version="1.0"?><!DOCTYPE project [<!ENTITY v "1.0">]><project><artifactId>a</artifactId>'
           '<version>&v;</version><dependencies><dependency><groupId>com.google.code.gson</groupId>'
           '<artifactId>gson</artifactId></dependency></dependencies></project>')
    (tmp_path / "pom.xml").write_text(pom, encoding="utf-8")
    (tmp_path / "App.csproj").write_text('<!DOCTYPE p [<!ENTITY e "x">]><Project Sdk="Microsoft.NET.Sdk"/>',
                                         encoding="utf-8")
    (tmp_path / "Directory.Build.props").write_text('<!DOCTYPE p><Project/>', encoding="utf-8")
    assert "document type" in read_pom(tmp_path, "pom.xml").error
    assert "document type" in (read_csproj(tmp_path, "App.csproj").error or "")
    refused: dict[str, str] = {}
    assert _read_project_xml(tmp_path, "Directory.Build.props", refused) is None
    assert refused == {"Directory.Build.props": "host_files/xml_doctype"}
    assert project_version(tmp_path) == ""
    refused = {}
    assert dependencies_in([("pom.xml", pom)], refused) == [] and refused == {"pom.xml": "host_files/xml_doctype"}
    assert java_layout(tmp_path).refused == {"pom.xml": "host_files/xml_doctype"}
    # the same files without the declaration are read
    plain = pom.replace('<!DOCTYPE project [<!ENTITY v "1.0">]>', "").replace("&v;", "1.0")
    (tmp_path / "pom.xml").write_text(plain, encoding="utf-8")
    assert read_pom(tmp_path, "pom.xml").artifact == "a" and project_version(tmp_path) == "1.0"
    assert [d.artifact for d in dependencies_in([("pom.xml", plain)])] == ["gson"]


def test_the_java_runner_counts_the_refusals_of_its_layout():
    """A pom refused by the host reaches the class build's counts (``SuiteRun.adjustments``
    ``host_files``, counted by ``builders/classlevel/build.count_adjustments``)."""
    from crossfile_datasets.sandbox.suites.java import JavaLayout, _adjustments, _Built

    layout = JavaLayout(refused={"pom.xml": "host_files/xml_doctype", "big/": "files/too_deep"})
    assert _adjustments(_Built(None, layout=layout))["host_files"] == ["host_files/xml_doctype: pom.xml"]
