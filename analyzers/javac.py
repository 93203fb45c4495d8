"""javac: argv, pure parsers of its diagnostics, and the in-process compiler helper.

Two ways to run javac exist and both end in :class:`core.records.Diagnostic`:

- one ``javac`` process per check (:func:`javac_argv` + :func:`parse_javac_output`, the text javac
  prints). Used by the benchmark and as a reference; each run pays ~0.7 s of JVM start-up.
- :class:`JavacHelper`: one JVM per repository running ``lang/java/CrossfileJavac.java``, which
  compiles in-process through ``javax.tools`` with the checked text (and replaced sourcepath files)
  held in memory; one JSON line per request and per answer (:func:`parse_helper_answer`).

Positions: ``Diagnostic.line`` is 1-based, ``Diagnostic.column`` a 0-based *character* (code
point) column. javac counts in UTF-16 units, and ``javax.tools`` even expands tabs to multiples
of 8 in ``getColumnNumber()``, so neither is used as is: the printed caret is mapped through the
printed source line, and the helper's UTF-16 offset through the checked text.

``Diagnostic.code`` is javac's message key (``compiler.err.cant.resolve.location.args``) for the
helper; the printed text carries no key, so the text parser leaves it empty. Messages are javac's
own (heading, then the indented ``symbol:``/``location:``/``required:`` lines).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Mapping, Sequence

from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.analyzers.run import (
    PersistentProcess,
    PersistentProcessError,
    PersistentProcessTimeout,
    RunStatus,
    run,
)
from crossfile_datasets.core import constants as C

TOOL = "javac"
INSTALL_HINT = "install a JDK (apt-get install -y default-jdk-headless)"
HELPER_SOURCE = Path(__file__).resolve().parents[1] / "lang" / "java" / "CrossfileJavac.java"
HELPER_CLASS = "CrossfileJavac"
# the JSON reader/writer of our Java helpers, compiled with each of them
JSON_SOURCE = HELPER_SOURCE.with_name("CrossfileJson.java")
# Unmodified files checked in one compilation (JavaSupport._check_original_batch): javac reads the
# sourcepath once per compilation, so the cost of that read is shared by this many files.
JAVAC_BATCH_FILES = 64

# Options of every check. -proc:none: annotation processors (Lombok, AutoValue...) would need
# their jars and write generated sources; their absence shows as pre-existing errors, diffed away.
# -Xmaxerrs: stubbing a file with many project imports easily exceeds javac's default of 100.
JAVAC_OPTIONS = ("-proc:none", "-Xlint:none", "-nowarn", "-Xmaxerrs", "1000000", "-encoding", "UTF-8")
# English messages whatever the user's locale: attribution reads "cannot find symbol".
JVM_LOCALE = ("-Duser.language=en", "-Duser.country=US", "-Dfile.encoding=UTF-8")
# JavacTaskImpl.enter()/analyze(Iterable) attribute only the checked file's classes (not every
# file loaded from the sourcepath); their package must be exported to the helper to call them.
HELPER_JVM_OPTIONS = (
    "--add-exports", "jdk.compiler/com.sun.tools.javac.api=ALL-UNNAMED",
    "-Xss16m",  # javac recurses deeply on long expressions (string concatenations, builders)
    "-XX:+UseSerialGC",
    "-XX:TieredStopAtLevel=1",  # C1 only: short-lived, compile-heavy work warms up faster
)


# ------------------------------------------------------------------------------- argv --
def javac_argv(files: Sequence[str], sourcepath: Sequence[str], classpath: Sequence[str], outdir: str) -> list[str]:
    """One ``javac`` process checking ``files`` against a sourcepath (class files go to ``outdir``)."""
    argv = ["javac", *(f"-J{o}" for o in JVM_LOCALE), *JAVAC_OPTIONS, "-implicit:none", "-d", outdir]
    if sourcepath:
        argv += ["-sourcepath", os.pathsep.join(sourcepath)]
    if classpath:
        argv += ["-classpath", os.pathsep.join(classpath)]
    return argv + [os.path.abspath(f) for f in files]  # absolute: a name starting with '-' is no option


def helper_argv(class_dir: str) -> list[str]:
    return ["java", *JVM_LOCALE, f"-Xmx{C.JAVAC_JVM_MEMORY}", *HELPER_JVM_OPTIONS, "-cp", class_dir, HELPER_CLASS]


# ------------------------------------------------------------------------ pure parsing --
_HEADER = re.compile(r"^(?P<file>.+?):(?P<line>\d+): (?P<kind>error|warning): (?P<message>.*)$")
_GLOBAL = re.compile(r"^(?P<kind>error|warning): (?P<message>.*)$")
_CARET = re.compile(r"^[ \t]*\^$")
_SYMBOL = re.compile(r"^\s*symbol:\s+(.*?)\s*$")
_LOCATION = re.compile(r"^\s*location:\s+(.*?)\s*$")


def utf16_to_char_column(line_text: str, utf16_column: int) -> int:
    """A column counted in UTF-16 units on ``line_text`` -> the same column in code points."""
    if utf16_column <= 0 or line_text.isascii():
        return max(0, utf16_column)
    units = 0
    for i, ch in enumerate(line_text):
        if units >= utf16_column:
            return i
        units += 2 if ord(ch) > 0xFFFF else 1
    return len(line_text) + (utf16_column - units)


def split_message(message: str) -> tuple[str, str, str]:
    """javac message -> (heading, symbol, location); symbol/location are '' when absent."""
    lines = message.split("\n")
    symbol = location = ""
    for line in lines[1:]:
        if not symbol and (m := _SYMBOL.match(line)):
            symbol = m.group(1)
        elif not location and (m := _LOCATION.match(line)):
            location = m.group(1)
    return lines[0].rstrip(), symbol, location


def _diagnostic(file: str, line: int, column: int, code: str, kind: str, message: str) -> Diagnostic:
    message = "\n".join(part.rstrip() for part in message.rstrip().split("\n"))
    _, symbol, location = split_message(message)
    return Diagnostic(file=file, line=line, column=column, code=code, message=message,
                      severity=kind.lower(), symbol=symbol, location=location)


def parse_javac_output(text: str) -> list[Diagnostic]:
    """The text ``javac`` prints (its default format) -> diagnostics, in printed order.

    A diagnostic is a header ``path:line: kind: heading``, then (when it has a position) the
    source line and a caret line, then indented detail lines (``symbol:``, ``location:``,
    ``required:``, ``where T is a type-variable:``...). Errors without a file (bad options, a
    missing input) get ``file=""`` and ``line=0``. Notes and the ``N errors`` trailer are skipped.
    The caret's index counts UTF-16 units with tabs kept as tabs, so it is mapped to a character
    column through the printed source line.
    """
    lines = text.replace("\r\n", "\n").split("\n")
    out: list[Diagnostic] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        header = _HEADER.match(line)
        if header is None:
            glob = _GLOBAL.match(line)
            if glob is not None:
                out.append(_diagnostic("", 0, 0, "", glob.group("kind"), glob.group("message")))
            i += 1
            continue
        message = [header.group("message")]
        column = 0
        i += 1
        if i + 1 < len(lines) and _CARET.match(lines[i + 1]):
            source_line, caret_line = lines[i], lines[i + 1]
            column = utf16_to_char_column(source_line, caret_line.index("^"))
            i += 2
        while i < len(lines) and lines[i][:1] in (" ", "\t") and lines[i].strip():
            message.append(lines[i])
            i += 1
        out.append(_diagnostic(header.group("file"), int(header.group("line")), column, "",
                               header.group("kind"), "\n".join(message)))
    return out


@dataclass
class HelperAnswer:
    """One answer of the in-process helper, positions already in characters."""

    ok: bool
    diagnostics: list[Diagnostic] = field(default_factory=list)
    parse_errors: int = 0
    scoped: bool = False
    millis: int = 0  # wall time of the compilation inside the helper
    cpu_millis: int = 0  # CPU time of the compiling thread
    error: str = ""
    references: list["Reference"] = field(default_factory=list)  # when asked: what the target's names resolve to
    references_error: str = ""  # the reference scan failed (the diagnostics are still good)


@dataclass(frozen=True)
class Reference:
    """A name of the checked file and the declaration javac resolved it to (a source file only).

    ``offset`` is the character offset of the name in the checked text; ``kind`` is javac's
    element kind (FIELD, METHOD, ENUM_CONSTANT, CONSTRUCTOR for ``new Foo(...)``, whose name is
    the class, or TYPE for a type's name written anywhere else); ``owner`` the qualified name of
    the declaring type (the type itself for CONSTRUCTOR and TYPE), ``file`` its source file.
    """

    name: str
    offset: int
    kind: str
    owner: str
    file: str
    line: int = 0  # 1-based line of the declaration in ``file`` (0: unknown)

    @property
    def names_type(self) -> bool:
        """The name is a type's own (``new Foo()``, ``Foo x``), not a member of ``owner``."""
        return self.kind in ("CONSTRUCTOR", "TYPE")


def parse_helper_answer(line: str, texts: Mapping[str, str], target: str = "") -> HelperAnswer:
    """One JSON answer line of ``CrossfileJavac`` -> :class:`HelperAnswer`.

    ``texts`` maps the absolute paths javac reports to the exact texts it compiled; a diagnostic
    in such a file gets its row and character column from the UTF-16 ``position``. Diagnostics in
    other files (sourcepath files javac loaded) keep javac's line and column 0. References (asked
    with ``references``) are positions in ``target``'s text, made character offsets. Raises
    ValueError when the line is not a helper answer.
    """
    data = json.loads(line)
    if not isinstance(data, dict) or "ok" not in data:
        raise ValueError("not a CrossfileJavac answer")
    if not data["ok"]:
        return HelperAnswer(False, error=str(data.get("error", "")))
    out = HelperAnswer(True, parse_errors=int(data.get("parse_errors", 0)), scoped=bool(data.get("scoped")),
                       millis=int(data.get("millis", 0)), cpu_millis=int(data.get("cpu_millis", 0)),
                       references_error=str(data.get("references_error", "")))
    indexes: dict[str, list[int]] = {}
    converters: dict[str, Callable[[int], int]] = {}
    for item in data.get("diagnostics", []):
        path = str(item.get("file", ""))
        line_no, column = int(item.get("line", 0)), 0
        position = int(item.get("position", -1))
        text = texts.get(path)
        if text is not None and position >= 0:
            convert = converters.get(path)
            if convert is None:
                convert = converters[path] = utf16_converter(text)
            offset = convert(position)
            starts = indexes.get(path)
            if starts is None:
                starts = indexes[path] = [0] + [k + 1 for k, ch in enumerate(text) if ch == "\n"]
            row = _row_of(starts, offset)
            line_no, column = row + 1, offset - starts[row]
        out.diagnostics.append(_diagnostic(path, line_no, column, str(item.get("code", "")),
                                           str(item.get("kind", "ERROR")), str(item.get("message", ""))))
    target_text = texts.get(target, "") if target else ""
    convert = utf16_converter(target_text) if data.get("references") else None
    for item in data.get("references", []):
        reference = _reference(item, convert)
        if reference is not None:
            out.references.append(reference)
    return out


def _reference(item: dict, convert: Callable[[int], int] | None) -> Reference | None:
    """One helper reference (UTF-16 ``position`` in the target's text) -> :class:`Reference`."""
    position = int(item.get("position", -1))
    if convert is None or position < 0:
        return None
    return Reference(str(item.get("name", "")), convert(position), str(item.get("kind", "")),
                     str(item.get("owner", "")), str(item.get("file", "")), int(item.get("line", 0) or 0))


_ASTRAL = re.compile("[\U00010000-\U0010FFFF]")


def utf16_converter(text: str) -> Callable[[int], int]:
    """A function: UTF-16 offset into ``text`` -> character offset, for many lookups.

    Only characters outside the BMP take two UTF-16 units; without any the offsets agree. With
    some, one table is built (one pass) instead of walking the text for every lookup: that walk
    cost 41 s of a 100 s build on a repository whose test files hold emoji.
    """
    if _ASTRAL.search(text) is None:
        return lambda position: position
    table: list[int] = []
    for i, ch in enumerate(text):
        table.extend((i, i + 1) if ord(ch) > 0xFFFF else (i,))  # inside a pair: the next character
    size = len(table)

    def convert(position: int) -> int:
        if position < size:
            return table[position]
        return len(text) + (position - size)  # past the end: as utf16_to_char_column counts

    return convert


def _row_of(line_starts: list[int], offset: int) -> int:
    import bisect

    return max(0, bisect.bisect_right(line_starts, offset) - 1)


# ------------------------------------------------------------------------------ helper --
class JavacFailure(RuntimeError):
    """javac could not check a file; ``reason`` is the counted snake_case reason."""

    def __init__(self, reason: str, detail: str) -> None:
        super().__init__(f"{reason}: {detail}")
        self.reason = reason
        self.detail = detail


def helper_class_dir(cache_dir: Path | None = None) -> Path:
    """Compile ``CrossfileJavac.java`` once per source version into the cache; return its folder."""
    return compiled_helpers([HELPER_SOURCE, JSON_SOURCE], HELPER_CLASS, cache_dir=cache_dir)


def compiled_helpers(sources: Sequence[Path], marker_class: str, *, classpath: Sequence[str] = (),
                     cache_dir: Path | None = None) -> Path:
    """Compile Java sources of ours (helpers run by the analyzers and the sandbox's runners) once
    into the cache; return the folder of their classes (``marker_class`` tells it is complete).

    The folder is named after the sources' and the class path's SHA-256, so an edited helper or a
    changed library is recompiled, and it is filled under a temporary name and renamed, so
    concurrent builds never see half a folder.
    """
    digest = hashlib.sha256()
    for source in sources:
        digest.update(Path(source).name.encode() + b"\0" + Path(source).read_bytes() + b"\0")
    for entry in classpath:
        digest.update(entry.encode() + b"\0")
    name = digest.hexdigest()[:16]
    from crossfile_datasets.core.paths import absolute_path, default_cache_dir

    # absolute: the runner's classes and the sealed JDK beside them are shown to sandboxes that run
    # in another folder (a relative one ended every Java suite "exited 127")
    cache_dir = default_cache_dir() / "java" if cache_dir is None else absolute_path(cache_dir)
    final = cache_dir / name
    if (final / f"{marker_class}.class").exists():
        return final
    cache_dir.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=f"{name}.", dir=cache_dir))
    try:
        argv = ["javac", *(f"-J{o}" for o in JVM_LOCALE), "-encoding", "UTF-8", "-d", str(staging)]
        if classpath:
            argv += ["-cp", os.pathsep.join(classpath)]
        res = run([*argv, *(str(s) for s in sources)], timeout=C.JAVAC_CLI_TIMEOUT)
        if res.status is RunStatus.NOT_FOUND:
            from crossfile_datasets.analyzers.run import MissingToolError

            raise MissingToolError(f"'javac' was not found: {INSTALL_HINT}")
        if not res.ok:
            raise JavacFailure("helper_compile_failed", (res.stderr or res.stdout)[-2000:])
        staging.chmod(0o755)  # mkdtemp's 0700 would hide the classes from a sandbox of another user
        try:
            os.rename(staging, final)
        except OSError:
            if not (final / f"{marker_class}.class").exists():  # lost a race only if the winner finished
                raise
    finally:
        shutil.rmtree(staging, ignore_errors=True)
    return final


def new_helper_process(cache_dir: Path | None = None) -> PersistentProcess:
    """A (not yet started) helper JVM; it starts on its first request and restarts after a failure."""
    return PersistentProcess(helper_argv(str(helper_class_dir(cache_dir))))


class JavacHelper:
    """Compiles a file's text in memory against a repository's sourcepath, in a helper JVM.

    A request that times out, crashes javac or kills the JVM raises :class:`JavacFailure` with
    reason ``checker_timeout`` or ``checker_crash``; the next request starts a fresh JVM.
    """

    def __init__(
        self,
        sourcepath: Sequence[str],
        classpath: Sequence[str] = (),
        *,
        request_timeout: float = C.JAVAC_REQUEST_TIMEOUT,
        startup_timeout: float = C.JAVAC_STARTUP_TIMEOUT,
        cache_dir: Path | None = None,
        process: PersistentProcess | None = None,
    ) -> None:
        self.sourcepath = [str(p) for p in sourcepath]
        self.classpath = [str(p) for p in classpath]
        self.request_timeout = request_timeout
        self.startup_timeout = startup_timeout
        # A caller may lend a JVM that outlives this helper (one warm JVM per worker process,
        # reused across repositories: every request carries its own sourcepath and classpath).
        self._owns_process = process is None
        self._process = process if process is not None else new_helper_process(cache_dir)
        self._started = False
        self.requests = 0
        self.compile_millis = 0
        self.compile_cpu_millis = 0

    def _ensure_started(self) -> None:
        if self._started:  # reset after every failure, so a replaced JVM is pinged again
            return
        try:
            answer = self._process.request(json.dumps({"op": "ping"}), timeout=self.startup_timeout)
            ok = json.loads(answer).get("ok")
        except PersistentProcessError as exc:
            raise JavacFailure("checker_timeout" if isinstance(exc, PersistentProcessTimeout) else "checker_crash", str(exc)) from exc
        except (ValueError, AttributeError) as exc:
            self._process.close()
            raise JavacFailure("checker_crash", f"unreadable helper answer: {exc}") from exc
        if not ok:
            raise JavacFailure("checker_crash", answer[:2000])
        self._started = True

    def _send(self, request: dict, timeout: float) -> str:
        """One request line -> the answer line; a lost or silent JVM is a :class:`JavacFailure`."""
        self.requests += 1
        try:
            return self._process.request(json.dumps(request), timeout=timeout)
        except PersistentProcessError as exc:
            self._started = False
            raise JavacFailure("checker_timeout" if isinstance(exc, PersistentProcessTimeout) else "checker_crash", str(exc)) from exc

    def unreadable_classpath(self) -> dict[str, str]:
        """The jars of the classpath the JVM cannot open as zip files -> its reason. javac gives
        such a jar "error reading" and then fails inside enter() on every compilation (a corrupt
        test resource named .jar did that to every file of zt-zip), so callers leave them off."""
        self._ensure_started()
        line = self._send({"op": "check_classpath", "classpath": self.classpath}, self.request_timeout)
        try:
            data = json.loads(line)
            return {str(item["path"]): str(item.get("error", "")) for item in data["unreadable"]}
        except (ValueError, KeyError, TypeError) as exc:
            self._process.close()
            self._started = False
            raise JavacFailure("checker_crash", f"unreadable helper answer: {exc}") from exc

    def compile(
        self,
        target: str,
        text: str,
        overrides: Mapping[str, str] | None = None,
        hidden: Sequence[str] = (),
        scope: str = "target",
        references: bool = False,
    ) -> HelperAnswer:
        """Check ``text`` as the file ``target`` (absolute path); ``overrides`` replace sourcepath files;
        ``references``: also list the declarations in source files its names resolve to."""
        self._ensure_started()
        request = {
            "target": target,
            "text": text,
            "sourcepath": self.sourcepath,
            "classpath": self.classpath,
            "overrides": dict(overrides or {}),
            "hidden": list(hidden),
            "options": list(JAVAC_OPTIONS),
            "scope": scope,
            "references": references,
        }
        line = self._send(request, self.request_timeout)
        texts = {target: text, **(overrides or {})}
        try:
            answer = parse_helper_answer(line, texts, target)
        except ValueError as exc:
            self._process.close()
            self._started = False
            raise JavacFailure("checker_crash", f"unreadable helper answer: {exc}") from exc
        if not answer.ok:
            raise JavacFailure("checker_crash", answer.error)
        self.compile_millis += answer.millis
        self.compile_cpu_millis += answer.cpu_millis
        return answer

    def compile_units(self, units: Sequence[tuple[str, str]], references: bool = False,
                      timeout: float | None = None) -> dict[str, HelperAnswer]:
        """Check several unmodified-sourcepath texts in ONE compilation (each ``(target, text)``
        replaces its file); the answer of each target as :meth:`compile` would give it alone.

        Only for texts that are the files' own (the originals): then every target sees the same
        sourcepath as when checked alone, and javac reads that sourcepath once for all of them.
        Each answer holds the diagnostics located in its target; ``parse_errors`` is the total
        of the compilation (the caller checks one by one when it is not 0)."""
        self._ensure_started()
        request = {
            "units": [{"target": target, "text": text} for target, text in units],
            "sourcepath": self.sourcepath,
            "classpath": self.classpath,
            "overrides": {},
            "hidden": [],
            "options": list(JAVAC_OPTIONS),
            "scope": "target",
            "references": references,
        }
        line = self._send(request, timeout or self.request_timeout)
        texts = dict(units)
        try:
            whole = parse_helper_answer(line, texts)
            per_unit = {str(item.get("file", "")): item for item in json.loads(line).get("unit_references", [])}
        except (ValueError, AttributeError) as exc:
            self._process.close()
            self._started = False
            raise JavacFailure("checker_crash", f"unreadable helper answer: {exc}") from exc
        if not whole.ok:
            raise JavacFailure("checker_crash", whole.error)
        self.compile_millis += whole.millis
        self.compile_cpu_millis += whole.cpu_millis
        out: dict[str, HelperAnswer] = {}
        for target, text in units:
            answer = HelperAnswer(True, [d for d in whole.diagnostics if d.file == target], whole.parse_errors,
                                  whole.scoped, whole.millis, whole.cpu_millis)
            item = per_unit.get(target, {})
            answer.references_error = str(item.get("references_error", ""))
            convert = utf16_converter(text) if "references" in item else None
            for ref in item.get("references", []):
                reference = _reference(ref, convert)
                if reference is not None:
                    answer.references.append(reference)
            out[target] = answer
        return out

    def close(self) -> None:
        if self._owns_process:
            self._process.close()
        self._started = False

    def __enter__(self) -> "JavacHelper":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
