"""End to end with Pylint: a project whose package has a build-output name (pypa/build's
``src/build``, tuning since 2026-11-28d) yields its cross-file usages, and the setuptools output
folder ``build/`` beside it, holding copies of the package, stays out and is counted."""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = [pytest.mark.pylint, pytest.mark.slow]

_BUILDER = (
    "class ProjectBuilder:\n"
    "    def __init__(self, srcdir: str) -> None:\n"
    "        self.srcdir = srcdir\n"
    "    def build(self, distribution: str) -> str:\n"
    "        return distribution\n"
)
FIXTURE = {
    "pyproject.toml": "[project]\nname = 'build'\n",
    "src/build/__init__.py": "from ._builder import ProjectBuilder\n__all__ = ['ProjectBuilder']\n",
    "src/build/_builder.py": _BUILDER,
    "src/build/__main__.py": (
        "from ._builder import ProjectBuilder\n"
        "def main(srcdir: str) -> str:\n"
        "    builder = ProjectBuilder(srcdir)\n"       # 3: ProjectBuilder
        "    return builder.build('wheel')\n"           # 4: build
    ),
    "build/lib/build/__init__.py": "from ._builder import ProjectBuilder\n",
    "build/lib/build/_builder.py": _BUILDER,
    "build/lib/build/__main__.py": "from ._builder import ProjectBuilder\nProjectBuilder('.').build('sdist')\n",
}


def test_the_package_in_src_build_is_analysed_and_the_output_copy_counted(tmp_path):
    usages, report, _facts = usages_of(tmp_path / "repo", FIXTURE)
    found = {(u.file, u.line, u.member or u.imported_name) for u in usages}
    assert ("src/build/__main__.py", 3, "ProjectBuilder") in found
    assert ("src/build/__main__.py", 4, "build") in found
    assert not any(u.file.startswith("build/") for u in usages)
    assert report.stage("files")["build_output_dir"] == 3
    assert report.samples["files/build_output_dir"] == ["build/: 3 source files"]
