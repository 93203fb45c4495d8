"""Folders skipped by their name: each skip is counted with the number of source files it held,
and a generic name (``build``, ``env``, ``coverage``...) never hides the project's own package.

Regression: pypa/build (tuning since 2026-11-28d, held-out ``heldout9``) keeps its package in
``src/build/``; ``build`` was a build-output name skipped at any depth, so its 13 files were no
sources at all and the loss was counted nowhere (0/21 first uses, ``skipped_files`` empty).
"""

from __future__ import annotations

from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repofiles import walk
from crossfile_datasets.core.skipnames import generic_skip, holds_project_code, skip_reason
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import imported_folders, list_sources, packaging_dirs, setup_py_lists
from crossfile_datasets.core.records import SourceFile
from tests.conftest import write_tree

# the project's package is src/build; build/ at the root is setuptools' output holding copies of it
BUILD_LAYOUT = {
    "pyproject.toml": "[project]\nname = 'build'\n",
    "src/build/__init__.py": "from ._builder import Builder\n",
    "src/build/_builder.py": "class Builder:\n    pass\n",
    "src/build/env.py": "from ._builder import Builder\n",
    "build/lib/build/__init__.py": "from ._builder import Builder\n",
    "build/lib/build/_builder.py": "class Builder:\n    pass\n",
    "build/lib/build/env.py": "x = 1\n",
    "tests/test_env.py": "import build.env\n",
    "coverage/__init__.py": "",          # coveragepy's package is called coverage
    "coverage/report.py": "X = 1\n",
    "htmlcov/index.py": "x = 1\n",       # a coverage report folder (no package)
    "env/lib/python3.11/site-packages/six.py": "x = 1\n",  # a virtual environment
    "node_modules/pkg/index.py": "x = 1\n",
    ".github/scripts/release.py": "x = 1\n",
    "__pycache__/a.py": "x = 1\n",
}


def _list(root, files, lang=Lang.PYTHON):
    write_tree(root, files)
    report = BuildReport()
    sources, digest = list_sources(resolve(RepoSpec(path=str(root))), get_language(lang), report)
    return [s.path for s in sources], report, digest


def test_a_package_named_like_build_output_is_listed_and_the_output_folder_is_counted(tmp_path):
    paths, report, _ = _list(tmp_path / "repo", BUILD_LAYOUT)
    assert paths == ["coverage/__init__.py", "coverage/report.py", "src/build/__init__.py", "src/build/_builder.py",
                     "src/build/env.py", "tests/test_env.py"]
    files = report.stage("files")
    assert files == {"build_output_dir": 3, "cache_dir": 2, "environment_dir": 1, "hidden_dir": 1, "vendored_dir": 1}
    assert report.samples["files/build_output_dir"] == ["build/: 3 source files"]
    assert report.samples["files/cache_dir"] == ["__pycache__/: 1 source file", "htmlcov/: 1 source file"]
    assert report.reasons_by_kind()["rule"]["files/build_output_dir"] == 3  # a rule, counted per file


def test_folders_holding_no_source_of_the_language_are_not_counted(tmp_path):
    _paths, report, _ = _list(tmp_path / "repo", {"a.ts": "export const a = 1;\n", "dist/a.js.map": "{}",
                                                   "build/b.py": "x = 1\n"}, Lang.TYPESCRIPT)
    assert report.stage("files") == {}


def test_the_count_of_a_huge_skipped_folder_stops_and_says_at_least(tmp_path, monkeypatch):
    from crossfile_datasets.core import constants as C
    monkeypatch.setattr(C, "SKIPPED_DIR_SCAN_MAX_ENTRIES", 5)
    _paths, report, _ = _list(tmp_path / "repo", {"a.py": "", **{f"dist/m{i}.py": "" for i in range(10)}})
    assert report.samples["files/build_output_dir"] == ["dist/: at least 4 source files"]


def test_a_generic_name_yields_to_project_code_vendored_and_hidden_never_do():
    assert skip_reason("build") == "build_output_dir" and generic_skip("build") and generic_skip("env")
    assert not generic_skip("node_modules") and not generic_skip(".venv") and not generic_skip("__pycache__")
    assert skip_reason("lib") is None
    assert holds_project_code("src/build", ["util.py"])  # a src/ layout root's Python folder (namespace package)
    assert not holds_project_code("src/bin", ["App.dll", "App.pdb"])  # a C# project's output beside src/App.csproj
    assert holds_project_code("lib/build", ["__init__.py"])  # a package
    assert holds_project_code("pkgs/out", [], frozenset({"pkgs/out"}))  # named by the packaging configuration
    assert not holds_project_code("build", ["x.py"]) and not holds_project_code("build/lib/build/x", ["y.py"])


def test_packaging_configuration_names_package_folders(tmp_path):
    write_tree(tmp_path / "a", {"pyproject.toml": "[tool.setuptools]\npackages = ['dist', 'dist.sub']\n"
                                                  "package-dir = {'' = 'lib'}\n"})
    assert packaging_dirs(tmp_path / "a") == {"lib", "lib/dist", "lib/dist/sub"}
    write_tree(tmp_path / "b", {"setup.cfg": "[options]\npackages = find:\npackage_dir =\n    =source\n"
                                             "[options.packages.find]\nwhere = source\n"})
    assert packaging_dirs(tmp_path / "b") == {"source"}
    write_tree(tmp_path / "c", {"setup.py": "from setuptools import setup\nsetup(name='x', packages=['out', 'out.x'])\n"})
    assert packaging_dirs(tmp_path / "c") == {"out", "out/x"}
    write_tree(tmp_path / "d", {"pyproject.toml": "[tool.poetry]\npackages = [{include = 'env', from = 'py'}]\n"})
    assert packaging_dirs(tmp_path / "d") == {"py", "py/env"}
    write_tree(tmp_path / "e", {"pyproject.toml": "not [toml", "setup.cfg": "[broken"})
    assert packaging_dirs(tmp_path / "e") == frozenset()


def test_a_folder_the_configuration_names_is_walked(tmp_path):
    paths, report, _ = _list(tmp_path / "repo", {"setup.py": "setup(packages=['out'])\n", "out/a.py": "x = 1\n",
                                                 "main.py": "from out import a\n"})
    assert paths == ["main.py", "out/a.py", "setup.py"] and report.stage("files") == {}


def test_folders_imported_by_relative_paths_are_project_code():
    files = [SourceFile("pkg/main.py", "from .build import tool\nfrom . import env\n"),
             SourceFile("web/app.ts", "import { x } from './out/x';\nconst y = require('../dist');\n"),
             SourceFile("pkg/other.py", "import build\n")]  # absolute: which folder it names is not known
    assert imported_folders(files, ["pkg/build", "pkg/env", "web/out", "dist", "build", "pkg/bin"]) == \
        {"pkg/build", "pkg/env", "web/out", "dist"}


def test_a_namespace_folder_imported_relatively_is_walked_in_a_second_pass(tmp_path):
    paths, report, digest = _list(tmp_path / "repo", {
        "app/main.py": "from .out import tables\n", "app/out/tables.py": "T = 1\n", "app/out/bin/x.py": "x = 1\n",
        "dist/copy.py": "x = 1\n"})
    assert paths == ["app/main.py", "app/out/tables.py"]
    assert report.stage("files") == {"build_output_dir": 2}  # app/out/bin and dist, not app/out
    assert sorted(report.samples["files/build_output_dir"]) == ["app/out/bin/: 1 source file", "dist/: 1 source file"]


def test_walk_readers_that_do_not_count_still_hear_of_vendored_folders_only(tmp_path):
    write_tree(tmp_path, {"node_modules/a.py": "", "build/b.py": "", "src/build/c.py": ""})
    refused = []
    assert [f.rel for f in walk(tmp_path, lambda rel: rel.endswith(".py"), refused.append)] == ["src/build/c.py"]
    assert [(r.rel, r.reason, r.skipped) for r in refused] == [("node_modules", "vendored_dir", True)]


def test_setup_py_lists_read_each_value_once():
    """Red team 2026-11-28g row 2: the value runs to the first closing after its opening; an
    opening never closed ends the search (linear: 150,000 openings in well under a second)."""
    assert setup_py_lists("setup(packages=['a', 'a.b'], package_dir={'': 'src'}, where=\"lib\")") == [
        ("packages", "['a', 'a.b']"), ("package_dir", "{'': 'src'}"), ("where", '"lib"')]
    assert setup_py_lists("where={where={'x'}") == [("where", "{where={'x'}")]
    assert setup_py_lists("packages=[ 'a'") == []
    import time
    started = time.process_time()
    assert setup_py_lists("where={" * 150_000 + "\npackages=['a']") == [("packages", "['a']")]
    assert time.process_time() - started < 1.0


def test_packages_times_roots_past_the_cap_are_named_alone_and_counted(tmp_path, monkeypatch):
    """Red team 2026-11-28g row 1: more packages x roots than PACKAGING_MAX_PAIRS are not joined."""
    from crossfile_datasets.core import constants as C
    monkeypatch.setattr(C, "PACKAGING_MAX_PAIRS", 3)
    write_tree(tmp_path, {"setup.cfg": "[options]\npackages = a b\n[options.packages.find]\nwhere = r s\n"})
    report = BuildReport()
    assert packaging_dirs(tmp_path, report) == {"a", "b", "r", "s"}
    write_tree(tmp_path / "one", {"setup.cfg": "[options]\npackages = a b c d e\npackage_dir =\n    =src\n"})
    assert len(packaging_dirs(tmp_path / "one")) == 6  # one root: linear, never capped
    assert report.stage("files") == {"packaging_config_too_large": 1}
    assert report.samples["files/packaging_config_too_large"][0].startswith("setup.cfg: 2 packages x 2 package roots")
    monkeypatch.setattr(C, "PACKAGING_MAX_PAIRS", 4)
    assert packaging_dirs(tmp_path) == {"r", "s", "r/a", "r/b", "s/a", "s/b"}


def test_relative_imports_are_read_in_linear_time():
    """Red team 2026-11-28g rows 4, 5: ``^[ \\t]*`` under re.M and one way to split the dots."""
    import time
    files = [SourceFile(path="src/a.ts", text="\n" * 60_000 + "import './build/x'\n"),
             SourceFile(path="pkg/m.py", text=("from " + "." * 5_000 + "x\n" + "\n" * 16) * 4
                        + "from .env import y\nfrom . import out\nfrom .a.b import c\n")]
    started = time.process_time()
    assert imported_folders(files, ["src/build", "pkg/env", "pkg/out", "pkg/a"]) == \
        {"src/build", "pkg/env", "pkg/out", "pkg/a"}
    assert time.process_time() - started < 1.0
    assert imported_folders(files, []) == set()
