"""Third-party requirements of a repository and the virtual environment its tests run in.

Why it exists: a repository's tests import packages we do not ship. We detect them from the
packaging files (requirements*.txt, pyproject.toml, setup.cfg) and from the imports that do
not resolve to a project file or the standard library, store them per problem
(``requirements``), and run the tests in a virtual environment made for exactly that set
(``python -m venv --system-site-packages``: what the builder already has, pytest and
coverage included, is reused; only what is missing is installed). Installation uses
``--only-binary=:all:`` so no package's setup.py is executed outside the sandbox; a
requirement that cannot be installed is recorded with its reason instead of stopping the
build. The repository itself is never installed: its source roots go on ``PYTHONPATH``.
"""

from __future__ import annotations

import fcntl
import hashlib
import importlib.metadata
import json
import re
import shutil
import sys
import tomllib
from configparser import ConfigParser
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

from analyzers.run import path_env, run
from builders import constants as C
from builders.repos import default_cache_dir
from lang.base import FileFacts

# Import names whose distribution is named differently (the common cases; the installed
# environment's own mapping is consulted first).
IMPORT_TO_DISTRIBUTION = {
    "yaml": "PyYAML", "PIL": "Pillow", "sklearn": "scikit-learn", "cv2": "opencv-python",
    "bs4": "beautifulsoup4", "dateutil": "python-dateutil", "attr": "attrs", "dotenv": "python-dotenv",
    "jwt": "PyJWT", "magic": "python-magic", "Crypto": "pycryptodome", "serial": "pyserial",
    "git": "GitPython", "docx": "python-docx", "google": "protobuf", "jose": "python-jose",
    "multipart": "python-multipart", "OpenSSL": "pyOpenSSL", "skimage": "scikit-image",
    "zmq": "pyzmq", "win32api": "pywin32", "lxml": "lxml", "markdown": "Markdown",
}
REQUIREMENT_FILES = ("requirements.txt", "requirements-dev.txt", "requirements_dev.txt", "requirements-test.txt",
                     "requirements_test.txt", "test-requirements.txt", "dev-requirements.txt")
TEST_EXTRAS = ("test", "tests", "testing", "dev")


@dataclass(frozen=True)
class RepoEnvironment:
    python: str  # the interpreter tests run with
    venv: Path | None
    requirements: tuple[str, ...]
    installed: tuple[str, ...] = ()  # requirements pip installed into the venv
    failed: dict[str, str] = field(default_factory=dict)  # requirement -> why it could not be installed
    pytest_plugins: tuple[str, ...] = ()  # pytest plugins the requirements provide (loaded with -p)


# ------------------------------------------------------------------------------- detect --
def parse_requirement_lines(lines: Iterable[str]) -> tuple[list[str], list[str]]:
    """Requirement lines -> (requirements applying to this Python, unsupported lines)."""
    ok, unsupported = [], []
    for raw in lines:
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("-") or "://" in line or line.startswith((".", "/")):
            unsupported.append(line)  # -r/-e/options, URLs and paths are not resolved here
            continue
        try:
            req = Requirement(line)
        except InvalidRequirement:
            unsupported.append(line)
            continue
        if req.marker is not None and not req.marker.evaluate():
            continue
        req.marker = None
        ok.append(str(req))
    return ok, unsupported


def declared_requirements(root: Path) -> tuple[list[str], list[str]]:
    """Requirements declared in the repository's packaging files (runtime + test extras)."""
    lines: list[str] = []
    for name in REQUIREMENT_FILES:
        path = root / name
        if path.is_file():
            lines.extend(path.read_text(encoding="utf-8", errors="replace").splitlines())
    req_dir = root / "requirements"
    if req_dir.is_dir():
        for path in sorted(req_dir.glob("*.txt")):
            lines.extend(path.read_text(encoding="utf-8", errors="replace").splitlines())
    pyproject = root / "pyproject.toml"
    if pyproject.is_file():
        try:
            data = tomllib.loads(pyproject.read_text(encoding="utf-8", errors="replace"))
        except tomllib.TOMLDecodeError:
            data = {}
        project = data.get("project", {})
        lines.extend(project.get("dependencies", []) or [])
        for extra, reqs in (project.get("optional-dependencies", {}) or {}).items():
            if extra in TEST_EXTRAS:
                lines.extend(reqs or [])
        poetry = data.get("tool", {}).get("poetry", {})
        for section in (poetry.get("dependencies", {}), poetry.get("dev-dependencies", {})):
            for name, spec in (section or {}).items():
                if name.lower() != "python":
                    lines.append(name if not isinstance(spec, str) or spec in ("*", "") else f"{name}{_poetry_spec(spec)}")
    setup_cfg = root / "setup.cfg"
    if setup_cfg.is_file():
        parser = ConfigParser()
        try:
            parser.read_string(setup_cfg.read_text(encoding="utf-8", errors="replace"))
        except Exception:  # configparser raises several unrelated error types on odd files
            parser = ConfigParser()
        if parser.has_option("options", "install_requires"):
            lines.extend(parser.get("options", "install_requires").splitlines())
        for extra in TEST_EXTRAS:
            if parser.has_option("options.extras_require", extra):
                lines.extend(parser.get("options.extras_require", extra).splitlines())
    return parse_requirement_lines(lines)


def _poetry_spec(spec: str) -> str:
    if spec[0] in "^~":  # poetry's caret/tilde: lower bound is what matters for installing
        return f">={spec[1:]}"
    return spec if spec[0] in "<>=!" else f"=={spec}"


def project_top_names(paths: Iterable[str]) -> set[str]:
    """Every file stem and folder name of the project: imports of these are not third-party."""
    names: set[str] = set()
    for p in paths:
        parts = p.split("/")
        names.update(parts[:-1])
        names.add(parts[-1].rsplit(".", 1)[0])
    return names


def import_to_distribution(top: str) -> str:
    known = importlib.metadata.packages_distributions().get(top)
    if known:
        return sorted(known)[0]
    return IMPORT_TO_DISTRIBUTION.get(top, top)


def imported_third_party(facts: dict[str, FileFacts]) -> set[str]:
    """Top-level names imported by the project that are neither project files nor stdlib."""
    own = project_top_names(facts)
    out: set[str] = set()
    for ff in facts.values():
        for b in ff.imports:
            if b.is_project:
                continue
            module = b.imported_name if b.kind == "module" else b.module
            if not module or module.startswith("."):
                continue  # a relative import that did not resolve is the project's, not PyPI's
            top = module.split(".")[0]
            if top in sys.stdlib_module_names or top in own or top == "__future__":
                continue
            out.add(top)
    return out


def detect_requirements(root: Path, facts: dict[str, FileFacts]) -> tuple[list[str], list[str]]:
    """(requirements, unsupported declaration lines) of a repository."""
    declared, unsupported = declared_requirements(root)
    names = {canonicalize_name(Requirement(r).name) for r in declared}
    extra = []
    for top in sorted(imported_third_party(facts)):
        dist = import_to_distribution(top)
        if canonicalize_name(dist) not in names:
            names.add(canonicalize_name(dist))
            extra.append(dist)
    return sorted(set(declared) | set(extra), key=str.lower), unsupported


def is_satisfied(requirement: str) -> bool:
    """Whether the builder's interpreter (the venv's base) already provides it."""
    try:
        req = Requirement(requirement)
        version = importlib.metadata.version(req.name)
    except (InvalidRequirement, importlib.metadata.PackageNotFoundError):
        return False
    return not req.specifier or req.specifier.contains(version, prereleases=True)


# ---------------------------------------------------------------------------- environment --
def environment_key(requirements: Iterable[str]) -> str:
    material = "\n".join([sys.executable, sys.version, *sorted(set(requirements))])
    return hashlib.sha256(material.encode()).hexdigest()[:16]


def ensure_environment(requirements: Iterable[str], *, cache_dir: Path | None = None) -> RepoEnvironment:
    """The virtual environment for ``requirements`` (created once, then reused from the cache)."""
    reqs = tuple(sorted(set(requirements), key=str.lower))
    venv = (cache_dir or default_cache_dir()) / "exec-venvs" / environment_key(reqs)
    venv.parent.mkdir(parents=True, exist_ok=True)
    ready = venv / ".crossfile-ready.json"
    python = venv / "bin" / "python"
    with open(venv.parent / f"{venv.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel workers share one environment per key
        if ready.exists() and python.exists():
            info = json.loads(ready.read_text())
            if "pytest_plugins" in info:
                return RepoEnvironment(str(python), venv, reqs, tuple(info.get("installed", [])),
                                       dict(info.get("failed", {})), tuple(info["pytest_plugins"]))
        if venv.exists():
            shutil.rmtree(venv)
        res = run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], timeout=300)
        if not res.ok:
            raise RuntimeError(f"cannot create a virtual environment in {venv}: {res.stderr.strip()[-500:]}")
        missing = [r for r in reqs if not is_satisfied(r)]
        installed, failed = _install(str(python), missing)
        plugins = requirement_pytest_plugins(str(python), reqs)
        ready.write_text(json.dumps({"requirements": reqs, "installed": installed, "failed": failed,
                                     "pytest_plugins": plugins}, indent=1))
        return RepoEnvironment(str(python), venv, reqs, tuple(installed), failed, tuple(plugins))


# Lists the pytest11 entry points (pytest plugins) of the given distributions, in the venv.
_PLUGINS_SCRIPT = """
import importlib.metadata as md, json, re, sys
wanted = set(json.loads(sys.argv[1]))
names = set()
for ep in md.entry_points(group="pytest11"):
    dist = getattr(ep, "dist", None)
    if dist is not None and re.sub(r"[-_.]+", "-", dist.metadata["Name"]).lower() in wanted:
        names.add(ep.name)
print(json.dumps(sorted(names)))
"""


def requirement_pytest_plugins(python: str, requirements: Iterable[str]) -> list[str]:
    """The pytest plugins provided by the repository's requirements.

    Sandboxed runs set PYTEST_DISABLE_PLUGIN_AUTOLOAD: the venv sees every plugin of the
    builder's own environment (``--system-site-packages``), and loading all of them costs
    about a second per run and can change test behaviour. Only these are loaded (``-p``).
    """
    wanted = []
    for r in requirements:
        try:
            wanted.append(canonicalize_name(Requirement(r).name))
        except InvalidRequirement:
            continue
    if not wanted:
        return []
    res = run([python, "-c", _PLUGINS_SCRIPT, json.dumps(wanted)], timeout=120)
    try:
        return list(json.loads(res.stdout)) if res.ok else []
    except json.JSONDecodeError:
        return []


def _pip(python: str, reqs: list[str]):
    # pip comes from the base interpreter's site-packages (the venv has none of its own)
    return run([python, "-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--quiet",
                "--only-binary=:all:", *reqs], timeout=C.EXEC_PIP_TIMEOUT, env=path_env({"PIP_NO_INPUT": "1"}))


def _install(python: str, missing: list[str]) -> tuple[list[str], dict[str, str]]:
    if not missing:
        return [], {}
    if _pip(python, missing).ok:
        return missing, {}
    installed, failed = [], {}
    for req in missing:  # find out which ones fail, and why
        res = _pip(python, [req])
        if res.ok:
            installed.append(req)
        else:
            lines = [l for l in (res.stderr or res.stdout).splitlines() if l.strip() and "WARNING" not in l]
            failed[req] = _pip_reason(lines[-1] if lines else f"pip exited with {res.returncode} ({res.status.value})")
    return installed, failed


def _pip_reason(line: str) -> str:
    if re.search(r"No matching distribution|Could not find a version", line):
        return f"no wheel for this Python/platform (source builds are not run): {line.strip()[:300]}"
    return line.strip()[:300]
