"""TypeScript is installed by `npm ci` into the per-user tools folder on first use, never inside
the package; a fake `npm` (a shell script) stands in for the registry so these tests run offline."""

from __future__ import annotations

import os
import stat
import threading
from pathlib import Path

import pytest

from crossfile_datasets.core import toolchain

FAKE_NPM = """#!/bin/sh
# records its call, then lays out node_modules/typescript like `npm ci` does
echo "$@" >> "{log}"
[ -n "$FAKE_NPM_FAIL" ] && {{ echo "npm ERR! network unreachable" >&2; exit 1; }}
sleep "${{FAKE_NPM_SLEEP:-0}}"
prefix="$3"
mkdir -p "$prefix/node_modules/typescript/lib" "$prefix/node_modules/typescript/bin"
echo "// ts" > "$prefix/node_modules/typescript/lib/typescript.js"
echo "#!/usr/bin/env node" > "$prefix/node_modules/typescript/bin/tsc"
echo '{{"version": "0.0.0-fake"}}' > "$prefix/node_modules/typescript/package.json"
"""


@pytest.fixture
def fake_npm(tmp_path, monkeypatch):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "npm.log"
    npm = bin_dir / "npm"
    npm.write_text(FAKE_NPM.format(log=log))
    npm.chmod(npm.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    monkeypatch.setenv("CROSSFILE_TOOLS_DIR", str(tmp_path / "tools"))
    monkeypatch.delenv("CROSSFILE_NO_INSTALL", raising=False)
    return log


def calls(log: Path) -> list[str]:
    return log.read_text().splitlines() if log.exists() else []


def test_first_use_installs_into_the_tools_folder_once(fake_npm, tmp_path):
    package = toolchain.typescript_dir()
    digest = toolchain.manifest_digest()
    assert package == tmp_path / "tools" / f"typescript-{digest}" / "node_modules" / "typescript"
    assert (package / "lib" / "typescript.js").is_file()
    # npm ci with the shipped manifests (lockfile versions), scripts off
    (call,) = calls(fake_npm)
    assert call.startswith("ci --prefix ") and "--ignore-scripts" in call
    installed = package.parents[1]
    for name in toolchain.MANIFESTS:
        assert (installed / name).read_bytes() == (toolchain.TYPESCRIPT_MANIFEST_DIR / name).read_bytes()
    assert toolchain.typescript_dir() == package  # second use: no install
    assert len(calls(fake_npm)) == 1
    # nothing left beside it but the lock file
    assert sorted(p.name for p in (tmp_path / "tools").iterdir()) == [f".typescript-{digest}.lock", f"typescript-{digest}"]


def test_not_inside_the_package_and_not_in_the_result_cache(monkeypatch, tmp_path):
    monkeypatch.delenv("CROSSFILE_TOOLS_DIR", raising=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setenv("CROSSFILE_CACHE", str(tmp_path / "results"))  # the test suite's own cache
    package = toolchain.typescript_dir(install=False)
    assert package.is_relative_to(tmp_path / "xdg" / "crossfile-datasets")
    assert not package.is_relative_to(Path(toolchain.__file__).resolve().parents[1])


def test_a_new_lockfile_gets_a_new_folder(tmp_path):
    manifests = tmp_path / "manifests"
    manifests.mkdir()
    for name in toolchain.MANIFESTS:
        (manifests / name).write_bytes((toolchain.TYPESCRIPT_MANIFEST_DIR / name).read_bytes())
    before = toolchain.manifest_digest(manifests)
    assert before == toolchain.manifest_digest()
    package = manifests / "package.json"
    package.write_text(package.read_text().replace('"description": "', '"description": "Reworded. '))
    assert toolchain.manifest_digest(manifests) == before  # npm ci installs what the lockfile pins
    lock = manifests / "package-lock.json"
    lock.write_text(lock.read_text().replace('"5.', '"6.'))
    assert toolchain.manifest_digest(manifests) != before


def test_concurrent_first_uses_install_once(fake_npm, monkeypatch):
    monkeypatch.setenv("FAKE_NPM_SLEEP", "0.5")
    results: list[Path] = []
    threads = [threading.Thread(target=lambda: results.append(toolchain.typescript_dir())) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert len(set(results)) == 1 and (results[0] / "bin" / "tsc").is_file()
    assert len(calls(fake_npm)) == 1


def test_failed_install_says_why_and_leaves_nothing(fake_npm, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("FAKE_NPM_FAIL", "1")
    package = toolchain.typescript_dir()
    assert not package.exists()
    err = capsys.readouterr().err
    assert "TypeScript could not be installed" in err and "network unreachable" in err
    assert [p.name for p in (tmp_path / "tools").iterdir()] == [f".typescript-{toolchain.manifest_digest()}.lock"]
    # the checker then reports it missing with the hint (a MissingToolError, not a crash)
    from crossfile_datasets.analyzers.run import MissingToolError
    from crossfile_datasets.analyzers.tsc import require_typescript

    monkeypatch.delenv("CROSSFILE_TYPESCRIPT_DIR", raising=False)
    with pytest.raises(MissingToolError, match="crossfile_datasets.core.toolchain typescript"):
        require_typescript()


def test_no_install_switch_and_missing_npm(fake_npm, monkeypatch, tmp_path, capsys):
    monkeypatch.setenv("CROSSFILE_NO_INSTALL", "1")
    assert not toolchain.typescript_dir().exists()
    assert calls(fake_npm) == []
    monkeypatch.delenv("CROSSFILE_NO_INSTALL")
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    assert not toolchain.typescript_dir().exists()
    assert "npm was not found" in capsys.readouterr().err


def test_command_line_installs_and_prints_the_folder(fake_npm, capsys):
    assert toolchain.main(["typescript"]) == 0
    printed = Path(capsys.readouterr().out.strip())
    assert printed == toolchain.typescript_dir(install=False) and printed.is_dir()
    assert toolchain.main(["java"]) == 2


def test_missing_extra_names_the_extra():
    message = toolchain.missing_extra("matplotlib", "The length plot")
    assert message == "The length plot needs matplotlib, which is not installed: pip install 'crossfile-datasets[report]'"
