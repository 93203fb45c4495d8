"""Pylint: argv, a pure parser of its JSON output, and a batched, failure-isolating checker.

Pylint's start-up (importing astroid and building its caches) costs ~0.5 s, comparable to
checking a small file, so a repository is never checked one process per file: all files of
one *variant set* (original / imports removed / imports emptied) are laid out as a private
copy of the project and checked by one Pylint process. When a batch fails as a whole
(time-out, crash, unreadable output) it is bisected until the failing files are isolated;
those files are reported as failed, the others keep their results.

The checked copy is written from our normalized text (no BOM, LF), so Pylint's positions and
ours agree. Pylint reports columns in UTF-8 bytes (CPython's ``col_offset``); the parser
returns them as-is and :func:`to_char_columns` converts them with the checked text.
"""

from __future__ import annotations

import atexit
import json
import os
import queue
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Mapping, Sequence

from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.analyzers.run import (
    Limits,
    PersistentProcess,
    PersistentProcessError,
    PersistentProcessTimeout,
    RunResult,
    RunStatus,
    run,
)
from crossfile_datasets.core import constants as C

TOOL = "pylint"
# E0001 (syntax-error) is kept on so a file Pylint cannot parse is recognised as failed.
ENABLED = ("E1101", "E0602", "E0001")
SIGNAL_CODES = frozenset({"E1101", "E0602"})
INSTALL_HINT = "install it with `pip install pylint` (a dependency of crossfile-datasets)"


def pylint_command() -> list[str]:
    """The Pylint executable; ``CROSSFILE_PYLINT`` may name a wrapper (used to test failures)."""
    override = os.environ.get("CROSSFILE_PYLINT")
    if override:
        return override.split()
    return [sys.executable, "-m", "pylint"]


# Our Pylint plugins (annotated parameters inferred as instances of their class); the folder
# is the checker process's only PYTHONPATH entry, it holds nothing named like a stdlib module.
PLUGIN_DIR = Path(__file__).resolve().parent / "pylint_plugins"
PLUGINS = ("crossfile_annotations", "crossfile_lean", "crossfile_roots", "crossfile_string_annotations",
           "crossfile_unguarded")
# enabled so Pylint opens the ``crossfile_roots`` and ``crossfile_string_annotations`` checkers
# (neither emits its own code)
ROOTS_CODE = "W9903"
STRING_ANNOTATIONS_CODE = "W9904"
# the resident checker (a module of the same folder, run with ``python -m``)
SERVER_MODULE = "crossfile_pylint_server"
# --observe-types: members used on parameters whose classes the repository's tests observed
OBSERVED_PLUGIN, OBSERVED_CODE = "crossfile_observed", "W9901"
# the unmodified copy: members whose declaration Pylint's inference finds in another file
RESOLVED_PLUGIN, RESOLVED_CODE = "crossfile_resolved", "W9902"


def pylint_argv(files: Sequence[str], rcfile: str, source_roots: Sequence[str], observed: bool = False,
                resolve_root: str = "") -> list[str]:
    """``observed``: also load ``crossfile_observed`` and report its W9901 (``--observe-types``);
    ``resolve_root``: also load ``crossfile_resolved`` for that copy and report its W9902."""
    return [*pylint_command(), *pylint_options(rcfile, source_roots, observed, resolve_root), "--output-format=json",
            "--", *files]


def pylint_options(rcfile: str, source_roots: Sequence[str], observed: bool = False, resolve_root: str = "") -> list[str]:
    """The options of every check, the output format aside (the resident server sets its reporter)."""
    plugins = PLUGINS + ((OBSERVED_PLUGIN,) if observed else ()) + ((RESOLVED_PLUGIN,) if resolve_root else ())
    codes = ENABLED + (ROOTS_CODE, STRING_ANNOTATIONS_CODE) + ((OBSERVED_CODE,) if observed else ()) + ((RESOLVED_CODE,) if resolve_root else ())
    argv = [
        f"--rcfile={rcfile}",  # never the repository's own configuration (it may hide members)
        f"--load-plugins={','.join(plugins)}",
        # report a missing member even when another inferred value of the receiver is opaque
        # (a parameter's annotation and a call Pylint cannot follow): both runs see the same
        # opaque values, so the diff still keeps only what emptying an import caused
        "--ignore-on-opaque-inference=n",
        "--disable=all",
        f"--enable={','.join(codes)}",
        "--score=n",
        "--persistent=n",
        "--reports=n",
        "--jobs=1",
    ]
    if source_roots:
        argv.append(f"--source-roots={','.join(source_roots)}")
    if resolve_root:
        argv.append(f"--crossfile-root={resolve_root}")
    return argv


@dataclass
class PylintParse:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # path -> reason (fatal, syntax error)
    types: set[str] = field(default_factory=set)  # message types seen ("error", "fatal", ...)


# Pylint's exit status is a bit field: which message categories were emitted, plus 32 for a
# usage error. Only the categories we can emit with ENABLED are cross-checked with the report.
EXIT_FATAL, EXIT_ERROR, EXIT_USAGE = 1, 2, 32
_EXIT_BITS = {"fatal": EXIT_FATAL, "error": EXIT_ERROR}


def parse_pylint_json(text: str) -> PylintParse:
    """Pylint ``--output-format=json`` text -> diagnostics and per-file failures.

    Raises ValueError when the text is not Pylint's JSON (a crash printed a traceback instead,
    or nothing at all: Pylint's JSON reporter always prints at least ``[]``).
    """
    text = text.strip()
    if not text:
        raise ValueError("empty output: Pylint printed no report")
    start = text.find("[")
    if start < 0:
        raise ValueError("no JSON array in Pylint output")
    data = json.loads(text[start:])
    if not isinstance(data, list):
        raise ValueError("Pylint JSON output is not a list")
    out = PylintParse()
    for msg in data:
        path = str(msg.get("path", "")).replace(os.sep, "/")
        code = str(msg.get("message-id", ""))
        kind = msg.get("type", "")
        out.types.add(kind)
        if kind == "fatal" or code.startswith("F"):
            out.failed[path] = f"pylint_fatal:{code}:{msg.get('symbol', '')}"
            continue
        if code == "E0001":
            out.failed[path] = "pylint_syntax_error"
            continue
        out.diagnostics.append(
            Diagnostic(
                file=path,
                line=int(msg.get("line") or 0),
                column=int(msg.get("column") or 0),
                code=code,
                message=str(msg.get("message", "")),
                end_line=msg.get("endLine"),
                end_column=msg.get("endColumn"),
                severity=kind,
                symbol=str(msg.get("symbol", "")),
            )
        )
    return out


def exit_status_problem(returncode: int | None, parsed: PylintParse | None) -> str | None:
    """Why a Pylint run's exit status says its output is not a normal report (None: it is).

    A usage error (32) is its own reason; a status outside Pylint's bit field (a signal, a
    Python start-up failure's 1 with no fatal message, 120 for an unflushable stdout...) or one
    whose fatal/error bits disagree with the messages printed is a crash.
    """
    if returncode is None or returncode < 0 or returncode > 63:
        return "checker_crash"
    if returncode & EXIT_USAGE:
        return "checker_usage_error"
    if parsed is None:
        return "checker_crash"
    for kind, bit in _EXIT_BITS.items():
        if bool(returncode & bit) != (kind in parsed.types):
            return "checker_crash"
    return None


def to_char_columns(diags: Sequence[Diagnostic], texts: Mapping[str, str]) -> list[Diagnostic]:
    """Convert Pylint's byte columns to character columns using the checked texts."""
    from crossfile_datasets.core.text import TextIndex

    indexes: dict[str, TextIndex] = {}
    out = []
    for d in diags:
        text = texts.get(d.file)
        if text is None or text.isascii():
            out.append(d)
            continue
        idx = indexes.setdefault(d.file, TextIndex(text))
        col = idx.byte_col_to_char_col(d.line - 1, d.column) if 0 < d.line <= idx.num_lines else d.column
        end_col = d.end_column
        if d.end_line and end_col is not None and 0 < d.end_line <= idx.num_lines:
            end_col = idx.byte_col_to_char_col(d.end_line - 1, end_col)
        out.append(Diagnostic(d.file, d.line, col, d.code, d.message, d.end_line, end_col, d.severity, d.symbol, d.location))
    return out


def load_factor(load: float, cpus: int, cap: float = C.PYLINT_LOAD_FACTOR_CAP) -> float:
    """How much slower than on an idle machine a checker run may be expected to finish: the
    1-minute load average per core, at least 1, at most ``cap``. The Pylint time limits are
    fixed for an idle machine; on a machine loaded 10x (2 cores, load 20) a check that takes
    40 s alone takes 400 s, and fixed limits lost whole repositories (structlog, packaging on
    2026-11-27), so every limit is multiplied by this factor."""
    return max(1.0, min(cap, load / max(1, cpus)))


def current_load_factor() -> float:
    """:func:`load_factor` of this machine now (1 where the load average is unknown)."""
    try:
        load = os.getloadavg()[0]
    except (AttributeError, OSError):
        return 1.0
    return load_factor(load, os.cpu_count() or 1)


def failure_text(result: RunResult, timeout: float, files: int) -> str:
    """What a failed Pylint run said, short enough for a report sample: the time limit it ran
    out of, or its exit status and the end of its error output (a traceback's last lines)."""
    if result.status is RunStatus.TIMEOUT:
        return f"timed out after {timeout:.0f} s on {files} file(s)"
    tail = (result.stderr.strip() or result.stdout.strip())[-240:].replace("\n", " | ")
    what = f"signal {-(result.returncode or 0)}" if result.status is RunStatus.SIGNALED else f"exit {result.returncode}"
    return f"{what} on {files} file(s): {tail}" if tail else f"{what} on {files} file(s), no output"


@dataclass
class CheckOutcome:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # path -> reason
    details: dict[str, str] = field(default_factory=dict)  # path -> what the failed run said
    runs: int = 0  # checker runs (fresh processes and resident requests)
    resident_fallbacks: int = 0  # batches the resident server failed, checked again by fresh processes

    def merge(self, other: "CheckOutcome") -> None:
        self.diagnostics.extend(other.diagnostics)
        self.failed.update(other.failed)
        self.details.update(other.details)
        self.runs += other.runs
        self.resident_fallbacks += other.resident_fallbacks


def python_source_roots(paths: Sequence[str]) -> list[str]:
    """Relative source roots for Pylint and PYTHONPATH: the repository root, `src/`, and the
    parent of every top-level package directory."""
    roots = {""}
    all_paths = set(paths)
    for p in paths:
        parts = p.split("/")
        if parts[0] == "src" and len(parts) > 1:
            roots.add("src")
        # climb to the top-most directory that still has __init__.py: its parent is a root
        d = parts[:-1]
        top = None
        while d and "/".join(d + ["__init__.py"]) in all_paths:
            top = d
            d = d[:-1]
        if top is not None:
            roots.add("/".join(top[:-1]))
    return sorted(roots)


class PylintChecker:
    """Checks sets of files laid out under a directory, in few Pylint runs per copy.

    Pylint runs from an empty working directory with no ``PYTHONPATH`` and with
    ``PYTHONSAFEPATH``: a repository's top-level ``json.py``/``types.py``/``typing.py`` must not
    replace the standard-library modules Pylint itself imports (that crashed it at start-up, and
    an empty report was read as "no findings"). The project is found through ``--source-roots``
    (Pylint puts the roots of the checked files on its search path only while checking, so the
    repository's own ``import json`` still means its ``json.py``).

    A batch goes first to a resident Pylint (``pylint_plugins/crossfile_pylint_server.py``: the
    standard library's and third-party packages' trees survive from one copy to the next, ~30%
    of a check on sphinx); when it fails in any way (a time-out, a crash, an answer that is not
    Pylint's report) the batch is checked again by fresh processes and bisected as before, and
    the fallback is counted. A ``CROSSFILE_PYLINT`` wrapper, a custom runner and
    ``--observe-types`` runs (whose plugin caches per process) always use fresh processes.
    """

    def __init__(
        self,
        batch_timeout: float = C.PYLINT_BATCH_TIMEOUT,
        file_timeout: float = C.PYLINT_FILE_TIMEOUT,
        batch_size: int = C.PYLINT_BATCH_SIZE,
        runner: Callable[..., RunResult] = run,
        bisect_budget: float = C.PYLINT_BISECT_BUDGET,
        bisect_per_file: float = C.PYLINT_BISECT_SECONDS_PER_FILE,
        resident: bool = True,
        server_command: Sequence[str] | None = None,
        load: Callable[[], float] = current_load_factor,
    ) -> None:
        """``load``: the factor every time limit is multiplied by, asked once per :meth:`check`
        and again when a failure starts the bisection (:func:`current_load_factor`: the
        machine's load per core). The bisection of one check may take ``bisect_budget`` plus
        ``bisect_per_file`` per checked file, times that factor."""
        self.batch_timeout = batch_timeout
        self.file_timeout = file_timeout
        self.batch_size = batch_size
        self.bisect_budget = bisect_budget
        self.bisect_per_file = bisect_per_file
        self._run = runner
        self._load = load
        self.resident = resident and runner is run
        self._servers: queue.SimpleQueue[_Server] = queue.SimpleQueue()  # idle resident servers
        # the resident server's command (tests name a misbehaving one)
        self.server_command = list(server_command or [sys.executable, "-m", SERVER_MODULE])

    def check(self, root: Path, files: Sequence[str], all_paths: Sequence[str], texts: Mapping[str, str],
              observed: Path | None = None, resolve: bool = False) -> CheckOutcome:
        """Check ``files`` (relative to ``root``) in one or few Pylint runs; ``observed``: a
        parameter-type observation file for the ``crossfile_observed`` plugin; ``resolve``: also
        report the members Pylint's inference resolves to another file (``crossfile_resolved``)."""
        outcome = CheckOutcome()
        root = Path(root).resolve()
        rcfile = root / ".crossfile-pylintrc"
        if not rcfile.exists():
            rcfile.write_text("[MAIN]\n", encoding="utf-8")
        roots = [str(root / r) if r else str(root) for r in python_source_roots(all_paths)]
        files = sorted(files)
        cwd = Path(tempfile.mkdtemp(prefix="crossfile-pylint-cwd-"))
        factor = self._load()
        state = _BisectState((self.bisect_budget + self.bisect_per_file * len(files)) * factor,
                             str(root) if resolve else "", factor=factor)
        resident = self.resident and observed is None and not os.environ.get("CROSSFILE_PYLINT")
        try:
            for i in range(0, len(files), self.batch_size):
                batch = files[i : i + self.batch_size]
                done = resident and self._check_resident(root, batch, roots, str(rcfile), texts, outcome, state)
                if done is True:
                    continue
                if done is _TIMED_OUT and len(batch) > 1:
                    # the whole batch would time out again in a fresh process: go straight to halves
                    self._check_halves(root, cwd, batch, roots, str(rcfile), texts, outcome, state, observed)
                    continue
                self._check_batch(root, cwd, batch, roots, str(rcfile), texts, outcome, state, observed)
        finally:
            shutil.rmtree(cwd, ignore_errors=True)
        return outcome

    def close(self) -> None:
        """Stop the idle resident servers (the next check starts new ones)."""
        while True:
            try:
                self._servers.get_nowait().close()
            except queue.Empty:
                return

    def _env(self, root: Path, observed: Path | None) -> dict[str, str]:
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONSAFEPATH": "1", "PYTHONPATH": str(PLUGIN_DIR)}
        for var in ("PYLINTRC", "PYTHONSTARTUP", "PYTHONHOME", "CROSSFILE_OBSERVED_TYPES", "CROSSFILE_OBSERVED_ROOT"):
            env.pop(var, None)
        if observed is not None:
            env.update(CROSSFILE_OBSERVED_TYPES=str(observed), CROSSFILE_OBSERVED_ROOT=str(root))
        return env

    def _timeout(self, batch: Sequence[str], state: "_BisectState") -> float:
        timeout = self.file_timeout if len(batch) == 1 else min(self.batch_timeout, self.file_timeout + 2.0 * len(batch))
        timeout *= state.factor
        return min(timeout, state.remaining()) if state.started is not None else timeout

    def _check_resident(self, root: Path, batch, roots, rcfile, texts, outcome: CheckOutcome,
                        state: "_BisectState") -> bool | object:
        """One request to a resident server: True when its report was recorded; False or
        ``_TIMED_OUT`` (nothing recorded) when the batch must be checked by fresh processes."""
        try:
            server = self._servers.get_nowait()
        except queue.Empty:
            server = _Server(self.server_command, self._env(root, None))
        request = {"args": pylint_options(rcfile, roots, resolve_root=state.resolve_root)
                   + ["--", *(str(root / f) for f in batch)],
                   "root": str(root), "roots": roots}
        try:
            answer = json.loads(server.process.request(json.dumps(request), self._timeout(batch, state)))
            parsed = _relative_to(parse_pylint_json(answer["report"]), root, server.cwd)
            problem = answer.get("error") or exit_status_problem(answer["status"], parsed)
        except PersistentProcessTimeout:
            problem = _TIMED_OUT
        except (PersistentProcessError, ValueError, KeyError, TypeError, json.JSONDecodeError) as exc:
            problem = str(exc) or type(exc).__name__
        if problem:
            server.close()  # its caches may be inconsistent: never reused
            outcome.resident_fallbacks += 1
            state.last_failure = ("resident: timed out" if problem is _TIMED_OUT else f"resident: {problem}")[:240]
            return _TIMED_OUT if problem is _TIMED_OUT else False
        self._servers.put(server)
        outcome.runs += 1
        outcome.diagnostics.extend(to_char_columns(parsed.diagnostics, texts))
        outcome.failed.update(parsed.failed)
        return True

    def _check_batch(self, root: Path, cwd: Path, batch, roots, rcfile, texts, outcome: CheckOutcome,
                     state: "_BisectState", observed: Path | None = None) -> None:
        if not batch:
            return
        if state.started is not None and state.remaining() <= 0:
            for path in batch:  # the bisection budget is spent: count, do not run
                outcome.failed[path] = "checker_abandoned"
                outcome.details[path] = (f"isolation budget of {state.budget:.0f} s spent (load factor "
                                         f"{state.factor:.1f}); last failure: {state.last_failure}")
            return
        argv = pylint_argv([str(root / f) for f in batch], rcfile, roots, observed is not None, state.resolve_root)
        timeout = self._timeout(batch, state)
        res = self._run(argv, timeout=timeout, cwd=cwd, env=self._env(root, observed))
        outcome.runs += 1
        reason = None
        parsed = None
        if res.status is RunStatus.NOT_FOUND:
            raise FileNotFoundError(f"Pylint could not be started ({res.stderr.strip()}): {INSTALL_HINT}")
        if res.status is RunStatus.TIMEOUT:
            reason = "checker_timeout"
        elif res.status is RunStatus.SIGNALED or res.stdout_truncated:
            reason = "checker_crash"
        else:
            try:
                parsed = _relative_to(parse_pylint_json(res.stdout), root, cwd)
            except (ValueError, json.JSONDecodeError):
                parsed = None
            reason = exit_status_problem(res.returncode, parsed)
            if reason is not None:
                parsed = None
        if parsed is None:
            state.last_failure = failure_text(res, timeout, len(batch))
            if len(batch) == 1:
                outcome.failed[batch[0]] = reason or "checker_crash"
                outcome.details[batch[0]] = state.last_failure
                return
            self._check_halves(root, cwd, batch, roots, rcfile, texts, outcome, state, observed)
            return
        outcome.diagnostics.extend(to_char_columns(parsed.diagnostics, texts))
        outcome.failed.update(parsed.failed)

    def _check_halves(self, root: Path, cwd: Path, batch, roots, rcfile, texts, outcome: CheckOutcome,
                      state: "_BisectState", observed: Path | None) -> None:
        """Bisection: each half of a failed batch in fresh processes, within the time budget."""
        if state.started is None:
            # the load may have grown since the check began (a failure is often its first sign)
            state.rescale(self._load())
        state.start()
        mid = len(batch) // 2
        self._check_batch(root, cwd, batch[:mid], roots, rcfile, texts, outcome, state, observed)
        self._check_batch(root, cwd, batch[mid:], roots, rcfile, texts, outcome, state, observed)


_TIMED_OUT = object()  # _check_resident's answer for a request that ran out of time


class _Server:
    """One resident Pylint process and the empty folder it runs in."""

    def __init__(self, command: Sequence[str], env: Mapping[str, str]) -> None:
        self.cwd = Path(tempfile.mkdtemp(prefix="crossfile-pylint-server-"))
        # an address-space cap (red team 2026-11-28e row 4: the resident checkers had none; past
        # it the request fails like a crash and the next one starts a fresh server)
        self.process = PersistentProcess(command, cwd=self.cwd, env=env,
                                         limits=Limits(memory_bytes=C.PYLINT_SERVER_MEMORY_BYTES))
        atexit.register(self.close)

    def close(self) -> None:
        self.process.close()
        shutil.rmtree(self.cwd, ignore_errors=True)


@dataclass
class _BisectState:
    """What one :meth:`PylintChecker.check` holds for all its batches: the time budget for
    isolating failures, and the copy root of ``crossfile_resolved`` ('' when not asked)."""

    budget: float
    resolve_root: str = ""
    started: float | None = None
    factor: float = 1.0  # every time limit of this check is multiplied by it (the machine's load)
    last_failure: str = ""  # what the last failed run said (reported with the files it leaves)

    def start(self) -> None:
        if self.started is None:
            self.started = time.monotonic()

    def rescale(self, factor: float) -> None:
        """A higher load factor stretches the budget and every later time limit alike."""
        if factor > self.factor:
            self.budget *= factor / self.factor
            self.factor = factor

    def remaining(self) -> float:
        return self.budget - (time.monotonic() - self.started) if self.started is not None else self.budget


def _relative_to(parsed: PylintParse, root: Path, cwd: Path) -> PylintParse:
    """Report paths (relative to Pylint's working directory, or absolute) -> relative to root, '/'."""
    def rel(path: str) -> str:
        full = os.path.normpath(os.path.join(str(cwd), path))
        return os.path.relpath(full, str(root)).replace(os.sep, "/")

    diags = [replace(d, file=rel(d.file)) for d in parsed.diagnostics]
    return PylintParse(diags, {rel(p): why for p, why in parsed.failed.items()}, parsed.types)
