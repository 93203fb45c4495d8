"""A repository's pytest configuration, and what the harness must neutralize in it.

Why it exists: the class-level split runs a repository's suite "the way its own CI would, minus
what cannot work here" (issue 29). A real repository's configuration (``addopts`` in
``pytest.ini``, ``pyproject.toml``, ``tox.ini`` or ``setup.cfg``) routinely carries options that
stop or reshape the run: ``-x`` stopped transitions' suite at test 443 of 3,214 with status ok;
``--cov`` without pytest-cov is a usage error (the suite never ran), and *with* pytest-cov its
own coverage replaces the harness's per-test contexts (0 tasks, silently); ``-p`` plugins that
are not installed stop pytest before the first test. This module reads the configuration file
pytest itself would use (same file order, first one that has a pytest section wins) and plans
the run: the options kept, an ``-o addopts=...`` override when something was taken out, and the
list of what was neutralized and why, which the runner reports in its stats.

Pure functions on file contents; the reader goes through ``sandbox/hostfs.py`` (no symbolic
link followed, size-capped). Options that a missing plugin would define are not known here;
the harness plugin drops them inside pytest once the conftests are loaded
(``pytest_plugin.py``: ``options_dropped``).
"""

from __future__ import annotations

import configparser
import dataclasses
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable

from crossfile_datasets.core import tomlfile

# pytest's own order (``_pytest.config.findpaths.locate_config``): the first file holding a
# pytest section is the configuration
CONFIG_FILES = ("pytest.toml", ".pytest.toml", "pytest.ini", ".pytest.ini", "pyproject.toml", "tox.ini", "setup.cfg")
MAX_CONFIG_BYTES = 1 << 20

# option -> why the harness takes it out (long and short spellings; values handled by _takes_value)
_STOPS = "stops the run at a failure"
_CACHE = "needs pytest's cache provider (the harness runs without it)"
_COVERAGE = "coverage is measured by the harness (one context per test)"
_WORKERS = "runs tests in worker processes (the harness needs them in its own)"
_DEBUGGER = "waits for a debugger"
_TIMEOUT = "the harness has its own per-test time-outs"
_RERUNS = "reruns failing tests (a flaky test would pass)"
_LINTERS = "adds checker items that are not tests"
_STRICT_CONFIG = "turns settings of plugins that are not installed into errors"
NEUTRALIZED_OPTIONS: dict[str, str] = {
    "-x": _STOPS, "--exitfirst": _STOPS, "--maxfail": _STOPS, "--sw": _STOPS, "--stepwise": _STOPS,
    "--sw-skip": _STOPS, "--stepwise-skip": _STOPS, "--sw-reset": _STOPS, "--stepwise-reset": _STOPS,
    "--lf": _CACHE, "--last-failed": _CACHE, "--ff": _CACHE, "--failed-first": _CACHE, "--nf": _CACHE,
    "--new-first": _CACHE, "--cache-clear": _CACHE, "--lfnf": _CACHE, "--last-failed-no-failures": _CACHE,
    "--cache-show": _CACHE,
    "--cov": _COVERAGE, "--cov-report": _COVERAGE, "--cov-config": _COVERAGE, "--cov-fail-under": _COVERAGE,
    "--cov-append": _COVERAGE, "--cov-branch": _COVERAGE, "--cov-context": _COVERAGE, "--cov-precision": _COVERAGE,
    "--cov-reset": _COVERAGE, "--no-cov": _COVERAGE, "--no-cov-on-fail": _COVERAGE,
    "-n": _WORKERS, "--numprocesses": _WORKERS, "--dist": _WORKERS, "--tx": _WORKERS, "--maxprocesses": _WORKERS,
    "--max-worker-restart": _WORKERS, "--looponfail": _WORKERS, "-f": _WORKERS, "--boxed": _WORKERS,
    "--forked": _WORKERS,
    "--pdb": _DEBUGGER, "--trace": _DEBUGGER, "--pdbcls": _DEBUGGER,
    "--timeout": _TIMEOUT, "--timeout-method": _TIMEOUT, "--timeout_method": _TIMEOUT,
    "--session-timeout": _TIMEOUT, "--timeout-disable-debugger-detection": _TIMEOUT,
    "--reruns": _RERUNS, "--reruns-delay": _RERUNS, "--only-rerun": _RERUNS, "--rerun-except": _RERUNS,
    "--mypy": _LINTERS, "--flake8": _LINTERS, "--pylint": _LINTERS, "--black": _LINTERS, "--isort": _LINTERS,
    "--pycodestyle": _LINTERS, "--ruff": _LINTERS, "--ruff-format": _LINTERS, "--pydocstyle": _LINTERS,
    "--strict-config": _STRICT_CONFIG,
}
# options taking a value (``--opt value`` as two tokens), pytest's and the neutralized plugins'
VALUE_OPTIONS = frozenset({
    "--maxfail", "--cov", "--cov-report", "--cov-config", "--cov-fail-under", "--cov-context", "--cov-precision",
    "-n", "--numprocesses", "--dist", "--tx", "--maxprocesses", "--max-worker-restart", "--pdbcls", "--timeout",
    "--timeout-method", "--timeout_method", "--session-timeout", "--reruns", "--reruns-delay", "--only-rerun",
    "--rerun-except", "--lfnf", "--last-failed-no-failures",
    "-p", "-k", "-m", "-c", "-o", "-W", "-r", "--override-ini", "--config-file", "--rootdir", "--confcutdir",
    "--basetemp", "--ignore", "--ignore-glob", "--deselect", "--import-mode", "--tb", "--capture", "--durations",
    "--durations-min", "--junitxml", "--junit-xml", "--junit-prefix", "--doctest-glob", "--doctest-report",
    "--log-level", "--log-format", "--log-date-format", "--log-cli-level", "--log-file", "--log-file-level",
    "--log-cli-format", "--log-file-format", "--pythonwarnings", "--color", "--code-highlight", "--assert",
    "--debug", "--verbosity", "--show-capture", "--log-disable", "--html", "--css", "--cov-fail-under",
})
# short options taking a value: in a cluster (``-rxs``) the rest of the cluster is the value
SHORT_VALUE = frozenset("pkmcoWrn")
# pytest ini settings that stop the run when plugins are missing, or act per test beside the harness
NEUTRALIZED_SETTINGS = {
    "required_plugins": "names plugins the harness does not load",
    "faulthandler_timeout": "the harness's hard per-test limit uses faulthandler",
}


@dataclass(frozen=True)
class PytestIni:
    """The configuration pytest would use: its file, and the settings of its pytest section."""

    path: str = ""  # repository-relative ("" = none)
    settings: dict = field(default_factory=dict)  # name -> str (ini) or native TOML value
    # without ``testpaths``: the paths the repository's CI runs (:func:`ci_test_paths`), and where from
    ci_paths: tuple[str, ...] = ()
    ci_source: str = ""
    # without a configuration file: the folder the repository's own test command runs pytest in
    # (:func:`ci_workdir`), and where it says so ("Makefile", "tox.ini", "noxfile.py")
    workdir: str = ""
    workdir_source: str = ""
    # without a pytest configuration: the root's unittest files pytest's default pattern misses
    # (:func:`unittest_root_files`), collected too (as ``python -m unittest`` would)
    unittest_files: tuple[str, ...] = ()

    def addopts(self) -> list[str]:
        return _as_args(self.settings.get("addopts", ""))


@dataclass(frozen=True)
class Neutralized:
    option: str  # as written (``-x``, ``--cov=pkg``, ``-p xdist``, ``required_plugins``)
    reason: str

    def __str__(self) -> str:
        return f"{self.option} ({self.reason})"


@dataclass(frozen=True)
class RunPlan:
    """What the harness passes to pytest beside its own options."""

    args: tuple[str, ...] = ()  # ``-o addopts=...`` and other overrides
    neutralized: tuple[Neutralized, ...] = ()
    kept: tuple[str, ...] = ()  # the configuration's addopts that stay
    config_file: str = ""
    doctest: bool = False  # the kept options collect doctests (``--doctest-modules`` / ``--doctest-glob``)
    test_paths: tuple[str, ...] = ()  # the suite's paths from the CI configuration (``-o testpaths=...``)
    workdir: str = ""  # the folder pytest runs in, relative to the root ("" = the root): PytestIni.workdir
    workdir_source: str = ""

    def without_doctests(self) -> "RunPlan":
        """The same plan with the doctest options taken out too (a collection that crashed)."""
        kept, gone = [], []
        tokens = list(self.kept)
        i = 0
        while i < len(tokens):
            name = tokens[i].split("=", 1)[0]
            if name.startswith("--doctest"):
                takes = "=" not in tokens[i] and name in VALUE_OPTIONS and i + 1 < len(tokens)
                gone.append(" ".join(tokens[i:i + 2]) if takes else tokens[i])
                i += 2 if takes else 1
                continue
            kept.append(tokens[i])
            i += 1
        if not gone:
            return self
        extra = tuple(Neutralized(g, "doctest collection ended the test process") for g in gone)
        args = _strip_addopts_override(self.args) + ("-o", f"addopts={shlex.join(kept)}")
        return RunPlan(args, self.neutralized + extra, tuple(kept), self.config_file, False, self.test_paths,
                       self.workdir, self.workdir_source)


def _strip_addopts_override(args: tuple[str, ...]) -> tuple[str, ...]:
    out: list[str] = []
    i = 0
    while i < len(args):
        if args[i] == "-o" and i + 1 < len(args) and args[i + 1].startswith("addopts="):
            i += 2
            continue
        out.append(args[i])
        i += 1
    return tuple(out)


# shlex grows each token one character at a time (a copy per character): a value past this is
# split at white space instead (a real command line or addopts is a few hundred characters)
SHLEX_MAX_CHARS = 1 << 16


def _as_args(value) -> list[str]:
    if isinstance(value, list):
        return [str(v) for v in value]
    if not value:
        return []
    text = str(value)
    if len(text) > SHLEX_MAX_CHARS:
        return text.split()
    try:
        return shlex.split(text)
    except ValueError:
        return text.split()


# ------------------------------------------------------------------------------ reading --
def parse_config(name: str, text: str) -> dict | None:
    """The pytest section of one configuration file's text (None: the file has none)."""
    if name.endswith(".toml"):
        try:
            data = tomlfile.loads(text)
        except tomlfile.TomlUnreadable:  # counted once by the listing (files/toml_unreadable)
            return None
        if name == "pyproject.toml":
            tool = data.get("tool", {}).get("pytest")
            if not isinstance(tool, dict):
                return None
            legacy = tool.get("ini_options")
            if isinstance(legacy, dict):
                return dict(legacy)
            return {k: v for k, v in tool.items() if k != "ini_options"} or None
        section = data.get("pytest")
        return dict(section) if isinstance(section, dict) else None
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return None
    section = "tool:pytest" if name == "setup.cfg" else "pytest"
    if not parser.has_section(section):
        # pytest.ini counts even without a [pytest] section (it is then empty)
        return {} if name in ("pytest.ini", ".pytest.ini") else None
    return {k: v for k, v in parser.items(section)}


def read_pytest_ini(root: Path, read: Callable[[str], str | None] | None = None,
                    entries: Callable[[], list[tuple[str, bool, bool]]] | None = None,
                    workflows: Callable[[], list[str]] | None = None) -> PytestIni:
    """The configuration pytest uses when run from ``root`` (its rootdir): the first file of
    :data:`CONFIG_FILES` with a pytest section; without ``testpaths`` in it, the paths tox.ini's
    test command runs (:func:`ci_test_paths`); without either and without a pytest
    configuration, the unittest scripts the repository's own test commands run
    (:func:`ci_script_paths`). ``read(name)`` returns a file's text or None (default: through
    the host file boundary); ``entries()`` the root's entries as (name, is a folder, is a
    package) (default: a listing of ``root``, no link followed); ``workflows()`` the file names
    in ``.github/workflows`` (default: its listing)."""
    read = read or _host_reader(Path(root))
    entries = entries or _host_entries(Path(root))
    ini = PytestIni()
    for name in CONFIG_FILES:
        text = read(name)
        if text is None:
            continue
        section = parse_config(name, text)
        if section is not None:
            ini = PytestIni(name, section)
            break
    if not ini.path:  # a repository that configured pytest collects what pytest's patterns give
        ini = dataclasses.replace(ini, unittest_files=unittest_root_files(read, entries))
    if not ini.path:
        workdir, source = ci_workdir(read)
        if workdir:  # the paths of its command are the folder's, not the root's
            return dataclasses.replace(ini, workdir=workdir, workdir_source=source)
    if ini.settings.get("testpaths") not in (None, "", []):
        return ini
    tox = read("tox.ini")
    paths = ci_test_paths(tox, entries()) if tox is not None else ()
    if paths:
        return dataclasses.replace(ini, ci_paths=paths, ci_source="tox.ini")
    if ini.path:  # the repository configured pytest: its collection is meant
        return ini
    scripts, source = ci_script_paths(read, workflows or _host_workflows(Path(root)), entries())
    return dataclasses.replace(ini, ci_paths=scripts, ci_source=source) if scripts else ini


# root files unittest's discovery (``test*.py``) runs and pytest's default ``python_files``
# (``test_*.py *_test.py``) does not: a single module's suite (json-pointer's ``tests.py``)
UNITTEST_ROOT_FILES = ("tests.py", "test.py")
PYTEST_DEFAULT_FILES = "test_*.py *_test.py"


def unittest_root_files(read: Callable[[str], str | None],
                        entries: Callable[[], list[tuple[str, bool, bool]]]) -> tuple[str, ...]:
    """The files of :data:`UNITTEST_ROOT_FILES` at the root that use ``unittest`` (``python -m
    unittest`` runs them; pytest, with no ``python_files`` of the repository's, collects nothing
    from them: held-out 17, json-pointer's 23 tests never ran and 2 of 4 targets had no test)."""
    names = {name for name, folder, _ in entries() if not folder}
    found = []
    for name in UNITTEST_ROOT_FILES:
        text = read(name) if name in names else None
        if text is not None and re.search(r"^\s*(?:import unittest|from unittest\b)", text, re.M):
            found.append(name)
    return tuple(found)


# a relative folder of the repository, without "..": what a test command may change into
_FOLDER = r"(?!\.\.?(?:/|$))[\w.-]+(?:/(?!\.\.?(?:/|$))[\w.-]+)*"
_RUNS_PYTEST = r"(?:[A-Za-z_][A-Za-z0-9_]*=\S*\s+)*(?:\S*/)?(?:py\.test|pytest|python[\d.]*\s+-m\s+(?:py\.)?pytest)\b"
# a Makefile recipe line: ``@cd tests; PYTHONPATH=.. py.test`` (pluginbase), ``cd tests && pytest``
_MAKE_CD = re.compile(r"^\t[@+-]*\s*cd\s+(" + _FOLDER + r")/?\s*(?:;|&&)\s*" + _RUNS_PYTEST, re.M)
_TOX_CHANGEDIR = re.compile(r"^\s*(?:\{toxinidir\}/?)?(" + _FOLDER + r")/?\s*$")
_NOX_CHDIR = re.compile(r"session\.chdir\(\s*[\"'](" + _FOLDER + r")/?[\"']\s*\)")


def ci_workdir(read: Callable[[str], str | None]) -> tuple[str, str]:
    """(folder, file) where the repository's own test command runs pytest from a folder of its
    own, else ("", ""): tox.ini's ``[testenv] changedir`` when its commands run pytest (or make),
    a Makefile recipe ``cd tests; ... py.test``, a noxfile's ``session.chdir("tests")`` with
    pytest in the file. pluginbase runs ``cd tests; PYTHONPATH=.. py.test`` and its tests name
    ``./plugins``: run from the root, none of its 9 tests passed (held-out 16)."""
    tox = read("tox.ini")
    if tox:
        parser = configparser.RawConfigParser(strict=False, interpolation=None)
        try:
            parser.read_string(tox)
        except configparser.Error:
            parser = None
        if parser is not None and parser.has_option("testenv", "changedir"):
            match = _TOX_CHANGEDIR.match(parser.get("testenv", "changedir"))
            commands = parser.get("testenv", "commands", fallback="")
            if match and re.search(r"\b(?:py\.test|pytest|make)\b", commands):
                return match.group(1), "tox.ini"
    for name in ("Makefile", "makefile", "GNUmakefile"):
        text = read(name)
        match = _MAKE_CD.search(text or "")
        if match:
            return match.group(1), name
    nox = read("noxfile.py")
    if nox and re.search(r"\b(?:py\.test|pytest)\b", nox):
        match = _NOX_CHDIR.search(nox)
        if match:
            return match.group(1), "noxfile.py"
    return "", ""


# where a repository writes its own test command, besides tox.ini's ``[testenv] commands``
_SCRIPT_SOURCES = ("Makefile", "makefile", "GNUmakefile", "tox.ini")
WORKFLOWS = ".github/workflows"
_PYTHON_PROGRAM = re.compile(r"(?:python[\d.]*|pypy[\d.]*|\$\(PYTHON\)|\$\{PYTHON\}|\$PYTHON)")
# options of python and of ``coverage run`` written apart from their value
_PYTHON_VALUE_OPTIONS = frozenset({"-W", "-X", "-c"})
_COVERAGE_VALUE_OPTIONS = frozenset({"--source", "--include", "--omit", "--rcfile", "--concurrency", "--context",
                                     "--data-file"})


def ci_script_paths(read: Callable[[str], str | None], workflows: Callable[[], list[str]],
                    entries: Iterable[tuple[str, bool, bool]]) -> tuple[tuple[str, ...], str]:
    """(paths, the file naming them): the unittest files the repository's own test commands run
    as scripts when none of them runs pytest or nose -- ``python tests.py``, ``python -Wd -m
    coverage run --branch --source=pkg tests.py``, ``coverage run tests.py``, ``python -m
    unittest tests`` -- in a Makefile recipe, tox.ini or a GitHub workflow. pytest from the root
    collects only ``test_*.py`` / ``*_test.py``: python-json-patch's root ``tests.py`` (110
    unittest tests, run by its makefile and workflow) gave ``suite_no_tests`` (held-out 17).
    A path counts when it exists, names a test (``test`` in its file name) and its text uses
    ``unittest``; ``((), "")`` otherwise."""
    top = {name for name, _, _ in entries}
    names = [*_SCRIPT_SOURCES, *(f"{WORKFLOWS}/{n}" for n in sorted(workflows()) if n.endswith((".yml", ".yaml")))]
    found: list[tuple[str, str]] = []
    for name in names:
        text = read(name)
        if not text:
            continue
        for line in text.splitlines():
            line = re.sub(r"^\s*(?:-\s+)?(?:run:|commands\s*=)?\s*", "", line)
            for command in re.split(r"&&|\|\||;", line):
                tokens = _as_args(command.strip().lstrip("@+-"))
                while tokens and "=" in tokens[0] and not tokens[0].startswith("-"):
                    tokens = tokens[1:]
                if _test_runner(tokens)[0] is not None:
                    return (), ""  # a test command runs pytest or nose: its collection is meant
                found.extend((path, name) for path in _scripts_run(tokens))
    paths, source = [], ""
    for path, name in found:
        path = path[2:] if path.startswith("./") else path
        if path in paths or path.split("/", 1)[0] not in top or ".." in path.split("/"):
            continue
        if "test" not in path.rsplit("/", 1)[-1].lower() or not re.search(r"\bunittest\b", read(path) or ""):
            continue
        paths.append(path)
        source = source or name
    return tuple(paths), source


def _scripts_run(tokens: list[str]) -> list[str]:
    """The Python files one command runs as scripts (``python x.py``, ``coverage run x.py``) or
    as unittest modules (``python -m unittest a.b`` -> ``a/b.py``)."""
    if not tokens:
        return []
    prog, rest = tokens[0].rsplit("/", 1)[-1], list(tokens[1:])
    if _PYTHON_PROGRAM.fullmatch(prog):
        while rest and rest[0].startswith("-"):
            tok = rest.pop(0)
            if tok == "-m":
                module = rest.pop(0) if rest else ""
                if module == "unittest":
                    return _unittest_modules(rest)
                if module != "coverage" or not rest or rest[0] != "run":
                    return []
                return _coverage_run(rest[1:])
            if tok in _PYTHON_VALUE_OPTIONS:
                if tok == "-c":
                    return []
                rest = rest[1:]
        return [rest[0]] if rest and rest[0].endswith(".py") else []
    if re.fullmatch(r"coverage[\d.-]*", prog) and rest[:1] == ["run"]:
        return _coverage_run(rest[1:])
    return []


def _coverage_run(rest: list[str]) -> list[str]:
    while rest and rest[0].startswith("-"):
        tok = rest.pop(0)
        if tok == "-m":
            return _unittest_modules(rest[1:]) if rest[:1] == ["unittest"] else []
        if tok in _COVERAGE_VALUE_OPTIONS:
            rest = rest[1:]
    return [rest[0]] if rest and rest[0].endswith(".py") else []


def _unittest_modules(rest: list[str]) -> list[str]:
    args = [t for t in rest if not t.startswith("-")]
    if not args or args[0] == "discover":  # unittest's own discovery: pytest's defaults stand
        return []
    return [a if a.endswith(".py") else a.replace(".", "/") + ".py" for a in args]


def _host_workflows(root: Path) -> Callable[[], list[str]]:
    from crossfile_datasets.sandbox.hostfs import HostFileRefused, list_dir

    def names() -> list[str]:
        try:
            return [e.name for e in list_dir(root, WORKFLOWS) if e.kind == "file"]
        except (HostFileRefused, OSError):
            return []

    return names


def _host_entries(root: Path) -> Callable[[], list[tuple[str, bool, bool]]]:
    from crossfile_datasets.sandbox.hostfs import HostFileRefused, is_regular_file, list_dir

    def entries() -> list[tuple[str, bool, bool]]:
        try:
            return [(e.name, e.kind == "dir", e.kind == "dir" and is_regular_file(root, f"{e.name}/__init__.py"))
                    for e in list_dir(root)]
        except (HostFileRefused, OSError):
            return []

    return entries


# nose's default testMatch: a folder or file whose name matches it holds tests
_NOSE_MATCH = re.compile(r"(?:^|[\b_\.-])[Tt]est")
# a default holds no brace (``[^{}]``): ``[^}]*`` ran from every unclosed ``{posargs:`` of a line to
# its end, n^2 for a tox.ini line repeating it (72 kB: 6 s of the builder's CPU per read)
_POSARGS = re.compile(r"\{posargs(?::([^{}]*))?\}")
_TOX_VARS = re.compile(r"\{toxinidir\}/?")


def ci_test_paths(tox_text: str, entries: Iterable[tuple[str, bool, bool]]) -> tuple[str, ...]:
    """The paths tox.ini's ``[testenv] commands`` give the test runner, when the repository's
    pytest configuration names none (``testpaths``): a pytest run from the root collects every
    ``test_*.py`` below it, also files outside the suite the repository's CI runs (jmespath's
    ``extra/test_hypothesis.py``, a fuzzing module run apart; its CI runs ``nosetests``).

    ``py.test --tb=native {posargs:parsimonious}`` -> ``("parsimonious",)`` (the positional
    arguments, tox's ``{posargs:default}`` read as its default); ``nosetests`` without paths ->
    what nose collects from the root: the folders that are packages or whose name matches nose's
    ``testMatch``, and the matching ``.py`` files. ``entries``: the root's (name, is a folder,
    is a package). Empty when no command runs pytest or nose, or names nothing that exists."""
    parser = configparser.RawConfigParser(strict=False, interpolation=None)
    try:
        parser.read_string(tox_text)
    except configparser.Error:
        return ()
    if not parser.has_option("testenv", "commands"):
        return ()
    entries = list(entries)
    top = {name for name, _, _ in entries}
    for raw in parser.get("testenv", "commands").splitlines():
        line = _TOX_VARS.sub("", _POSARGS.sub(lambda m: m.group(1) or "", raw.strip()))
        tokens = _as_args(line)
        while tokens and "=" in tokens[0] and not tokens[0].startswith("-"):
            tokens = tokens[1:]  # VAR=value before the program
        runner, rest = _test_runner(tokens)
        if runner is None:
            continue
        paths = []
        i = 0
        while i < len(rest):
            tok = rest[i]
            if tok.startswith("-"):
                i += 2 if ("=" not in tok and _takes_value(tok)) or tok in ("-p", "-k", "-m", "-c", "-o", "-W") else 1
                continue
            paths.append(tok.rstrip("/"))
            i += 1
        if runner == "nose" and not paths:
            paths = [name for name, is_dir, is_package in entries
                     if (is_dir and (is_package or _NOSE_MATCH.search(name)))
                     or (not is_dir and name.endswith(".py") and _NOSE_MATCH.search(name))]
        paths = [p for p in paths if p and p.split("/", 1)[0] in top]
        return tuple(dict.fromkeys(paths))
    return ()


def _test_runner(tokens: list[str]) -> tuple[str | None, list[str]]:
    """("pytest" | "nose" | None, the arguments after the runner) of one command's tokens."""
    if not tokens:
        return None, []
    prog = tokens[0].rsplit("/", 1)[-1]
    if prog in ("pytest", "py.test"):
        return "pytest", tokens[1:]
    if prog in ("nosetests", "nosetests3"):
        return "nose", tokens[1:]
    for i in range(len(tokens) - 1):
        if tokens[i] == "-m" and tokens[i + 1] in ("pytest", "py.test"):
            return "pytest", tokens[i + 2:]
        if tokens[i] == "-m" and tokens[i + 1] == "nose":
            return "nose", tokens[i + 2:]
    return None, []


def _host_reader(root: Path) -> Callable[[str], str | None]:
    from crossfile_datasets.sandbox.hostfs import text_reader

    return text_reader(root, max_bytes=MAX_CONFIG_BYTES)


# ------------------------------------------------------------------------------ planning --
def plugin_names(tokens: Iterable[str]) -> list[str]:
    """The plugins a list of options loads with ``-p NAME`` / ``-pNAME`` (not ``-p no:NAME``)."""
    out = []
    tokens = list(tokens)
    for i, tok in enumerate(tokens):
        name = None
        if tok == "-p" and i + 1 < len(tokens):
            name = tokens[i + 1]
        elif tok.startswith("-p") and not tok.startswith("--") and len(tok) > 2:
            name = tok[2:].lstrip("=")
        if name and not name.startswith("no:"):
            out.append(name)
    return out


def _takes_value(name: str) -> bool:
    return name in VALUE_OPTIONS


def plan_run(ini: PytestIni, plugin_available: Callable[[str], bool] = lambda name: True) -> RunPlan:
    """The harness's plan for a configuration: every addopts token that stops or reshapes the
    run (:data:`NEUTRALIZED_OPTIONS`, ``-p`` of a plugin ``plugin_available`` denies) is taken
    out with its value; short clusters lose only the offending letters (``-xvs`` -> ``-vs``,
    while ``-rxs`` keeps its report characters). Settings of :data:`NEUTRALIZED_SETTINGS` are
    overridden empty."""
    tokens = ini.addopts()
    kept: list[str] = []
    gone: list[Neutralized] = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        nxt = tokens[i + 1] if i + 1 < len(tokens) else None
        if tok.startswith("--"):
            name = tok.split("=", 1)[0]
            pair = "=" not in tok and _takes_value(name) and nxt is not None
            written = f"{tok} {nxt}" if pair else tok
            if name in NEUTRALIZED_OPTIONS:
                gone.append(Neutralized(written, NEUTRALIZED_OPTIONS[name]))
                i += 2 if pair else 1
                continue
            kept.extend([tok, nxt] if pair else [tok])  # type: ignore[list-item]
            i += 2 if pair else 1
            continue
        if tok.startswith("-") and len(tok) > 1:
            letters, value = _split_cluster(tok[1:])
            if value is None and letters and letters[-1] in SHORT_VALUE and nxt is not None:
                value, consumed = nxt, 2  # "-p name", "-n 4"
            else:
                consumed = 1
            keep_letters = []
            for ch in letters:
                if f"-{ch}" in NEUTRALIZED_OPTIONS and ch not in SHORT_VALUE:
                    gone.append(Neutralized(f"-{ch}", NEUTRALIZED_OPTIONS[f"-{ch}"]))
                else:
                    keep_letters.append(ch)
            last = keep_letters[-1] if keep_letters else ""
            if last and last in SHORT_VALUE and value is not None:
                written = f"-{last} {value}"
                if last == "n":
                    gone.append(Neutralized(written, NEUTRALIZED_OPTIONS["-n"]))
                    keep_letters.pop()
                elif last == "p" and not value.startswith("no:") and not plugin_available(value):
                    gone.append(Neutralized(written, "plugin not installed"))
                    keep_letters.pop()
            if keep_letters:
                kept.append("-" + "".join(keep_letters))
                if keep_letters[-1] in SHORT_VALUE and value is not None:
                    kept.append(value)
            i += consumed
            continue
        kept.append(tok)  # a path or a stray value
        i += 1
    args: list[str] = []
    if gone:
        args += ["-o", f"addopts={shlex.join(kept)}"]
    for name, why in NEUTRALIZED_SETTINGS.items():
        if ini.settings.get(name) not in (None, "", []):
            gone.append(Neutralized(name, why))
            args += ["-o", f"{name}=" + ("0" if name == "faulthandler_timeout" else "")]
    doctest = any(t.split("=", 1)[0] in ("--doctest-modules", "--doctest-glob") for t in kept)
    if ini.unittest_files:  # pytest's default patterns and the root's unittest files
        args += ["-o", "python_files=" + " ".join([PYTEST_DEFAULT_FILES, *ini.unittest_files])]
    if ini.ci_paths:  # pytest reads testpaths when run from the root without paths: the harness's whole-suite run
        args += ["-o", "testpaths=" + " ".join(ini.ci_paths)]
    return RunPlan(tuple(args), tuple(gone), tuple(kept), ini.path, doctest, ini.ci_paths, ini.workdir,
                   ini.workdir_source)


def _split_cluster(body: str) -> tuple[str, str | None]:
    """Letters of a short-option cluster and the value glued to its last value option:
    ``xvs`` -> ("xvs", None); ``rxs`` -> ("r", "xs"); ``n4`` -> ("n", "4"); ``pno:cov`` -> ("p", "no:cov")."""
    for i, ch in enumerate(body):
        if ch in SHORT_VALUE:
            rest = body[i + 1:].lstrip("=")
            return body[: i + 1], (rest or None)
    return body, None
