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

What it does not stop: code running inside the same interpreter as the plugin (a completion
is imported into pytest's process) could in principle find the token in the plugin's memory;
see "Threat model" in docs/executable.md.
"""

from __future__ import annotations

import json
import os
import secrets
import threading
from dataclasses import dataclass, field

CHANNEL_ENV = "CROSSFILE_CHANNEL"  # "<token read fd>:<record write fd>" in the sandboxed process


@dataclass
class ChannelRecords:
    records: list[dict] = field(default_factory=list)  # outcome records with the right token
    session_end: dict | None = None  # pytest's end-of-session record (None: the run did not finish)
    events: dict[str, dict] = field(default_factory=dict)  # other event records by name (observed_types)
    forged: int = 0  # lines that did not carry the token

    @property
    def complete(self) -> bool:
        return self.session_end is not None


class ResultChannel:
    """Two pipes for one run. Use: ``env.update(ch.environment())``, pass ``ch.child_fds`` to
    the child, then ``ch.finish()`` after the run (every process of it gone) for the records."""

    def __init__(self) -> None:
        self.token = secrets.token_hex(16)
        token_r, token_w = os.pipe()
        os.write(token_w, self.token.encode())
        os.close(token_w)
        self._token_r = token_r
        self._read, self._write = os.pipe()
        self._chunks: list[bytes] = []
        self._finished: ChannelRecords | None = None
        self._reader = threading.Thread(target=self._drain, daemon=True)
        self._reader.start()

    @property
    def child_fds(self) -> tuple[int, int]:
        return (self._token_r, self._write)

    def environment(self) -> dict[str, str]:
        return {CHANNEL_ENV: f"{self._token_r}:{self._write}"}

    def _drain(self) -> None:
        # read while the run lasts, so a chatty run never blocks on a full pipe
        while True:
            try:
                chunk = os.read(self._read, 65536)
            except OSError:
                break
            if not chunk:
                break
            self._chunks.append(chunk)

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
        self._finished = parse_records(b"".join(self._chunks).decode("utf-8", errors="replace"), self.token)
        return self._finished

    def close(self) -> None:
        """Release the pipes when the run never started."""
        self.finish()


def parse_records(text: str, token: str) -> ChannelRecords:
    """Channel text -> records carrying ``token`` (a line cut by a killed process is dropped)."""
    out = ChannelRecords()
    prefix = token + "\t"
    for line in text.splitlines():
        if not line.strip():
            continue
        if not line.startswith(prefix):
            out.forged += 1
            continue
        try:
            record = json.loads(line[len(prefix):])
        except json.JSONDecodeError:
            continue
        if not isinstance(record, dict):
            out.forged += 1
        elif record.get("event") == "session_end":
            out.session_end = record
        elif "event" in record:
            out.events[str(record["event"])] = record
        else:
            out.records.append(record)
    return out
