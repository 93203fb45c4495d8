"""The peak memory of the calling process, for the child scripts of memory attacks.

Why it exists: ``getrusage(RUSAGE_SELF).ru_maxrss`` of a fresh interpreter is not its own peak:
Linux keeps the high-water mark across ``execve``, so a child started by a pytest process that
has grown to 700 MB reports 700 MB from its first line. In the whole suite (CI, 2026-11-28e) an
attack's +379 MB was invisible under that inherited mark (two strict xfails passed) and an honest
read-back "took" 677 MB. ``VmHWM`` belongs to the process's own address space, new at exec.
"""

from __future__ import annotations


def peak_rss_kb() -> int:
    """The ``VmHWM`` line of ``/proc/self/status`` in kB (0 where there is none)."""
    with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
        for line in fh:
            if line.startswith("VmHWM:"):
                return int(line.split()[1])
    return 0
