"""Packages a checkout cannot import as it is: version files written at build time
(setuptools-scm, hatch-vcs, versioneer) and packages whose import fails, named alike for every
program and never rerun one sandbox each (tuning 2026-11-27e: python-humanize gave 0 problems,
806 s of validation, 95 of 96 programs counted plain ``test_error``)."""

from __future__ import annotations

import runpy

import pytest

from crossfile_datasets.builders.executable import build as B
from crossfile_datasets.sandbox.buildfiles import PROLOGUE_MARK, build_time_files, with_build_files
from crossfile_datasets.builders.executable.deadimports import failed_import, failed_modules, module_of
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.sandbox.problems import run_problem_tests
from crossfile_datasets.sandbox.suites import python as python_suite
from tests.executable.conftest import make_repo

HATCH_VCS = '''[build-system]
requires = ["hatchling", "hatch-vcs"]
build-backend = "hatchling.build"

[project]
name = "verpkg"
dynamic = ["version"]

[tool.hatch]
version.source = "vcs"
build.hooks.vcs.version-file = "src/verpkg/_version.py"
'''

MATHS = '''"""Small arithmetic helpers."""


def add_one(n: int) -> int:
    """Add one to the number given."""
    return n + 1


def clamp(n: int, low: int = 0, high: int = 10) -> int:
    """Clamp the number between the two bounds."""
    if n < low:
        return low
    if n > high:
        return high
    return n
'''

VERPKG = {
    "pyproject.toml": HATCH_VCS,
    "src/verpkg/__init__.py": '"""A package whose version file is written at build time."""\n'
                              "from ._version import __version__\nfrom .maths import add_one, clamp\n",
    "src/verpkg/maths.py": MATHS,
    "tests/test_maths.py": "from verpkg.maths import add_one, clamp\n\n\ndef test_add_one():\n"
                           "    assert add_one(1) == 2\n    assert add_one(-1) == 0\n\n\ndef test_clamp():\n"
                           "    assert clamp(-5) == 0\n    assert clamp(50) == 10\n    assert clamp(5) == 5\n",
}

# its __init__ imports two modules, then one that does not exist: in one pytest process the
# programs collected after the first failure import pkg.a / pkg.b from sys.modules
DEADPKG = {
    "deadpkg/__init__.py": '"""A package that cannot be imported."""\nfrom .a import inc\nfrom .b import dec\n'
                           "from ._table import TABLE\n",
    "deadpkg/a.py": '"""Increments."""\n\n\ndef inc(n: int) -> int:\n    """Add one to the number given."""\n'
                    "    return n + 1\n",
    "deadpkg/b.py": '"""Decrements."""\n\n\ndef dec(n: int) -> int:\n    """Take one from the number given."""\n'
                    "    return n - 1\n",
}


def test_version_files_each_tool_declares():
    hatch = build_time_files(HATCH_VCS)
    assert list(hatch) == ["src/verpkg/_version.py"]
    assert "__version__ = version = '0.0.0'" in hatch["src/verpkg/_version.py"]
    scm = build_time_files('[tool.setuptools_scm]\nwrite_to = "src/isopkg/version.py"\nfallback_version = "1.2.3"\n')
    assert "__version__ = version = '1.2.3'" in scm["src/isopkg/version.py"]
    assert "__version_tuple__ = version_tuple = (1, 2, 3)" in scm["src/isopkg/version.py"]
    assert build_time_files('[tool.setuptools_scm]\nversion_file = "pkg/VERSION.txt"\n') == {"pkg/VERSION.txt": "0.0.0\n"}
    templated = build_time_files('[tool.setuptools_scm]\nwrite_to = "p/_v.py"\nwrite_to_template = "V = {version!r}"\n')
    assert templated == {"p/_v.py": "V = '0.0.0'"}
    setup_py = build_time_files(setup_py="from setuptools import setup\nsetup(name='x', "
                                         "use_scm_version={'write_to': 'x/_version.py'})\n")
    assert list(setup_py) == ["x/_version.py"]
    versioneer = build_time_files(setup_cfg="[versioneer]\nVCS = git\nversionfile_source = y/_version.py\n")
    namespace: dict = {}
    exec(versioneer["y/_version.py"], namespace)
    assert namespace["get_versions"]()["version"] == "0+unknown"
    # nothing outside the repository, nothing from a broken file
    assert build_time_files('[tool.setuptools_scm]\nwrite_to = "../outside.py"\n') == {}
    assert build_time_files('[tool.setuptools_scm]\nwrite_to = "/etc/x.py"\n') == {}
    assert build_time_files("[tool.setuptools_scm\n") == {}


def test_prologue_writes_the_files_before_the_program_imports(tmp_path):
    program = '"""A test."""\nfrom __future__ import annotations\nimport verpkg\n\n\ndef test_v():\n' \
              '    assert verpkg.__version__ == "0.0.0"\n'
    files = build_time_files(HATCH_VCS)
    text = with_build_files(program, "tests/test_cfd_x.py", files)
    assert text.index("from __future__") < text.index(PROLOGUE_MARK) < text.index("import verpkg")
    assert with_build_files(text, "tests/test_cfd_x.py", files) == text  # once
    (tmp_path / "src/verpkg").mkdir(parents=True)
    (tmp_path / "src/verpkg/__init__.py").write_text("from ._version import __version__\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests/test_cfd_x.py").write_text(text)
    import sys

    sys.path.insert(0, str(tmp_path / "src"))
    try:
        runpy.run_path(str(tmp_path / "tests/test_cfd_x.py"))["test_v"]()
    finally:
        sys.path.remove(str(tmp_path / "src"))
        for name in [m for m in sys.modules if m == "verpkg" or m.startswith("verpkg.")]:
            del sys.modules[name]
    assert (tmp_path / "src/verpkg/_version.py").read_text() == files["src/verpkg/_version.py"]


def test_failed_modules_from_a_collection_error():
    message = ("ImportError while importing test module '/tmp/x/repo/test_cfd_1.py'.\nTraceback:\n"
               "/usr/lib/python3.11/importlib/__init__.py:126: in import_module\n"
               "    return _bootstrap._gcd_import(name[level:], package, level)\n"
               "test_cfd_1.py:1: in <module>\n    from humanize.number import ordinal\n"
               "src/humanize/__init__.py:35: in <module>\n    from ._version import __version__\n"
               "E   ModuleNotFoundError: No module named 'humanize._version'")
    failed = failed_modules(message, ["src"], ["test_cfd_1.py"])
    assert failed == {"humanize"}
    assert failed_import("from humanize.lists import natural_list\n", failed) == "humanize"
    assert failed_import("import importlib\nimportlib.import_module('humanize.time')\n", failed) == "humanize"
    assert failed_import("from humanizer import x\nimport os\n", failed) is None
    assert module_of("src/pkg/sub/mod.py".removesuffix(".py"), ["", "src"]) == "pkg.sub.mod"



def test_failed_modules_read_a_message_of_line_ends_in_linear_time():
    """Red team 2026-11-28g row 7: ``^[ \t]*`` in ``_MODULE_FRAME`` (``^\s*`` under re.M ran
    over every later line end from each line start: 20,000 line ends took seconds)."""
    import time
    started = time.process_time()
    assert failed_modules("\n" * 200_000 + "src/pkg/m.py:3: in <module>\n", ["src"]) == {"pkg.m"}
    assert time.process_time() - started < 1.0

def spy_runs(monkeypatch) -> list[int]:
    """The number of paths of every ``run_pytest`` call of the build from now on."""
    runs: list[int] = []
    real = B.run_pytest

    def spy(box, paths, **kw):
        runs.append(len(paths))
        return real(box, paths, **kw)

    monkeypatch.setattr(B, "run_pytest", spy)
    # the repository's suite runs through the class split's runner (``SuiteRounds``)
    monkeypatch.setattr(python_suite, "run_pytest", spy)
    return runs


def _spied_build(monkeypatch, repo, **settings):
    runs = spy_runs(monkeypatch)
    report = BuildReport()
    records, stats = B.build_repository(repo, B.ExecSettings(use_pynguin=False, workers=1, **settings), report)
    return records, stats, report, runs


@pytest.mark.slow
def test_an_unimportable_package_is_one_run_and_one_reason(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "deadpkg", DEADPKG, "deadpkg")
    records, stats, report, runs = _spied_build(monkeypatch, repo, flaky_runs=1, mutants=0)
    assert records == []
    tests = report.stage("tests")
    assert stats["input_programs"] >= 4 and tests.get("test_error_missing_module") == stats["input_programs"], tests
    assert "test_error" not in tests
    # the programs ran together once: none rerun in a sandbox of its own, none kept on the
    # strength of the half-imported package left in sys.modules (0: the suite's own run)
    assert [n for n in runs if n] == [stats["input_programs"]], runs


@pytest.mark.slow
def test_a_version_file_written_at_build_time(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "verpkg", VERPKG, "verpkg")
    records, stats, report, _ = _spied_build(monkeypatch, repo, flaky_runs=1, mutants=0)
    assert stats["repository_suite"]["status"] == "ok", stats["repository_suite"]
    assert sorted(r["qualname"] for r in records) == ["add_one", "clamp"]
    assert report.stage("environment").get("build_time_file_written") == 1
    assert not (tmp_path / "verpkg/src/verpkg/_version.py").exists()  # the checkout is never written
    clamp = next(r for r in records if r["qualname"] == "clamp")
    assert all(PROLOGUE_MARK in source for source in clamp["test_list"])
    # a fresh copy of the checkout, as evaluation makes it: gold passes, a wrong body fails
    assert run_problem_tests(clamp, clamp["solution"])["passed"]
    wrong = clamp["solution"].replace("return high", "return n")
    assert run_problem_tests(clamp, wrong)["status"] == "failed"


def test_a_version_template_is_formatted_within_bounds():
    """Red team 2026-11-28e row 7: ``{version:>400000000}`` made the host allocate 400 MB.
    Only the template's own fields, small format specifications and a small result are
    formatted; anything else is refused (told to the caller, counted by the build) and the
    default version file is written."""
    from crossfile_datasets.sandbox.buildfiles import format_template, scm_version_text

    fields = {"version": "1.2.3", "version_tuple": (1, 2, 3), "scm_version": None}
    assert format_template("v = {version!r}; t = {version_tuple}; w = '{version:>8}'", fields) == \
        "v = '1.2.3'; t = (1, 2, 3); w = '   1.2.3'"
    for bad in ("{version:>400000000}", "{version.__class__}", "{version_tuple[0]}", "{other}",
                "{version:{version}}", "x" * 20_001, "{version:>999}" * 30):
        assert format_template(bad, fields) is None, bad
    refused: list[str] = []
    text = scm_version_text("pkg/_version.py", "1.2.3", "__version__ = '{version:>400000000}'\n", refused)
    assert "__version__ = version = '1.2.3'" in text and refused and refused[0].startswith("pkg/_version.py: ")
