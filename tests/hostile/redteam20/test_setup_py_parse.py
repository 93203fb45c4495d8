"""Row 3: every Python run of a repository gets an environment from the requirements its
packaging files declare (``sandbox/environment.py`` ``declared_requirements``: the executable
and Python class builds, ``--observe-types``). ``setup.py`` is read on the host with a 1 MiB cap
(``read_repository_file``) and parsed whole with ``ast.parse`` (``setup_py_requirements``), never
run. A ``setup.py`` that declares one requirement and also carries a data table (a classifier or
code table, one-digit numbers) of 1 MiB costs about 500 MB of the builder's memory for that
parse (Python's syntax tree: about 500 bytes per byte of such a table; ``a,a,...`` about 700)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.redteam20._peak_call import measured
from tests.hostile.redteam20._shapes import digit_rows

pytestmark = pytest.mark.slow

SETUP = 'from setuptools import setup\n\nsetup(name="shop", version="1.0", install_requires=["six"])\n\nCODES = (\n'


def _requirements(root: Path) -> dict:
    out = measured("requirements", str(root), timeout=300, what="the call")
    if "six" not in out["requirements"][0]:
        pytest.fail(f"precondition: setup.py was not read: {out}")
    return out


def _repository(root: Path, table_bytes: int) -> Path:
    root.mkdir()
    (root / "setup.py").write_text(SETUP + digit_rows(table_bytes) + ")\n")
    if (root / "setup.py").stat().st_size > 1024**2:
        pytest.fail("precondition: setup.py must be under the 1 MiB read cap")
    return root


def test_a_setup_py_under_the_read_cap_cannot_take_the_builders_memory(tmp_path):
    control = _requirements(_repository(tmp_path / "small", 2_000))
    attack = _requirements(_repository(tmp_path / "large", 1024**2 - 4_000))
    print(control, attack)
    assert attack["grown_mb"] - control["grown_mb"] < 64, (control["grown_mb"], attack["grown_mb"])
