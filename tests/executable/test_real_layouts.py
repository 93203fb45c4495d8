"""Repository layouts RepoExec's own repositories have, on fixture repositories written for
this project (issue 12): unittest suites whose classes are named ``*TestCase``, a requirements
file pinning an old pytest, a builder installed in a virtual environment, a suite that collects
nothing (a named reason, never ``ok``), and a problem whose only test asserts an exception on
junk input (dropped as ``weak_tests``). Real venvs, real pytest, real sandbox runs."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.sandbox.environment import HARNESS_PTH, builder_site_dirs, ensure_environment
from crossfile_datasets.builders.executable.build import build_executable_split
from crossfile_datasets.builders.schema import repoexec_features
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.builders.repos import RepoSpec, resolve

ROOT = Path(__file__).resolve().parents[2]


def write_repo(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip(), encoding="utf-8")
    return root


LEVELS_REPO = {
    # an old pytest pin that cannot run on this Python: the harness's own pytest must be used
    "requirements.txt": "pytest==5.4.1\n",
    "levels/__init__.py": "",
    "levels/core.py": '''
        LEVELS = {"low": 1, "mid": 5, "high": 9}


        def shout(text):
            """Upper-case the text and end it with an exclamation mark."""
            return text.upper() + "!"


        def parse_level(value):
            """Parse a level name into its number, refusing unknown names."""
            if value not in LEVELS:
                raise ValueError(f"unknown level: {value!r}")
            return LEVELS[value]


        def clamp_level(number, lowest=1, highest=9):
            """Clamp a level number into the range of known levels."""
            if number < lowest:
                return lowest
            if number > highest:
                return highest
            return number
        ''',
    # unittest classes whose names do not start with "Test" (pytest still collects them)
    "tests/test_core.py": '''
        import unittest
        from unittest import TestCase

        from levels.core import clamp_level, parse_level, shout


        class ShoutTestCase(TestCase):
            def test_shout_word(self):
                self.assertEqual(shout("hi"), "HI!")

            def test_shout_empty(self):
                self.assertEqual(shout(""), "!")


        class ClampChecks(unittest.TestCase):
            def test_inside(self):
                self.assertEqual(clamp_level(4), 4)

            def test_below_and_above(self):
                self.assertEqual(clamp_level(-3), 1)
                self.assertEqual(clamp_level(30), 9)
                self.assertEqual(clamp_level(1), 1)
                self.assertEqual(clamp_level(9), 9)


        class JunkInputTestCase(TestCase):
            # the only test of parse_level: an error on junk input; "raise ValueError" passes it
            def test_junk(self):
                with self.assertRaises(ValueError):
                    parse_level(12345)
        ''',
}


@pytest.mark.slow
def test_testcase_classes_old_pytest_pin_and_junk_only_tests(tmp_path):
    repo = resolve(RepoSpec(path=str(write_repo(tmp_path / "levels_repo", LEVELS_REPO))))
    report = BuildReport()
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=2,
                                     report=report, use_pynguin=False)
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    suite = stats["per_repository"][0]["repository_suite"]
    assert suite["status"] == "ok" and suite["passed"] == 5, suite
    assert stats["per_repository"][0]["harness_pins_ignored"] == ["pytest==5.4.1"]
    assert stats["environment"].get("harness_pin_ignored") == 1
    by_name = {r["entry_point"]: r for r in records}
    # a one-statement body is a problem (RepoExec keeps them), tested by *TestCase classes
    assert set(by_name) == {"shout", "clamp_level"}, stats["dropped_problems"]
    assert by_name["shout"]["test_origins"][0].startswith("repository:tests/test_core.py::ShoutTestCase::")
    for rec in records:
        assert rec["mutation_score"] >= 0.6 and rec["mutants"]["run"] >= 4
    # the junk-input test alone cannot carry parse_level
    assert stats["dropped_problems"] == {"weak_tests": 1}
    assert "raise ValueError" in stats["samples"]["problems/weak_tests"][0]
    assert stats["mean_mutation_score"] >= 0.6
    # published like RepoExec's dataset: one split per context size, explicit Features
    saved = datasets.load_from_disk(str(tmp_path / "out" / "python" / "executable_dataset"))
    assert sorted(saved) == ["full_context", "medium_context", "small_context"]
    assert saved["small_context"].features == repoexec_features() and saved["full_context"].num_rows == 2
    assert saved["full_context"]["prompt"] == [r["prompt"]["full_context"] for r in records]
    card = (tmp_path / "out" / "python" / "executable_card.md").read_text()
    assert "`python_executable`" in card and "`full_context`" in card and "mean mutation score" in card


@pytest.mark.slow
def test_suite_that_collects_nothing_is_a_named_reason(tmp_path):
    files = {
        "calc/__init__.py": "",
        "calc/ops.py": '''
            def double(n):
                """Return twice the number given to it."""
                return n * 2


            def first(thing):
                """Return the first element of the thing given to it."""
                return thing[0]
            ''',
        # a test file without any test: pytest collects nothing (exit status 5)
        "tests/test_ops.py": '''
            from calc.ops import double

            VALUES = [double(1)]
            ''',
    }
    repo = resolve(RepoSpec(path=str(write_repo(tmp_path / "empty_suite", files))))
    report = BuildReport()
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=1,
                                     report=report, use_pynguin=False)
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    # issue 33: the repository is not dropped; `double` stands on input programs (its name says
    # it takes a number), `first` gets none (nothing to guess its argument from)
    assert [(r["qualname"], r["test_origins"][0].split(":")[0]) for r in records] == [("double", "inputs")]
    suite = stats["per_repository"][0]["repository_suite"]
    assert suite["status"] == "suite_collected_nothing" and suite["detail"], suite
    assert stats["repositories_not_run"] == {"suite_collected_nothing": 1}
    # the suite's state is a note (issue 33): the function was tried with generated tests and
    # is dropped for having none, the detail naming the suite
    assert stats["dropped_problems"] == {"no_tests": 1}
    assert "suite_collected_nothing" in json.dumps(stats["samples"]["problems/no_tests"])
    assert stats["dropped_tests"].get("inputs_not_guessed") == 1


@pytest.mark.slow
def test_builder_installed_in_a_venv_gives_the_harness_its_own_tools(tmp_path):
    """The builder runs from a virtual environment whose packages the base interpreter does not
    list: the test environment must still see the builder's own site directory (where its
    pytest and coverage live), and a repository's pytest pin must not replace them."""
    builder_venv = tmp_path / "builder-venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(builder_venv)], check=True)
    py = builder_venv / "bin" / "python"
    purelib = subprocess.run([str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                             capture_output=True, text=True, check=True).stdout.strip()
    # "installed in the venv": the builder's packages reachable from the venv's own site-packages,
    # under their namespace as an installation lays them out (crossfile_datasets/<layer> -> the checkout)
    namespace = tmp_path / "builder-src" / "crossfile_datasets"
    namespace.mkdir(parents=True)
    for layer in ("core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders"):
        (namespace / layer).symlink_to(ROOT / layer, target_is_directory=True)
    (Path(purelib) / "builder.pth").write_text("\n".join([str(namespace.parent), *builder_site_dirs()]) + "\n")
    script = textwrap.dedent(f"""
        import json, sys
        from crossfile_datasets.sandbox.environment import ensure_environment, builder_site_dirs
        assert sys.prefix != sys.base_prefix
        env = ensure_environment(["pytest==5.4.1"], cache_dir=__import__("pathlib").Path({str(tmp_path / "cache")!r}))
        print(json.dumps({{"python": env.python, "problem": env.problem, "ignored": list(env.ignored_pins),
                           "builder_site": {purelib!r} in builder_site_dirs()}}))
    """)
    out = subprocess.run([str(py), "-c", script], capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-2000:]
    info = json.loads(out.stdout.strip().splitlines()[-1])
    assert info["problem"] == "" and info["ignored"] == ["pytest==5.4.1"] and info["builder_site"]
    env_python = info["python"]
    pth = subprocess.run([env_python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
                         capture_output=True, text=True, check=True).stdout.strip()
    assert purelib in (Path(pth) / HARNESS_PTH).read_text().splitlines()
    versions = subprocess.run([env_python, "-c", "import pytest, coverage; print(pytest.__version__, coverage.__version__)"],
                              capture_output=True, text=True, check=True).stdout.split()
    import coverage

    assert versions == [pytest.__version__, coverage.__version__]


def test_environment_reuses_and_reports_pins(tmp_path):
    env = ensure_environment(["coverage==5.1"], cache_dir=tmp_path)
    assert env.problem == "" and env.ignored_pins == ("coverage==5.1",) and env.installed == ()
    again = ensure_environment(["coverage==5.1"], cache_dir=tmp_path)
    assert again == env


@pytest.mark.slow
def test_seed_specific_test_of_a_random_function_is_dropped(tmp_path):
    import random

    expected = random.Random(7).choice(["a", "b", "c", "d"])
    files = {
        "draw/__init__.py": "",
        "draw/pick.py": '''
            import random


            def pick(items, seed=None):
                """Pick one of the items at random, reproducibly for a given seed."""
                if not items:
                    raise ValueError("nothing to pick from")
                return random.Random(seed).choice(items)
            ''',
        "tests/test_pick.py": f'''
            import pytest

            from draw.pick import pick


            def test_one_seed_output():
                # holds for this seed's output only: another correct implementation fails it
                assert pick(["a", "b", "c", "d"], 7) == {expected!r}


            def test_single_item():
                assert pick(["only"], 3) == "only"
                assert pick(["x"]) == "x"


            def test_member_and_empty():
                assert pick(["a", "b", "c", "d"], 1) in ("a", "b", "c", "d")
                with pytest.raises(ValueError):
                    pick([])
            ''',
    }
    repo = resolve(RepoSpec(path=str(write_repo(tmp_path / "draw_repo", files))))
    report = BuildReport()
    records = build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=3, workers=2,
                                     report=report, use_pynguin=False)
    stats = json.loads((tmp_path / "out" / "python" / "executable_stats.json").read_text())
    flaky = stats["samples"].get("tests/flaky", [])
    assert any("test_one_seed_output" in s for s in flaky), stats["dropped_tests"]
    for rec in records:
        assert not any("test_one_seed_output" in o for o in rec["test_origins"])
