"""Held-out 16 (2026-11-29c): a package that reads its own distribution metadata at import
(humps: ``importlib.metadata.metadata("pyhumps")``; the checkout is never installed, every
import failed, 0 problems and ``no_tests`` without a word), and a repository suite cut short by
a test that ended the test process (emoji: 6 outcomes of about 104 tests, counted ``ok``)."""

from __future__ import annotations

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.buildfiles import (
    PROLOGUE_MARK,
    dist_info_files,
    distribution_metadata,
    reads_metadata,
)
from crossfile_datasets.sandbox.problems import run_problem_tests
from tests.executable.conftest import make_repo

WORDS = '''"""Word helpers."""


def shout(text: str) -> str:
    """Upper-case the text and end it with an exclamation mark."""
    if not text:
        return ""
    return text.upper() + "!"


def count_words(text: str) -> int:
    """Count the words of the text, separated by white space."""
    words = [w for w in text.split() if w]
    return len(words)
'''

# the package's __init__ reads its own distribution's version, as humps does
METAPKG = {
    "pyproject.toml": '[tool.poetry]\nname = "meta-words"\nversion = "3.8.0"\n',
    "metawords/__init__.py": '"""Words."""\nfrom importlib.metadata import metadata as _md\n\n'
                             'from metawords.words import count_words, shout\n\n'
                             '__version__ = _md("meta-words")["version"]\n',
    "metawords/words.py": WORDS,
    "tests/test_words.py": "from metawords.words import count_words, shout\n\n\ndef test_shout():\n"
                           "    assert shout('hi') == 'HI!'\n    assert shout('') == ''\n\n\ndef test_count():\n"
                           "    assert count_words('a b  c') == 3\n    assert count_words('') == 0\n",
}


def _built(tmp_path, files: dict[str, str], name: str) -> tuple[list[dict], dict, BuildReport]:
    """A fixture repository built (one flakiness run, no mutants): (records, stats, report)."""
    report = BuildReport()
    records, stats = B.build_repository(make_repo(tmp_path / name, files, name),
                                        B.ExecSettings(use_pynguin=False, workers=1, flaky_runs=1, mutants=0), report)
    return records, stats, report


def test_distribution_metadata_is_read_statically():
    poetry = '[tool.poetry]\nname = "pyhumps"\nversion = "3.8.0"\n'
    assert distribution_metadata(poetry) == ("pyhumps", "3.8.0")
    assert distribution_metadata('[project]\nname = "x-y"\ndynamic = ["version"]\n'
                                 '[tool.setuptools_scm]\nfallback_version = "1.2"\n') == ("x-y", "1.2")
    assert distribution_metadata(None, None, "[metadata]\nname = cfgpkg\nversion = attr: cfgpkg.__version__\n") \
        == ("cfgpkg", "0.0.0")
    assert distribution_metadata(None, "from setuptools import setup\nV = '2.0'\nsetup(name='pypkg', version=V)\n") \
        == ("pypkg", "2.0")
    assert distribution_metadata(None, "import os\nsetup(name=os.environ['N'])\n") is None
    assert distribution_metadata('[project]\nname = "../../etc"\n') is None
    files = dist_info_files("Meta.Words", "1.0")
    assert files["meta_words-1.0.dist-info/METADATA"].splitlines()[1:3] == ["Name: Meta.Words", "Version: 1.0"]
    assert reads_metadata(["import importlib.metadata\n"]) and not reads_metadata(["import os\n"])


@pytest.mark.slow
def test_a_package_reading_its_own_metadata_at_import(tmp_path):
    records, stats, report = _built(tmp_path, METAPKG, "meta")
    assert stats["repository_suite"]["status"] == "ok", stats["repository_suite"]
    assert sorted(r["qualname"] for r in records) == ["count_words", "shout"], report.samples
    assert report.stage("environment").get("distribution_metadata_written") == 1
    assert not list((tmp_path / "meta").glob("*.dist-info"))  # the checkout is never written
    shout = next(r for r in records if r["qualname"] == "shout")
    assert all(PROLOGUE_MARK in source for source in shout["test_list"])
    # a fresh copy of the checkout, as evaluation makes it: gold passes, a wrong body fails
    assert run_problem_tests(shout, shout["solution"])["passed"]
    assert run_problem_tests(shout, shout["solution"].replace('+ "!"', ""))["status"] == "failed"


# its package cannot be imported at all: every program of every function fails to import
BROKEN = {
    "brokenpkg/__init__.py": '"""Broken."""\nfrom brokenpkg.words import count_words, shout\n'
                             'raise RuntimeError("this package refuses to be imported")\n',
    "brokenpkg/words.py": WORDS,
}


@pytest.mark.slow
def test_no_tests_says_every_program_failed_to_import(tmp_path):
    records, _, report = _built(tmp_path, BROKEN, "broken")
    assert records == []
    samples = report.samples["problems/no_tests"]
    assert len(samples) == 2 and all("failed to import" in s and "refuses to be imported" in s for s in samples), samples
    # the dropped programs keep their first error line
    errors = [s for k, v in report.samples.items() if k.startswith("tests/test_error") for s in v]
    assert errors and all("refuses to be imported" in s for s in errors), errors


# the suite: a test that ends the test process sits between the tests of the two functions
SUITE_ENDS = {
    "ender/__init__.py": '"""Ender."""\n',
    "ender/words.py": WORDS,
    "tests/test_a.py": "from ender.words import shout\n\n\ndef test_shout():\n    assert shout('hi') == 'HI!'\n",
    "tests/test_b.py": "import os\n\n\ndef test_ends_the_process():\n    os._exit(3)\n",
    "tests/test_c.py": "from ender.words import count_words\n\n\ndef test_count():\n"
                       "    assert count_words('a b') == 2\n    assert count_words('') == 0\n",
}


def _suite_run(tmp_path, files: dict[str, str], name: str):
    """The fixture repository's suite run as the build runs it: (programs by candidate key, the
    candidates, the stats' ``repository_suite``, the report)."""
    report = BuildReport()
    ctx, candidates, _ = B.prepare_repository(make_repo(tmp_path / name, files, name),
                                              B.ExecSettings(use_pynguin=False, workers=1), report)
    assert ctx is not None
    programs = B.repository_tests(ctx, candidates)
    return programs, candidates, ctx.stats["repository_suite"], report


@pytest.mark.slow
def test_the_suite_goes_on_after_a_test_ends_the_process(tmp_path):
    programs, candidates, suite, report = _suite_run(tmp_path, SUITE_ENDS, "ender")
    assert suite["status"] == "ok" and suite["passed"] == 2 and suite["processes"] == 2, suite
    assert suite["tests_ended_process"] == 1
    # test_c ran after test_b ended the first process: count_words has its suite test
    by_name = {c.name: programs.get(c.key, []) for c in candidates}
    assert [p.origin_test for p in by_name["count_words"]] and [p.origin_test for p in by_name["shout"]], by_name
    assert report.stage("tests").get("suite_test_ended_process") == 1


def test_suite_error_reasons_name_the_per_test_limit():
    assert B.suite_error_reason("the test exceeded the hard per-test limit and the test process was ended",
                                True) == "suite_test_timed_out"
    assert B.suite_error_reason("SandboxTestTimeout: the test ran longer than 10 s", False) == "suite_test_timed_out"
    assert B.suite_error_reason("the test ended the test process (exit status 3)", True) == "suite_test_ended_process"
    assert B.suite_error_reason("ValueError: x", False) == "suite_error"


# a suite slow enough that a small repository time limit stops the build in its middle
SLOW = {
    "slow/__init__.py": '"""Slow."""\n',
    "slow/words.py": WORDS,
    "tests/test_slow.py": "import time\n\nfrom slow.words import count_words, shout\n\n\n"
                          + "".join(f"def test_{i}():\n    time.sleep(6)\n    assert shout('a') == 'A!'\n\n\n"
                                    for i in range(4)),
}


@pytest.mark.slow
def test_a_build_stopped_by_its_time_limit_leaves_what_it_did(tmp_path):
    """Held-out 16: scrapy's build was stopped from outside in validation and left no shard, no
    fates, no seconds. Stopped by the repository's own limit, it names every function it did not
    decide and keeps its report and stats next to the shards."""
    import json

    from crossfile_datasets.core.deadline import limit_repositories

    repo = make_repo(tmp_path / "slow", SLOW, "slow")
    with limit_repositories(12):
        records = B.build_executable_split([repo], tmp_path / "out", allow_execution=True, seed=42, use_pynguin=False,
                                           workers=1, report=BuildReport())
    assert records == []
    folder = tmp_path / "out" / "python" / B.UNFINISHED / "slow"
    fates = json.loads((folder / "fates.json").read_text())
    assert sorted(fates) == ["slow:slow/words.py::count_words", "slow:slow/words.py::shout"], fates
    assert all(f.startswith("problems/repository_time_limit: not finished") for f in fates.values()), fates
    stats = json.loads((folder / "stats.json").read_text())
    assert stats["status"] == "timeout" and stats["stopped_in_stage"] and stats["candidates"] == 2, stats
    report = json.loads((folder / "report.json").read_text())
    assert report["counts"]["problems/repository_time_limit"] == 2
    assert report["counts"]["repositories/timeout"] == 1
    assert any(k.startswith("exec_") for k in report["timings"]), report["timings"]



# a conftest hook that raises for one test: pytest stops its session with an internal error
SUITE_STOPS = {
    **{k: v for k, v in SUITE_ENDS.items() if k != "tests/test_b.py"},
    "tests/test_b.py": "def test_stops_pytest():\n    assert True\n",
    "tests/conftest.py": "def pytest_runtest_makereport(item, call):\n"
                         "    if item.name == 'test_stops_pytest' and call.when == 'call':\n"
                         "        raise RuntimeError('a hook broke pytest')\n",
}


@pytest.mark.slow
def test_the_suite_goes_on_after_pytest_stops_its_session(tmp_path):
    """Emoji's suite ended with pytest's INTERNALERROR (exit status 3) after 6 to 87 of its 102
    tests, its end-of-session record sent: the run counted complete and the rest was lost."""
    programs, candidates, suite, report = _suite_run(tmp_path, SUITE_STOPS, "stops")
    assert suite["processes"] == 2 and suite["passed"] == 2 and suite["tests_ended_process"] == 1, suite
    assert all(programs.get(c.key) for c in candidates), programs
    assert "a hook broke pytest" in report.samples["tests/suite_test_ended_process"][0]
