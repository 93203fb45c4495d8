"""A pinned requirement that installs but does not import on this Python is reinstalled
without its pin (python-semantic-release's test extra pins ``responses==0.5.0``, whose
``from collections import Sequence`` fails on Python >= 3.10: its test module never imported,
0 of 9 RepoExec targets, tuning set 2026-11-27c). Two wheels written here, installed by the
real pip from a local folder (no index)."""

from __future__ import annotations

import base64
import hashlib
import zipfile
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.run import run
from crossfile_datasets.sandbox.environment import ensure_environment

NAME = "oldpin_demo"


def write_wheel(folder: Path, version: str, module: str, name: str = NAME, files: dict[str, str] | None = None,
                requires: tuple[str, ...] = ()) -> Path:
    info = f"{name}-{version}.dist-info"
    metadata = f"Metadata-Version: 2.1\nName: {name.replace('_', '-')}\nVersion: {version}\n"
    metadata += "".join(f"Requires-Dist: {r}\n" for r in requires)
    files = {
        **(files if files is not None else {f"{name}.py": module}),
        f"{info}/METADATA": metadata,
        f"{info}/WHEEL": "Wheel-Version: 1.0\nGenerator: crossfile-tests\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
        f"{info}/top_level.txt": f"{name}\n",
    }
    record = []
    for path, text in files.items():
        digest = base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    record.append(f"{info}/RECORD,,")
    files[f"{info}/RECORD"] = "\n".join(record) + "\n"
    wheel = folder / f"{name}-{version}-py3-none-any.whl"
    with zipfile.ZipFile(wheel, "w") as zf:
        for path, text in files.items():
            zf.writestr(path, text)
    return wheel


@pytest.mark.slow
def test_a_pin_that_does_not_import_is_relaxed(tmp_path, monkeypatch):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    write_wheel(wheels, "1.0", "from collections import Sequence\nVERSION = 1\n")  # gone since Python 3.10
    write_wheel(wheels, "2.0", "from collections.abc import Sequence\nVERSION = 2\n")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    env = ensure_environment(["oldpin-demo==1.0"], cache_dir=tmp_path / "cache")
    assert not env.problem and not env.failed, (env.problem, env.failed)
    assert list(env.relaxed_pins) == ["oldpin-demo==1.0"]
    assert "cannot import name 'Sequence'" in env.relaxed_pins["oldpin-demo==1.0"]
    assert env.not_importable == {}
    res = run([env.python, "-c", f"import {NAME}; print({NAME}.VERSION)"], timeout=120)
    assert res.stdout.strip() == "2", res.stderr
    # the cached environment says the same
    again = ensure_environment(["oldpin-demo==1.0"], cache_dir=tmp_path / "cache")
    assert again.relaxed_pins == env.relaxed_pins


@pytest.mark.slow
def test_an_unpinned_requirement_that_does_not_import_is_named(tmp_path, monkeypatch):
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    write_wheel(wheels, "1.0", "raise ImportError('needs a C library')\n")
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    env = ensure_environment(["oldpin-demo"], cache_dir=tmp_path / "cache")
    assert env.relaxed_pins == {}
    assert env.not_importable == {"oldpin-demo": "import oldpin_demo: ImportError: needs a C library"}


@pytest.mark.slow
def test_a_pin_whose_submodule_does_not_import_is_relaxed(tmp_path, monkeypatch):
    """fastapi pins ``aiofiles<0.6.0``: ``import aiofiles`` works, ``aiofiles.os`` uses
    ``@asyncio.coroutine`` (gone in Python 3.11), and starlette imports it: every test of fastapi
    failed (tuning 2026-11-27d/e). The pin of the distribution whose own file fails is relaxed;
    the one that only imports it, and a submodule lacking an optional dependency, are not."""
    wheels = tmp_path / "wheels"
    wheels.mkdir()
    old_aio = "import asyncio\n\n\n@asyncio.coroutine\ndef stat(path):\n    return path\n"
    new_aio = "async def stat(path):\n    return path\n"
    for version, aio in (("0.5", old_aio), ("0.8", new_aio)):
        write_wheel(wheels, version, "", name="aiofix_demo", files={
            "aiofix_demo/__init__.py": "VERSION = %r\n" % version, "aiofix_demo/os.py": aio,
            "aiofix_demo/extra.py": "import not_installed_anywhere_demo\n"})
    write_wheel(wheels, "0.14", "", name="starfix_demo", requires=("aiofix-demo",), files={
        "starfix_demo/__init__.py": "", "starfix_demo/staticfiles.py": "import aiofix_demo.os\n"})
    monkeypatch.setenv("PIP_NO_INDEX", "1")
    monkeypatch.setenv("PIP_FIND_LINKS", str(wheels))
    env = ensure_environment(["aiofix-demo<0.6", "starfix-demo==0.14"], cache_dir=tmp_path / "cache")
    assert not env.problem and not env.failed, (env.problem, env.failed)
    assert list(env.relaxed_pins) == ["aiofix-demo<0.6"], env.relaxed_pins
    assert "import aiofix_demo.os: AttributeError" in env.relaxed_pins["aiofix-demo<0.6"]
    assert env.not_importable == {}
    res = run([env.python, "-c", "import starfix_demo.staticfiles, aiofix_demo; print(aiofix_demo.VERSION)"], timeout=120)
    assert res.stdout.strip() == "0.8", res.stderr
