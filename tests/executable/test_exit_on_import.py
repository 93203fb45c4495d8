"""execheld14 (humanfriendly): a program whose import exits took the validation run of all of
them. ``setup.py``'s helpers were candidates; an input program ``from setup import ...`` ran
``setup(...)``, which exits on pytest's command line; pytest stopped with an INTERNALERROR after
its end of session, and every program was dropped as a plain ``test_error``."""

from __future__ import annotations

import ast

from crossfile_datasets.builders.functions import exclusion_reason
from tests.executable.test_build_time_files import _spied_build
from tests.executable.conftest import make_repo

EXITPKG = {
    "setup.py": '"""Packaging."""\nimport sys\n\n\ndef read_version(text: str) -> str:\n'
                '    """Return the version string that the given file text declares."""\n'
                "    return text.split('=')[1].strip()\n\n\n"
                "raise SystemExit('usage: setup.py [global_opts] cmd1 [cmd1_opts]')\n",
    "exitpkg/__init__.py": '"""Numbers."""\n',
    "exitpkg/ops.py": '"""Small arithmetic."""\n\n\ndef inc(n: int) -> int:\n'
                      '    """Add one to the number given and return the sum."""\n    return n + 1\n\n\n'
                      'def dec(n: int) -> int:\n    """Take one from the number given and return it."""\n'
                      "    return n - 1\n",
    # a module that refuses to be imported outside its command line (a script in the package)
    "exitpkg/tool.py": '"""A script."""\nimport sys\n\n\ndef shout(word: str) -> str:\n'
                       '    """Return the word given in capital letters with a mark."""\n'
                       "    return word.upper() + '!'\n\n\n"
                       "if not sys.argv[0].endswith('tool'):\n    raise SystemExit('run me as tool')\n",
}


def test_packaging_scripts_are_not_candidates():
    fn = ast.parse("def read_version(text):\n    '''Return the version string that the file declares.'''\n"
                   "    return text\n").body[0]
    assert exclusion_reason(fn, "setup.py", None) == "packaging_script"
    assert exclusion_reason(fn, "sub/setup.py", None) == "packaging_script"
    assert exclusion_reason(fn, "noxfile.py", None) == "packaging_script"
    assert exclusion_reason(fn, "pkg/tasks.py", None) != "packaging_script"  # a module of the package


def test_a_program_that_exits_on_import_loses_only_itself(tmp_path, monkeypatch):
    repo = make_repo(tmp_path / "exitpkg", EXITPKG, "exitpkg")
    records, stats, report, runs = _spied_build(monkeypatch, repo, flaky_runs=1, mutants=0)
    assert report.stage("candidates").get("packaging_script") == 1
    # inc and dec are judged although the programs of shout stopped pytest in the same run
    assert {r["qualname"] for r in records} >= {"inc", "dec"}, report.stage("tests")
    tests = report.stage("tests")
    assert tests.get("test_error_system_exit", 0) >= 1, tests
    # one run of all, one of those left after the first exit (shout's other programs import the
    # module that exits: judged with it, not rerun one at a time)
    assert runs[1:3] == [stats["input_programs"], stats["input_programs"] - tests["test_error_system_exit"]], runs
    assert "test_error" not in tests
