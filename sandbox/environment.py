"""Third-party requirements of a repository and the virtual environment its tests run in.

Why it exists: a repository's tests import packages we do not ship. We detect them from the
packaging files (requirements*.txt, pyproject.toml, setup.cfg) and from the imports that do
not resolve to a project file or the standard library, store them per problem
(``requirements``), and run the tests in a virtual environment made for exactly that set
(``python -m venv --system-site-packages``, plus a ``.pth`` file naming the builder's own
site directories). The harness's tools (pytest, pluggy, coverage: :data:`HARNESS_TOOLS`) always
come from the builder, in the builder's versions, however the builder was installed: from a
virtual environment, ``--system-site-packages`` alone exposes only the *base* interpreter's
packages (no coverage, a different pytest), hence the ``.pth``; a repository pin of a harness
tool (``pytest==5.4.1``) is not installed (counted as ``harness_pin_ignored``), and pip runs with
the builder's versions as constraints so no dependency can replace them. Installation uses
``--only-binary=:all:`` so no package's setup.py is executed outside the sandbox; a
requirement that cannot be installed is recorded with its reason instead of stopping the
build. The repository itself is never installed: its source roots go on ``PYTHONPATH``.
The probes of a new environment (its site-packages, the harness check, its pytest plugins)
start its interpreter, which runs the ``.pth`` start-up hooks of the wheels just installed:
they run :func:`sandbox.isolation.confined` (read-only, offline). The packaging files are read
through the host-side boundary (``sandbox/hostfs.py``): never through a link leaving the
repository.
"""

from __future__ import annotations

import ast
import fcntl
import fnmatch
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import re
import shutil
import site
import sys
import sysconfig
from configparser import ConfigParser
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable

from packaging.requirements import InvalidRequirement, Requirement
from packaging.utils import canonicalize_name

from crossfile_datasets.analyzers.run import path_env, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core import tomlfile
from crossfile_datasets.core.bounded import BoundedLimit, bounded_text_call
from crossfile_datasets.core.literals import literal_eval
from crossfile_datasets.core.paths import default_cache_dir
from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.sandbox import hostfs
from crossfile_datasets.sandbox.isolation import confined

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
                     "requirements_test.txt", "test-requirements.txt", "dev-requirements.txt",
                     "requirements.pip", "requirements-dev.pip", "test-requirements.pip")
TEST_EXTRAS = ("test", "tests", "testing", "dev")
# PEP 735 dependency groups, tox environments and nox sessions whose dependencies the tests need
TEST_GROUPS = ("test", "tests", "testing", "dev", "ci", "unit")
# developer tools a dev/test declaration lists that running the tests never imports: building,
# releasing, linting, formatting, type checking, docs, task runners (held-out 15: tabulate's
# ``[dependency-groups] dev`` put build, ruff, pre_commit, tox, tox-uv and twine into its test
# environment). Not installed from test declarations and counted
# (``environment/dev_tool_not_installed``); a tool the project's code imports is still mapped
# from that import. Type stubs (``types-*``, ``*-stubs``) are left out too.
DEV_TOOLS = frozenset({
    "autopep8", "bandit", "black", "build", "bump2version", "bumpversion", "bump-my-version", "check-manifest",
    "codespell", "commitizen", "coveralls", "flake8", "flit", "hatch", "interrogate", "ipdb", "ipython", "isort",
    "mkdocs", "mypy", "nox", "pdbpp", "pip-tools", "poetry", "pre-commit", "pydocstyle", "pyflakes", "pylint",
    "pyright", "pyupgrade", "readme-renderer", "restructuredtext-lint", "ruff", "sphinx", "tox", "towncrier",
    "twine", "uv", "vulture", "wheel", "yapf", "zest-releaser",
})
_DEV_TOOL_PREFIXES = ("flake8-", "sphinx-", "sphinxcontrib-", "mkdocs-", "tox-", "types-", "pre-commit-", "mypy-")


def is_dev_tool(name: str) -> bool:
    """Whether a distribution is a developer tool (:data:`DEV_TOOLS`), not a test dependency."""
    name = canonicalize_name(name)
    return name in DEV_TOOLS or name.startswith(_DEV_TOOL_PREFIXES) or name.endswith("-stubs")
# more requirement files: requirements-dev/test*.txt, requirements_tests.txt, test-requirements.txt...
_TEST_REQUIREMENT_FILE = re.compile(r"(?i)^(requirements?[-_.]?\w*(test|dev|ci)\w*|(test|dev|ci)\w*[-_]requirements?)\.txt$")
_INCLUDE_DEPTH = 4  # nested "-r other.txt" followed this deep
# What the harness itself runs in every test environment (pytest + our plugin, coverage for the
# per-test contexts). Always the builder's installed versions; a repository's pins of these are
# ignored. (pytest-cov is not one: the harness does not use it, a repository may.)
HARNESS_TOOLS = ("pytest", "pluggy", "coverage", "iniconfig", "packaging")
HARNESS_PTH = "crossfile_harness.pth"


@dataclass(frozen=True)
class RepoEnvironment:
    python: str  # the interpreter tests run with
    venv: Path | None
    requirements: tuple[str, ...]
    installed: tuple[str, ...] = ()  # requirements pip installed into the venv
    failed: dict[str, str] = field(default_factory=dict)  # requirement -> why it could not be installed
    pytest_plugins: tuple[str, ...] = ()  # pytest plugins the requirements provide (loaded with -p)
    ignored_pins: tuple[str, ...] = ()  # repository pins of harness tools, not installed
    problem: str = ""  # why the environment cannot run the harness (empty = it can)
    # requirements installed but not importable on this Python, reinstalled without their
    # version pin: requirement -> what happened (``relaxed_pins``), or still not importable
    # (``not_importable``): requirement -> the import error
    relaxed_pins: dict[str, str] = field(default_factory=dict)
    not_importable: dict[str, str] = field(default_factory=dict)
    # plugins of the requirements that run a static checker over files (STATIC_CHECK_PLUGINS):
    # not loaded, their items are not run
    static_check_plugins: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        static = tuple(p for p in self.pytest_plugins if p in STATIC_CHECK_PLUGINS)
        if static:
            object.__setattr__(self, "pytest_plugins", tuple(p for p in self.pytest_plugins if p not in static))
            object.__setattr__(self, "static_check_plugins", tuple(sorted({*self.static_check_plugins, *static})))


# pytest plugins (their entry point names) whose items run a type checker or a linter over
# files, never the repository's functions: no test of theirs can become a program, and they
# cost the most of a run (pydash's 702 `mypy_testing` items ran mypy over its stubs for more
# than ten minutes of its suite's run under coverage, execheld14). Not loaded; the harness
# plugin deselects the items their marks name (``pytest_plugin.STATIC_CHECK_MARKS``).
STATIC_CHECK_PLUGINS = frozenset({
    "mypy-testing", "mypy", "pytest-mypy-plugins", "pytest_mypy_plugins", "flake8", "pylint", "black", "isort",
    "ruff", "pycodestyle", "codestyle", "flakes", "pep8", "mccabe", "pydocstyle", "pytest_flake8", "pytest_pylint",
})


def is_harness_tool(requirement: str) -> bool:
    try:
        return canonicalize_name(Requirement(requirement).name) in HARNESS_TOOLS
    except InvalidRequirement:
        return False


def harness_constraints() -> list[str]:
    """``name==version`` of every harness tool, as installed for the builder."""
    out = []
    for name in HARNESS_TOOLS:
        try:
            out.append(f"{name}=={importlib.metadata.version(name)}")
        except importlib.metadata.PackageNotFoundError:
            continue
    return out


def builder_site_dirs() -> list[str]:
    """Where the builder's own packages live (venv, system, pipx, conda, user site): the folders
    holding the harness tools first, then the interpreter's site directories."""
    dirs: list[str] = []
    for name in ("pytest", "_pytest", "pluggy", "coverage"):
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is not None and spec.origin:
            origin = Path(spec.origin)
            dirs.append(str(origin.parent.parent if origin.name == "__init__.py" else origin.parent))
    dirs.extend(site.getsitepackages() if hasattr(site, "getsitepackages") else [])
    dirs.extend(p for p in (sysconfig.get_paths().get("purelib"), sysconfig.get_paths().get("platlib")) if p)
    if site.ENABLE_USER_SITE and site.getusersitepackages():
        dirs.append(site.getusersitepackages())
    seen: list[str] = []
    for d in dirs:
        if d not in seen and Path(d).is_dir():
            seen.append(d)
    return seen


# ------------------------------------------------------------------------------- detect --
def _checked_requirement(text: object) -> Requirement | str:
    """``text`` parsed as a requirement pip may be handed, or why it is not one
    (:func:`requirement_refusal`)."""
    if not isinstance(text, str) or not text.strip():
        return "not a non-empty string"
    if text.lstrip().startswith("-"):
        return "a pip option, not a requirement"
    if "://" in text or text.lstrip().startswith((".", "/")):
        return "a URL or path, not a requirement"
    try:
        req = Requirement(text)
    except InvalidRequirement:
        return "not a PEP 508 requirement"
    return "a URL or path, not a requirement" if req.url is not None else req


def requirement_refusal(text: object) -> str | None:
    """Why ``text`` is not a requirement pip may be handed (None: it is one): the one check of
    the build (:func:`parse_requirement_lines`), of an evaluated split's records
    (``evaluation/executable.problem_root``) and of :func:`ensure_environment` before pip. A
    requirement is a PEP 508 string (``packaging``'s ``Requirement``; environment markers are
    fine) naming a distribution of an index: never a pip option (``-r``, ``--target=``,
    ``--log=``: red team 8 rows 1-2), a URL (``name @ https://...``, ``name @ file:...``) or a
    path, none of which pip resolves here."""
    checked = _checked_requirement(text)
    return checked if isinstance(checked, str) else None


def parse_requirement_lines(lines: Iterable[str]) -> tuple[list[str], list[str]]:
    """Requirement lines -> (requirements applying to this Python, unsupported lines)."""
    ok, unsupported = [], []
    for raw in lines:
        line = raw.split(" #", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        req = _checked_requirement(line)
        if isinstance(req, str):
            unsupported.append(line)  # -r/-e/options, URLs and paths are not resolved here
            continue
        if req.marker is not None and not req.marker.evaluate():
            continue
        req.marker = None
        ok.append(str(req))
    return ok, unsupported


def read_repository_file(root: Path, rel: str, refused: list[tuple[str, str, str]]) -> str | None:
    """Text of the repository file ``root/rel`` through the host-side boundary (``hostfs``), or
    None. A link is read at its target only when the target lies inside the repository and is
    itself reached without links; a link leaving the repository, a FIFO, a linked folder on the
    way or an oversize file is refused and appended to ``refused`` as (reason key, path, detail).
    Missing files are not refusals."""
    try:
        return hostfs.read_text(root, rel)
    except hostfs.HostFileRefused as exc:
        if exc.reason is hostfs.Refusal.MISSING:
            return None
        if exc.reason is not hostfs.Refusal.SYMLINK:
            refused.append((exc.key, rel, str(exc)))
            return None
    real_root = os.path.realpath(root)
    target = os.path.realpath(Path(root) / rel)  # stat only: nothing is read through the link
    if not target.startswith(real_root + os.sep):
        refused.append((f"{hostfs.HOST_FILES_STAGE}/{hostfs.Refusal.SYMLINK.value}", rel,
                        "a link leaving the repository"))
        return None
    inner = os.path.relpath(target, real_root)
    try:
        return hostfs.read_text(root, inner)
    except hostfs.HostFileRefused as exc:
        if exc.reason is not hostfs.Refusal.MISSING:
            refused.append((exc.key, rel, f"{inner}: {exc}"))
        return None


def declared_requirements(root: Path, refused: list[tuple[str, str, str]] | None = None) -> tuple[list[str], list[str]]:
    """Requirements declared in the repository's packaging files (runtime + test extras).

    The files are read on the host through :func:`read_repository_file`: never through a link
    that leaves the repository (issue 27: a ``requirements.txt`` linked to a secret file put
    that secret into every problem's ``requirements`` and pip's arguments), never blocking on a
    FIFO; what was refused is appended to ``refused`` (reason key, path, detail)."""
    refused = refused if refused is not None else []
    root = Path(root)
    lines: list[str] = []
    test_lines: list[str] = []  # dev/test declarations beyond the test extras: developer tools left out
    own_name = None
    for name in REQUIREMENT_FILES:
        text = read_repository_file(root, name, refused)
        if text is not None:
            (lines if name in ("requirements.txt", "requirements.pip") else test_lines).extend(text.splitlines())
    try:
        listed = hostfs.list_dir(root, "requirements")
    except hostfs.HostFileRefused as exc:
        listed = []
        if exc.reason not in (hostfs.Refusal.MISSING, hostfs.Refusal.PARENT_NOT_DIRECTORY):
            refused.append((exc.key, "requirements", str(exc)))
    for entry in sorted(listed, key=lambda e: e.name):
        if entry.name.endswith((".txt", ".pip")) and entry.kind != "dir":
            text = read_repository_file(root, f"requirements/{entry.name}", refused)
            if text is not None:
                dev = re.search(r"(?i)test|dev|ci|lint|doc", entry.name)
                (test_lines if dev else lines).extend(text.splitlines())
    pyproject = read_repository_file(root, "pyproject.toml", refused)
    if pyproject is not None:
        data = tomlfile.loads_or_empty(pyproject)  # counted once by the listing (files/toml_unreadable)
        project = data.get("project", {})
        own_name = project.get("name")
        lines.extend(project.get("dependencies", []) or [])
        for extra, reqs in (project.get("optional-dependencies", {}) or {}).items():
            if extra in TEST_EXTRAS:
                lines.extend(reqs or [])
        poetry = data.get("tool", {}).get("poetry", {})
        for section, into in ((poetry.get("dependencies", {}), lines), (poetry.get("dev-dependencies", {}), test_lines)):
            for name, spec in (section or {}).items():
                if name.lower() != "python":
                    into.append(name if not isinstance(spec, str) or spec in ("*", "") else f"{name}{_poetry_spec(spec)}")
        # flit before PEP 621 (fastapi 0.6x): `requires` and `requires-extra` of
        # [tool.flit.metadata]; unread, its `pydantic <2.0.0` pin was lost and pydantic 2
        # broke every import
        flit = data.get("tool", {}).get("flit", {}).get("metadata", {})
        own_name = own_name or flit.get("dist-name") or flit.get("module")
        lines.extend(flit.get("requires", []) or [])
        for extra, reqs in (flit.get("requires-extra", {}) or {}).items():
            if extra in TEST_EXTRAS:
                lines.extend(reqs or [])
    setup_cfg = read_repository_file(root, "setup.cfg", refused)
    if setup_cfg is not None:
        parser = _setup_cfg(setup_cfg)
        if parser.has_option("options", "install_requires"):
            lines.extend(parser.get("options", "install_requires").splitlines())
        for extra in TEST_EXTRAS:
            if parser.has_option("options.extras_require", extra):
                lines.extend(parser.get("options.extras_require", extra).splitlines())
    test_lines.extend(test_requirement_lines(root, _read_repository_text, _repository_names))
    setup_py = read_repository_file(root, "setup.py", refused)
    if setup_py is not None:
        lines.extend(setup_py_requirements(setup_py, refused=refused))
    ok, unsupported = parse_requirement_lines(lines)
    test_ok, test_unsupported = parse_requirement_lines(test_lines)
    for req in test_ok:
        if is_dev_tool(Requirement(req).name):
            refused.append(("environment/dev_tool_not_installed", req, "a developer tool in a dev/test declaration"))
        elif req not in ok:
            ok.append(req)
    unsupported += [u for u in test_unsupported if u not in unsupported]
    if pyproject is not None and own_name:  # `myproject[test]` in its own extras: the repository itself
        ok = [r for r in ok if canonicalize_name(Requirement(r).name) != canonicalize_name(own_name)]
    return ok, unsupported


def _setup_cfg(text: str) -> ConfigParser:
    # no interpolation (setuptools does not interpolate install_requires either): nested
    # %(name)s references expanded k**10 pieces on the host (red team 9 row 6), a bare % of
    # a comment raised; strict=False: a repeated key does not lose the whole file
    parser = ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except Exception:  # configparser raises several unrelated error types on odd files
        parser = ConfigParser(interpolation=None, strict=False)
    return parser


def _read_repository_text(root: Path, rel: str) -> str | None:
    from crossfile_datasets.sandbox import hostfs

    try:
        return hostfs.read_text(root, rel, max_bytes=1 << 20)
    except OSError:
        return None


def _repository_names(root: Path) -> list[str]:
    from crossfile_datasets.sandbox import hostfs

    try:
        return sorted(e.name for e in hostfs.list_dir(root) if e.kind == "file")
    except OSError:
        return []


def test_requirement_lines(root: Path, read, names) -> list[str]:
    """Requirement lines the repository declares for its tests beyond its runtime dependencies
    and test extras: PEP 735 ``[dependency-groups]`` (test/dev groups, ``include-group``
    followed), ``requirements*-dev/test*.txt`` files at the root, ``tox.ini``'s ``[testenv]``
    deps and the ``session.install(...)`` arguments of ``noxfile.py``'s test sessions; a
    ``-r file`` inside any of them is read too (relative to the including file, inside the
    repository). ``read(root, rel)`` returns a file's text or None; ``names(root)`` lists the
    root's files."""
    out: list[str] = []
    known = set(REQUIREMENT_FILES)
    for name in names(root):
        if name not in known and _TEST_REQUIREMENT_FILE.match(name):
            out.extend(_requirement_file(root, name, read, 0))
    # the files read as they are by declared_requirements: only their "-r" includes here
    for rel in (*REQUIREMENT_FILES, *(f"requirements/{n}" for n in names(root / "requirements") if n.endswith(".txt"))):
        text = read(root, rel)
        includes = [l for l in (text or "").splitlines() if re.match(r"^\s*(-r|--requirement)", l)]
        out.extend(_expand(root, includes, os.path.dirname(rel), read))
    pyproject = read(root, "pyproject.toml")
    if pyproject:
        data = tomlfile.loads_or_empty(pyproject)
        out.extend(dependency_group_lines(data.get("dependency-groups", {})))
    tox = read(root, "tox.ini")
    if tox:
        out.extend(_expand(root, tox_deps(tox), "", read))
    nox = read(root, "noxfile.py")
    if nox:
        out.extend(_expand(root, nox_installs(nox), "", read))
    return out


def dependency_group_lines(groups) -> list[str]:
    """The requirements of the test/dev groups of a PEP 735 ``[dependency-groups]`` table, with
    ``{include-group = "name"}`` entries expanded (cycles ignored)."""
    if not isinstance(groups, dict):
        return []
    by_name = {canonicalize_name(k): v for k, v in groups.items() if isinstance(v, list)}
    out: list[str] = []

    def walk(name: str, seen: frozenset[str]) -> None:
        for entry in by_name.get(name, []):
            if isinstance(entry, str):
                out.append(entry)
            elif isinstance(entry, dict) and isinstance(entry.get("include-group"), str):
                inner = canonicalize_name(entry["include-group"])
                if inner not in seen:
                    walk(inner, seen | {inner})

    for name in by_name:
        if name in TEST_GROUPS:
            walk(name, frozenset({name}))
    return out


def tox_deps(text: str) -> list[str]:
    """The ``deps`` lines of tox.ini's ``[testenv]`` (and its test environments), as written;
    lines with tox substitutions other than ``{toxinidir}`` are left out."""
    parser = ConfigParser(interpolation=None, strict=False)
    try:
        parser.read_string(text)
    except Exception:  # configparser raises several unrelated error types on odd files
        return []
    out: list[str] = []
    for section in parser.sections():
        env = section.partition(":")[2]
        if section != "testenv" and not (section.startswith("testenv:") and re.match(r"(py\d*|test|unit)", env)):
            continue
        if not parser.has_option(section, "deps"):
            continue
        for line in parser.get(section, "deps").splitlines():
            line = line.replace("{toxinidir}/", "").replace("{toxinidir}", ".").strip()
            if ":" in line.split(" ", 1)[0] and not line.startswith("-"):
                line = line.split(":", 1)[1].strip()  # "py38: pkg" factor conditions
            if line and "{" not in line:
                out.append(line)
    return out


def nox_installs(text: str) -> list[str]:
    """The string arguments of ``session.install(...)`` in ``noxfile.py``'s sessions whose name
    says tests (``tests``, ``test_*``, ``unit``...), read from the syntax tree (never run); ``-r``
    pairs kept as one ``-r file`` line, the project itself (``.``, ``-e .``) left out."""
    import ast

    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    out: list[str] = []
    for fn in ast.walk(tree):
        if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)) or not re.search(r"test|unit", fn.name):
            continue
        for call in ast.walk(fn):
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Attribute) and call.func.attr == "install"):
                continue
            args = [a.value for a in call.args if isinstance(a, ast.Constant) and isinstance(a.value, str)]
            i = 0
            while i < len(args):
                arg = args[i]
                if arg in ("-r", "--requirement") and i + 1 < len(args):
                    out.append(f"-r {args[i + 1]}")
                    i += 2
                    continue
                if re.match(r"^(-r|--requirement=)\S", arg):  # "-rrequirements_test.txt"
                    out.append(f"-r {re.sub(r'^(-r|--requirement=)', '', arg)}")
                    i += 1
                    continue
                if arg in ("-e", "--editable", "-c", "--constraint") and i + 1 < len(args):
                    i += 2
                    continue
                if not arg.startswith("-") and arg not in (".", "./") and not arg.startswith(".["):
                    out.append(arg)
                i += 1
    return out


def _expand(root: Path, lines: list[str], base: str, read, depth: int = 0) -> list[str]:
    """Requirement lines with ``-r file`` / ``--requirement file`` replaced by that file's lines."""
    out: list[str] = []
    for line in lines:
        m = re.match(r"^\s*(?:-r|--requirement)[\s=]*(\S+)", line)
        if m is None:
            out.append(line)
            continue
        rel = os.path.normpath(os.path.join(base, m.group(1))).replace(os.sep, "/")
        if not rel.startswith("..") and not os.path.isabs(rel) and depth < _INCLUDE_DEPTH:
            out.extend(_requirement_file(root, rel, read, depth + 1))
    return out


def _requirement_file(root: Path, rel: str, read, depth: int) -> list[str]:
    text = read(root, rel)
    if text is None:
        return []
    return _expand(root, text.splitlines(), os.path.dirname(rel), read, depth)


def setup_py_requirements(text: str, *, optional_extras: bool = False,
                          refused: list[tuple[str, str, str]] | None = None) -> list[str]:
    """Requirement strings a ``setup.py`` declares as literals (never run: parsed):
    ``install_requires``, ``tests_require`` and the test extras of ``extras_require``, given
    in the ``setup(...)`` call or through a module-level name bound to a literal list.
    ``optional_extras``: instead, only the requirements of the other (non-test) extras.

    Parsed in a bounded child (``core/bounded.py``): a 1 MiB ``setup.py`` holding a table of
    one-digit numbers took +498 MB of the builder for its syntax tree (red team 2026-11-29g
    row 3). One past the child's limits declares nothing, appended to ``refused`` as
    ``environment/setup_py_not_parsed``."""
    try:
        return bounded_text_call(_setup_py_literals, text, optional_extras)
    except BoundedLimit as exc:
        if refused is not None:
            refused.append(("environment/setup_py_not_parsed", "setup.py", f"not parsed: {exc}"))
        return []


def _setup_py_literals(text: str, optional_extras: bool) -> list[str]:
    try:
        tree = ast.parse(text)
    except SyntaxError:
        return []
    names: dict[str, ast.AST] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            names[node.targets[0].id] = node.value

    def literal(node: ast.AST | None):
        if isinstance(node, ast.Name) and node.id in names:
            node = names[node.id]
        try:
            return literal_eval(node) if node is not None else None
        except (ValueError, SyntaxError, TypeError, MemoryError, RecursionError):
            return None

    out: list[str] = []
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and getattr(node.func, "id", getattr(node.func, "attr", "")) == "setup"):
            continue
        for kw in node.keywords:
            value = literal(kw.value)
            if kw.arg in ("install_requires", "tests_require") and isinstance(value, (list, tuple)):
                if not optional_extras:
                    out.extend(v for v in value if isinstance(v, str))
            elif kw.arg == "extras_require" and isinstance(value, dict):
                for extra, reqs in value.items():
                    if (extra in TEST_EXTRAS) != optional_extras and isinstance(reqs, (list, tuple)):
                        out.extend(v for v in reqs if isinstance(v, str))
    return out


def optional_extra_requirements(root: Path) -> list[str]:
    """Requirements the repository declares only in its optional, non-test extras
    (``[project.optional-dependencies]``, ``[tool.flit.metadata] requires-extra``,
    ``setup.cfg``'s ``[options.extras_require]``, ``setup.py``'s ``extras_require``): they name
    the distribution of an optional import (natsort's ``icu = ["PyICU >= 1.0.0"]`` for
    ``import icu``), which is not installed (:func:`detect_requirements`)."""
    root = Path(root)
    lines: list[str] = []
    pyproject = read_repository_file(root, "pyproject.toml", [])
    if pyproject is not None:
        data = tomlfile.loads_or_empty(pyproject)
        flit = data.get("tool", {}).get("flit", {}).get("metadata", {})
        for extras in (data.get("project", {}).get("optional-dependencies", {}), flit.get("requires-extra", {})):
            for extra, reqs in (extras or {}).items():
                if extra not in TEST_EXTRAS and isinstance(reqs, list):
                    lines.extend(r for r in reqs if isinstance(r, str))
    setup_cfg = read_repository_file(root, "setup.cfg", [])
    if setup_cfg is not None:
        parser = _setup_cfg(setup_cfg)
        if parser.has_section("options.extras_require"):
            for extra, value in parser.items("options.extras_require"):
                if extra not in TEST_EXTRAS:
                    lines.extend(value.splitlines())
    setup_py = read_repository_file(root, "setup.py", [])
    if setup_py is not None:
        lines.extend(setup_py_requirements(setup_py, optional_extras=True))
    ok, _ = parse_requirement_lines(lines)
    return ok


def declared_distribution(top: str, declared: Iterable[str]) -> str | None:
    """The repository's own requirement that provides the import name ``top``, when its name
    says so (``python-slugify`` for ``slugify``, ``PyYAML`` for ``yaml``, ``py-foo`` for
    ``foo``): the repository's declarations win over any table."""
    key = canonicalize_name(top)
    for req in declared:
        name = canonicalize_name(Requirement(req).name)
        if name == key or name in (f"python-{key}", f"py{key}", f"py-{key}", f"{key}-python", f"{key}py") or \
                name == canonicalize_name(IMPORT_TO_DISTRIBUTION.get(top, "")):
            return req
    return None


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


def requirement_sources(facts: dict[str, FileFacts]) -> set[str]:
    """The files whose imports say what the repository needs: its code (every file outside
    test folders), the files of test folders that pytest collects or loads by default (by their
    names: ``test_*.py``, ``*_test.py``, ``conftest.py``) and the project files these import,
    transitively. Other Python files in test folders are data, not code that runs: black's
    ``tests/data/*.py`` are formatter inputs, whose imports (``com``, ``fast``, ``hello``) were
    taken for ten requirements no index has (1,252 s of environment stage)."""
    from crossfile_datasets.lang import Lang, get_language

    language = get_language(Lang.PYTHON)
    test_names = tuple(g for g in language.test_file_globs if g != "tests.py")
    todo = [p for p in facts if not language.is_test_path(p)
            or any(fnmatch.fnmatchcase(p.rsplit("/", 1)[-1], g) for g in test_names)]
    seen = set(todo)
    while todo:
        for b in facts[todo.pop()].imports:
            if b.target_file in facts and b.target_file not in seen:
                seen.add(b.target_file)
                todo.append(b.target_file)
    return seen


_IMPORT_ERRORS = frozenset({"ImportError", "ModuleNotFoundError", "Exception", "BaseException"})


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    kinds = handler.type.elts if isinstance(handler.type, ast.Tuple) else [handler.type]
    return handler.type is None or any(
        (k.id if isinstance(k, ast.Name) else k.attr if isinstance(k, ast.Attribute) else "") in _IMPORT_ERRORS
        for k in kinds)


def _imports_in(nodes: list[ast.stmt]) -> list[ast.Import | ast.ImportFrom]:
    return [n for stmt in nodes for n in ast.walk(stmt) if isinstance(n, (ast.Import, ast.ImportFrom))]


def _import_top(node: ast.Import | ast.ImportFrom, alias: ast.alias) -> str:
    if isinstance(node, ast.ImportFrom):
        return "." if node.level else (node.module or "").split(".")[0]
    return alias.name.split(".")[0]


def fallback_import_rows(text: str, own: set[str]) -> set[int]:
    """0-based rows of the import statements that are alternatives, not requirements: the
    imports in the handlers of a ``try`` that catches ``ImportError`` (``try: import
    urllib.request as r`` / ``except ImportError: import urllib2 as r``: the Python 2 name is
    what runs when the first fails), and an import of the ``try`` body whose name a handler
    binds from the standard library or the project (``try: from future_builtins import map as
    m`` / ``except ImportError: from itertools import imap as m``). youtube-dl's ``compat.py``
    made 12 such names requirements no index has (``urllib2``, ``cookielib``, ``HTMLParser``...).
    An optional import with no such alternative (``try: import yaml`` / ``except ImportError:
    yaml = None``) stays a requirement when its distribution is known: the tests may need it
    (:func:`optional_import_rows`)."""
    tree = _parsed(text)
    rows: set[int] = set()
    if tree is None:
        return rows
    for node in ast.walk(tree):
        if not isinstance(node, ast.Try) and type(node).__name__ != "TryStar":
            continue
        handlers = [h for h in node.handlers if _catches_import_error(h)]
        if not handlers:
            continue
        handler_imports = _imports_in([stmt for h in handlers for stmt in h.body])
        available = set()  # local names a handler binds from the standard library or the project
        rows |= _rows_of(handler_imports)
        for imp in handler_imports:
            for alias in imp.names:
                top = _import_top(imp, alias)
                if top == "." or top in sys.stdlib_module_names or top in own:
                    available.add((alias.asname or alias.name).split(".")[0])
        rows |= _rows_of([imp for imp in _imports_in(node.body)
                          if all((alias.asname or alias.name).split(".")[0] in available for alias in imp.names)])
    return rows


def _parsed(text: str) -> ast.Module | None:
    try:
        return ast.parse(text)
    except (SyntaxError, ValueError):
        return None


def _rows_of(imports: list[ast.Import | ast.ImportFrom]) -> set[int]:
    return {row for imp in imports for row in range(imp.lineno - 1, (imp.end_lineno or imp.lineno))}


def optional_import_rows(text: str) -> set[int]:
    """0-based rows of the import statements that need not succeed for the module to import:
    in the body of a ``try`` that catches ``ImportError`` (``try: import icu`` / ``except
    ImportError: icu = None``), or inside a function (humanfriendly's ``import cog`` in the
    helper that feeds cog's templates): the module imports without them."""
    tree = _parsed(text)
    return set() if tree is None else _rows_of([
        imp for node in ast.walk(tree)
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) or
        ((isinstance(node, ast.Try) or type(node).__name__ == "TryStar")
         and any(_catches_import_error(h) for h in node.handlers))
        for imp in _imports_in(node.body)])


def type_checking_rows(text: str) -> set[int]:
    """0-based rows of the import statements in the body of ``if TYPE_CHECKING:`` (or
    ``typing.TYPE_CHECKING``): read by type checkers only, never imported when the code runs."""
    tree = _parsed(text)
    if tree is None:
        return set()
    return _rows_of([imp for node in ast.walk(tree)
                     if isinstance(node, ast.If) and isinstance(node.test, (ast.Name, ast.Attribute))
                     and (node.test.id if isinstance(node.test, ast.Name) else node.test.attr) == "TYPE_CHECKING"
                     for imp in _imports_in(node.body)])


def imported_third_party(facts: dict[str, FileFacts], optional: set[str] | None = None,
                         type_only: set[str] | None = None) -> set[str]:
    """Top-level names imported by the project (:func:`requirement_sources`) that are neither
    project files nor stdlib, nor fallbacks of a guarded import (:func:`fallback_import_rows`),
    nor imported only under ``if TYPE_CHECKING:`` (:func:`type_checking_rows`; those go into
    ``type_only`` when given: held-out 15, jaraco.text's ``_typeshed`` became a requirement).
    ``optional`` (filled when given): those of them no module needs to import
    (:func:`optional_import_rows` at every place they are imported)."""
    own = project_top_names(facts)
    out: set[str] = set()
    required: set[str] = set()
    typed: set[str] = set()
    sources = requirement_sources(facts)
    for path, ff in facts.items():
        if path == "setup.py" or path not in sources:
            continue  # packaging (its requirements are read as declared) or test data
        fallbacks = fallback_import_rows(ff.file.text, own) if "ImportError" in ff.file.text or \
            "except:" in ff.file.text or "Exception" in ff.file.text else set()
        lazy = optional_import_rows(ff.file.text) if optional is not None else set()
        typing_only = type_checking_rows(ff.file.text) if "TYPE_CHECKING" in ff.file.text else set()
        for b in ff.imports:
            if b.is_project or b.statement.start_row in fallbacks:
                continue
            module = b.imported_name if b.kind == "module" else b.module
            if not module or module.startswith("."):
                continue  # a relative import that did not resolve is the project's, not PyPI's
            top = module.split(".")[0]
            if top in sys.stdlib_module_names or top in own or top == "__future__":
                continue
            if b.statement.start_row in typing_only:
                typed.add(top)
                continue
            out.add(top)
            if b.statement.start_row not in lazy:
                required.add(top)
    if optional is not None:
        optional.update(out - required)
    if type_only is not None:
        type_only.update(typed - out)
    return out


def detect_requirements(root: Path, facts: dict[str, FileFacts], *, report=None, where: str = ""
                        ) -> tuple[list[str], list[str]]:
    """(requirements, unsupported declaration lines) of a repository. Packaging files the host
    refused to read (links leaving the repository, FIFOs...) are counted into ``report`` (a
    ``BuildReport``) under their ``host_files`` reason."""
    refused: list[tuple[str, str, str]] = []
    declared, unsupported = declared_requirements(root, refused)
    if report is not None:
        for key, path, detail in refused:
            stage, _, reason = key.partition("/")
            report.count(stage, reason, f"{where}:{path}" if where else path, detail)
    names = {canonicalize_name(Requirement(r).name) for r in declared}
    extra = []
    optional: set[str] = set()
    type_only: set[str] = set()
    extras = None
    imported = imported_third_party(facts, optional, type_only)
    if report is not None:
        for top in sorted(type_only):
            report.count("environment", "type_checking_import_not_installed", f"{where}: {top}" if where else top,
                         "imported only under `if TYPE_CHECKING:`")
    for top in sorted(imported):
        if declared_distribution(top, declared):
            continue  # the repository names the distribution itself (`slugify` -> `python-slugify`)
        if top in optional:
            # an import the modules do without (guarded, or inside a function): installed only
            # under the name the repository declares for it, and never as an optional extra;
            # the project of the same name on the index may be an unrelated one (natsort's
            # `import icu` installed PyPI's `icu`, whose import broke `import natsort`)
            if extras is None:
                extras = optional_extra_requirements(root)
            in_extra = declared_distribution(top, extras)
            known = importlib.metadata.packages_distributions().get(top) or IMPORT_TO_DISTRIBUTION.get(top)
            if in_extra or not known:
                if report is not None:
                    report.count("environment", "optional_import_not_installed",
                                 f"{where}: {top}" if where else top,
                                 f"declared only in an optional extra ({in_extra})" if in_extra else
                                 "no declaration of the repository names its distribution (not guessed)")
                continue
        dist = import_to_distribution(top)
        if canonicalize_name(dist) not in names:
            names.add(canonicalize_name(dist))
            extra.append(dist)
    if report is not None:
        # every optional, non-test extra left out is counted, not only those an import names
        # outside a fallback (held-out 19: pathspec's `hyperscan` and `re2` extras, imported in
        # `try: ... except ModuleNotFoundError:`, were in no count; the suite skips their subtests)
        told = {canonicalize_name(import_to_distribution(t)) for t in optional}
        for line in optional_extra_requirements(root) if extras is None else extras:
            name = canonicalize_name(Requirement(line).name)
            if name not in names and name not in told:
                told.add(name)
                report.count("environment", "optional_extra_not_installed", f"{where}: {name}" if where else name,
                             f"{line}: declared only in an optional extra that is not a test extra; not installed, "
                             "tests that need it skip or fail")
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
ENV_LAYOUT = "2"  # bump when the way environments are made changes (old cached ones are not reused)

# Run inside a fresh environment: the harness's tools must import, from the builder's versions.
_HARNESS_CHECK = """
import importlib.metadata as md, json, sys
wanted = json.loads(sys.argv[1])
bad = []
for spec in wanted:
    name, version = spec.split("==")
    try:
        __import__({"pytest": "pytest", "pluggy": "pluggy", "coverage": "coverage"}.get(name, "importlib"))
        have = md.version(name)
    except Exception as exc:
        bad.append(f"{name}: {type(exc).__name__}: {exc}")
        continue
    if have != version:
        bad.append(f"{name} {have} instead of the harness's {version}")
print(json.dumps(bad))
"""


def site_packages_of(python: str) -> Path | None:
    res = run(confined([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"]), timeout=60)
    return Path(res.stdout.strip()) if res.ok and res.stdout.strip() else None


def check_harness(python: str) -> str:
    """'' when the interpreter runs the harness's pytest/coverage in the builder's versions,
    else the first problem (for ``environment_failed``)."""
    res = run(confined([python, "-c", _HARNESS_CHECK, json.dumps(harness_constraints())]), timeout=120)
    if not res.ok:
        lines = [l for l in (res.stderr or res.stdout).splitlines() if l.strip()]
        return lines[-1][:300] if lines else f"the interpreter exited with {res.returncode}"
    try:
        bad = json.loads(res.stdout)
    except json.JSONDecodeError:
        return f"unreadable harness check output: {res.stdout[:200]}"
    return bad[0] if bad else ""
def environment_key(requirements: Iterable[str]) -> str:
    material = "\n".join([ENV_LAYOUT, sys.executable, sys.version, *builder_site_dirs(), *harness_constraints(),
                          *sorted(set(requirements))])
    return hashlib.sha256(material.encode()).hexdigest()[:16]


def ensure_environment(requirements: Iterable[str], *, cache_dir: Path | None = None) -> RepoEnvironment:
    """The virtual environment for ``requirements`` (created once, then reused from the cache).

    Harness tools among the requirements are not installed (``ignored_pins``); the builder's
    site directories are appended to the environment's path (``crossfile_harness.pth``) before
    pip runs, so pip sees the harness's tools as installed and, constrained to their versions,
    never replaces them. ``problem`` is set when the result still cannot run the harness.
    """
    reqs = tuple(sorted(set(requirements), key=str.lower))
    venv = (cache_dir or default_cache_dir()) / "exec-venvs" / environment_key(reqs)
    venv.parent.mkdir(parents=True, exist_ok=True)
    ready = venv / ".crossfile-ready.json"
    python = venv / "bin" / "python"
    with open(venv.parent / f"{venv.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # parallel workers share one environment per key
        if ready.exists() and python.exists():
            info = json.loads(ready.read_text())
            if info.get("layout") == ENV_LAYOUT:
                if info.get("import_check", 1 if "relaxed_pins" in info else 0) < IMPORT_CHECK:
                    # made before this import check: checked once now
                    constraints = venv / "harness-constraints.txt"
                    constraints.write_text("".join(f"{c}\n" for c in harness_constraints()), encoding="utf-8")
                    relaxed, info["not_importable"] = relax_unimportable(
                        str(python), info.get("installed", []), constraints)
                    info["relaxed_pins"] = {**info.get("relaxed_pins", {}), **relaxed}
                    info["import_check"] = IMPORT_CHECK
                    ready.write_text(json.dumps(info, indent=1))
                return RepoEnvironment(str(python), venv, reqs, tuple(info.get("installed", [])),
                                       dict(info.get("failed", {})), tuple(info["pytest_plugins"]),
                                       tuple(info.get("ignored_pins", [])), info.get("problem", ""),
                                       dict(info.get("relaxed_pins", {})), dict(info.get("not_importable", {})))
        if venv.exists():
            shutil.rmtree(venv)
        res = run([sys.executable, "-m", "venv", "--system-site-packages", "--without-pip", str(venv)], timeout=300)
        if not res.ok:
            why = (res.stderr or res.stdout).strip().splitlines()
            return RepoEnvironment(sys.executable, None, reqs, problem="cannot create a virtual environment: "
                                   + (why[-1][:300] if why else f"exit {res.returncode}"))
        purelib = site_packages_of(str(python))
        if purelib is None:
            return RepoEnvironment(str(python), venv, reqs, problem="cannot locate the virtual environment's site-packages")
        purelib.mkdir(parents=True, exist_ok=True)
        (purelib / HARNESS_PTH).write_text("".join(f"{d}\n" for d in builder_site_dirs()), encoding="utf-8")
        # never an argument of pip's: a string that is not a requirement is refused here too
        refused = {r: f"refused: {why}" for r in reqs if (why := requirement_refusal(r)) is not None}
        ignored = [r for r in reqs if r not in refused and is_harness_tool(r)]
        missing = [r for r in reqs if r not in refused and r not in ignored and not is_satisfied(r)]
        constraints = venv / "harness-constraints.txt"
        constraints.write_text("".join(f"{c}\n" for c in harness_constraints()), encoding="utf-8")
        installed, failed = _install(str(python), missing, constraints)
        failed = {**refused, **failed}
        relaxed, broken = relax_unimportable(str(python), installed, constraints)
        plugins = requirement_pytest_plugins(str(python), reqs)
        problem = check_harness(str(python))
        if problem:  # not cached: the next build tries again instead of reusing a broken environment
            return RepoEnvironment(str(python), venv, reqs, tuple(installed), failed, tuple(plugins), tuple(ignored), problem,
                                   relaxed, broken)
        ready.write_text(json.dumps({"layout": ENV_LAYOUT, "requirements": reqs, "installed": installed, "failed": failed,
                                     "pytest_plugins": plugins, "ignored_pins": ignored, "problem": problem,
                                     "relaxed_pins": relaxed, "not_importable": broken, "import_check": IMPORT_CHECK},
                                    indent=1))
        return RepoEnvironment(str(python), venv, reqs, tuple(installed), failed, tuple(plugins), tuple(ignored), problem,
                               relaxed, broken)


# Imports the top-level modules of each given distribution in the environment (confined: the
# imports run the packages' code), then their submodules (at most 200 per distribution): a
# submodule counts when it fails the way code written for an older Python fails here (a
# SyntaxError, or an AttributeError/ImportError naming a standard-library module:
# ``asyncio.coroutine``, ``from collections import Sequence``), not for an optional dependency
# it lacks. fastapi pins ``aiofiles<0.6.0``: ``import aiofiles`` works, ``aiofiles.os`` uses
# ``@asyncio.coroutine`` (gone in 3.11), so starlette, and every test of fastapi, failed. Only
# a failure raised in the distribution's own files counts for it (starlette's import of
# ``aiofiles.os`` fails in aiofiles: aiofiles' pin is relaxed, not starlette's).
# {requirement: "import <module>: <error>"} for those that fail.
IMPORT_CHECK = 2  # bumped when the probe looks further: cached environments are checked again
_IMPORT_PROBE = """
import importlib, importlib.metadata as md, json, os, re, sys, traceback
out = {}
stdlib = set(sys.stdlib_module_names)
def raised_in(exc, own):
    if isinstance(exc, SyntaxError):
        where = exc.filename or ""
    else:
        frames = [f for f in traceback.extract_tb(exc.__traceback__) if not f.filename.startswith("<")]
        where = frames[-1].filename if frames else ""
    return os.path.realpath(where) in own
def python_too_new(exc):
    if isinstance(exc, SyntaxError):
        return True
    if isinstance(exc, (AttributeError, ImportError)) and not isinstance(exc, ModuleNotFoundError):
        named = re.findall(r"(?:module|from) '([A-Za-z_][\\w.]*)'", str(exc))
        return any(n.split(".")[0] in stdlib for n in named)
    return False
for req, name in json.loads(sys.argv[1]).items():
    try:
        dist = md.distribution(name)
    except md.PackageNotFoundError:
        continue
    tops = (dist.read_text("top_level.txt") or "").split()
    if not tops:
        tops = sorted({f.parts[0][:-3] if f.parts[0].endswith(".py") else f.parts[0] for f in dist.files or ()
                       if f.suffix == ".py" and not f.parts[0].endswith((".dist-info", ".data"))})
    tops = [t for t in tops if t.isidentifier() and not t.startswith("_") and t not in ("tests", "test")]
    for top in tops:
        try:
            importlib.import_module(top)
        except Exception as exc:
            out[req] = "import %s: %s: %s" % (top, type(exc).__name__, str(exc)[:200])
            break
    if req in out:
        continue
    subs = sorted({".".join(f.parts)[:-3].removesuffix(".__init__") for f in dist.files or ()
                   if f.suffix == ".py" and f.parts[0] in tops and len(f.parts) > 1
                   and all(p.isidentifier() for p in f.parts[:-1]) and f.stem.isidentifier()
                   and not any(p in ("tests", "test", "testing", "_vendor", "vendor") or p.startswith("__main__")
                               for p in f.parts)})[:200]
    own = {os.path.realpath(str(dist.locate_file(f))) for f in dist.files or () if f.suffix == ".py"}
    for sub in subs:
        try:
            importlib.import_module(sub)
        except Exception as exc:
            # its own code fails, not a dependency's (starlette's staticfiles failing in aiofiles)
            if python_too_new(exc) and raised_in(exc, own):
                out[req] = "import %s: %s: %s" % (sub, type(exc).__name__, str(exc)[:200])
                break
        except BaseException:
            continue
print(json.dumps(out))
"""


def unimportable(python: str, requirements: Iterable[str]) -> dict[str, str]:
    """The requirements (installed distributions) whose top-level modules do not import in the
    interpreter ``python``: requirement -> the first import error."""
    names = {}
    for r in requirements:
        try:
            names[r] = Requirement(r).name
        except InvalidRequirement:
            continue
    if not names:
        return {}
    res = run(confined([python, "-c", _IMPORT_PROBE, json.dumps(names)]), timeout=300)
    try:
        return dict(json.loads(res.stdout.strip().splitlines()[-1])) if res.ok and res.stdout.strip() else {}
    except (json.JSONDecodeError, IndexError, TypeError, ValueError):
        return {}


def relax_unimportable(python: str, installed: Iterable[str], constraints: Path) -> tuple[dict[str, str], dict[str, str]]:
    """Installed requirements that do not import on this Python, reinstalled without their
    version pin (the newest wheel): python-semantic-release's test extra pins
    ``responses==0.5.0``, which installs and then fails with ``cannot import name 'Sequence'
    from 'collections'`` (removed in Python 3.10), so its test module never imported. ->
    ({requirement: what was done}, {requirement: import error still left})."""
    broken = unimportable(python, installed)
    relaxed: dict[str, str] = {}
    for req, why in sorted(broken.items()):
        parsed = Requirement(req)
        if not parsed.specifier:
            continue  # nothing to relax
        name = f"{parsed.name}[{','.join(sorted(parsed.extras))}]" if parsed.extras else parsed.name
        res = _pip(python, [name], constraints, upgrade=True)
        if not res.ok:
            continue
        left = unimportable(python, [parsed.name])
        if not left:
            relaxed[req] = f"{why}; the newest wheel of {parsed.name} installed instead"
            del broken[req]
    return relaxed, broken


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
    res = run(confined([python, "-c", _PLUGINS_SCRIPT, json.dumps(wanted)]), timeout=120)
    try:
        return list(json.loads(res.stdout)) if res.ok else []
    except json.JSONDecodeError:
        return []


def _pip(python: str, reqs: list[str], constraints: Path, *, upgrade: bool = False):
    # pip comes from the builder's site directories (the venv has none of its own); the
    # constraints keep the harness's tools at the builder's versions. Its options are the tool's
    # only: "--" ends them, so no requirement string is ever read as one (red team 8 rows 1-2)
    return run([python, "-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--quiet",
                "--only-binary=:all:", "-c", str(constraints), *(["--upgrade"] if upgrade else []), "--", *reqs],
               timeout=C.EXEC_PIP_TIMEOUT, env=path_env({"PIP_NO_INPUT": "1"}))


def _install(python: str, missing: list[str], constraints: Path) -> tuple[list[str], dict[str, str]]:
    if not missing:
        return [], {}
    if _pip(python, missing, constraints).ok:
        return missing, {}
    installed, failed = [], {}
    for req in missing:  # find out which ones fail, and why
        res = _pip(python, [req], constraints)
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
