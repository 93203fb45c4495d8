"""Test-file flag, ``--exclude-tests`` and the ``groundtruth_in_prompt`` filter (issue 14).

A reference already written verbatim in its prompt can be copied, not inferred; examples from
test files are flagged per language convention so a user can leave them out.
"""

import json

import pytest

from crossfile_datasets.builders.completion.examples import CompletionExample
from crossfile_datasets.builders.completion.filters import DEFAULT_FILTERS, GroundtruthInPrompt
from crossfile_datasets.lang import Lang, get_language, registered
from tests.shop_fixture import write_shop

def _example(prompt: str, groundtruth: str) -> CompletionExample:
    return CompletionExample(prompt=prompt, groundtruth=groundtruth, right_context="", file="a.py", repository="r",
                             language="python", repository_url="", commit="", license="", groundtruth_start_lineno=0,
                             right_context_start_lineno=0, usage=None)


@pytest.mark.parametrize("prompt, groundtruth, keep", [
    ("x = Left.case(a, b)\ny = ", "Right.case(a, b)\n", True),   # different text: kept
    ("x = Left.case(a, b)\ny = Left.", "case(a, b)\n", False),    # repeated verbatim: dropped
    ("v = helper(1)\n", "helper(1)", False),                       # exact repeat, stripped
    ("v = helper(1)\n", "helper(2)", True),                        # one character differs
    ("", "   \n", True),                                           # blank reference: other filters' business
])
def test_groundtruth_in_prompt_boundary(prompt, groundtruth, keep):
    assert GroundtruthInPrompt().check(_example(prompt, groundtruth), None) == (keep, "" if keep else "groundtruth_in_prompt")


def test_groundtruth_in_prompt_runs_before_duplicate_claims_the_reference():
    names = [f.name for f in DEFAULT_FILTERS]
    assert names.index("groundtruth_in_prompt") < names.index("duplicate")


CASES = {
    Lang.PYTHON: (["tests/test_api.py", "pkg/api_test.py", "conftest.py", "pkg/testing/util.py"],
                  ["pkg/api.py", "pkg/contest.py", "pkg/latest.py", "testdata_gen.py"]),
    Lang.JAVA: (["src/test/java/a/FooTest.java", "src/main/java/a/FooTests.java", "a/TestFoo.java", "a/FooIT.java"],
                ["src/main/java/a/Foo.java", "src/main/java/a/Contest.java", "a/Attestation.java"]),
    Lang.TYPESCRIPT: (["src/foo.test.ts", "src/foo.spec.tsx", "__tests__/foo.ts", "test/helpers.ts"],
                      ["src/foo.ts", "src/testimony.ts", "src/latest.ts"]),
    Lang.CSHARP: (["tests/Lib.Tests/FooTests.cs", "Lib.UnitTests/Helpers.cs", "src/FooTest.cs"],
                  ["src/Lib/Foo.cs", "src/Lib/Contest.cs", "src/Lib/Testament.cs"]),
}


@pytest.mark.parametrize("lang", list(CASES))
def test_is_test_path_per_language(lang):
    language = get_language(lang)
    tests, sources = CASES[lang]
    assert [p for p in tests if not language.is_test_path(p)] == []
    assert [p for p in sources if language.is_test_path(p)] == []


def test_every_registered_language_names_its_test_files():
    assert all(get_language(lang).test_file_globs for lang in registered())


@pytest.mark.pylint
@pytest.mark.slow
def test_exclude_tests_flags_and_drops_examples_from_test_files(tmp_path):
    from typer.testing import CliRunner

    from crossfile_datasets.builders.cli import app

    write_shop(tmp_path / "repos" / "shop", ("shop/cart.py", "tests/test_pricing.py"))
    runner = CliRunner()
    args = ["--lang", "python", "--repos-dir", str(tmp_path / "repos"), "--retrievers", "", "--no-cache"]
    first = runner.invoke(app, args + ["--output", str(tmp_path / "all")])
    assert first.exit_code == 0, first.output
    rows = [json.loads(l) for l in (tmp_path / "all/python/line_completion.jsonl").read_text().splitlines()]
    assert {(r["metadata"]["file"], r["is_test_file"]) for r in rows} == {("shop/cart.py", False), ("tests/test_pricing.py", True)}
    second = runner.invoke(app, args + ["--output", str(tmp_path / "no-tests"), "--exclude-tests"])
    assert second.exit_code == 0, second.output
    rows = [json.loads(l) for l in (tmp_path / "no-tests/python/line_completion.jsonl").read_text().splitlines()]
    assert [r["metadata"]["file"] for r in rows] == ["shop/cart.py"]
    stats = json.loads((tmp_path / "no-tests/python/stats.json").read_text())
    assert stats["dropped_examples"].get("in_test_file") == 1
    # the RepoBench-style splits follow the same rule; in_file counts a test file once, not per line tried
    for split in ("cross_file_random", "in_file"):
        rows = [json.loads(l) for l in (tmp_path / f"no-tests/python/{split}/line_completion.jsonl").read_text().splitlines()]
        assert not any(r["is_test_file"] for r in rows), split
    from crossfile_datasets.lang import Lang, get_language

    root = tmp_path / "repos" / "shop"
    test_files = [p for p in root.rglob("*.py") if get_language(Lang.PYTHON).is_test_path(p.relative_to(root).as_posix())]
    assert test_files and stats["splits"]["in_file"]["dropped_examples"].get("in_test_file") == len(test_files)
