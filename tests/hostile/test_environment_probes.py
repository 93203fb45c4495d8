"""The environment probes read what an interpreter prints at start-up, after its environment's
``.pth`` files ran: untrusted output (rt19fix's scan, 2026-11-29g). They read it whole
(``subprocess.run(capture_output=True)``) and trusted its JSON types: an interpreter printing
without end grew the host, and ``[{}]`` raised ``TypeError`` out of ``interpreter_paths``. Now
they read under a cap with the one runner (process group, output cap) and check the types.
Fake interpreters written for this test (shell scripts standing in for ``python``)."""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path

from crossfile_datasets.sandbox.isolation import PROBE_OUTPUT_CAP, interpreter_paths, probe_json
from crossfile_datasets.sandbox.own_packages import site_directories


def fake_python(folder: Path, prints: str) -> str:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "python3"
    path.write_text(f"#!/bin/sh\n{prints}\n", encoding="utf-8")
    path.chmod(path.stat().st_mode | stat.S_IEXEC)
    return str(path)


def test_a_probe_printing_more_than_its_cap_is_no_answer(tmp_path):
    # 8 MiB of digits, a valid JSON number if read whole
    python = fake_python(tmp_path / "flood" / "bin", "head -c 8388608 /dev/zero | tr '\\0' '1'")
    assert 8 * 1024 * 1024 > PROBE_OUTPUT_CAP
    assert probe_json([python]) is None
    paths = interpreter_paths(python)  # falls back to the builder's own installation
    assert all(os.path.isabs(p) for p in paths)


def test_probe_answers_of_the_wrong_types_are_ignored(tmp_path):
    wrong = fake_python(tmp_path / "wrong" / "bin", "echo '[{}, 3, null, [\"/x\"]]'")
    assert isinstance(interpreter_paths(wrong), tuple)  # was: TypeError (a dict is no path)
    for answer in ('[1, 2]', '{"path": 1, "stdlib": {"a": 1}, "stdlib_names": "abc", "builtins": [1]}'):
        python = fake_python(tmp_path / f"w{len(answer)}" / "bin", f"echo '{answer}'")
        assert site_directories(python) == ((), frozenset()) or site_directories(python)[0] == ()


def test_the_real_interpreter_still_answers():
    dirs, names = site_directories(sys.executable)
    assert "json" in names and all(os.path.isabs(d) for d in dirs)
    assert any(p.startswith(sys.base_prefix) for p in interpreter_paths(sys.executable))
