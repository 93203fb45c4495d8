"""Mono's C# compiler (``mcs``): argv, a pure parser of its messages, and one compile call.

``mcs`` is the only C# compiler installable from Debian (package ``mono-mcs``); it accepts C#
up to 7.2. Its messages look like::

    Shop/Cart.cs(12,31): error CS1061: Type `Shop.Item' does not contain a definition for `Price' ...
    Model/Item.cs(6,18): (Location of the symbol related to previous error)
    error CS1617: Invalid -langversion option `7.3'. ...
    Compilation failed: 2 error(s), 0 warnings

Observed with mcs 6.8 (see ``tests/csharp/data``): the line is 1-based; the column is 1-based
and counts UTF-16 code units, a tab counting as one; columns past 254 are printed as
``255+`` (the compiler packs locations into a few bits), so the real column is unknown there.
:func:`parse_mcs_output` returns the raw positions and :func:`to_diagnostics` converts them to
0-based character columns with the compiled texts (a clamped column becomes the character
column of UTF-16 unit 254 and is flagged with ``symbol="column_clamped"``).
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Mapping, Sequence

from crossfile_datasets.analyzers.run import RunResult, RunStatus, run
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.core.text import utf16_col_to_char_col

TOOL = "mcs"
INSTALL_HINT = "install mono's C# compiler (apt-get install -y mono-mcs)"
LANG_VERSION = "7.2"  # the newest language version mcs 6.8 accepts (it defaults to 7.0)
CLAMPED_COLUMN = 255  # mcs prints "255+" for any column beyond 254
# Assemblies beyond mcs's defaults (mscorlib, System, System.Xml, System.Core) that real
# projects commonly use; each is referenced only when installed (mono-mcs brings the first two
# and System.Configuration; `apt-get install mono-devel` brings the rest). Microsoft.CSharp is
# also what the `dynamic` members of lang/csharp/external.py's stand-ins need.
OPTIONAL_REFERENCES = (
    "System.Numerics.dll", "Microsoft.CSharp.dll", "System.Configuration.dll", "System.Data.dll",
    "System.Xml.Linq.dll", "System.Net.Http.dll", "System.Runtime.Serialization.dll",
    "System.ComponentModel.DataAnnotations.dll", "System.Drawing.dll", "System.Transactions.dll",
)

_LOCATED = re.compile(
    r"^(?P<file>.+?)\((?P<line>\d+),(?P<col>\d+)(?P<plus>\+?)\): (?P<sev>error|warning) (?P<code>CS\d+): (?P<msg>.*)$"
)
_UNLOCATED = re.compile(r"^(?P<sev>error|warning) (?P<code>CS\d+): (?P<msg>.*)$")
_RELATED = re.compile(r"^(?P<where>.+?) ?\(Location of the symbol related to previous (?:error|warning)\)$")
_SUMMARY = re.compile(r"^Compilation (?:failed|succeeded)")
_CRASH = re.compile(r"Internal compiler error|Unhandled Exception|FATAL UNHANDLED EXCEPTION|\bat Mono\.CSharp\.", re.I)


# What mcs says when a name or member is missing (the `type`, `member`, `name`, `method`
# groups are what lang/csharp attributes); CS0117 and CS1061 share MISSING_MEMBER.
MISSING_MEMBER = re.compile(r"^(?:Type )?`(?P<type>.+?)' does not contain a definition for `(?P<member>[^']+)'")
NO_CONSTRUCTOR = re.compile(r"^The type `(?P<type>.+?)' does not contain a constructor that takes `\d+' arguments")
# CS0144: `new` on a class the C# procedure made abstract (lang/csharp/syntax.render_emptied)
NO_INSTANCE = re.compile(r"^Cannot create an instance of the abstract class or interface `(?P<type>.+?)'")
NO_NESTED_TYPE = re.compile(r"^The nested type `(?P<member>[^']+)' does not exist in the type `(?P<type>.+?)'")
NO_NAME = re.compile(r"^The name `(?P<name>[^']+)' does not exist in the current context")
NO_TYPE = re.compile(r"^The type or namespace name `(?P<name>[^']+)' could not be found")
# CS0234: a qualified name whose namespace is known and whose last part is not there
NOT_IN_NAMESPACE = re.compile(r"^The type or namespace name `(?P<name>[^']+)' does not exist in the namespace "
                              r"`(?P<namespace>[^']+)'")
NOT_INFERRED = re.compile(r"^The type arguments for method `(?P<method>[^(']+?)(?:<[^(]*)?\(")
NO_OVERLOAD = re.compile(r"^No overload for method `(?P<method>[^']+)' takes `\d+' arguments")
METHOD_GROUP = re.compile(r"^Cannot convert method group `(?P<method>[^']+)' to non-delegate type")
BAD_EXTENSION = re.compile(r"^Type `(?P<type>.+?)' does not contain a member `(?P<member>[^']+)' and the best extension method")
NO_OVERRIDE = re.compile(r"^`(?P<member>[^']+?)(?:\(.*\))?' is marked as an override but no (?:suitable|accessible)")
# CS1936 (source type named) / CS1935 (names `System.Linq'): the query operator is missing
QUERY_PATTERN = re.compile(r"^An implementation of `(?P<method>[^']+)' query expression pattern")
# the stand-in of an emptied override of an object member or of a library base's method
# (lang/csharp/syntax.py: OBSOLETE_MESSAGE, object_member_stand_in, override_stand_in)
EMPTIED_OBJECT_MEMBER = re.compile(r"^`(?P<type>.+)\.(?P<member>\w+)(?:<[^>]*>)?\([^)]*\)' is obsolete: "
                                   r"`crossfile: emptied'")
# CS0310/CS0311/CS0452: a type argument fails a constraint; the generic method or type is named
# (``... in the generic type or method `Repo.Save<T>(T)'``), its use at the line is what failed
CONSTRAINT_FAILED = re.compile(r"^The type `[^']+' (?:cannot be used|must be|must have)"
                               r".* in the generic type or method `(?P<method>[^'(<]+)")
# CS1540: a protected member reached through a qualifier of the base type (names the member)
PROTECTED_VIA_QUALIFIER = re.compile(r"^Cannot access protected member `(?P<method>[^'(]+)")
NOT_IN_INTERFACE = re.compile(r"^`(?P<member>[^']+)' in explicit interface declaration is not a member of interface")


def diagnostic_name(code: str, message: str) -> str | None:
    """The simple name a missing-name message is about (the member, else the name, the method,
    the type), for telling a diagnostic whose use another round found (``count_unattributed``)."""
    del code  # the message says it
    for pattern in (MISSING_MEMBER, BAD_EXTENSION, NO_NESTED_TYPE, NO_NAME, NO_TYPE, NOT_IN_NAMESPACE, NOT_INFERRED,
                    NO_OVERLOAD, METHOD_GROUP, NO_CONSTRUCTOR, NO_INSTANCE, CONSTRAINT_FAILED, PROTECTED_VIA_QUALIFIER):
        m = pattern.match(message)
        if m is None:
            continue
        groups = m.groupdict()
        written = groups.get("member") or groups.get("name") or groups.get("method") or groups.get("type") or ""
        simple = written.split("<", 1)[0].rsplit(".", 1)[-1]
        return simple or None
    return None


@dataclass(frozen=True)
class McsMessage:
    """One message as printed: ``line`` 1-based, ``column`` 1-based UTF-16 units (or None)."""

    file: str
    line: int
    column: int
    clamped: bool
    severity: str
    code: str
    message: str
    related: tuple[str, ...] = ()  # "(Location of the symbol related...)" lines' locations


@dataclass
class McsOutput:
    messages: list[McsMessage] = field(default_factory=list)
    unlocated: list[tuple[str, str, str]] = field(default_factory=list)  # (severity, code, message)
    crashed: bool = False  # the compiler itself failed (internal error, unhandled exception)
    summary: str = ""
    other_lines: list[str] = field(default_factory=list)


def parse_mcs_output(text: str) -> McsOutput:
    """mcs stdout+stderr text -> messages. Pure; tolerates interleaving and unknown lines."""
    out = McsOutput()
    last: McsMessage | None = None
    for raw in text.splitlines():
        line = raw.rstrip("\r")
        if not line.strip():
            continue
        m = _LOCATED.match(line)
        if m:
            last = McsMessage(
                file=_source_name(m["file"].replace("\\", "/")),
                line=int(m["line"]),
                column=int(m["col"]),
                clamped=bool(m["plus"]),
                severity=m["sev"],
                code=m["code"],
                message=m["msg"],
            )
            out.messages.append(last)
            continue
        m = _RELATED.match(line)
        if m:
            if last is not None:
                updated = McsMessage(last.file, last.line, last.column, last.clamped, last.severity, last.code,
                                     last.message, (*last.related, _source_name(m["where"].strip().rstrip(":"))))
                out.messages[-1] = updated
                last = updated
            continue
        m = _UNLOCATED.match(line)
        if m:
            out.unlocated.append((m["sev"], m["code"], m["msg"]))
            last = None
            continue
        if _SUMMARY.match(line):
            out.summary = line
            continue
        if _CRASH.search(line):
            out.crashed = True
        out.other_lines.append(line)
    return out




def _source_name(file: str) -> str:
    """The source path as the caller gave it (:func:`mcs_argv` prefixes some with ``./``)."""
    return file[2:] if file.startswith("./") else file


def to_diagnostics(messages: Sequence[McsMessage], texts: Mapping[str, str]) -> list[Diagnostic]:
    """Errors only, with 0-based character columns computed from the compiled ``texts``."""
    lines_of: dict[str, list[str]] = {}
    out = []
    for msg in messages:
        if msg.severity != "error":
            continue
        column = max(0, msg.column - 1)
        text = texts.get(msg.file)
        if text is not None:
            lines = lines_of.setdefault(msg.file, text.split("\n"))
            if 0 < msg.line <= len(lines):
                column = utf16_col_to_char_col(lines[msg.line - 1], column)
        out.append(Diagnostic(
            file=msg.file, line=msg.line, column=column, code=msg.code, message=msg.message,
            severity="error", symbol="column_clamped" if msg.clamped else "",
            location="; ".join(msg.related),
        ))
    return out


# ------------------------------------------------------------------------------- running --
@lru_cache(maxsize=1)
def mono_lib_dir() -> Path | None:
    """``<prefix>/lib/mono/4.5`` of the mcs on PATH (where its reference assemblies live)."""
    mcs = shutil.which("mcs")
    if mcs is None:
        return None
    prefix = Path(os.path.realpath(mcs)).parent.parent
    for candidate in (prefix / "lib" / "mono" / "4.5", Path("/usr/lib/mono/4.5")):
        if candidate.is_dir():
            return candidate
    return None


def mcs_argv(sources: Sequence[str], out_path: str, defines: Sequence[str] = ("DEBUG", "TRACE")) -> list[str]:
    """A library compilation that reports errors only (warnings off), C# 7.2, unsafe allowed."""
    argv = [
        "mcs",
        f"-langversion:{LANG_VERSION}",
        "-target:library",
        "-warn:0",
        "-unsafe",
        f"-out:{out_path}",
    ]
    if defines:
        argv.append("-define:" + ";".join(defines))
    lib = mono_lib_dir()
    for ref in OPTIONAL_REFERENCES:
        if lib is not None and (lib / ref).is_file():
            argv.append(f"-r:{ref}")
    # a repository file named like an option (`-recurse:x.cs`) or a response file (`@opts.cs`:
    # mcs would read opts.cs as more options) stays a file name: it is given as `./-recurse:x.cs`
    # (parse_mcs_output takes the `./` off again)
    return argv + [f"./{s}" if s.startswith(("-", "@")) else s for s in sources]


class CompileStatus(StrEnum):
    OK = "ok"  # mcs ran to the end (with errors or not)
    TIMEOUT = "timeout"
    CRASH = "crash"  # killed, output cut, an unexpected exit status or an internal compiler error
    MEMORY = "memory_limit"  # the compiler ran out of its heap (``C.MCS_HEAP_MB``)
    NOT_FOUND = "not_found"  # no mcs on PATH


@dataclass(frozen=True)
class CompileResult:
    status: CompileStatus
    diagnostics: tuple[Diagnostic, ...]
    unlocated: tuple[tuple[str, str, str], ...]
    duration: float
    detail: str = ""
    compiler_error: bool = False  # mcs itself reported an internal error (deterministic, not a lost process)
    signature: str = ""  # a crash's first stack frame (crash_signature): which fault, not only that one happened


# the statuses of a compilation that did not finish (the C# procedure isolates their culprit file)
FAILED = (CompileStatus.CRASH, CompileStatus.TIMEOUT, CompileStatus.MEMORY)
_OUT_OF_MEMORY = "OutOfMemoryException"


def mono_env(base: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment of a mono running mcs: its managed heap capped at ``C.MCS_HEAP_MB``
    (``MONO_GC_PARAMS``; red team 2026-11-28e row 4: doubling string constants took 2 GB and
    more of the compiler, with no bound). Past it mono raises ``OutOfMemoryException``."""
    env = dict(os.environ if base is None else base)
    params = [p for p in env.get("MONO_GC_PARAMS", "").split(",") if p and not p.startswith("max-heap-size=")]
    env["MONO_GC_PARAMS"] = ",".join([*params, f"max-heap-size={C.MCS_HEAP_MB}m"])
    return env


_FRAME = re.compile(r"^[ \t]*at (\S.*?)(?: \[0x[0-9a-f]+\].*)?$", re.MULTILINE)


def crash_signature(output: str) -> str:
    """The first stack frame of a crashed compiler's output, without its offsets
    (``Mono.CSharp.CSharpParser.case_963 ()``), else "". mcs 6.8 has more than one fault: a
    file that crashes its parser can hide another file that crashes it only once the first is
    gone (dynamitey: ``case T _:`` in ``BaseObject.cs``; without it, generic ``Builder.cs``
    crashes the member cache), so isolating a culprit compares faults, not just crash statuses."""
    m = _FRAME.search(output)
    return m.group(1).strip() if m else ""


def out_of_memory(detail: str, duration: float) -> CompileResult:
    return CompileResult(CompileStatus.MEMORY, (), (), duration,
                         f"mcs ran out of its {C.MCS_HEAP_MB} MB heap: {detail.strip()[-300:]}", compiler_error=True)


def compile_sources(cwd: Path, sources: Sequence[str], texts: Mapping[str, str], out_path: str,
                    timeout: float, runner=run, defines: Sequence[str] = ("DEBUG", "TRACE")) -> CompileResult:
    """Run mcs on ``sources`` (paths relative to ``cwd``) and parse what it says.

    ``texts`` maps the same relative paths to the compiled text (for column conversion).
    """
    res: RunResult = runner(mcs_argv(sources, out_path, defines), timeout=timeout, cwd=cwd, env=mono_env())
    if _OUT_OF_MEMORY in res.stderr[-4000:] + res.stdout[-4000:]:
        return out_of_memory(res.stderr or res.stdout, res.duration)
    if res.status is RunStatus.NOT_FOUND:
        return CompileResult(CompileStatus.NOT_FOUND, (), (), res.duration, res.stderr.strip())
    if res.status is RunStatus.TIMEOUT:
        return CompileResult(CompileStatus.TIMEOUT, (), (), res.duration, f"mcs timed out after {timeout:.0f}s")
    if res.status is RunStatus.SIGNALED or res.stdout_truncated or res.stderr_truncated:
        return CompileResult(CompileStatus.CRASH, (), (), res.duration, f"mcs {res.status.value}: {res.stderr.strip()[-300:]}")
    if res.returncode not in (0, 1):
        return CompileResult(CompileStatus.CRASH, (), (), res.duration, f"mcs exited with {res.returncode}: {res.stderr.strip()[-300:]}")
    return compile_result(res.stdout + "\n" + res.stderr, texts, res.duration)


def compile_result(output: str, texts: Mapping[str, str], duration: float) -> CompileResult:
    """A finished compilation's output text -> :class:`CompileResult` (pure)."""
    parsed = parse_mcs_output(output)
    if parsed.crashed and _OUT_OF_MEMORY in output:
        return out_of_memory("\n".join(parsed.other_lines[:5]), duration)
    if parsed.crashed:
        tail = "\n".join(parsed.other_lines[:5])
        return CompileResult(CompileStatus.CRASH, (), (), duration, tail[:500], compiler_error=True,
                             signature=crash_signature(output))
    return CompileResult(CompileStatus.OK, tuple(to_diagnostics(parsed.messages, texts)),
                         tuple(u for u in parsed.unlocated if u[0] == "error"), duration)


__all__ = [
    "CLAMPED_COLUMN",
    "CompileResult",
    "FAILED",
    "INSTALL_HINT",
    "McsMessage",
    "McsOutput",
    "TOOL",
    "compile_result",
    "compile_sources",
    "mono_env",
    "mcs_argv",
    "parse_mcs_output",
    "to_diagnostics",
]
