"""Containment checks that had no test: memory spent through the sandbox's tmpfs folders, and
hard links (not symbolic ones) to files outside the copy. Both are contained; regression guards."""

from __future__ import annotations

import errno
import json
import os
import sys

import pytest

from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from tests.hostile.redteam.conftest import PROJECT

FILL = """
import os
chunk = b"z" * (32 << 20)
written = 0
for i in range(24):
    with open(os.path.join(%r, "fill-%%d" %% i), "wb") as fh:
        fh.write(chunk)
    written += 32
    print(written, flush=True)
"""


@pytest.mark.parametrize("folder", ["/tmp", "/dev/shm"])
def test_tmpfs_writes_count_against_the_whole_tree_memory_limit(folder):
    """Host memory (every sandboxed run): /tmp and /dev/shm inside the sandbox are tmpfs, i.e.
    the host's RAM, with no size option, and RLIMIT_AS does not cover page cache. Writing 768 MiB
    there in 32 MiB files (each under RLIMIT_FSIZE) under a 256 MiB limit is stopped by the
    whole-tree memory cgroup (tmpfs pages are charged to it). Contained where cgroups exist."""
    limits = SandboxLimits(timeout=60, memory_bytes=256 << 20)
    with Sandbox(None, python=sys.executable, limits=limits) as box:
        ran = box.run([sys.executable, "-c", FILL % folder])
    if ran.process_limit_mode == "rlimit":
        pytest.skip("no memory cgroup here: tmpfs is not limited (docs/executable.md, rlimit mode)")
    written = [int(x) for x in ran.result.stdout.split()]
    assert ran.memory_limit_hit, (ran.result.stdout[-300:], ran.result.stderr[-300:])
    assert max(written, default=0) < 512, f"{max(written)} MiB written to {folder}"


LINK = """
import errno, json, os
out = {}
for source in %r:
    try:
        os.link(source, os.path.join(os.environ["CROSSFILE_SANDBOX_ROOT"], "repo", "linked-" + os.path.basename(source)))
        out[source] = "linked"
    except OSError as exc:
        out[source] = errno.errorcode.get(exc.errno, str(exc.errno))
print(json.dumps(out))
"""


def test_hard_links_to_files_outside_the_copy_cannot_be_made():
    """Escape / read-back (every sandboxed run): the sandbox folder lies on the host's disk, the
    same filesystem as much of the machine; a hard link planted in the copy to a host file would
    pass every ``O_NOFOLLOW`` and ``S_ISREG`` check of the host's read-back (hostfs) and feed
    that file to the host as coverage data, a capture file or Pynguin output. Linking across
    bubblewrap's bind mounts fails (EXDEV), whatever the file. Contained."""
    sources = [str(PROJECT / "pyproject.toml"), "/etc/passwd", sys.executable]
    with Sandbox(None, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        ran = box.run([sys.executable, "-c", LINK % sources])
        linked = sorted(p.name for p in box.root.iterdir())
    seen = json.loads(ran.result.stdout.strip().splitlines()[-1])
    assert set(seen) == set(sources)
    assert all(code in (errno.errorcode[errno.EXDEV], errno.errorcode[errno.EPERM], errno.errorcode[errno.EROFS],
                           errno.errorcode[errno.ENOENT])
               for code in seen.values()), seen
    assert linked == []


SPARSE_MIB = 512


def test_a_sparse_file_does_not_fill_the_host_disk_through_the_copies(tmp_path):
    """Host resource (every run's copy: build, class build, both evaluations; tree_digest reads
    it in full too): a repository folder ships a sparse file (apparent size 512 MiB, no block on
    disk). ``copy_repository`` copies it with sendfile, which writes every zero: each sandbox
    run of the repository allocates the whole apparent size on the host's disk (a 64 GiB sparse
    file: one run fills this machine's disk, under ``RLIMIT_FSIZE``, which binds only the
    sandboxed processes)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "mod.py").write_text("X = 1\n")
    with open(repo / "blob.bin", "wb") as fh:
        fh.truncate(SPARSE_MIB << 20)
    assert os.stat(repo / "blob.bin").st_blocks == 0
    with Sandbox(repo, python=sys.executable, limits=SandboxLimits(timeout=60)) as box:
        copied = box.root / "blob.bin"
        allocated = os.stat(copied).st_blocks * 512 if os.path.lexists(copied) else 0
    assert allocated < (64 << 20), f"the copy allocated {allocated >> 20} MiB on the host's disk"
