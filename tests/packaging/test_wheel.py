"""A regular (non-editable) install: the wheel built from this checkout, installed with its
dependencies into a fresh virtual environment, works where a researcher's own ``lang/`` (or
``builders/``, ``core/``...) package is on ``PYTHONPATH``.

The dependencies come from the machine's local package indexes when pip is configured with any
(``file:`` index URLs, as on this project's machines), so the test runs offline; without them pip
uses its configured index and cache. The whole module takes about a minute.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Iterator

import pytest

from crossfile_datasets.core import toolchain
from tests.conftest import ROOT

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

# what the wheel is built from (a copy: the build leaves build/ and *.egg-info behind)
SOURCES = ("pyproject.toml", "README.md", "core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders", "examples")
# generic names a researcher's own code may use: never installed at the top level
GENERIC = ("lang", "builders", "analyzers", "evaluation", "core", "sandbox", "examples")
COMMANDS = ("build-dataset", "retrieval-report", "repo-tools", "evaluate-predictions", "generate-predictions")
LANGS = ("python", "java", "typescript", "csharp")


@dataclass
class Installed:
    venv: Path
    site: Path
    wheel: Path
    package: Path  # site/crossfile_datasets

    def bin(self, name: str) -> str:
        return str(self.venv / "bin" / name)


def _pip(*args: str, timeout: float = 600) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "pip", *args], capture_output=True, text=True, timeout=timeout,
                          env={**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1"})


def local_index_args() -> list[str]:
    """pip options that install from the configured local (``file:``) indexes only, or []."""
    res = _pip("config", "list")
    urls: list[str] = []
    for line in res.stdout.splitlines():
        key, _, value = line.partition("=")
        if key.rsplit(".", 1)[-1] in ("index-url", "extra-index-url"):
            urls += [u for u in value.strip("'\"").split() if u.startswith("file:")]
    if not urls:
        return []
    return ["--index-url", urls[0], *(a for u in urls[1:] for a in ("--extra-index-url", u))]


def _check(res: subprocess.CompletedProcess, what: str) -> None:
    assert res.returncode == 0, f"{what} failed ({res.returncode}):\n{res.stdout[-3000:]}\n{res.stderr[-5000:]}"


def _copy_sources(dest: Path) -> None:
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", "*.egg-info")
    for name in SOURCES:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, dest / name, ignore=ignore)
        else:
            shutil.copy2(src, dest / name)


def _can_build_without_isolation() -> bool:
    try:
        import setuptools
    except ImportError:
        return False
    return int(setuptools.__version__.split(".")[0]) >= 77


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> Iterator[Installed]:
    base = tmp_path_factory.mktemp("wheel")
    src = base / "src"
    src.mkdir()
    _copy_sources(src)
    local = local_index_args()
    # this interpreter's setuptools when it is recent enough, else an isolated build environment
    isolation = ["--no-build-isolation"] if _can_build_without_isolation() else local
    _check(_pip("wheel", str(src), "--no-deps", *isolation, "-w", str(base / "dist")), "building the wheel")
    (wheel,) = (base / "dist").glob("crossfile_datasets-*.whl")

    venv = base / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True, timeout=120)
    target = ["--python", str(venv / "bin" / "python"), "install", "--no-input", "--no-compile", str(wheel)]
    res = _pip(*target, *local)
    if res.returncode != 0 and local:  # a dependency the local indexes lack: pip's own index
        res = _pip(*target)
    _check(res, "installing the wheel")
    (site,) = (venv / "lib").glob("python3*/site-packages")
    yield Installed(venv, site, wheel, site / "crossfile_datasets")
    shutil.rmtree(base, ignore_errors=True)  # a few hundred MB of dependencies


@pytest.fixture(scope="module")
def shadowing(tmp_path_factory) -> Path:
    """A researcher's project: packages named like ours, each failing loudly when imported."""
    project = tmp_path_factory.mktemp("researcher") / "project"
    for name in GENERIC:
        (project / name).mkdir(parents=True)
        (project / name / "__init__.py").write_text(
            f"raise ImportError('the researcher\\'s own {name}/ package was imported instead of crossfile_datasets.{name}')\n")
    return project


def _env(installed: Installed, pythonpath: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    env.update(PYTHONPATH=str(pythonpath), PATH=f"{installed.venv / 'bin'}{os.pathsep}{env.get('PATH', '')}",
               COLUMNS="80", **extra)
    return env


def test_only_the_namespace_lands_in_site_packages(installed):
    entries = {p.name for p in installed.site.iterdir()}
    assert not entries & set(GENERIC), f"generic top-level names installed: {sorted(entries & set(GENERIC))}"
    with zipfile.ZipFile(installed.wheel) as z:
        names = z.namelist()
        top_level = z.read(next(n for n in names if n.endswith(".dist-info/top_level.txt"))).decode().split()
    assert top_level == ["crossfile_datasets"]
    assert {n.split("/")[0] for n in names} == {"crossfile_datasets", installed.wheel.name.split("-py3")[0] + ".dist-info"}
    # TypeScript is never installed inside the package
    assert not any("node_modules" in n for n in names)
    assert not list(installed.package.rglob("node_modules"))


def test_package_data_is_installed(installed):
    pkg = installed.package
    for rel in ("core/data/starcoder/tokenizer.json", "core/data/starcoder/PROVENANCE.md",
                "lang/typescript/package.json", "lang/typescript/package-lock.json", "lang/typescript/tsc_server.js",
                "lang/java/CrossfileJavac.java", "lang/csharp/McsServer.cs", "sandbox/pytest_plugin.py",
                "sandbox/suites/csharp_host/CrossfileTestHost.cs", "sandbox/suites/CrossfileJUnit.java",
                "sandbox/suites/CrossfileCoverage.java", "lang/java/CrossfileJson.java",
                "analyzers/pylint_plugins/__init__.py"):
        assert (pkg / rel).is_file(), rel
    for folder, suffix in (("lang/java", ".java"), ("lang/csharp", ".cs")):
        shipped = sorted(p.name for p in (pkg / folder).glob(f"*{suffix}"))
        assert shipped == sorted(p.name for p in (ROOT / folder).glob(f"*{suffix}")), folder
    # the bundled sample repositories, byte for byte
    for lang in LANGS:
        ours = sorted(p.relative_to(ROOT / "examples") for p in (ROOT / "examples" / lang).rglob("*")
                      if p.is_file() and "__pycache__" not in p.parts)
        theirs = sorted(p.relative_to(pkg / "examples") for p in (pkg / "examples" / lang).rglob("*")
                        if p.is_file() and "__pycache__" not in p.parts)
        assert ours and theirs == ours, lang
    tokenizer = (pkg / "core/data/starcoder/tokenizer.json").read_bytes()
    assert hashlib.sha256(tokenizer).hexdigest() == hashlib.sha256((ROOT / "core/data/starcoder/tokenizer.json").read_bytes()).hexdigest()


def test_metadata_states_the_tokenizer_license(installed):
    with zipfile.ZipFile(installed.wheel) as z:
        metadata = z.read(next(n for n in z.namelist() if n.endswith(".dist-info/METADATA"))).decode()
        names = z.namelist()
    headers = metadata.split("\n\n", 1)[0]
    assert "License-Expression: Apache-2.0 AND MIT AND LicenseRef-BigCode-OpenRAIL-M-v1" in headers
    assert "License-File: core/data/starcoder/PROVENANCE.md" in headers
    assert any(n.endswith("licenses/core/data/starcoder/PROVENANCE.md") for n in names)
    # matplotlib is an extra, not a dependency of every install
    requires = [line for line in headers.splitlines() if line.startswith("Requires-Dist: matplotlib")]
    assert requires and all("extra ==" in line for line in requires)


def test_every_command_runs_with_generic_packages_on_pythonpath(installed, shadowing):
    env = _env(installed, shadowing)
    for command in COMMANDS:
        res = subprocess.run([installed.bin(command), "--help"], capture_output=True, text=True, timeout=120,
                             cwd=shadowing, env=env)
        _check(res, f"{command} --help")
        assert "Usage" in res.stdout, command
    # the default repositories are the installed copy of the bundled samples
    probe = subprocess.run([installed.bin("python"), "-c", "from crossfile_datasets.builders import cli; print(cli.EXAMPLES_DIR)"],
                           capture_output=True, text=True, timeout=120, cwd=shadowing, env=env)
    _check(probe, "reading EXAMPLES_DIR")
    examples = Path(probe.stdout.strip())
    assert examples == installed.package / "examples" and all((examples / lang).is_dir() for lang in LANGS)


def test_typescript_is_looked_up_in_the_per_user_tools_folder(installed, shadowing):
    env = _env(installed, shadowing, CROSSFILE_NO_INSTALL="1")
    env.pop("CROSSFILE_TYPESCRIPT_DIR", None)
    probe = subprocess.run([installed.bin("python"), "-c", "from crossfile_datasets.analyzers.tsc import typescript_dir; print(typescript_dir())"],
                           capture_output=True, text=True, timeout=120, cwd=shadowing, env=env)
    _check(probe, "locating TypeScript")
    located = Path(probe.stdout.strip())
    # the same shipped lockfile -> the same folder as this checkout's (preinstalled by scripts/setup.sh)
    assert located == toolchain.typescript_dir(install=False)
    assert not located.is_relative_to(installed.venv)


@pytest.fixture(scope="module")
def tiny_build(installed, shadowing, tmp_path_factory) -> Path:
    """One sample repository of the installed copy built with the installed command: the output folder."""
    base = tmp_path_factory.mktemp("build")
    out = base / "out"
    repo = installed.package / "examples" / "python" / "inventory_service"
    res = subprocess.run([installed.bin("build-dataset"), "--lang", "python", "--repos", str(repo), "--output", str(out),
                          "--cache-dir", str(base / "cache"), "--retrievers", "bm25"],
                         capture_output=True, text=True, timeout=600, cwd=shadowing, env=_env(installed, shadowing))
    _check(res, "build-dataset")
    return out


def test_a_tiny_build_from_the_installed_samples(installed, tiny_build):
    """Python checker (Pylint from the venv), tokenizer, retrieval and the card; matplotlib is not
    installed (an extra), so the card says there is no plot instead of the build failing."""
    assert not (installed.site / "matplotlib").exists()
    out = tiny_build
    records = [json.loads(line) for line in (out / "python" / "line_completion_rg1_bm25.jsonl").read_text().splitlines()]
    assert records and all(r["crossfile_context"]["list"] for r in records)
    stats = json.loads((out / "python" / "stats.json").read_text())
    assert stats["examples"] == len(records) and stats["repositories"] == 1
    card = (out / "python" / "README.md").read_text()
    assert "No length plot" in card and not (out / "python" / "lengths.png").exists()


def test_retrieval_report_without_matplotlib_names_the_extra(installed, shadowing, tiny_build):
    out = tiny_build
    res = subprocess.run([installed.bin("retrieval-report"), str(out)], capture_output=True, text=True, timeout=300,
                         cwd=shadowing, env=_env(installed, shadowing))
    _check(res, "retrieval-report")
    assert (out / "retrieval_report.json").is_file() and not (out / "retrieval_report.png").exists()
    assert "crossfile-datasets[report]" in res.stdout + res.stderr


def test_generate_predictions_against_a_model_server_in_a_clean_install(installed, shadowing, tiny_build, tmp_path):
    """``--model-url`` needs nothing the wheel does not declare (``requests`` was imported but
    never declared: a traceback in a clean install)."""
    from tests.models.standin_openai import OpenAIStandIn

    split = tiny_build / "python" / "line_completion.jsonl"
    predictions = tmp_path / "predictions.jsonl"
    with OpenAIStandIn(lambda prompt: "total = 0\n") as server:
        res = subprocess.run([installed.bin("generate-predictions"), "completion", str(split), str(predictions),
                              "--model-url", server.url, "--no-cache"],
                             capture_output=True, text=True, timeout=300, cwd=shadowing, env=_env(installed, shadowing))
    _check(res, "generate-predictions --model-url")
    rows = [json.loads(line) for line in predictions.read_text().splitlines()]
    assert len(rows) == len(split.read_text().splitlines()) and all(r["pred"] == "total = 0\n" for r in rows)
    assert server.requests and all(path == "/v1/completions" for path, _ in server.requests)
