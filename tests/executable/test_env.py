"""Requirements detection and the per-requirement-set virtual environment (no downloads)."""

from __future__ import annotations

import json
from pathlib import Path

from crossfile_datasets.analyzers.run import run
from crossfile_datasets.sandbox.environment import (
    detect_requirements,
    ensure_environment,
    environment_key,
    is_satisfied,
    parse_requirement_lines,
    requirement_refusal,
    requirement_pytest_plugins,
)
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language
from tests.conftest import write_tree


def python_facts(root: Path) -> dict:
    language = get_language(Lang.PYTHON)
    files, _ = list_sources(Repository("p", root, "", "", ""), language, BuildReport())
    return language.analyze_files(str(root), files)


def test_parse_requirement_lines():
    ok, unsupported = parse_requirement_lines([
        "# comment", "", "requests>=2.0  # http", "numpy; python_version < '3'", "attrs",
        "-r other.txt", "-e .", "git+https://example.org/x.git", "./local", "not a requirement!!",
    ])
    assert ok == ["requests>=2.0", "attrs"]  # the marker excludes numpy on this Python
    assert unsupported == ["-r other.txt", "-e .", "git+https://example.org/x.git", "./local", "not a requirement!!"]


def test_requirement_refusal_is_the_builds_and_the_evaluations_check():
    """One check for the build's lines, an evaluated split's records and pip's arguments (red team
    8 rows 1-2): PEP 508 strings, markers allowed; options, URLs and paths refused."""
    for good in ("attrs", "requests>=2.0", "x[a,b]==1.2", 'numpy; python_version < "3"'):
        assert requirement_refusal(good) is None, good
    for bad in ("--target=/tmp/x", "-rfile", " --log=/tmp/l", "--requirement=/home/u/.env", "x @ file:/etc/passwd",
                "x @ /srv/wheel.whl", "x @ https://example.org/x.whl", "./local", "/abs", "attrs\n--log=x",
                "foo==1 --hash=sha256:ab", "", None, 3):
        assert requirement_refusal(bad) is not None, bad
    ok, unsupported = parse_requirement_lines(["x @ file:/etc/passwd", "attrs"])
    assert (ok, unsupported) == (["attrs"], ["x @ file:/etc/passwd"])


def test_ensure_environment_never_hands_pip_an_option(tmp_path):
    """A string that is not a requirement never reaches pip's command line (it is counted as
    failed, ``refused: ...``), whoever calls ``ensure_environment``."""
    outside = tmp_path / "outside"
    env = ensure_environment([f"--target={outside}", f"--log={tmp_path / 'pip.log'}"], cache_dir=tmp_path / "cache")
    assert not outside.exists() and not (tmp_path / "pip.log").exists()
    assert sorted(env.failed) == sorted([f"--target={outside}", f"--log={tmp_path / 'pip.log'}"])
    assert all(why.startswith("refused: a pip option") for why in env.failed.values()), env.failed


def test_detect_requirements_from_packaging_files_and_imports(tmp_path):
    root = write_tree(tmp_path / "proj", {
        "requirements.txt": "requests>=2\n",
        "pyproject.toml": '[project]\nname = "p"\ndependencies = ["attrs>=21"]\n'
                          '[project.optional-dependencies]\ntest = ["pytest"]\ndocs = ["sphinx"]\n',
        "app/__init__.py": "",
        "app/io.py": "import os\nimport yaml\nfrom requests import get\nfrom .core import run\nimport helpers\n",
        "app/core.py": "import numpy as np\nfrom app import io\n",
        "helpers.py": "x = 1\n",
    })
    requirements, unsupported = detect_requirements(root, python_facts(root))
    # declared ones as written (test extra included, docs extra not); imported ones by
    # distribution name (yaml -> PyYAML); stdlib and project modules (helpers) excluded
    assert requirements == ["attrs>=21", "numpy", "pytest", "PyYAML", "requests>=2"]
    assert unsupported == []


def test_is_satisfied_uses_the_installed_distribution():
    assert is_satisfied("pytest")
    assert is_satisfied("pytest>=1.0")
    assert not is_satisfied("pytest<1.0")
    assert not is_satisfied("crossfile-datasets-not-installed-anywhere")


def test_environment_is_made_once_and_reused(tmp_path):
    first = ensure_environment(["pytest>=1.0"], cache_dir=tmp_path)
    assert first.venv == tmp_path / "exec-venvs" / environment_key(["pytest>=1.0"])
    assert first.installed == () and first.failed == {}  # satisfied by the base interpreter
    # the venv sees the builder's site-packages (pytest, coverage) but is its own prefix
    probe = run([first.python, "-c", "import sys, pytest, coverage; print(sys.prefix != sys.base_prefix)"], timeout=60)
    assert probe.ok and probe.stdout.strip() == "True"
    marker = json.loads((first.venv / ".crossfile-ready.json").read_text())
    assert marker["requirements"] == ["pytest>=1.0"]
    stamp = Path(first.python).stat().st_mtime_ns
    again = ensure_environment(["pytest>=1.0"], cache_dir=tmp_path)
    assert again.python == first.python and Path(again.python).stat().st_mtime_ns == stamp


def test_only_the_requirements_pytest_plugins_are_loaded():
    import importlib.metadata as md
    import sys

    available = {ep.dist.metadata["Name"]: ep.name for ep in md.entry_points(group="pytest11") if ep.dist}
    # pytest-timeout (a test extra) registers one, so this cannot be empty where the suite runs
    assert available, "no pytest11 entry point: install the test extra (pip install -e .[test])"
    dist, name = sorted(available.items())[0]
    assert requirement_pytest_plugins(sys.executable, [f"{dist}>=0", "requests"]) == [name]
    assert requirement_pytest_plugins(sys.executable, ["requests"]) == []


def test_requirements_from_setup_py_test_requirements_and_pip_files(tmp_path):
    """Issue 36: a `mocker` fixture came from an unread `test_requirements.txt`; `slugify` was
    mapped to the wrong distribution although `setup.py` names `python-slugify`."""
    root = write_tree(tmp_path / "proj", {
        "setup.py": "from setuptools import setup\nREQS = ['python-slugify>=4', 'PyYAML']\n"
                    "setup(name='p', install_requires=REQS, tests_require=['mock'],\n"
                    "      extras_require={'test': ['freezegun'], 'docs': ['sphinx']})\n",
        "test_requirements.txt": "pytest-mock\n",
        "requirements/base.pip": "six\n",
        "app/__init__.py": "",
        "app/text.py": "import slugify\nimport yaml\nimport six\n",
    })
    language = get_language(Lang.PYTHON)
    files, _ = list_sources(Repository("p", root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), files)
    requirements, _ = detect_requirements(root, facts)
    assert requirements == ["freezegun", "mock", "pytest-mock", "python-slugify>=4", "PyYAML", "six"]


def test_imports_of_test_data_files_are_not_requirements(tmp_path):
    """black's tests/data/*.py are formatter inputs: their imports were taken for requirements
    (ten of them no index has, 1,252 s of environment stage, tuning set 2026-11-27c). Test
    modules pytest collects, conftest.py and the test helpers they import still count."""
    root = write_tree(tmp_path / "proj", {
        "fmt/__init__.py": "import attr\n",
        "tests/__init__.py": "",
        "tests/conftest.py": "import hypothesis\n",
        "tests/test_fmt.py": "import fmt\nfrom tests.util import load\n",
        "tests/util.py": "import responses\n",
        "tests/data/expression.py": "import hello\nfrom fast import com\n",
        "tests/data/nested/comments.py": "import foo\n",
    })
    assert detect_requirements(root, python_facts(root))[0] == ["attrs", "hypothesis", "responses"]


def test_flit_metadata_requirements_and_fallback_imports(tmp_path):
    """Tuning 2026-11-27d: fastapi declares its pins in flit's `[tool.flit.metadata]` (unread:
    pydantic 2 was installed, every import broke); youtube-dl's Python 2 fallbacks of guarded
    imports were 12 requirements no index has. An optional import with no alternative stays when
    its distribution is known (``yaml``: PyYAML); one nothing names (``xattr``) is not guessed
    (execfix14: see test_optional_imports_are_never_guessed)."""
    root = write_tree(tmp_path / "proj", {
        "pyproject.toml": '[tool.flit.metadata]\nmodule = "webapp"\n'
                          'requires = ["starlette ==0.14.2", "pydantic >=1.6.2,<2.0.0"]\n'
                          '[tool.flit.metadata.requires-extra]\ntest = ["pytest-mock", "webapp[doc]"]\n'
                          'doc = ["mkdocs"]\n',
        "webapp/__init__.py": "import pydantic\nimport starlette\n",
        "webapp/compat.py": "try:\n    import urllib.request as compat_request\n"
                            "except ImportError:  # Python 2\n    import urllib2 as compat_request\n"
                            "try:\n    from future_builtins import map as compat_map\nexcept ImportError:\n"
                            "    try:\n        from itertools import imap as compat_map\n"
                            "    except ImportError:\n        compat_map = map\n"
                            "try:\n    import yaml\nexcept ImportError:\n    yaml = None\n"
                            "def xattrs(path):\n    try:\n        import xattr\n    except (ImportError, OSError):\n"
                            "        return None\n    return xattr.getxattr(path, 'user.x')\n",
    })
    assert detect_requirements(root, python_facts(root))[0] == [
        "pydantic<2.0.0,>=1.6.2", "pytest-mock", "PyYAML", "starlette==0.14.2"]


def test_optional_imports_are_never_guessed(tmp_path):
    """execheld14 (natsort): ``try: import icu`` / ``except ImportError``, declared only as the
    extra ``icu = ["PyICU >= 1.0.0"]``, was installed as PyPI's unrelated ``icu``, whose import
    broke the package's. An optional import (guarded, or inside a function) is installed only
    under a name the repository declares for tests or running; the others are counted by name.
    An unguarded module-level import nothing declares is still mapped as before."""
    root = write_tree(tmp_path / "proj", {
        "pyproject.toml": '[project]\nname = "sorter"\ndependencies = ["attrs"]\n'
                          '[project.optional-dependencies]\nicu = ["PyICU >= 1.0.0"]\ntest = ["pytest"]\n',
        "sorter/__init__.py": "import attr\nimport wibblequux\n",
        "sorter/locale.py": "try:\n    import icu\nexcept ImportError:\n    icu = None\n",
        "sorter/usage.py": "def inject():\n    import cogwobble\n    cogwobble.out('x')\n",
    })
    report = BuildReport()
    requirements = detect_requirements(root, python_facts(root), report=report, where="proj")[0]
    assert requirements == ["attrs", "pytest", "wibblequux"]
    samples = report.samples["environment/optional_import_not_installed"]
    assert len(samples) == 2 and report.counts["environment/optional_import_not_installed"] == 2
    assert any(s.startswith("proj: icu:") and "PyICU" in s for s in samples)
    assert any(s.startswith("proj: cogwobble:") and "not guessed" in s for s in samples)


def test_dev_tools_and_type_checking_imports_are_not_requirements(tmp_path):
    """execheld15: tabulate's ``[dependency-groups] dev`` (build, ruff, pre_commit, tox,
    tox-uv, twine) was installed as test requirements, and jaraco.text's ``if TYPE_CHECKING:``
    import of ``_typeshed`` became one. Developer tools of dev/test declarations are left out
    and counted, a test library of the same group is kept, a tool the code imports is still
    mapped from its import, and an import read by type checkers only is counted, not required."""
    root = write_tree(tmp_path / "proj", {
        "pyproject.toml": '[project]\nname = "tables"\ndependencies = ["wcwidth"]\n'
                          '[dependency-groups]\ndev = ["build>=1.4.0", "ruff>=0.15.4", "pre_commit>=4.5.1", '
                          '"tox>=4.47.3", "tox-uv>=1.0", "twine>=6.2.0", "pytest-xdist", "mypy"]\n',
        "requirements-dev.txt": "flake8\nhypothesis\n",
        "tables/__init__.py": "from typing import TYPE_CHECKING\nimport wcwidth\n"
                              "if TYPE_CHECKING:\n    from _typeshed import SupportsRead\n    import zzstubonly\n",
        "tests/test_types.py": "import mypy.api\n\n\ndef test_x():\n    assert mypy.api\n",
    })
    report = BuildReport()
    requirements = detect_requirements(root, python_facts(root), report=report, where="proj")[0]
    assert requirements == ["hypothesis", "mypy", "pytest-xdist", "wcwidth"]
    assert report.counts["environment/dev_tool_not_installed"] == 8  # mypy's declaration too; its import maps it
    assert report.counts["environment/type_checking_import_not_installed"] == 2
    assert any("_typeshed" in s for s in report.samples["environment/type_checking_import_not_installed"])
