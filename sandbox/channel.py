"""The verdict channel: how test outcomes reach the harness without going through files.

Why it exists: a sandboxed run can write anything in its own folder, so a results file there
proves nothing (a completion once wrote "passed" records itself and called ``os._exit(0)``).
Outcomes travel instead over a pipe the harness creates for each run:

- the harness writes a fresh random token into a second pipe and closes it; the pytest plugin
  (``sandbox/pytest_plugin.py``) reads the token once at start-up, keeps it in memory
  only (never in the environment, so it is not in ``/proc/self/environ`` nor inherited), and
  prefixes every record it sends with it; lines without the token are counted as forged;
- pytest's end-of-session hook sends a ``session_end`` record: a run that ends before it (the
  interpreter killed, ``os._exit``, the time limit) is incomplete, and an incomplete run is
  never a pass.

The host reads the pipe while the run lasts and parses it as it comes, keeping bounded memory
whatever the run writes (issue 27: 1.8 GB of junk lines once drove the evaluator to 5.7 GB):
lines without the token are counted, never kept; records are kept up to
``CHANNEL_MAX_BYTES`` of their lines and ``CHANNEL_MAX_HELD_BYTES`` of the host memory their
parsed form takes (the excess counted in ``overflow``), one line up to ``CHANNEL_MAX_LINE``
(longer ones are skipped to their end, counted). A byte of JSON is not a byte of memory:
``{}, `` is four bytes and about 70 bytes of Python, and eight 4 MB records of empty dicts
(32 MiB admitted by the byte budget) held 0.5 GB of the evaluator (red team 2026-11-29f
row 4). So a line is parsed only when an upper bound of what its parse takes
(:func:`parse_bound`, from its length and its brackets, commas and colons) fits in what is
left of the memory budget, and a parsed record is charged what it holds (:func:`held_bytes`). Named events
(``observed_types``, ``options_dropped``, ...) count against the same byte budget as the
outcome records: an event with a new name each time once held 340 MB on the host (red team
2026-11-27). Only the end-of-session record is kept beyond it (one, and at most
``SESSION_END_MAX_BYTES``), so that a run whose records filled the budget still ends.

Cheap forgeries it detects (what an in-process forger could still do is in docs/executable.md,
"Threat model"): every record names the process that sent it (``pid``); with bubblewrap the
tested program is pid 2 of its pid namespace, and records of any other process (a forked child
that kept the pipe and the token) are refused; a second end-of-session record, or records after
it, make the run untrusted (``tampered``).

The record channel is a pipe, or (``ResultChannel(socket=True)``: the C# test host, the Java
runner, which takes it as its standard input) one end of
a Unix stream socket pair. A pipe's write end, inherited by the tested process, can be opened
again *for reading* through ``/proc/self/fd/<n>`` (Linux opens the pipe itself, in the mode
asked for): code under test then takes records the harness never sees, the token with them,
and forges the rest (red team 2, row 3). A socket cannot be opened through ``/proc`` at all
(``ENXIO``), and what the tested process writes on its end is readable only at the harness's
end, which never enters the sandbox; the harness shuts its own sending side at once, so a read
on the tested process's end gives end of file, never a record.

What it does not stop: code running inside the same interpreter as the plugin (a completion
is imported into pytest's process) could in principle find the token in the plugin's memory;
see "Threat model" in docs/executable.md.
"""

from __future__ import annotations

import json
import os
import secrets
import socket as _socket
import sys
import threading
from dataclasses import dataclass, field

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.untrusted_json import loads_untrusted

CHANNEL_ENV = "CROSSFILE_CHANNEL"  # "<token read fd>:<record write fd>" in the sandboxed process
CHANNEL_MAX_LINE = 16 * 1024**2  # one record line (the observed-types event of a large suite fits)
SESSION_END_MAX_BYTES = 64 * 1024  # the end-of-session record (a few counts): a larger one is not kept
# the pid of the program bwrap starts in its pid namespace (bwrap's init is 1)
SANDBOXED_PROGRAM_PID = 2


@dataclass
class ChannelRecords:
    records: list[dict] = field(default_factory=list)  # outcome records with the right token
    session_end: dict | None = None  # pytest's end-of-session record (None: the run did not finish)
    events: dict[str, dict] = field(default_factory=dict)  # other event records by name (observed_types)
    values: list[dict] = field(default_factory=list)  # values observed at checked assertions (sandbox/values.py)
    forged: int = 0  # lines that did not carry the token, or came from another process
    overflow: int = 0  # lines not kept: over the line cap, or records (events too) past the channel's byte cap
    tampered: str = ""  # why the records cannot be trusted ("" = nothing seen)
    malformed: int = 0  # records with the token but not of the consumer's shape (dropped; the run is tampered)

    @property
    def complete(self) -> bool:
        return self.session_end is not None and not self.tampered


def parse_bound(raw: bytes) -> int:
    """An upper bound of the host memory ``json.loads`` of ``raw`` takes, peak included (the
    decoded text, its strings, and per bracket, comma and colon the container or value it may
    open), counted without parsing: measured over the costliest shapes (lists of empty dicts
    and lists, one-key dicts, distinct keys, numbers, non-ASCII text; tests/executable/
    test_channel_budget.py). Brackets and commas inside strings count too (an over-estimate)."""
    chars = 1 if raw.isascii() and b"\\u" not in raw else 4  # bytes per character of the strings
    return ((2 * chars + 1) * len(raw) + 200 * (raw.count(b"{") + raw.count(b"["))
            + 80 * (raw.count(b",") + raw.count(b":")) + 4096)


def held_bytes(value: object) -> int:
    """The memory a parsed JSON value holds (``sys.getsizeof`` of each of its objects; shared
    ones, such as small ints, counted each time: an over-estimate)."""
    total, stack = 0, [value]
    while stack:
        item = stack.pop()
        total += sys.getsizeof(item)
        if isinstance(item, dict):
            total += sum(sys.getsizeof(k) for k in item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return total


class _Parser:
    """Channel bytes -> records, incrementally, in bounded memory."""

    def __init__(self, token: str, expected_pid: int | None, max_bytes: int, max_line: int,
                 max_held: int = C.CHANNEL_MAX_HELD_BYTES) -> None:
        self.prefix = (token + "\t").encode()
        self.expected_pid = expected_pid
        self.max_bytes, self.max_line, self.max_held = max_bytes, max_line, max_held
        self.out = ChannelRecords()
        self.kept = 0
        self.held = 0  # held_bytes of the records kept
        self.partial = bytearray()
        self.skipping = False  # inside an over-long line: drop up to its newline
        self.sender: int | None = None  # the first sender's pid when none is expected

    def feed(self, chunk: bytes) -> None:
        start = 0
        while start < len(chunk):
            end = chunk.find(b"\n", start)
            piece = chunk[start:] if end < 0 else chunk[start:end]
            if self.skipping:
                pass
            elif len(self.partial) + len(piece) > self.max_line:
                self.partial.clear()
                self.skipping = True
                self.out.overflow += 1
            else:
                self.partial += piece
            if end < 0:
                return
            if not self.skipping:
                self.line(bytes(self.partial))
            self.partial.clear()
            self.skipping = False
            start = end + 1

    def close(self) -> ChannelRecords:
        # a last line without its newline: kept if it parses (one cut by a killed process does not)
        if self.partial and not self.skipping:
            try:
                self.line(bytes(self.partial), cut=True)
            except Exception as exc:  # noqa: BLE001 - as in ResultChannel._drain: counted, never raised
                self.unreadable(f"a record the host could not read ({type(exc).__name__})")
        self.partial.clear()
        return self.out

    def unreadable(self, why: str) -> None:
        """Count a record the host could not read: ``malformed``, and the run's records are not
        trusted (``tampered``: never a pass)."""
        self.out.malformed += 1
        self.out.tampered = self.out.tampered or why

    def line(self, raw: bytes, cut: bool = False) -> None:
        """One line of the channel; ``cut``: the last one, without its line end (a process
        killed while writing it)."""
        out = self.out
        if not raw.strip():
            return
        if not raw.startswith(self.prefix):
            out.forged += 1
            return
        body = raw[len(self.prefix):]
        if len(raw) > SESSION_END_MAX_BYTES and parse_bound(body) > self.max_held - self.held:
            # its parse alone could take more memory than the budget has left: not parsed (an
            # end-of-session record is never this long, so the run's end is still read)
            out.overflow += 1
            return
        try:
            record = loads_untrusted(body.decode("utf-8", errors="replace"))
        except (json.JSONDecodeError, RecursionError):
            # a line with the run's token that is not a record: the harness writes whole lines,
            # so another writer cut or glued it (red team 2026-11-29g row 5: bytes sprayed on the
            # pipe). Counted, and the run's records are not trusted; the last line of a killed
            # process (``cut``) is counted only (the run is incomplete without its end anyway)
            if cut:
                out.malformed += 1
            else:
                self.unreadable("a line with the run's token that is not a record (cut or glued by another writer)")
            return
        except ValueError:
            # valid JSON the host refuses to convert (an integer over JSON_INT_MAX_DIGITS: a run can
            # lift its own interpreter's limit): counted, and the run's records are not trusted;
            # it killed the reader thread and stopped the evaluation (red team 2026-11-29e row 1)
            self.unreadable("a record the host cannot read (a number over JSON_INT_MAX_DIGITS digits)")
            return
        if not isinstance(record, dict):
            out.forged += 1
            return
        pid = record.pop("pid", None)
        if self.expected_pid is not None:
            if pid != self.expected_pid:
                out.forged += 1
                return
        elif self.sender is None:
            self.sender = pid
        elif pid != self.sender:
            out.forged += 1
            return
        if out.session_end is not None:
            out.tampered = out.tampered or "records after the end-of-session record"
        event = record.get("event")
        if event == "session_end":
            if out.session_end is not None:
                out.tampered = "a second end-of-session record"
            if len(raw) > SESSION_END_MAX_BYTES:
                out.overflow += 1  # not kept: the run has no end (incomplete)
                return
            out.session_end = record
            return
        if event is not None and str(event) in out.events:
            out.tampered = out.tampered or f"a second {event!s:.40} record"
        # every other record, named event or not, counts against the one byte budget, and
        # against the memory budget with what its parsed form holds
        held = held_bytes(record)
        if self.kept + len(raw) > self.max_bytes or self.held + held > self.max_held:
            out.overflow += 1
            return
        self.kept += len(raw)
        self.held += held
        if event is not None:
            out.events[str(event)] = record
        else:
            (out.values if "value" in record else out.records).append(record)


class ResultChannel:
    """Two pipes for one run. Use: ``env.update(ch.environment())``, pass ``ch.child_fds`` to
    the child, then ``ch.finish()`` after the run (every process of it gone) for the records.
    ``expected_pid``: the only process whose records count (the sandbox sets it to
    :data:`SANDBOXED_PROGRAM_PID` under bubblewrap; None: the first sender's). ``socket``: the
    record channel is a Unix stream socket pair, not a pipe (the sender must write to the
    descriptor itself: a socket cannot be opened through ``/proc/self/fd``)."""

    def __init__(self, *, max_bytes: int = C.CHANNEL_MAX_BYTES, max_line: int = CHANNEL_MAX_LINE,
                 socket: bool = False) -> None:
        self.token = secrets.token_hex(16)
        token_r, token_w = os.pipe()
        os.write(token_w, self.token.encode())
        os.close(token_w)
        self._token_r = token_r
        if socket:
            ours, theirs = _socket.socketpair(_socket.AF_UNIX, _socket.SOCK_STREAM)
            ours.shutdown(_socket.SHUT_WR)  # a read on the tested process's end: end of file at once
            self._read, self._write = ours.detach(), theirs.detach()
        else:
            self._read, self._write = os.pipe()
        self._parser = _Parser(self.token, None, max_bytes, max_line)
        self._finished: ChannelRecords | None = None
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    @property
    def expected_pid(self) -> int | None:
        return self._parser.expected_pid

    @expected_pid.setter
    def expected_pid(self, pid: int | None) -> None:
        self._parser.expected_pid = pid

    @property
    def child_fds(self) -> tuple[int, int]:
        return (self._token_r, self._write)

    def environment(self) -> dict[str, str]:
        return {CHANNEL_ENV: f"{self._token_r}:{self._write}"}

    def _drain(self) -> None:
        # read and parse while the run lasts, so a chatty run never blocks on a full pipe and
        # nothing but the kept records stays in memory
        while True:
            try:
                chunk = os.read(self._read, 65536)
            except OSError:
                break
            if not chunk:
                break
            try:
                self._parser.feed(chunk)
            except Exception as exc:  # noqa: BLE001 - the reader never dies on a line: it drains on
                self._parser.partial.clear()
                self._parser.skipping = True  # the rest of that line is dropped
                self._parser.unreadable(f"a record the host could not read ({type(exc).__name__})")

    def finish(self) -> ChannelRecords:
        if self._finished is not None:
            return self._finished
        for fd in (self._token_r, self._write):
            try:
                os.close(fd)
            except OSError:
                pass
        self._reader.join(timeout=10)
        try:
            os.close(self._read)
        except OSError:
            pass
        self._finished = self._parser.close()
        return self._finished

    def close(self) -> None:
        """Release the pipes when the run never started."""
        self.finish()


def parse_records(text: str | bytes, token: str, *, expected_pid: int | None = None,
                  max_bytes: int = C.CHANNEL_MAX_BYTES, max_line: int = CHANNEL_MAX_LINE,
                  max_held: int = C.CHANNEL_MAX_HELD_BYTES) -> ChannelRecords:
    """Channel text -> records carrying ``token`` (a line cut by a killed process is dropped)."""
    parser = _Parser(token, expected_pid, max_bytes, max_line, max_held)
    parser.feed(text.encode("utf-8", errors="surrogateescape") if isinstance(text, str) else text)
    return parser.close()
