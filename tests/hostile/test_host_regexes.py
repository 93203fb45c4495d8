"""Regular expressions the host runs on repository text, with a pattern built from repository
text too, stay linear: a crafted input costs about what an honest one of the same size costs.
CPU-time ratios with the collector off (never a wall-clock bound)."""

from __future__ import annotations

import gc
import time

RATIO = 10  # hostile / honest CPU time; before the fixes: hundreds to thousands


def cpu(call, floor: float = 0.005) -> float:
    """Best CPU seconds per call, repeating until a run of calls takes ``floor``."""
    gc.disable()
    try:
        reps = 1
        while True:
            started = time.process_time()
            for _ in range(reps):
                call()
            spent = time.process_time() - started
            if spent >= floor:
                break
            reps *= 2
        best = spent
        for _ in range(2):
            started = time.process_time()
            for _ in range(reps):
                call()
            best = min(best, time.process_time() - started)
        return best / reps
    finally:
        gc.enable()


def test_a_tsconfig_include_of_many_stars_matches_in_linear_time():
    """``lang/typescript/tsconfig.py``: every source path is matched against every include and
    exclude pattern of its configurations (a repository's ``tsconfig.json``). The whole pattern
    was one regex (``[^/]*`` per ``*``, ``(?:[^/]+/)*`` per ``**/``), which backtracked
    polynomially: ``*a*a*a*a*a*a*b`` on a 40-character name 0.2 s, a few more stars hours."""
    from crossfile_datasets.lang.typescript.tsconfig import _glob_match

    for pattern, hostile, honest in (
        ("*a" * 6 + "*b", "a" * 40, "c" * 40),  # before: 0.2 s against 0.0001 s
        ("**/" * 6 + "b/x.ts", "/".join(["b"] * 30) + "/y.ts", "/".join(["c"] * 30) + "/y.ts"),  # 0.17 s
    ):
        assert not _glob_match(pattern, hostile) and not _glob_match(pattern, honest)
        slow, fast = cpu(lambda: _glob_match(pattern, hostile)), cpu(lambda: _glob_match(pattern, honest))
        assert slow < RATIO * fast, (pattern, slow, fast)


def test_a_class_body_of_many_annotated_member_lines_is_searched_in_linear_time():
    """``lang/python/__init__.py:_inherits_outside_project`` searches a class body for an
    assignment of the member a usage names (``self.m: T = ...``): ``[^=\\n]*`` after each
    ``self.m:`` ran to the end of the line, once per occurrence (16,000 on one line: 27 s)."""
    from crossfile_datasets.lang.python import _assigned_member_regex

    regex = _assigned_member_regex("m")
    hostile, honest = "    x = 1; " + "self.m:" * 3000 + "\n", "    x = 1; " + "self.q:" * 3000 + "\n"
    assert regex.search(hostile) is None and regex.search(honest) is None
    assert regex.search("        self.m: int = 3\n") and regex.search("    m: int\n") and regex.search("cls.m = 1\n")
    slow, fast = cpu(lambda: regex.search(hostile)), cpu(lambda: regex.search(honest))
    assert slow < RATIO * fast, (slow, fast)
