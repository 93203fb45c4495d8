"""A Java test file is trimmed member by member when part of it does not compile here, but not
its fixture: with the ``@Before`` (``@BeforeEach``, ``@After``, a ``@Rule``, JUnit 3's ``setUp``,
a constructor) blanked, the tests left run without it and fail -- or pass without judging the
class (held-out 18: aerogear-otp-java's TotpTest, whose ``setUp`` needed mockito, kept
testUriEncoding and testCustomInterval and Totp became a task on them). Such a file is left out
whole (pure)."""
from __future__ import annotations

import pytest

from crossfile_datasets.sandbox.suites.java import JavacError, trim_test_source

HEAD = "package demo;\nimport org.junit.*;\nimport static org.junit.Assert.*;\n"


def _file(fixture: str) -> str:
    return (HEAD + "public class DialTest {\n    private Dial dial;\n"
            + fixture
            + "    @Test public void turns() { assertEquals(2, dial.turn(2)); }\n"
            + "    @Test public void spins() { Spinner.spin(dial); }\n"
            + "    @Test public void named() { assertEquals(\"dial\", new Dial().name()); }\n}\n")


def _row(text: str, needle: str) -> int:
    return next(i + 1 for i, line in enumerate(text.split("\n")) if needle in line)


@pytest.mark.parametrize("fixture", [
    "    @Before public void setUp() {\n        dial = Gadgets.mocked(Dial.class);\n    }\n",
    "    @BeforeEach void setUp() {\n        dial = Gadgets.mocked(Dial.class);\n    }\n",
    "    @org.junit.After public void close() {\n        Gadgets.mocked(Dial.class);\n    }\n",
    "    public void setUp() {\n        dial = Gadgets.mocked(Dial.class);\n    }\n",
    "    public DialTest() {\n        dial = Gadgets.mocked(Dial.class);\n    }\n",
    "    @Rule public Object rule = Gadgets.rule();\n",
])
def test_a_fixture_that_does_not_compile_leaves_the_file_out(fixture):
    text = _file(fixture)
    errors = [JavacError("DialTest.java", _row(text, "Gadgets."), "cannot find symbol", "variable Gadgets")]
    assert trim_test_source(text, errors) is None


def test_a_test_that_does_not_compile_is_still_blanked_alone():
    text = _file("    @Before public void setUp() {\n        dial = new Dial();\n    }\n")
    errors = [JavacError("DialTest.java", _row(text, "Spinner.spin"), "cannot find symbol", "variable Spinner")]
    trimmed, removed = trim_test_source(text, errors)
    assert removed == ["demo.DialTest#spins: missing symbol: variable Spinner"]
    assert "setUp" in trimmed and "turns" in trimmed and "Spinner" not in trimmed
