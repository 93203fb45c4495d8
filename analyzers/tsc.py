"""tsc: where TypeScript is, argv for one-shot runs, pure diagnostics parsers, the Node server client.

TypeScript is an npm package pinned by ``lang/typescript/package-lock.json``, installed on first
use by :mod:`core.toolchain` (``npm ci`` of that lockfile into the per-user tools folder), or
found where ``CROSSFILE_TYPESCRIPT_DIR`` points.

Two ways to run it, with the same diagnostics:

- one ``tsc --noEmit --pretty false -p <tsconfig>`` process per check (:func:`run_tsc_project`,
  output read by :func:`parse_tsc_text`): simple, but every process pays ~2 s of start-up;
- :class:`TscServer`: one Node process per repository running ``lang/typescript/tsc_server.js``
  (a TypeScript language service fed substituted file texts in memory), answers read by
  :func:`parse_server_answer`. This is what the builder uses; ``bench/bench_typescript.py``
  compares the two.

TypeScript reports 1-based lines and 0-based *UTF-16* columns; our columns count characters
(code points), so :func:`to_char_columns` converts with the checked text (they differ only after
a character outside the Basic Multilingual Plane, e.g. an emoji).
"""

from __future__ import annotations

import json
import os
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping, Sequence

from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.core.text import utf16_col_to_char_col
from crossfile_datasets.analyzers.run import (
    MissingToolError,
    PersistentProcess,
    PersistentProcessError,
    RunStatus,
    path_env,
    require_binary,
    run,
)
from crossfile_datasets.core import constants as C
from crossfile_datasets.core import toolchain

TOOL = "tsc"
INSTALL_HINT = toolchain.TYPESCRIPT_INSTALL_HINT
NODE_HINT = "install Node.js 18+"
PACKAGE_DIR = Path(__file__).resolve().parents[1] / "lang" / "typescript"
SERVER_SCRIPT = PACKAGE_DIR / "tsc_server.js"

# "Cannot find name 'X'" / "... Did you mean 'Y'?" / "Cannot find namespace 'X'": a removed name;
# TS18004 "No value exists in scope for the shorthand property 'X'" is the same in `{ X }`.
UNDEFINED_NAME_CODES = frozenset({"TS2304", "TS2552", "TS2503", "TS18004"})
# A member missing on a dummy class (or on a class of the file extending it); TS2353/TS2561:
# an object literal's key that the (dummy) type it must match does not declare.
MISSING_MEMBER_CODES = frozenset({"TS2339", "TS2551", "TS2353", "TS2561"})
# A dummy class used as a namespace ("'X' only refers to a type, but is being used as a
# namespace here") or a namespace missing an exported member.
MISSING_EXPORT_CODES = frozenset({"TS2702", "TS2694", "TS2724", "TS2305"})
SIGNAL_CODES = UNDEFINED_NAME_CODES | MISSING_MEMBER_CODES | MISSING_EXPORT_CODES
# V8 heap cap of the checker process (MB): a type explosion once grew it to 4 GB. Past the cap
# Node dies, the check is counted (files/checker_crash) and the next one starts a fresh process.
NODE_HEAP_MB = 2048


# ------------------------------------------------------------------------------ location --
def typescript_dir() -> Path:
    """The installed ``typescript`` npm package (``CROSSFILE_TYPESCRIPT_DIR`` overrides)."""
    override = os.environ.get("CROSSFILE_TYPESCRIPT_DIR")
    return Path(override) if override else toolchain.typescript_dir()  # the per-user tools folder, npm ci on first use


def require_typescript() -> Path:
    """The TypeScript package directory, or :class:`MissingToolError` saying how to install it."""
    directory = typescript_dir()
    if not (directory / "lib" / "typescript.js").is_file() or not (directory / "bin" / "tsc").is_file():
        raise MissingToolError(f"TypeScript is not installed at {directory}: {INSTALL_HINT}")
    return directory


def tsc_project_argv(node: str, project_file: str, typescript: Path | None = None) -> list[str]:
    """argv of one ``tsc -p <tsconfig>`` run (no emit, machine-readable output)."""
    return [node, str((typescript or typescript_dir()) / "bin" / "tsc"), "--noEmit", "--pretty", "false", "-p", project_file]


def run_tsc_project(project_file: str, cwd: str, timeout: float = C.TSC_CLI_TIMEOUT) -> list[Diagnostic]:
    """Run ``tsc -p project_file`` once; diagnostics with paths relative to ``cwd``.

    Raises :class:`TscCheckError` on time-out or when tsc crashed instead of reporting.
    """
    node = require_binary("node", NODE_HINT)
    res = run(tsc_project_argv(node, project_file, require_typescript()), timeout=timeout, cwd=cwd)
    if res.status is RunStatus.TIMEOUT:
        raise TscCheckError("checker_timeout", f"tsc did not finish in {timeout:.0f}s")
    # exit 0 = clean, 1/2 = errors reported; anything else (or a stack trace) is a crash
    if res.status is not RunStatus.EXITED or res.returncode not in (0, 1, 2) or res.stdout_truncated:
        raise TscCheckError("checker_crash", (res.stderr or res.stdout)[-500:])
    return parse_tsc_text(res.stdout)


# ------------------------------------------------------------------------------- parsers --
_TEXT_LINE = re.compile(r"^(?P<file>.+?)\((?P<line>\d+),(?P<col>\d+)\): (?P<cat>error|warning|message|suggestion) (?P<code>TS\d+): (?P<msg>.*)$")
_GLOBAL_LINE = re.compile(r"^(?P<cat>error|warning|message) (?P<code>TS\d+): (?P<msg>.*)$")


def parse_tsc_text(text: str) -> list[Diagnostic]:
    """``tsc --pretty false`` output -> diagnostics (0-based UTF-16 columns, see module docstring).

    A message chain continues on the following lines, indented by two spaces per level; the
    lines are joined with "\\n" as ``ts.flattenDiagnosticMessageText`` does, so both runners give
    identical messages. Diagnostics without a file (bad options, missing ``types`` packages) get
    ``file=""`` and line 0.
    """
    entries: list[dict] = []
    continuing = False  # whether an indented line continues the last diagnostic's message
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        m = _TEXT_LINE.match(line) or _GLOBAL_LINE.match(line)
        if m is not None:
            located = "file" in m.groupdict()
            entries.append({"file": m["file"].replace("\\", "/") if located else "",
                            "line": int(m["line"]) if located else 0,
                            "col": int(m["col"]) - 1 if located else 0,
                            "code": m["code"], "cat": m["cat"], "msg": [m["msg"]]})
            continuing = True
        elif continuing and line.startswith("  "):
            entries[-1]["msg"].append(line)
        elif line.strip():
            continuing = False  # summary lines ("Found 3 errors"), banners: not diagnostics
    return [Diagnostic(e["file"], e["line"], e["col"], e["code"], "\n".join(e["msg"]), severity=e["cat"]) for e in entries]


@dataclass(frozen=True)
class ServerAnswer:
    """One decoded answer line of ``tsc_server.js``."""

    ok: bool
    diagnostics: tuple[Diagnostic, ...] = ()
    error: str = ""
    payload: Mapping = field(default_factory=dict, hash=False, compare=False)


def parse_server_answer(line: str, file: str = "") -> ServerAnswer:
    """A JSON answer line -> :class:`ServerAnswer`; diagnostics get ``file`` (the checked file).

    Raises ValueError when the line is not a JSON object (the helper crashed mid-answer).
    """
    data = json.loads(line)
    if not isinstance(data, dict):
        raise ValueError("answer is not a JSON object")
    if not data.get("ok"):
        return ServerAnswer(False, error=str(data.get("error", "unknown error")), payload=data)
    diags = []
    for d in data.get("diagnostics") or []:
        diags.append(Diagnostic(
            file=file,
            line=int(d.get("line") or 0),
            column=int(d.get("column") or 0),
            code=str(d.get("code", "")),
            message=str(d.get("message", "")),
            end_line=d.get("end_line"),
            end_column=d.get("end_column"),
            severity=str(d.get("category", "error")),
        ))
    return ServerAnswer(True, tuple(diags), payload=data)




def to_char_columns(diags: Sequence[Diagnostic], texts: Mapping[str, str]) -> list[Diagnostic]:
    """Convert TypeScript's UTF-16 columns to character columns using the checked texts."""
    lines_of: dict[str, list[str]] = {}
    out = []
    for d in diags:
        text = texts.get(d.file)
        if text is None or text.isascii() or d.line <= 0:
            out.append(d)
            continue
        lines = lines_of.setdefault(d.file, text.split("\n"))
        col = utf16_col_to_char_col(lines[d.line - 1], d.column) if d.line <= len(lines) else d.column
        end_col = d.end_column
        if d.end_line and end_col is not None and 0 < d.end_line <= len(lines):
            end_col = utf16_col_to_char_col(lines[d.end_line - 1], end_col)
        out.append(Diagnostic(d.file, d.line, col, d.code, d.message, d.end_line, end_col, d.severity, d.symbol, d.location))
    return out


# -------------------------------------------------------------------------------- server --
class TscCheckError(RuntimeError):
    """One check failed; ``reason`` is the snake_case reason counted in the build report."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


@dataclass
class _ProjectSpec:
    root: str
    files: list[str]
    options: dict
    base: str = ""  # what checked paths are relative to (the repository); root when empty

    def path(self, rel_path: str) -> str:
        return os.path.join(self.base or self.root, rel_path)


class TscServer:
    """Client of ``tsc_server.js``: one Node process holding language services (kept warm across
    repositories by :class:`lang.typescript.TypeScriptSupport`, which forgets each when done).

    Projects are registered once; when the process had to be restarted (time-out, crash) the
    helper answers ``unknown_project`` and the client registers the project again, so callers
    never see the restart except as the failed check that caused it.
    """

    def __init__(self, request_timeout: float = C.TSC_REQUEST_TIMEOUT, startup_timeout: float = C.TSC_STARTUP_TIMEOUT) -> None:
        node = require_binary("node", NODE_HINT)
        directory = require_typescript()
        self.request_timeout = request_timeout
        self.startup_timeout = startup_timeout
        self.process = PersistentProcess([node, f"--max-old-space-size={NODE_HEAP_MB}", str(SERVER_SCRIPT)], cwd=str(PACKAGE_DIR),
                                         env=path_env({"CROSSFILE_TYPESCRIPT_DIR": str(directory)}))
        self._projects: dict[str, _ProjectSpec] = {}
        self._warm: set[str] = set()  # projects whose first (library-loading) check is done
        self.requests = 0
        self.restarts = 0
        self.seconds = 0.0
        # files the helper left out of their project (parsing them overflows the compiler's
        # stack); drained and counted by the caller
        self.excluded: list[str] = []
        # files outside every sealed root the compiler asked for and was refused; drained and
        # counted by the caller
        self.refused: list[str] = []
        self._sealed: dict[str, dict[str, str]] = {}  # root -> {absolute path: text}
        self._sealed_in: dict[str, int] = {}  # root -> the process start its texts were sent to

    def _request(self, payload: dict, timeout: float, file: str = "") -> ServerAnswer:
        started = time.monotonic()
        self.requests += 1
        try:
            line = self.process.request(json.dumps(payload), timeout)
        except PersistentProcessError as exc:
            self.restarts += 1
            self._warm.clear()
            timed_out = time.monotonic() - started >= timeout - 0.01
            raise TscCheckError("checker_timeout" if timed_out else "checker_crash", str(exc)[:500]) from exc
        finally:
            self.seconds += time.monotonic() - started
        try:
            return parse_server_answer(line, file)
        except ValueError as exc:
            self.process.close()
            raise TscCheckError("checker_crash", f"unreadable answer: {line[:300]}") from exc

    def version(self) -> str:
        answer = self._request({"op": "hello"}, self.startup_timeout)
        return str(answer.payload.get("version", ""))

    def add_project(self, project_id: str, root: str, files: Sequence[str], options: dict, base: str = "") -> list[str]:
        """Register a project (absolute root and files); returns TypeScript's option errors.

        ``base``: the folder checked paths are relative to, when not ``root`` (a project rooted at
        a tsconfig in a subfolder checks repository-relative paths: joined to ``root`` they
        would name a phantom file whose relative imports resolve nowhere)."""
        self._projects[project_id] = _ProjectSpec(root, list(files), dict(options), base)
        return self._send_project(project_id)

    def seal(self, root: str, texts: dict[str, str]) -> None:
        """The files under ``root`` are ``texts`` (absolute path -> text) and nothing else: the
        helper never reads below ``root`` from disk (module resolution included). Sent with the
        first project, and again to a restarted process."""
        self._sealed[root] = dict(texts)
        self._sealed_in.pop(root, None)

    def _send_sealed(self) -> None:
        for root, texts in self._sealed.items():
            if self._sealed_in.get(root) == self.process.starts and self.process.starts:
                continue
            answer = self._request({"op": "files", "root": root, "files": texts}, self.startup_timeout)
            if not answer.ok:
                raise TscCheckError("checker_crash", answer.error[:500])
            self._sealed_in[root] = self.process.starts

    def _send_project(self, project_id: str) -> list[str]:
        self._send_sealed()
        spec = self._projects[project_id]
        answer = self._request({"op": "project", "id": project_id, "root": spec.root, "files": spec.files,
                                "options": spec.options}, self.startup_timeout)
        if not answer.ok:
            raise TscCheckError("checker_crash", answer.error[:500])
        return [str(e) for e in answer.payload.get("option_errors") or []]

    def check(self, project_id: str, rel_path: str, text: str | None) -> list[Diagnostic]:
        """Diagnostics of ``rel_path`` with its text replaced by ``text`` (None = as on disk).

        Columns are converted to characters when ``text`` is given (pass the original text
        explicitly to get converted columns for an unmodified file).
        """
        spec = self._projects[project_id]
        payload = {"op": "check", "project": project_id, "file": spec.path(rel_path), "text": text}
        for attempt in range(2):
            timeout = self.request_timeout if project_id in self._warm else self.startup_timeout
            answer = self._request(payload, timeout, rel_path)
            self.excluded.extend(str(f) for f in answer.payload.get("excluded") or [])
            self.refused.extend(str(f) for f in answer.payload.get("refused") or [])
            if answer.error.startswith("stack_overflow"):
                raise TscCheckError("checker_stack_overflow", answer.error[:500])
            if answer.ok:
                self._warm.add(project_id)
                diags = list(answer.diagnostics)
                return to_char_columns(diags, {rel_path: text}) if text is not None else diags
            if answer.error == "unknown_project" and attempt == 0:
                self._send_project(project_id)
                continue
            raise TscCheckError("checker_crash", answer.error[:500])
        raise TscCheckError("checker_crash", "project could not be registered")

    def locate(self, project_id: str, rel_path: str, queries: Sequence[tuple[str, int, int]]) -> list[list[dict]]:
        """Ask the language service about positions of ``rel_path`` as on disk: ``queries`` are
        (kind, 1-based line, 0-based UTF-16 column) with kind "definition" (where the identifier
        is declared) or "references" (its other references in the same file). One list of
        ``{"file", "line", "column", "name", "container"}`` per query (UTF-16 columns)."""
        if not queries:
            return []
        spec = self._projects[project_id]
        payload = {"op": "locate", "project": project_id, "file": spec.path(rel_path),
                   "queries": [{"kind": k, "line": line, "column": col} for k, line, col in queries]}
        for attempt in range(2):
            timeout = self.request_timeout if project_id in self._warm else self.startup_timeout
            answer = self._request(payload, timeout, rel_path)
            self.refused.extend(str(f) for f in answer.payload.get("refused") or [])
            if answer.ok:
                self._warm.add(project_id)
                answers = answer.payload.get("answers")
                if not isinstance(answers, list) or len(answers) != len(queries):
                    raise TscCheckError("checker_crash", "locate answer does not match the queries")
                return [[a for a in found if isinstance(a, dict)] if isinstance(found, list) else [] for found in answers]
            if answer.error == "unknown_project" and attempt == 0:
                self._send_project(project_id)
                continue
            raise TscCheckError("checker_crash", answer.error[:500])
        raise TscCheckError("checker_crash", "project could not be registered")

    def forget(self, prefix: str, root: str) -> None:
        """Drop the projects whose id starts with ``prefix`` and the cached files under ``root``
        (a repository is done: the warm process can serve the next one)."""
        for project_id in [p for p in self._projects if p.startswith(prefix)]:
            del self._projects[project_id]
            self._warm.discard(project_id)
        self._sealed.pop(root, None)
        self._sealed_in.pop(root, None)
        if self.process.starts:  # nothing to tell a process that never started
            answer = self._request({"op": "forget", "prefix": prefix, "root": root}, self.startup_timeout)
            if not answer.ok:
                raise TscCheckError("checker_crash", answer.error[:500])

    def close(self) -> None:
        self.process.close()

    def __enter__(self) -> "TscServer":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


__all__ = [
    "INSTALL_HINT",
    "MISSING_EXPORT_CODES",
    "MISSING_MEMBER_CODES",
    "SIGNAL_CODES",
    "TOOL",
    "TscCheckError",
    "TscServer",
    "UNDEFINED_NAME_CODES",
    "parse_server_answer",
    "parse_tsc_text",
    "require_typescript",
    "to_char_columns",
    "run_tsc_project",
    "tsc_project_argv",
    "typescript_dir",
]
