"""Real suites as their authors left them (issues 29 and 34): the Python runner
(sandbox/suites/python.py) runs a repository's pytest suite whole, in the real sandbox.

Each fixture reproduces one shape seen on real repositories: a configuration whose ``addopts``
stop or reshape the run (``-x``: transitions ran 443 of 3,214 tests; ``--cov`` without
pytest-cov: the suite never ran; a missing ``-p`` plugin), a test that ends the test process
(pygraphviz's ``draw()`` ended a suite at 2,416 of 3,214 tests), tests slower than the per-test
limit (one raised inside ``pytest_runtest_makereport``: INTERNALERROR, 95 of 116 tests never
ran), a doctest collection that ends the process, and pytest-cov installed by the repository
(per-test coverage silently empty)."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox import SandboxLimits
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from crossfile_datasets.sandbox.suites.pytest_config import (PytestIni, ci_test_paths, parse_config, plan_run,
                                                             read_pytest_ini)
from tests.conftest import write_tree

LEDGER = {
    "ledger/__init__.py": "",
    "ledger/money.py": "def cents(value):\n    return int(round(value * 100))\n",
    "ledger/book.py": '''from ledger.money import cents


class Book:
    def __init__(self):
        self.entries = []

    def add(self, value):
        self.entries.append(cents(value))
        return self

    def total(self):
        return sum(self.entries)
''',
}


def _tests(body: str) -> dict:
    return {"tests/test_book.py": "import os\nimport time\n\nfrom ledger.book import Book\n\n\n" + body}


PLAIN = '''def test_a_fails_first():
    assert Book().add(1).total() == 0


def test_b_adds():
    assert Book().add(1.5).total() == 150


def test_c_totals():
    assert Book().add(1).add(2).total() == 300
'''


def _repo(tmp_path, name, files):
    return write_tree(tmp_path / name, {**LEDGER, **files})


def _outcomes(run):
    return {k.split("::")[-1]: v for k, v in run.outcomes().items()}


def test_stopping_and_foreign_options_are_neutralized_and_the_suite_runs_whole(tmp_path):
    root = _repo(tmp_path, "stops", {
        **_tests(PLAIN),
        "pytest.ini": "[pytest]\naddopts = -x -rf --cov=ledger --cov-report=term-missing -p no_such_plugin"
                      " --no-such-plugin-flag\n",
    })
    run = runner_for(Lang.PYTHON).run(root, None, coverage=True)
    assert run.status is SuiteStatus.OK, run.log
    assert _outcomes(run) == {"test_a_fails_first": Outcome.FAILED, "test_b_adds": Outcome.PASSED,
                              "test_c_totals": Outcome.PASSED}
    # the harness's per-test coverage works although --cov asked for pytest-cov's
    assert run.per_test_coverage["tests/test_book.py::test_c_totals"]["ledger/book.py"]
    neutralized = " ".join(run.adjustments["neutralized"])
    assert "-x (" in neutralized and "--cov=ledger" in neutralized and "-p no_such_plugin" in neutralized
    assert run.adjustments["options_dropped"] == ["--no-such-plugin-flag"]


def test_a_test_that_ends_the_process_fails_alone_and_the_rest_runs_in_a_fresh_one(tmp_path):
    root = _repo(tmp_path, "crash", _tests(PLAIN + '''

def test_d_exits():
    os._exit(3)


def test_e_segfaults():
    import ctypes
    ctypes.string_at(0)


def test_f_after_the_crashes():
    assert Book().add(2).total() == 200
'''))
    events = []
    run = runner_for(Lang.PYTHON).run(root, None, coverage=True, progress=lambda *e: events.append(e))
    assert run.status is SuiteStatus.OK, run.log
    assert [e[0] for e in events] == ["suite, test process 2 (1 tests ended one)",
                                      "suite, test process 3 (2 tests ended one)"]
    outcomes = _outcomes(run)
    assert outcomes["test_d_exits"] is Outcome.ERROR and outcomes["test_e_segfaults"] is Outcome.ERROR
    assert outcomes["test_f_after_the_crashes"] is Outcome.PASSED and outcomes["test_b_adds"] is Outcome.PASSED
    assert len(outcomes) == 6
    crashed = [r for r in run.results if r.test_id.endswith("test_d_exits")][0]
    assert "ended the test process" in crashed.message
    assert sorted(run.adjustments["crashed_tests"]) == ["tests/test_book.py::test_d_exits",
                                                         "tests/test_book.py::test_e_segfaults"]
    # coverage of tests before, between and after the crashes is kept
    for name in ("test_b_adds", "test_f_after_the_crashes"):
        assert run.per_test_coverage[f"tests/test_book.py::{name}"]["ledger/book.py"], name


SLOW = '''

class SlowToPrint(Exception):
    def __str__(self):
        time.sleep(2.5)
        return "slow"


def test_d_sleeps():
    time.sleep(30)


def test_e_swallows_exceptions():
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            time.sleep(0.05)
        except Exception:
            pass


def test_f_slow_report():
    raise SlowToPrint()


def test_g_blocks_the_alarm():
    import signal
    signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGALRM})
    time.sleep(60)


def test_h_after_the_slow_ones():
    assert Book().add(3).total() == 300
'''


@pytest.mark.slow
def test_slow_tests_fail_alone_and_never_end_the_session(tmp_path):
    root = _repo(tmp_path, "slow", _tests(PLAIN + SLOW))
    limits = SandboxLimits(test_timeout=1.0, timeout=180)
    run = runner_for(Lang.PYTHON).run(root, None, coverage=False, limits=limits)
    assert run.status is SuiteStatus.OK, run.log
    outcomes = _outcomes(run)
    assert len(outcomes) == 8, outcomes
    for name in ("test_d_sleeps", "test_e_swallows_exceptions", "test_f_slow_report", "test_g_blocks_the_alarm"):
        assert outcomes[name] is Outcome.ERROR, (name, outcomes)
    assert outcomes["test_h_after_the_slow_ones"] is Outcome.PASSED
    assert outcomes["test_c_totals"] is Outcome.PASSED
    assert "INTERNALERROR" not in run.log
    # only the test that blocked the alarm needed the hard limit (a fresh process after it)
    assert run.adjustments["crashed_tests"] == ["tests/test_book.py::test_g_blocks_the_alarm"]
    blocked = [r for r in run.results if r.test_id.endswith("test_g_blocks_the_alarm")][0]
    assert "hard per-test limit" in blocked.message


def test_a_doctest_collection_that_ends_the_process_is_run_without_doctests(tmp_path):
    root = _repo(tmp_path, "doctests", {
        **_tests(PLAIN),
        "ledger/script.py": "import os\nos._exit(0)\n",
        "setup.cfg": "[tool:pytest]\naddopts = --doctest-modules -x\n",
    })
    run = runner_for(Lang.PYTHON).run(root, None, coverage=True)
    assert run.status is SuiteStatus.OK, run.log
    assert _outcomes(run)["test_c_totals"] is Outcome.PASSED
    assert any(n.startswith("--doctest-modules") for n in run.adjustments["neutralized"])


@pytest.mark.slow
def test_coverage_with_the_repository_s_own_pytest_cov(tmp_path):
    """pytest-cov declared in a PEP 735 dependency group is installed from the index and loaded;
    its --cov from addopts must not replace the harness's coverage (0 tasks, silently, before)."""
    root = _repo(tmp_path, "withcov", {
        **_tests(PLAIN),
        "pyproject.toml": '[project]\nname = "ledger"\nversion = "1"\n\n[dependency-groups]\n'
                          'test = ["pytest-cov"]\n\n[tool.pytest.ini_options]\naddopts = "--cov=ledger -x"\n',
    })
    runner = runner_for(Lang.PYTHON)
    setup = runner.setup(root)
    assert "pytest-cov" in setup.requirements and "pytest_cov" in setup.pytest_plugins, setup
    run = runner.run(root, None, coverage=True)
    assert run.status is SuiteStatus.OK, run.log
    assert len(run.outcomes()) == 3
    assert run.per_test_coverage["tests/test_book.py::test_b_adds"]["ledger/book.py"]


def test_a_test_file_outside_the_suite_the_ci_runs_is_not_collected(tmp_path):
    """jmespath's shape (held-out 2026-11-27d, tuning now): no testpaths; tox.ini runs the suite's
    folder only (``nosetests``: packages and test folders; ``py.test {posargs:pkg}``), while a
    fuzzing module ``extra/test_hypothesis.py`` sits beside it, run apart. pytest from the root
    collected it (jmespath's suite: 348 s)."""
    extra = {"extra/test_fuzz.py": "from ledger.book import Book\n\n\ndef test_fuzz():\n    assert Book().total() == 0\n"}
    nose = _repo(tmp_path, "nose", {**_tests(PLAIN), **extra, "tox.ini": "[testenv]\ncommands = nosetests\n"})
    run = runner_for(Lang.PYTHON).run(nose, None, coverage=False)
    assert run.status is SuiteStatus.OK, run.log
    assert sorted(_outcomes(run)) == ["test_a_fails_first", "test_b_adds", "test_c_totals"]
    assert run.adjustments["test_paths"] == ["ledger tests"]
    posargs = "[testenv]\ncommands =\n    pip list\n    py.test --tb=native {posargs:tests}\n"
    plan = plan_run(read_pytest_ini(_repo(tmp_path, "posargs", {**_tests(PLAIN), **extra, "tox.ini": posargs})))
    assert plan.args == ("-o", "testpaths=tests") and plan.test_paths == ("tests",)
    # the repository's own testpaths win; a CI command naming nothing that exists changes nothing
    own = {"pytest.ini": "[pytest]\ntestpaths = extra\n", "tox.ini": posargs}
    assert plan_run(read_pytest_ini(_repo(tmp_path, "own", {**_tests(PLAIN), **extra, **own}))).args == ()
    assert ci_test_paths("[testenv]\ncommands = python -m pytest -k slow {posargs:gone}\n", [("tests", True, False)]) == ()


def test_an_id_that_no_longer_exists_does_not_stop_the_others(tmp_path):
    """A generated class can change what a test file yields (a parameter id made from the class);
    ``pytest file::id`` then stops with a usage error and none of the ids run."""
    root = _repo(tmp_path, "ids", _tests(PLAIN))
    ids = ["tests/test_book.py::test_b_adds", "tests/test_book.py::test_gone[Book]", "tests/test_book.py::test_c_totals"]
    run = runner_for(Lang.PYTHON).run(root, ids, coverage=False)
    assert run.status is SuiteStatus.OK, run.log
    assert run.outcomes() == {ids[0]: Outcome.PASSED, ids[2]: Outcome.PASSED}


def test_configuration_files_are_read_in_pytest_s_order():
    assert parse_config("pyproject.toml", '[tool.pytest.ini_options]\naddopts = "-x -q"\n') == {"addopts": "-x -q"}
    assert parse_config("pyproject.toml", "[project]\nname = 'x'\n") is None
    assert parse_config("tox.ini", "[tox]\nenvlist = py3\n") is None
    assert parse_config("tox.ini", "[pytest]\naddopts = --maxfail=2\n") == {"addopts": "--maxfail=2"}
    assert parse_config("setup.cfg", "[tool:pytest]\naddopts =\n  -x\n  --cov pkg\n")["addopts"].split() == \
        ["-x", "--cov", "pkg"]
    assert parse_config("pytest.ini", "") == {}


@pytest.mark.parametrize("addopts, kept, gone", [
    ("-x -rf", ["-r", "f"], ["-x"]),
    ("-xvs --maxfail 3", ["-vs"], ["-x", "--maxfail 3"]),
    ("-rxs --strict-markers", ["-r", "xs", "--strict-markers"], []),
    ("--cov pkg --cov-report=term -q", ["-q"], ["--cov pkg", "--cov-report=term"]),
    ("-n auto -p xdist -p no:warnings -p present", ["-p", "no:warnings", "-p", "present"], ["-n auto", "-p xdist"]),
    ("--doctest-modules --timeout=10 --reruns 2", ["--doctest-modules"], ["--timeout=10", "--reruns 2"]),
])
def test_addopts_plan(addopts, kept, gone):
    plan = plan_run(PytestIni("pytest.ini", {"addopts": addopts}), lambda name: name == "present")
    assert list(plan.kept) == kept
    assert [n.option for n in plan.neutralized] == gone
    assert (plan.args[:2] == ("-o", "addopts=" + " ".join(kept))) == bool(gone)


def test_test_dependencies_from_groups_tox_and_nox(tmp_path):
    from crossfile_datasets.sandbox.environment import declared_requirements, dependency_group_lines, nox_installs, tox_deps

    assert dependency_group_lines({"test": ["pytest-cov", {"include-group": "typing"}], "typing": ["mypy"],
                                   "docs": ["sphinx"]}) == ["pytest-cov", "mypy"]
    assert tox_deps("[tox]\nenvlist = py3\n[testenv]\ndeps =\n  pytest\n  -r{toxinidir}/requirements-test.txt\n"
                    "  py38: mock\n  {[base]deps}\n") == ["pytest", "-rrequirements-test.txt", "mock"]
    nox = ('import nox\n@nox.session\ndef tests(session):\n    session.install("-e", ".", "hypothesis")\n'
           '    session.install("-rrequirements_ci.txt")\n@nox.session\ndef lint(session):\n'
           '    session.install("flake8")\n')
    assert nox_installs(nox) == ["hypothesis", "-r requirements_ci.txt"]
    root = write_tree(tmp_path / "deps", {
        "requirements/test.txt": "-r base.txt\npytest-mock\n", "requirements/base.txt": "attrs\n",
        "requirements-tests.txt": "-r requirements/test.txt\nhypothesis\n", "requirements_ci.txt": "freezegun\n",
        "noxfile.py": nox, "pyproject.toml": '[project]\nname = "deps"\ndependencies = ["six"]\n'
                                              '[dependency-groups]\ndev = ["pytest-cov"]\n'})
    declared, _ = declared_requirements(root)
    assert set(declared) == {"attrs", "pytest-mock", "six", "hypothesis", "freezegun", "pytest-cov"}


VERSIONED = {
    "pyproject.toml": '[build-system]\nrequires = ["hatchling", "hatch-vcs"]\nbuild-backend = "hatchling.build"\n\n'
                      '[project]\nname = "vpkg"\ndynamic = ["version"]\n\n[tool.hatch.version]\nsource = "vcs"\n\n'
                      '[tool.hatch.build.hooks.vcs]\nversion-file = "src/vpkg/version.py"\n',
    "src/vpkg/__init__.py": "from vpkg.version import __version__\nfrom vpkg.store import Store\n",
    "src/vpkg/store.py": "class Store:\n    def __init__(self):\n        self.items = {}\n\n"
                         "    def put(self, key, value):\n        self.items[key] = value\n        return self\n",
    "tests/test_store.py": "import vpkg\nfrom vpkg import Store\n\n\ndef test_put():\n"
                           "    assert Store().put('a', 1).items == {'a': 1}\n\n\ndef test_version():\n"
                           "    assert vpkg.__version__\n",
}


def test_a_version_file_the_build_writes_is_written_into_the_copy(tmp_path):
    """exceptiongroup (setuptools-scm ``write_to``), platformdirs (hatch-vcs ``version-file``),
    held-out 13: ``__init__`` imports the version module the build writes, the checkout lacks
    it, no test module collected (``repositories/suite_crashed``). The class runner writes it
    into its copy as the executable split does (``sandbox/buildfiles.py``)."""
    root = write_tree(tmp_path / "vpkg", VERSIONED)
    run = runner_for(Lang.PYTHON).run(root, None, coverage=True)
    assert run.status is SuiteStatus.OK, (run.reason, run.log)
    assert set(_outcomes(run).values()) == {Outcome.PASSED}, run.log
    assert run.adjustments["build_time_files"] == ["src/vpkg/version.py"]
    assert not (root / "src/vpkg/version.py").exists()  # the checkout is left as it is
    assert run.per_test_coverage["tests/test_store.py::test_put"]["src/vpkg/store.py"]


def test_a_suite_that_does_not_import_names_the_missing_module(tmp_path):
    """The ``suite_crashed`` detail was pytest's first line ("ImportError while importing test
    module ..."), not the module that failed to import."""
    root = write_tree(tmp_path / "broken", {**LEDGER, "ledger/__init__.py": "from ._version import version\n",
                                             **_tests(PLAIN)})
    run = runner_for(Lang.PYTHON).run(root, None, coverage=False)
    assert run.status is SuiteStatus.CRASHED, run.log
    assert run.reason.endswith(": No module named 'ledger._version'"), run.reason
    assert run.reason.startswith("CollectError: ImportError while importing test module"), run.reason


def test_a_tox_line_of_unclosed_posargs_is_read_in_linear_time():
    """tox.ini is read on the host for every Python suite: a ``commands`` line repeating an
    unclosed ``{posargs:`` made ``_POSARGS`` run to the line's end from each one, and shlex copy its
    one long token per character (8,000 repeats, 72 kB: 6 s of CPU; the 1 MiB the reader takes:
    minutes). Measured against a control of the same size made of short words."""
    import time

    def cpu(text: str) -> float:
        start = time.process_time()
        ci_test_paths(text, [("tests", True, True)])
        return time.process_time() - start

    attack = "[testenv]\ncommands = pytest " + "{posargs:" * 40000 + "\n"
    control = "[testenv]\ncommands = pytest " + "posargs:x " * 36000 + "\n"
    assert len(attack) == pytest.approx(len(control), rel=0.01)
    spent, baseline = cpu(attack), cpu(control)
    assert spent < max(1.0, 10 * baseline), (spent, baseline)
    # the defaults as before
    assert ci_test_paths("[testenv]\ncommands = py.test {posargs:tests}\n", [("tests", True, True)]) == ("tests",)
