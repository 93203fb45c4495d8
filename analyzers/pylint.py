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

import json
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Callable, Mapping, Sequence

from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.analyzers.run import RunResult, RunStatus, run
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
PLUGINS = ("crossfile_annotations",)
# --observe-types: members used on parameters whose classes the repository's tests observed
OBSERVED_PLUGIN, OBSERVED_CODE = "crossfile_observed", "W9901"


def pylint_argv(files: Sequence[str], rcfile: str, source_roots: Sequence[str], observed: bool = False) -> list[str]:
    """``observed``: also load ``crossfile_observed`` and report its W9901 (``--observe-types``)."""
    argv = [
        *pylint_command(),
        f"--rcfile={rcfile}",  # never the repository's own configuration (it may hide members)
        f"--load-plugins={','.join(PLUGINS + ((OBSERVED_PLUGIN,) if observed else ()))}",
        # report a missing member even when another inferred value of the receiver is opaque
        # (a parameter's annotation and a call Pylint cannot follow): both runs see the same
        # opaque values, so the diff still keeps only what emptying an import caused
        "--ignore-on-opaque-inference=n",
        "--disable=all",
        f"--enable={','.join(ENABLED + ((OBSERVED_CODE,) if observed else ()))}",
        "--output-format=json",
        "--score=n",
        "--persistent=n",
        "--reports=n",
        "--jobs=1",
    ]
    if source_roots:
        argv.append(f"--source-roots={','.join(source_roots)}")
    return argv + ["--", *files]


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


@dataclass
class CheckOutcome:
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failed: dict[str, str] = field(default_factory=dict)  # path -> reason
    runs: int = 0  # checker processes started


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
    """Checks sets of files laid out under a directory, one Pylint process per batch.

    Pylint runs from an empty working directory with no ``PYTHONPATH`` and with
    ``PYTHONSAFEPATH``: a repository's top-level ``json.py``/``types.py``/``typing.py`` must not
    replace the standard-library modules Pylint itself imports (that crashed it at start-up, and
    an empty report was read as "no findings"). The project is found through ``--source-roots``
    (Pylint puts the roots of the checked files on its search path only while checking, so the
    repository's own ``import json`` still means its ``json.py``).
    """

    def __init__(
        self,
        batch_timeout: float = C.PYLINT_BATCH_TIMEOUT,
        file_timeout: float = C.PYLINT_FILE_TIMEOUT,
        batch_size: int = C.PYLINT_BATCH_SIZE,
        runner: Callable[..., RunResult] = run,
        bisect_budget: float = C.PYLINT_BISECT_BUDGET,
    ) -> None:
        self.batch_timeout = batch_timeout
        self.file_timeout = file_timeout
        self.batch_size = batch_size
        self.bisect_budget = bisect_budget
        self._run = runner

    def check(self, root: Path, files: Sequence[str], all_paths: Sequence[str], texts: Mapping[str, str],
              observed: Path | None = None) -> CheckOutcome:
        """Check ``files`` (relative to ``root``) in one or few Pylint processes; ``observed``:
        a parameter-type observation file for the ``crossfile_observed`` plugin."""
        outcome = CheckOutcome()
        root = Path(root).resolve()
        rcfile = root / ".crossfile-pylintrc"
        if not rcfile.exists():
            rcfile.write_text("[MAIN]\n", encoding="utf-8")
        roots = python_source_roots(all_paths)
        files = sorted(files)
        cwd = Path(tempfile.mkdtemp(prefix="crossfile-pylint-cwd-"))
        state = _BisectState(self.bisect_budget)
        try:
            for i in range(0, len(files), self.batch_size):
                self._check_batch(root, cwd, files[i : i + self.batch_size], roots, str(rcfile), texts, outcome, state,
                                  observed)
        finally:
            shutil.rmtree(cwd, ignore_errors=True)
        return outcome

    def _check_batch(self, root: Path, cwd: Path, batch, roots, rcfile, texts, outcome: CheckOutcome,
                     state: "_BisectState", observed: Path | None = None) -> None:
        if not batch:
            return
        timeout = self.file_timeout if len(batch) == 1 else min(self.batch_timeout, self.file_timeout + 2.0 * len(batch))
        if state.started is not None:
            remaining = state.remaining()
            if remaining <= 0:
                for path in batch:  # the bisection budget is spent: count, do not run
                    outcome.failed[path] = "checker_abandoned"
                return
            timeout = min(timeout, remaining)
        abs_roots = [str(root / r) if r else str(root) for r in roots]
        env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "PYTHONSAFEPATH": "1", "PYTHONPATH": str(PLUGIN_DIR)}
        for var in ("PYLINTRC", "PYTHONSTARTUP", "PYTHONHOME", "CROSSFILE_OBSERVED_TYPES", "CROSSFILE_OBSERVED_ROOT"):
            env.pop(var, None)
        if observed is not None:
            env.update(CROSSFILE_OBSERVED_TYPES=str(observed), CROSSFILE_OBSERVED_ROOT=str(root))
        argv = pylint_argv([str(root / f) for f in batch], rcfile, abs_roots, observed is not None)
        res = self._run(argv, timeout=timeout, cwd=cwd, env=env)
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
            if len(batch) == 1:
                outcome.failed[batch[0]] = reason or "checker_crash"
                return
            state.start()
            mid = len(batch) // 2
            self._check_batch(root, cwd, batch[:mid], roots, rcfile, texts, outcome, state, observed)
            self._check_batch(root, cwd, batch[mid:], roots, rcfile, texts, outcome, state, observed)
            return
        outcome.diagnostics.extend(to_char_columns(parsed.diagnostics, texts))
        outcome.failed.update(parsed.failed)


@dataclass
class _BisectState:
    """The time budget for isolating failures within one :meth:`PylintChecker.check`."""

    budget: float
    started: float | None = None

    def start(self) -> None:
        if self.started is None:
            self.started = time.monotonic()

    def remaining(self) -> float:
        return self.budget - (time.monotonic() - self.started) if self.started is not None else self.budget


def _relative_to(parsed: PylintParse, root: Path, cwd: Path) -> PylintParse:
    """Report paths (relative to Pylint's working directory, or absolute) -> relative to root, '/'."""
    def rel(path: str) -> str:
        full = os.path.normpath(os.path.join(str(cwd), path))
        return os.path.relpath(full, str(root)).replace(os.sep, "/")

    diags = [replace(d, file=rel(d.file)) for d in parsed.diagnostics]
    return PylintParse(diags, {rel(p): why for p, why in parsed.failed.items()}, parsed.types)
