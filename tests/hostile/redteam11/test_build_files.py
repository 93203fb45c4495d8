"""The executable build's version files on the host (``builders/executable/buildfiles.py``,
``build_time_files``, called by ``build.repository_build_files`` in the builder's process
before any sandbox): a ``[tool.setuptools_scm]`` ``write_to_template`` / ``version_file_template``
(or hatch-vcs's ``template``) from the repository's ``pyproject.toml`` is applied with
``str.format``. A format specification is a width: ``{version:>400000000}`` is a 400 MB string
from a 30-byte field; a template of ten such fields is gigabytes. Only ``KeyError``,
``IndexError``, ``ValueError`` and ``AttributeError`` are caught, and the text is then spliced
into the prologue of every test program (``with_build_files``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all

WIDTH = 400_000_000

PYPROJECT = """[build-system]
requires = ["setuptools>=64", "setuptools_scm>=8"]
build-backend = "setuptools.build_meta"

[project]
name = "versioned"
dynamic = ["version"]

[tool.setuptools_scm]
version_file = "versioned/_version.py"
version_file_template = "__version__ = '{template}'\\n"
"""

# the host step of the build in a fresh interpreter; prints its memory growth and what it wrote
STEP = """
import json, sys
from tests.hostile.peak import peak_rss_kb
from pathlib import Path
from crossfile_datasets.sandbox.buildfiles import repository_build_files
from crossfile_datasets.core.records import Repository
from crossfile_datasets.core.report import BuildReport
before = peak_rss_kb()
files = repository_build_files(Path(sys.argv[1]), "versioned", BuildReport())
print(json.dumps({"grown_kb": peak_rss_kb() - before,
                  "files": {rel: len(text) for rel, text in files.items()}}))
"""


def _repository(root: Path, template: str) -> Path:
    (root / "versioned").mkdir(parents=True)
    (root / "versioned" / "__init__.py").write_text("from versioned._version import __version__\n")
    (root / "pyproject.toml").write_text(PYPROJECT.format(template=template))
    commit_all(root)
    return root


@pytest.mark.slow
def test_a_version_file_template_cannot_make_the_host_allocate_gigabytes(tmp_path, child):
    """Host resource (memory; also the size of every test program, and of the published
    ``check`` programs). ``version_file_template = "__version__ = '{version:>400000000}'"``:
    the builder's process grows by 400 MB in a fraction of a second (measured); ``{version:>4000000000}``
    x 5 in one template is 20 GB (this machine has 23): the kernel's OOM killer, not a counted
    reason. Safe behaviour: the template is applied without format specifications (only
    ``{version}``/``{version_tuple}`` substituted), or its result is capped (a version file is a
    few hundred bytes) and a larger one refused and counted."""
    honest = child(STEP, str(_repository(tmp_path / "honest", "{version}")), timeout=120)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control step did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if baseline["files"] != {"versioned/_version.py": len("__version__ = '0.0.0'\n")}:
        pytest.fail(f"the control's version file is not the expected one: {baseline}")
    hostile = child(STEP, str(_repository(tmp_path / "hostile", "{version:>%d}" % WIDTH)), timeout=120)
    assert not hostile.timed_out and hostile.returncode == 0, hostile.stderr[-2000:]
    found = hostile.last_json()
    print(json.dumps({"honest": baseline, "hostile": found}))
    assert found["grown_kb"] < baseline["grown_kb"] + 64 * 1024, (found, baseline)
