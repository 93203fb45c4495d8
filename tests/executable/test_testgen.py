"""Test programs: splitting, static filters, assertion repair rewriting, LLM and Pynguin sources."""

from __future__ import annotations

import ast
import os
import sys

import pytest

from crossfile_datasets.builders.executable.testgen import (
    LLMError,
    PynguinUnavailable,
    TestProgram,
    apply_captures,
    calls_target,
    chat_completion,
    extract_code,
    generate_llm_tests,
    instrument_for_capture,
    pynguin_python,
    repository_programs,
    run_pynguin,
    split_test_module,
    static_reason,
)

TEST_MODULE = '''"""Tests."""
import pytest

from pkg.m import area, Shape as S

RADIUS = 2


def helper():
    return RADIUS


@pytest.mark.parametrize("r", [1, 2])
def test_area(r):
    assert area(r) > 0


def test_other():
    assert helper() == 2


class TestShape:
    def setup_method(self):
        self.shape = S(RADIUS)

    def test_scaled(self):
        assert self.shape.scaled(2).size == 4

    def test_name(self):
        assert self.shape.name


if __name__ == "__main__":
    pytest.main([__file__])
'''


def test_split_test_module_keeps_context_and_one_test():
    programs = dict(split_test_module(TEST_MODULE))
    assert list(programs) == ["test_area", "test_other", "TestShape::test_scaled", "TestShape::test_name"]
    area = programs["test_area"]
    assert "def test_area(r):" in area and "@pytest.mark.parametrize" in area
    assert "def test_other" not in area and "class TestShape" not in area and "__main__" not in area
    assert "RADIUS = 2" in area and "def helper():" in area  # module context kept
    scaled = programs["TestShape::test_scaled"]
    assert "class TestShape:" in scaled and "def setup_method(self):" in scaled
    assert "def test_scaled" in scaled and "def test_name" not in scaled
    for text in programs.values():
        ast.parse(text)


def test_repository_programs_are_written_next_to_their_file():
    found = repository_programs("tests/unit/test_m.py", TEST_MODULE, ["tests/unit/test_m.py::test_area"])
    assert list(found) == ["tests/unit/test_m.py::test_area"]
    program = found["tests/unit/test_m.py::test_area"]
    assert program.path.startswith("tests/unit/test_cfd_") and program.origin == "repository"


def test_calls_target_and_static_filters():
    assert calls_target("from m import area\ndef test_a():\n    assert area(1) == 3\n", "area")
    assert calls_target("import m\ndef test_a():\n    assert m.area(1) == 3\n", "area")
    assert calls_target("from m import area as a\ndef test_a():\n    assert a(1) == 3\n", "area")
    assert not calls_target("from m import area\ndef test_a():\n    assert list(map(area, [1]))\n", "area")

    def program(source, origin="pynguin"):
        return TestProgram(source, "test_x.py", origin, "x")

    assert static_reason(program("def test_a(:\n"), "f") == "unparsable"
    assert static_reason(program("def test_a():\n    assert g(1) == 2\n"), "f") == "does_not_call_target"
    assert static_reason(program("def test_a():\n    f(1)\n"), "f") == "no_assertion"
    assert static_reason(program("def test_a():\n    f(1)\n", "repository"), "f") is None
    assert static_reason(program("import pytest\n@pytest.mark.xfail(strict=True)\ndef test_a():\n    assert f(1)\n"), "f") == "xfail_marked"
    assert static_reason(program("import pytest\ndef test_a():\n    with pytest.raises(ValueError):\n        f(1)\n"), "f") is None
    # Pynguin-style sequences: a call whose result no assertion reads checks nothing about it
    sequence = "def test_a():\n    v = g(1)\n    assert v == 2\n    f(3)\n"
    assert static_reason(program(sequence), "f") == "target_result_unchecked"
    assert static_reason(program(sequence), "g") is None
    assert static_reason(program("def test_a():\n    v = f(1)\n    w = 2\n    assert v == w\n"), "f") is None


REPAIRABLE = '''from __future__ import annotations
from pkg.m import total, Box


def test_total():
    value = total([1, 2])
    assert total([1, 2]) == 4, "sum"
    assert 10 == total([5, 5])
    assert total([]) == 0
    assert helper_value() == 1


def test_box():
    assert Box.make(3).size == 9
    assert total([0])
'''


def test_instrument_then_apply_captured_values():
    instrumented, sites = instrument_for_capture(REPAIRABLE, "total")
    # four assertions check a call of `total`; `Box.make(3).size` and `helper_value()` do not
    assert sites == 4
    tree = ast.parse(instrumented)
    assert instrumented.index("from __future__ import annotations") < instrumented.index("def __cfd_capture__")
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call) and getattr(n.func, "id", "") == "__cfd_capture__"]
    assert len(calls) == 4
    assert "assert helper_value() == 1" in instrumented  # not about the target: untouched
    records = [
        {"file": "t.py", "site": 0, "equal": False, "literal": "3"},
        {"file": "t.py", "site": 1, "equal": True, "literal": "10"},
        {"file": "t.py", "site": 2, "equal": True, "literal": "0"},
        {"file": "t.py", "site": 3, "equal": False, "pickle": "gASVAAAA"},
    ]
    repaired, why = apply_captures(REPAIRABLE, "total", records)
    assert why == ""
    assert 'assert total([1, 2]) == 3\n' in repaired  # the message of the failed assert goes too
    assert "assert 10 == total([5, 5])" in repaired and "assert total([]) == 0" in repaired
    assert "assert (total([0])) == __cfd_expected__('gASVAAAA')" in repaired
    assert "def __cfd_expected__(data):" in repaired
    ast.parse(repaired)


def test_apply_refuses_inconsistent_or_missing_values():
    loop = [{"file": "t.py", "site": 0, "equal": False, "literal": "1"},
            {"file": "t.py", "site": 0, "equal": False, "literal": "2"}]
    assert apply_captures(REPAIRABLE, "total", loop) == (None, "inconsistent_capture")
    unpicklable = [{"file": "t.py", "site": 0, "equal": False, "error": "PicklingError: no"}]
    assert apply_captures(REPAIRABLE, "total", unpicklable) == (None, "unpicklable_value")
    fine = [{"file": "t.py", "site": 0, "equal": True, "literal": "4"}]
    assert apply_captures(REPAIRABLE, "total", fine) == (None, "assertion_not_repairable")


# ------------------------------------------------------------------------------------ LLM --
def test_llm_tests_through_an_openai_compatible_endpoint(llm_server):
    url, handler = llm_server
    handler.answer = ("Here are the tests:\n```python\nimport pytest\n\n\ndef test_double():\n    assert double(2) == 4\n\n\n"
                      "def test_negative():\n    assert double(-1) == -2\n```\n")
    programs = generate_llm_tests(url, "tiny-model", project="mini", module="pkg.shapes", qualname="double",
                                  entry_point="double", class_name=None, context="def double(n):\n    return n * 2\n",
                                  api_key="k")
    request = handler.requests[0]
    assert request["path"] == "/v1/chat/completions" and request["auth"] == "Bearer k"
    assert request["body"]["model"] == "tiny-model" and request["body"]["temperature"] == 0
    prompt = request["body"]["messages"][0]["content"]
    assert "from pkg.shapes import double" in prompt and "def double(n):" in prompt
    assert [p.origin_test for p in programs] == ["llm:pkg.shapes.double::test_double", "llm:pkg.shapes.double::test_negative"]
    for p in programs:
        assert p.source.startswith("from pkg.shapes import double\n") and p.origin == "llm"
        assert static_reason(p, "double") is None


def test_llm_errors_are_reported(llm_server):
    url, handler = llm_server
    handler.status = 500
    with pytest.raises(LLMError, match="HTTP 500"):
        chat_completion(url, "m", [{"role": "user", "content": "hi"}])
    with pytest.raises(LLMError):
        chat_completion("http://127.0.0.1:9/v1", "m", [{"role": "user", "content": "hi"}], timeout=2)


def test_extract_code():
    assert extract_code("x\n```py\na = 1\n```\ny\n```python\nb = 2\n```") == "a = 1\n\nb = 2\n"
    assert extract_code("a = 1\n") == "a = 1\n"


# -------------------------------------------------------------------------------- Pynguin --
@pytest.mark.slow
def test_pynguin_generates_tests_in_the_sandbox(mini_repo, monkeypatch):
    # Pynguin's own virtual environment lives in the user's cache (installed once)
    monkeypatch.setenv("CROSSFILE_CACHE", os.environ.get("CROSSFILE_REAL_CACHE", os.path.expanduser("~/.cache/crossfile-datasets")))
    try:
        python = pynguin_python()
    except PynguinUnavailable as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run Pynguin: {exc}")
        pytest.skip(str(exc))
    programs, why = run_pynguin(python, mini_repo.root, [""], "", "pkg.shapes", seed=1, budget=2)
    assert why == "" and programs
    assert all(p.origin == "pynguin" and p.path.startswith("test_cfd_") for p in programs)
    assert any(calls_target(p.source, "double") or calls_target(p.source, "classify") for p in programs)
    for p in programs:
        ast.parse(p.source)


def test_pynguin_on_an_unsupported_python_is_a_counted_skip(monkeypatch, tmp_path):
    from crossfile_datasets.builders.executable.build import ExecSettings, RepoContext, pynguin_tests
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.core.records import Repository

    monkeypatch.setattr(sys, "version_info", (3, 9, 18, "final", 0))
    with pytest.raises(PynguinUnavailable, match="needs Python >=3.10"):
        pynguin_python(tmp_path)
    report = BuildReport()
    ctx = RepoContext(Repository("r", tmp_path, "", "", "MIT"), {}, [""], None, ExecSettings(), report)
    assert pynguin_tests(ctx, []) == {}
    assert report.stage("tests") == {"pynguin_unavailable": 1}
    assert ctx.stats["pynguin"]["status"] == "unavailable" and "3.10" in ctx.stats["pynguin"]["reason"]


def test_a_submodule_the_suite_had_imported_is_imported_by_the_program(tmp_path):
    """Tuning case cookiecutter 2.1.1: ``test_read_user_dict.py`` does ``import click`` and calls
    ``click.testing.CliRunner()``; in the suite another module had imported ``click.testing``,
    alone the program erred (``module 'click' has no attribute 'testing'``, 2 tests counted
    plain ``test_error``). Real pytest on a package whose ``__init__`` does not import its
    submodule: the extracted program fails before, passes after."""
    from crossfile_datasets.analyzers.run import run
    from crossfile_datasets.builders.executable.testgen import repository_programs

    (tmp_path / "pkgx").mkdir()
    (tmp_path / "pkgx" / "__init__.py").write_text("")
    (tmp_path / "pkgx" / "sub.py").write_text("VALUE = 3\n")
    (tmp_path / "tests").mkdir()
    source = ("import os\nimport pytest\nimport pkgx\n\n\n@pytest.mark.parametrize('n', [3])\n"
              "def test_value(n):\n    assert pkgx.sub.VALUE == n\n\n\ndef test_other():\n    assert os.path.sep\n")
    (program,) = repository_programs("tests/test_v.py", source, {"tests/test_v.py::test_value"}).values()
    assert "__cfd_submodules__('pkgx.sub')" in program.source
    assert "'pytest.mark'" not in program.source  # pytest.mark.x: no module tried
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    for text, status in ((source, 1), (program.source, 0)):
        (tmp_path / "tests" / "test_v.py").write_text(text)
        result = run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/test_v.py::test_value"],
                     cwd=tmp_path, env=env, timeout=120)
        assert result.returncode == status, result.stdout[-2000:]
