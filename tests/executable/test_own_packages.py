"""The installed releases of a repository's own packages are hidden from its runs
(``sandbox/own_packages.py``; red team 2026-11-27f row 1), also when the repository is one of
the harness's own tools (pytest then runs with the copy's package)."""

from __future__ import annotations

import importlib.util
import shutil
import sys
from pathlib import Path

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.own_packages import own_names, shadowed_releases
from crossfile_datasets.sandbox.pytest_runs import run_pytest


def test_own_names_are_the_packages_and_modules_of_the_roots(tmp_path):
    for rel in ("pkg/__init__.py", "pkg/sub/__init__.py", "mod.py", "ns/inner/__init__.py", "ns/single.py",
                "docs/readme.txt", "not-a-name/__init__.py", "tests/__init__.py", "ext.cpython-311-x86_64-linux-gnu.so"):
        (tmp_path / rel).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / rel).write_text("")
    # regular packages and modules are one name each; a namespace package gives what it holds
    # (other distributions share the namespace); folders of no Python code give nothing
    assert own_names([tmp_path]) == {("pkg",), ("mod",), ("ns", "inner"), ("ns", "single"), ("tests",), ("ext",)}


@pytest.mark.slow
def test_standard_library_names_and_the_roots_are_never_hidden(tmp_path):
    (tmp_path / "json").mkdir()
    (tmp_path / "json" / "__init__.py").write_text("")
    (tmp_path / "idna").mkdir()
    (tmp_path / "idna" / "__init__.py").write_text("")
    hidden = shadowed_releases(sys.executable, [str(tmp_path)])
    assert not any(Path(p).name == "json" for p in hidden)
    assert not any(p.startswith(str(tmp_path)) for p in hidden)
    installed = Path(importlib.util.find_spec("idna").origin).parent  # the builder's environment holds idna
    assert str(installed) in hidden


PROBE = '''import importlib, sys


def _release(name):
    """Import ``name`` with the copy moved aside (what an answer borrowing the release does)."""
    own = {n: sys.modules.pop(n) for n in list(sys.modules) if n == name or n.startswith(name + ".")}
    path = sys.path[:]
    sys.path[:] = [p for p in path if "site-packages" in p or "dist-packages" in p]
    try:
        return importlib.import_module(name)
    except ImportError:
        return None
    finally:
        sys.path[:] = path
        for n in [n for n in sys.modules if n == name or n.startswith(name + ".")]:
            del sys.modules[n]
        sys.modules.update(own)


def test_the_copy_is_imported():
    import iniconfig
    assert iniconfig.__file__.startswith(ROOT), iniconfig.__file__
    assert iniconfig.IniConfig("x.ini", data="[a]\\nb = 1\\n")["a"]["b"] == "1"


def test_the_release_behind_the_copy_is_gone():
    release = _release("iniconfig")
    assert release is None or not hasattr(release, "IniConfig"), getattr(release, "__file__", None)


def test_other_installed_packages_still_import():
    import pluggy, packaging.version  # noqa: F401  (the harness's other tools, untouched)
'''


@pytest.mark.slow
def test_a_repository_of_a_harness_tool_runs_with_its_copy_and_never_sees_the_release(tmp_path):
    """iniconfig is one of the harness's tools (pytest imports it at start-up): a repository of
    iniconfig runs under the harness's pytest with the copy's package, and the installed release
    behind it is hidden."""
    installed = Path(importlib.util.find_spec("iniconfig").origin).parent
    repo = tmp_path / "iniconfig-repo"
    shutil.copytree(installed, repo / "iniconfig", ignore=shutil.ignore_patterns("__pycache__"))
    with Sandbox(repo, python=sys.executable, limits=SandboxLimits(timeout=120)) as box:
        assert str(installed) in box.hidden_releases
        box.write("test_probe.py", PROBE.replace("ROOT", repr(str(box.root))))
        prun = run_pytest(box, ["test_probe.py"])
    assert prun.complete, prun.run.result
    assert len(prun.outcomes) == 3 and set(prun.outcomes.values()) == {"passed"}, prun.messages


# ---- copies of the release elsewhere on the machine (red team 2026-11-29d row 2) ----


def test_wheel_folders_come_from_pip_s_settings(tmp_path, monkeypatch):
    from crossfile_datasets.sandbox import own_packages

    (tmp_path / "links").mkdir()
    (tmp_path / "mirror" / "simple").mkdir(parents=True)
    monkeypatch.setenv("PIP_FIND_LINKS", str(tmp_path / "links"))
    monkeypatch.setenv("PIP_EXTRA_INDEX_URL", f"file://{tmp_path}/mirror/simple https://example.org/simple")
    monkeypatch.setenv("PIP_CONFIG_FILE", str(tmp_path / "none.conf"))
    monkeypatch.setattr(own_packages, "_PIP_CONFIGS", ())
    own_packages.archive_folders.cache_clear()
    try:
        # the mirror's root (its files sit beside its index), the find-links folder itself
        assert own_packages.archive_folders() == (str(tmp_path / "links"), str(tmp_path / "mirror"))
    finally:
        own_packages.archive_folders.cache_clear()


def test_archives_named_like_an_own_package_are_released_archives(tmp_path, monkeypatch):
    from crossfile_datasets.sandbox import own_packages

    files = tmp_path / "mirror" / "files"
    files.mkdir(parents=True)
    for name in ("Blinker-1.9.0-py3-none-any.whl", "blinker-1.5.tar.gz", "click-8.1.0-py3-none-any.whl",
                 "docstring_parser-0.18.0-py3-none-any.whl"):
        (files / name).write_bytes(b"")
    copy = tmp_path / "copy"
    for rel in ("blinker/__init__.py", "docstring_parser/__init__.py"):
        (copy / rel).parent.mkdir(parents=True, exist_ok=True)
        (copy / rel).write_text("")
    monkeypatch.setattr(own_packages, "archive_folders", lambda: (str(tmp_path / "mirror"),))
    own_packages._archives.cache_clear()
    try:
        got = sorted(Path(p).name for p in own_packages.released_archives([str(copy)]))
    finally:
        own_packages._archives.cache_clear()
    assert got == ["Blinker-1.9.0-py3-none-any.whl", "blinker-1.5.tar.gz", "docstring_parser-0.18.0-py3-none-any.whl"]


def test_a_jar_holding_a_class_the_copy_declares_is_a_released_jar(tmp_path, monkeypatch):
    import zipfile

    from crossfile_datasets.sandbox import own_packages

    jars = tmp_path / "java"
    jars.mkdir()
    for name, entries in (("release.jar", ["org/demo/Calc.class", "org/demo/Calc$Inner.class"]),
                          ("dependency.jar", ["org/other/Calc.class", "org/demo/Helper.class"]),
                          ("runner.jar", ["org/demo/Calc.class"])):
        with zipfile.ZipFile(jars / name, "w") as jar:
            for entry in entries:
                jar.writestr(entry, b"")
    copy = tmp_path / "copy"
    (copy / "src/main/java/org/demo").mkdir(parents=True)
    (copy / "src/main/java/org/demo/Calc.java").write_text("/* x */\npackage org.demo;\n\npublic class Calc {}\n")
    (copy / "src/main/java/org/demo/Helper.java").write_text("package org.elsewhere;\nclass Helper {}\n")
    monkeypatch.setattr(own_packages, "JAR_FOLDERS", (str(jars),))
    own_packages._jar_files.cache_clear()
    try:
        got = own_packages.released_jars(copy, keep=[str(jars / "runner.jar")])
    finally:
        own_packages._jar_files.cache_clear()
    # the same package and name as a class of the copy; not another package's Calc, not a file
    # whose declared package is another, never the runner's own jars
    assert got == [str(jars / "release.jar")]
    assert own_packages.released_jars(tmp_path / "empty") == []
