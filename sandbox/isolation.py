"""Operating-system isolation of a sandboxed run: bubblewrap namespaces and cgroup limits.

Why it exists: the executable split runs code nobody here wrote (repository tests, generated
tests, model completions). An in-process guard (audit hooks) only sees some Python calls;
native code, a shell or ``ctypes`` walk past it. The isolation therefore comes from the kernel,
through bubblewrap (``bwrap``, Debian package ``bubblewrap``):

- a mount namespace with the whole filesystem bound read-only; the sandbox folder (the private
  copy of the repository, its control files, its home) and a private ``/tmp`` are the only
  writable places; home directories, ``/run``, the user's caches and a few secret files are
  hidden (the interpreters the run needs are bound back read-only at the same paths);
- a pid namespace with a fresh ``/proc`` (the builder's ``/proc/<pid>/environ`` is not there)
  and ``--die-with-parent``: when the run ends, or the harness kills it, the namespace's init
  dies and the kernel kills every process in it, ``setsid`` or not;
- a network namespace with only its own loopback; an IPC and UTS namespace; a user namespace
  whose processes hold no capabilities and cannot create further user namespaces;
- no inotify instance: a seccomp filter (a classic BPF program handed to bwrap's ``--seccomp``)
  makes ``inotify_init``/``inotify_init1`` fail with ``EMFILE``, as at a zero ceiling. The kernel
  counts instances per user *up the user-namespace tree*, outside cgroups and rlimits, so a run
  holding them took all of root's 128 from every process of the machine (red team 2, row 7);
- whole-tree limits from cgroups when this process may create them: memory (v1
  ``memory.limit_in_bytes`` or v2 ``memory.max``) and process count (``pids.max``). Where no
  cgroup can be made, only the per-process rlimits remain (``RLIMIT_AS`` per process, and
  ``RLIMIT_NPROC``, which counts per user and is not enforced for root): weaker, reported as
  ``limit_mode`` of every run.

If bwrap is missing or cannot create the namespaces, :func:`require_bwrap` raises
:class:`SandboxUnavailable` with the reason; running without isolation is only possible through
the explicit opt-out ``CROSSFILE_SANDBOX=none`` (``--sandbox none`` on the command lines).
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid
from dataclasses import dataclass
from pathlib import Path
from typing import Iterable, Sequence

SANDBOX_ENV = "CROSSFILE_SANDBOX"  # "bwrap" (default) or "none" (explicit, loudly warned opt-out)
ISOLATIONS = ("bwrap", "none")
# Folders hidden behind an empty tmpfs: home directories and per-user runtime state. /tmp and
# /var/tmp become private; the sandbox folder itself is bound back writable.
HIDDEN_DIRS = ("/home", "/root", "/run", "/var/run", "/tmp", "/var/tmp", "/mnt", "/media")
# Files replaced by an empty one: inside the user namespace the sandbox runs as the file's owner.
HIDDEN_FILES = ("/etc/shadow", "/etc/gshadow", "/etc/shadow-", "/etc/gshadow-", "/etc/sudoers")
# Variables naming folders with credentials or caches of the user (hidden when they exist).
SECRET_DIR_VARIABLES = ("HF_HOME", "HF_TOKEN_PATH", "HUGGINGFACE_HUB_CACHE", "XDG_CACHE_HOME", "XDG_CONFIG_HOME",
                        "XDG_DATA_HOME", "XDG_RUNTIME_DIR", "CROSSFILE_CACHE", "PIP_CACHE_DIR")
# Namespaces: all of them, a user namespace in which no capability is held and from which no
# further user namespace may be created.
NAMESPACE_ARGS = ("--unshare-all", "--unshare-user", "--disable-userns", "--cap-drop", "ALL",
                  "--die-with-parent", "--new-session", "--hostname", "sandbox")


# ------------------------------------------------------------------------------ seccomp --
# seccomp_data: int nr at offset 0, u32 arch at offset 4. Classic BPF opcodes and return values
# (linux/filter.h, linux/seccomp.h); EMFILE is what inotify_init returns at the instance ceiling.
_BPF_LD_W_ABS, _BPF_JEQ_K, _BPF_RET_K = 0x20, 0x15, 0x06
_SECCOMP_RET_ALLOW, _SECCOMP_RET_ERRNO, _EMFILE = 0x7FFF0000, 0x00050000, 24
_X32 = 0x40000000
# AUDIT_ARCH_* -> the numbers of inotify_init and inotify_init1 in that ABI (x32 shares x86-64's
# with the x32 bit; arm64 has only inotify_init1)
INOTIFY_SYSCALLS = {
    0xC000003E: (253, 294, _X32 | 253, _X32 | 294),  # x86-64 (and x32)
    0x40000003: (291, 332),  # i386
    0xC00000B7: (26,),  # aarch64
    0x40000028: (316, 360),  # arm
}


@functools.lru_cache(maxsize=1)
def inotify_filter() -> bytes:
    """The seccomp program (an array of ``struct sock_filter``) every sandboxed process runs
    under: ``inotify_init``/``inotify_init1`` fail with EMFILE, everything else is allowed (the
    namespaces, capabilities and limits do the rest)."""
    import struct

    ops: list[tuple] = [("load", 4)]  # the architecture
    for arch, numbers in INOTIFY_SYSCALLS.items():
        ops.append(("skip_unless", arch, len(numbers) + 2))  # this ABI's block: load, checks, allow
        ops += [("load", 0), *(("deny_if", n) for n in numbers), ("allow",)]
    ops.append(("allow",))
    deny = len(ops)
    ops.append(("deny",))
    code = []
    for i, op in enumerate(ops):
        if op[0] == "load":
            code.append((_BPF_LD_W_ABS, 0, 0, op[1]))
        elif op[0] == "skip_unless":
            code.append((_BPF_JEQ_K, 0, op[2], op[1]))
        elif op[0] == "deny_if":
            code.append((_BPF_JEQ_K, deny - i - 1, 0, op[1]))
        else:
            code.append((_BPF_RET_K, 0, 0, _SECCOMP_RET_ALLOW if op[0] == "allow" else _SECCOMP_RET_ERRNO | _EMFILE))
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in code)


def seccomp_fd() -> int:
    """A fresh descriptor holding :func:`inotify_filter` from its start, for ``--seccomp``
    (bwrap reads it to the end: one per run, closed by the caller after the run)."""
    fd = os.memfd_create("crossfile-seccomp", os.MFD_CLOEXEC)
    os.write(fd, inotify_filter())
    os.lseek(fd, 0, os.SEEK_SET)
    return fd


class SandboxUnavailable(RuntimeError):
    """Execution refused: the sandbox tool is missing or the kernel refuses its namespaces."""


def isolation_mode() -> str:
    """``bwrap`` unless the caller explicitly opted out with ``CROSSFILE_SANDBOX=none``."""
    mode = (os.environ.get(SANDBOX_ENV) or "bwrap").strip().lower()
    if mode not in ISOLATIONS:
        raise SandboxUnavailable(f"{SANDBOX_ENV}={mode!r}: expected one of {', '.join(ISOLATIONS)}")
    return mode


def opt_out_warning() -> str:
    return ("WARNING: --sandbox none: repository tests, generated tests and model completions run WITHOUT "
            "isolation, with your user's rights: they can read your files and tokens, write and delete "
            "anywhere you can, reach the network and leave processes behind. Only use this on code you trust.")


@functools.lru_cache(maxsize=1)
def require_bwrap() -> str:
    """Path of a bwrap that can create this sandbox's namespaces here, or SandboxUnavailable."""
    binary = shutil.which("bwrap")
    if binary is None:
        raise SandboxUnavailable(
            "bubblewrap (bwrap) is not installed: executing repository or model code needs it "
            "(Debian/Ubuntu: apt-get install bubblewrap; scripts/setup.sh installs it). "
            "To run WITHOUT isolation on code you trust, pass --sandbox none.")
    fd = seccomp_fd()
    probe = [binary, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
             *NAMESPACE_ARGS, "--seccomp", str(fd), "--", "/bin/true"]
    try:
        done = subprocess.run(probe, capture_output=True, text=True, timeout=30, pass_fds=(fd,))
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise SandboxUnavailable(f"bubblewrap could not be started ({exc})") from None
    finally:
        os.close(fd)
    if done.returncode != 0:
        raise SandboxUnavailable(
            f"bubblewrap cannot create the sandbox's namespaces here: {done.stderr.strip()[:300]} "
            "(user namespaces may be disabled: sysctl kernel.unprivileged_userns_clone / "
            "user.max_user_namespaces, or a container without CAP_SYS_ADMIN; or seccomp filters are "
            "not allowed). "
            "To run WITHOUT isolation on code you trust, pass --sandbox none.")
    return binary


@functools.lru_cache(maxsize=32)
def interpreter_paths(python: str) -> tuple[str, ...]:
    """Folders ``python`` reads at run time (prefixes, sys.path, its executable's folder), so
    they can be bound back when they live under a hidden folder (e.g. pyenv under /root)."""
    paths = {str(Path(python).parent), str(Path(os.path.realpath(python)).parent)}
    code = "import sys, json; print(json.dumps([sys.prefix, sys.base_prefix, sys.exec_prefix, sys.base_exec_prefix, *sys.path]))"
    # the interpreter's start-up runs the .pth files of whatever its environment installed
    argv = confined([python, "-c", code])
    try:
        done = subprocess.run(argv, capture_output=True, text=True, timeout=60,
                              env={"PATH": os.defpath, "PYTHONNOUSERSITE": "1", "LANG": "C.UTF-8"})
        paths.update(p for p in json.loads(done.stdout) if p)
    except (OSError, ValueError, subprocess.TimeoutExpired):
        paths.add(sys.base_prefix)
    # what the probe printed is only believed inside the interpreter's own installation or the
    # builder's (a hostile .pth printing "/root/.ssh" must not get it bound back)
    trusted = {str(Path(python).parent.parent), str(Path(os.path.realpath(python)).parent.parent),
               sys.prefix, sys.base_prefix, os.path.realpath(sys.base_prefix)}
    out = set()
    for p in paths:
        for variant in (p, os.path.realpath(p)):
            if os.path.isabs(variant) and os.path.exists(variant) and any(_under(variant, t) for t in trusted):
                out.add(variant)
    return tuple(sorted(out))


def confined(argv: Sequence[str]) -> list[str]:
    """``argv`` wrapped so that it can write nothing and reach no network, with nothing hidden:
    for short probes of an environment the harness needs an answer from (its start-up runs code
    of installed packages). Unchanged when bubblewrap is unavailable (the opt-out)."""
    try:
        binary = require_bwrap()
    except SandboxUnavailable:
        return list(argv)
    return [binary, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", *NAMESPACE_ARGS, "--", *argv]


def _under(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def hidden_dirs() -> list[str]:
    dirs = [d for d in HIDDEN_DIRS if os.path.isdir(d) and not os.path.islink(d)]
    for name in SECRET_DIR_VARIABLES:
        value = os.environ.get(name)
        if value and os.path.isabs(value) and os.path.isdir(value):
            dirs.append(os.path.realpath(value))
    try:
        from crossfile_datasets.core.paths import default_cache_dir  # the builder's clones and environments

        cache = str(default_cache_dir().resolve())
        if os.path.isdir(cache):
            dirs.append(cache)
    except Exception:  # noqa: BLE001 - the cache folder is optional
        pass
    ordered = sorted(set(dirs), key=lambda d: (d.count("/"), d))
    # a folder inside one already hidden needs no mount of its own
    return [d for d in ordered if not any(o != d and _under(d, o) for o in ordered)]


def bwrap_argv(binary: str, *, writable: Path, cwd: Path, read_only: Iterable[str] = (),
               seccomp: int | None = None) -> list[str]:
    """The bwrap command line up to (not including) the program to run. ``seccomp``: a
    descriptor from :func:`seccomp_fd` (the run must pass it to bwrap)."""
    argv = [binary, "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/dev/shm"]
    hidden = hidden_dirs()
    for d in hidden:
        argv += ["--tmpfs", d]
    for f in HIDDEN_FILES:
        if os.path.isfile(f):
            argv += ["--ro-bind", "/dev/null", f]
    # bound back read-only when hidden above (an interpreter under /root, a venv in the cache);
    # shortest first so a folder's own binding does not cover a deeper one made before it
    for p in sorted(set(read_only), key=lambda p: (p.count("/"), p)):
        if any(_under(p, d) for d in hidden) and not _under(p, str(writable)):
            argv += ["--ro-bind", p, p]
    argv += ["--bind", str(writable), str(writable), *NAMESPACE_ARGS, "--chdir", str(cwd)]
    if seccomp is not None:
        argv += ["--seccomp", str(seccomp)]
    return argv


# --------------------------------------------------------------------------- cgroups --
@dataclass
class TreeLimits:
    """Whole-tree cgroups of one run (v1: one folder per controller; v2: one folder)."""

    folders: dict[str, Path]  # controller -> cgroup folder ("memory", "pids")
    version: int

    @classmethod
    def create(cls, memory_bytes: int, max_processes: int) -> "TreeLimits | None":
        if os.environ.get("CROSSFILE_NO_CGROUP"):
            return None
        try:
            lines = Path("/proc/self/cgroup").read_text().splitlines()
        except OSError:
            return None
        name = f"crossfile-{uuid.uuid4().hex[:12]}"
        v1: dict[str, str] = {}
        v2 = None
        for line in lines:
            parts = line.split(":", 2)
            if len(parts) != 3:
                continue
            if parts[0] == "0" and parts[1] == "":
                v2 = parts[2]
            for controller in parts[1].split(","):
                if controller in ("memory", "pids"):
                    v1[controller] = parts[2]
        settings = {"memory": memory_bytes, "pids": max_processes}
        if v1:
            made: dict[str, Path] = {}
            for controller, rel in v1.items():
                _sweep(Path("/sys/fs/cgroup") / controller / rel.lstrip("/"))
                folder = Path("/sys/fs/cgroup") / controller / rel.lstrip("/") / name
                try:
                    folder.mkdir()
                except OSError:
                    continue
                made[controller] = folder
                try:
                    if controller == "memory":
                        (folder / "memory.limit_in_bytes").write_text(str(settings["memory"]))
                    else:
                        (folder / "pids.max").write_text(str(settings["pids"]))
                except OSError:
                    _remove(folder)
                    del made[controller]
            return cls(made, 1) if made else None
        if v2 is not None:
            base = Path("/sys/fs/cgroup") / v2.lstrip("/")
            try:
                enabled = (base / "cgroup.subtree_control").read_text().split()
            except OSError:
                return None
            wanted = [c for c in ("memory", "pids") if c in enabled]
            if not wanted:
                return None
            _sweep(base)
            folder = base / name
            try:
                folder.mkdir()
                if "memory" in wanted:
                    (folder / "memory.max").write_text(str(memory_bytes))
                    (folder / "memory.swap.max").write_text("0") if (folder / "memory.swap.max").exists() else None
                if "pids" in wanted:
                    (folder / "pids.max").write_text(str(max_processes))
            except OSError:
                _remove(folder)
                return None
            return cls({c: folder for c in wanted}, 2)
        return None

    @property
    def mode(self) -> str:
        return "+".join(f"cgroup-v{self.version}-{c}" for c in sorted(self.folders))

    def procs_files(self) -> list[str]:
        return sorted({str(f / "cgroup.procs") for f in self.folders.values()})

    def pids(self) -> set[int]:
        out: set[int] = set()
        for f in self.procs_files():
            try:
                out.update(int(x) for x in Path(f).read_text().split())
            except (OSError, ValueError):
                pass
        return out

    def current_processes(self) -> int:
        folder = self.folders.get("pids")
        if folder is None:
            return len(self.pids())
        try:
            return int((folder / "pids.current").read_text())
        except (OSError, ValueError):
            return 0

    def process_limit_hit(self) -> bool:
        return _event_count(self.folders.get("pids"), "pids.events", "max") > 0

    def memory_limit_hit(self) -> bool:
        folder = self.folders.get("memory")
        if folder is None:
            return False
        if self.version == 1:
            return _event_count(folder, "memory.oom_control", "oom_kill") > 0
        return _event_count(folder, "memory.events", "oom_kill") > 0 or _event_count(folder, "memory.events", "max") > 0

    def close(self) -> int:
        """Kill what is left in the cgroups (normally nothing: the pid namespace is gone) and
        remove them. Returns how many processes had to be killed."""
        killed: set[int] = set()
        for _ in range(200):
            pids = self.pids()
            if not pids:
                break
            for pid in pids:
                try:
                    os.kill(pid, 9)
                    killed.add(pid)
                except (ProcessLookupError, PermissionError):
                    pass
            time.sleep(0.01)
        for folder in set(self.folders.values()):
            _remove(folder)
        return len(killed)


STALE_CGROUP_SECONDS = 600.0


def _sweep(parent: Path) -> None:
    """Remove run cgroups left behind by a harness that was killed before it could (empty and
    older than STALE_CGROUP_SECONDS; a live run's cgroup is joined within milliseconds of its
    creation and a non-empty one cannot be removed)."""
    try:
        entries = [p for p in parent.iterdir() if p.name.startswith("crossfile-")]
    except OSError:
        return
    now = time.time()
    for folder in entries:
        try:
            if now - folder.stat().st_mtime > STALE_CGROUP_SECONDS and not (folder / "cgroup.procs").read_text().strip():
                folder.rmdir()
        except OSError:
            pass


def _event_count(folder: Path | None, file: str, key: str) -> int:
    if folder is None:
        return 0
    try:
        for line in (folder / file).read_text().splitlines():
            parts = line.split()
            if len(parts) == 2 and parts[0] == key:
                return int(parts[1])
    except (OSError, ValueError):
        pass
    return 0


def _remove(folder: Path) -> None:
    for _ in range(100):
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            time.sleep(0.02)


def join_cgroups_argv(procs_files: Sequence[str]) -> list[str]:
    """A shell prefix that moves itself into the cgroups, then execs the rest of argv: every
    process of the run (bwrap included) is born inside the limits."""
    if not procs_files:
        return []
    script = "".join(f'echo $$ > "{f}" || exit 125; ' for f in procs_files) + 'exec "$@"'
    return ["/bin/sh", "-c", script, "crossfile-sandbox"]


class PeakWatch(threading.Thread):
    """Samples the process count of a run's cgroup (for the run's report, not for enforcement)."""

    def __init__(self, limits: TreeLimits, poll: float = 0.05) -> None:
        super().__init__(daemon=True)
        self.limits = limits
        self.poll = poll
        self.peak = 0
        self._halt = threading.Event()

    def run(self) -> None:
        while not self._halt.wait(self.poll):
            self.peak = max(self.peak, self.limits.current_processes())

    def stop(self) -> int:
        self._halt.set()
        self.join(timeout=5)
        return self.peak


def configure_isolation(mode: str) -> str:
    """Apply a command line's ``--sandbox`` choice to this process and the workers it starts
    (through ``CROSSFILE_SANDBOX``). ``bwrap`` is checked at once (SandboxUnavailable with the
    reason); ``none`` prints the opt-out warning. Returns the mode."""
    mode = (mode or "bwrap").strip().lower()
    if mode not in ISOLATIONS:
        raise SandboxUnavailable(f"--sandbox {mode!r}: expected one of {', '.join(ISOLATIONS)}")
    os.environ[SANDBOX_ENV] = mode
    if mode == "bwrap":
        require_bwrap()
    else:
        print(opt_out_warning(), file=sys.stderr, flush=True)
    return mode
