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
- a network namespace with only its own loopback; an IPC and UTS namespace; processes that
  hold no capabilities and cannot create user namespaces;
- the run's own kernel uid when the builder is root (:func:`sandbox_uid`, :func:`hand_over`):
  bwrap builds the namespaces as root and ``setpriv`` hands the program a uid that owns nothing
  on the host, so root-only files, 0700 folders and root's sockets are closed to it and the
  per-user kernel counts are its own; a builder that is not root runs it in a user namespace
  mapped to its own uid (``--disable-userns``). The folder the run's copy came from shows the copy, read-only;
- a seccomp filter (a classic BPF program handed to bwrap's ``--seccomp``, :data:`REFUSED_SYSCALLS`):
  no inotify instance or fanotify group (the kernel counts them per user *up the user-namespace
  tree*, outside cgroups and rlimits: a run holding them took all of root's 128 from every
  process of the machine, red team 2 row 7, red team 4 row 2), no io_uring, no kernel keys, no
  new user namespace, no socket of a family outside :data:`SOCKET_FAMILIES` (AF_VSOCK is not
  separated by the network namespace: red team 6 row 4);
- a mount namespace of the run's own made before bwrap (:func:`namespace_argv`): a devpts
  instance with at most ``EXEC_TERMINALS`` terminals (every instance but the host's first draws
  from one count of the machine, red team 5 row 10) and the host's folders through read-only
  overlays, whose inodes (and so locks) are not the host's (red team 5 row 11);
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
import re
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
# When the builder runs as root, a run gets a kernel uid of its own instead (sandbox_uid): bwrap
# builds the namespaces as root (no user namespace of ours: the user namespace would map the run
# to the builder's uid, whose file permissions, socket permissions and per-user kernel counts
# are root's), keeps only CAP_SETUID/CAP_SETGID for ``setpriv``, which hands the program that uid
# with no group, no capability and no_new_privs (bwrap's seccomp sets it) before it execs.
ROOT_NAMESPACE_ARGS = ("--unshare-ipc", "--unshare-pid", "--unshare-net", "--unshare-uts", "--unshare-cgroup-try",
                       "--cap-drop", "ALL", "--cap-add", "CAP_SETUID", "--cap-add", "CAP_SETGID",
                       "--die-with-parent", "--new-session", "--hostname", "sandbox")
# Folders every process of a run may write, made world-writable and sticky like the host's own.
SHARED_TMP_DIRS = ("/tmp", "/var/tmp")
SANDBOX_UID_ENV = "CROSSFILE_SANDBOX_UID"  # "builder": runs keep the builder's uid (opt-out); a number: first uid of the range
# 2,000,000,000 + 0..65535: outside systemd's container range (524288..1879048191), below 2^31,
# above every login, system and subordinate (/etc/subuid) uid a distribution hands out
DEFAULT_SANDBOX_UID = 2_000_000_000
SANDBOX_UIDS = 65536


# ------------------------------------------------------------------------------ seccomp --
# seccomp_data: int nr at offset 0, u32 arch at offset 4. Classic BPF opcodes and return values
# (linux/filter.h, linux/seccomp.h).
_BPF_LD_W_ABS, _BPF_JEQ_K, _BPF_RET_K = 0x20, 0x15, 0x06
_SECCOMP_RET_ALLOW, _SECCOMP_RET_ERRNO = 0x7FFF0000, 0x00050000
_EPERM, _EMFILE, _ENOSYS = 1, 24, 38
_X32 = 0x40000000
_X86_64, _I386, _AARCH64, _ARM = 0xC000003E, 0x40000003, 0xC00000B7, 0x40000028  # AUDIT_ARCH_*
# What every sandboxed process is refused, and the error it gets: system call -> (errno, its
# number in each ABI; x32 shares x86-64's with the x32 bit, arm64 has no inotify_init).
# - inotify (EMFILE, as at the instance ceiling) and fanotify groups (EPERM, as for a process
#   without the capability): the kernel counts both per user *up the user-namespace tree*,
#   outside cgroups and rlimits, so a run holding them took all of root's 128 from every process
#   of the machine (red team 2 row 7, red team 4 row 2);
# - io_uring (ENOSYS, as on a kernel built without it, which every user of it falls back from):
#   the way in of a long row of local privilege escalations, refused by Docker's and Podman's
#   default profiles; no repository test needs it (red team 4 row 4);
# - the kernel's key management (EPERM, as Docker's default profile): the session keyring is a
#   pointer in the credentials, kept across bubblewrap's namespaces (the builder's Kerberos
#   tickets and cifs credentials), and the key quota is the kernel uid's (red team 4 rows 7, 8);
# - Linux AIO (ENOSYS, as on a kernel built without CONFIG_AIO: libaio users and InnoDB fall
#   back to threads; glibc's POSIX aio never used it): its events are one count for the whole
#   kernel (``aio_nr`` against ``fs.aio-max-nr``), not per user or namespace, so a run setting up
#   contexts took all 65,536 and every ``io_setup`` of the machine failed with EAGAIN while it
#   lived (red team 5 row 9); the other calls go too, as nothing can use them without a context.
REFUSED_SYSCALLS: dict[str, tuple[int, dict[int, tuple[int, ...]]]] = {
    "inotify_init": (_EMFILE, {_X86_64: (253,), _I386: (291,), _ARM: (316,)}),
    "inotify_init1": (_EMFILE, {_X86_64: (294,), _I386: (332,), _AARCH64: (26,), _ARM: (360,)}),
    "fanotify_init": (_EPERM, {_X86_64: (300,), _I386: (338,), _AARCH64: (262,), _ARM: (367,)}),
    "io_uring_setup": (_ENOSYS, {a: (425,) for a in (_X86_64, _I386, _AARCH64, _ARM)}),
    "io_uring_enter": (_ENOSYS, {a: (426,) for a in (_X86_64, _I386, _AARCH64, _ARM)}),
    "io_uring_register": (_ENOSYS, {a: (427,) for a in (_X86_64, _I386, _AARCH64, _ARM)}),
    "add_key": (_EPERM, {_X86_64: (248,), _I386: (286,), _AARCH64: (217,), _ARM: (309,)}),
    "request_key": (_EPERM, {_X86_64: (249,), _I386: (287,), _AARCH64: (218,), _ARM: (310,)}),
    "keyctl": (_EPERM, {_X86_64: (250,), _I386: (288,), _AARCH64: (219,), _ARM: (311,)}),
    "io_setup": (_ENOSYS, {_X86_64: (206,), _I386: (245,), _AARCH64: (0,), _ARM: (243,)}),
    "io_destroy": (_ENOSYS, {_X86_64: (207,), _I386: (246,), _AARCH64: (1,), _ARM: (244,)}),
    "io_getevents": (_ENOSYS, {_X86_64: (208,), _I386: (247,), _AARCH64: (4,), _ARM: (245,)}),
    "io_submit": (_ENOSYS, {_X86_64: (209,), _I386: (248,), _AARCH64: (2,), _ARM: (246,)}),
    "io_cancel": (_ENOSYS, {_X86_64: (210,), _I386: (249,), _AARCH64: (3,), _ARM: (247,)}),
    # io_pgetevents and, on 32-bit ABIs, its time64 twin
    "io_pgetevents": (_ENOSYS, {_X86_64: (333,), _I386: (385, 416), _AARCH64: (292,), _ARM: (399, 416)}),
}


# unshare, clone (their first argument holds the flags) and clone3 (flags in a struct the filter
# cannot read) in each ABI: a run must not make a user namespace of its own. Under bubblewrap's
# own user namespace ``--disable-userns`` refuses it too; a run handed to a dedicated uid
# (:func:`sandbox_uid`) has no user namespace of ours around it, so the filter is what refuses
# the kernel's largest unprivileged surface there. clone3 gets ENOSYS, which glibc, Rust's std
# and every runtime answer by falling back to clone (Docker's default profile does the same).
_CLONE_NEWUSER = 0x10000000
USERNS_SYSCALLS = {  # arch -> (unshare, clone, clone3)
    _X86_64: (272, 56, 435), _I386: (310, 120, 435), _AARCH64: (97, 220, 435), _ARM: (337, 120, 435),
}
_BPF_JSET_K = 0x45
_ARG0_LOW = 16  # seccomp_data.args[0], its low 32 bits (little-endian ABIs only, as listed)

# Socket families: an allow-list, as ``socket``'s and ``socketpair``'s first argument. A network
# namespace separates only the families that know about namespaces; AF_VSOCK (the channel between
# a virtual machine and its hypervisor) does not, so a run bound the machine's vsock ports and
# could reach the hypervisor's agents (red team 6 row 4); AF_ALG (the kernel's crypto sockets),
# AF_XDP, AF_RDS, AF_TIPC, AF_CAN, AF_BLUETOOTH... are kernel surface no repository test needs.
# Everything else gets EAFNOSUPPORT, as on a kernel built without the family (what every
# program that probes a family already handles). AF_NETLINK stays: glibc's getaddrinfo
# (AI_ADDRCONFIG) and getifaddrs, Java's and .NET's interface listings read the (private)
# namespace's routes through it.
_EAFNOSUPPORT = 97
SOCKET_FAMILIES = {"AF_UNIX": 1, "AF_INET": 2, "AF_INET6": 10, "AF_NETLINK": 16}
SOCKET_SYSCALLS = {  # arch -> (socket, socketpair)
    _X86_64: (41, 53), _I386: (359, 360), _AARCH64: (198, 199), _ARM: (281, 288),
}
# i386's socketcall multiplexer (the ABI any x86-64 process can also enter with ``int 0x80``)
# hides the family behind a pointer a classic BPF program cannot read: its SYS_SOCKET (1) and
# SYS_SOCKETPAIR (8) are refused whatever the family (a 32-bit program run in the sandbox gets
# no new socket; the direct i386 calls above are filtered by family). ARM EABI and arm64 have
# no socketcall.
_I386_SOCKETCALL, _SYS_SOCKET, _SYS_SOCKETPAIR = 102, 1, 8


def _refused_by_arch() -> dict[int, list[tuple[int, int]]]:
    """AUDIT_ARCH -> [(system call number, errno)] (x86-64's numbers also with the x32 bit)."""
    out: dict[int, list[tuple[int, int]]] = {}
    for errno_value, numbers in REFUSED_SYSCALLS.values():
        for arch, nrs in numbers.items():
            for nr in nrs:
                out.setdefault(arch, []).append((nr, errno_value))
                if arch == _X86_64:
                    out[arch].append((_X32 | nr, errno_value))
    return out


@functools.lru_cache(maxsize=1)
def seccomp_filter() -> bytes:
    """The seccomp program (an array of ``struct sock_filter``) every sandboxed process runs
    under: each call of :data:`REFUSED_SYSCALLS` fails with its errno, ``unshare``/``clone`` with
    ``CLONE_NEWUSER`` fail with EPERM and ``clone3`` with ENOSYS, ``socket``/``socketpair`` of a
    family outside :data:`SOCKET_FAMILIES` with EAFNOSUPPORT; everything else is allowed (the
    namespaces, capabilities, uid and limits do the rest)."""
    import struct

    # a tiny assembler: ("ld", offset) | ("jeq"/"jset", k, label_true, label_false) | ("ret", value)
    # | ("label", name); None as a label means the next instruction
    program: list[tuple] = [("ld", 4)]
    for arch, calls in _refused_by_arch().items():
        nxt = f"arch-after-{arch:x}"
        program += [("jeq", arch, None, nxt), ("ld", 0)]
        program += [("jeq", nr, f"errno-{errno_value}", None) for nr, errno_value in calls]
        unshare, clone, clone3 = USERNS_SYSCALLS[arch]
        variants = [0, _X32] if arch == _X86_64 else [0]
        program += [("jeq", v | clone3, f"errno-{_ENOSYS}", None) for v in variants]
        program += [("jeq", v | nr, "flags", None) for v in variants for nr in (unshare, clone)]
        program += [("jeq", v | nr, "family", None) for v in variants for nr in SOCKET_SYSCALLS[arch]]
        if arch == _I386:
            program += [("jeq", _I386_SOCKETCALL, "socketcall", None)]
        program += [("ret", _SECCOMP_RET_ALLOW), ("label", nxt)]
    program += [("ret", _SECCOMP_RET_ALLOW), ("label", "flags"), ("ld", _ARG0_LOW),
                ("jset", _CLONE_NEWUSER, f"errno-{_EPERM}", None), ("ret", _SECCOMP_RET_ALLOW)]
    program += [("label", "family"), ("ld", _ARG0_LOW)]
    program += [("jeq", family, "allow", None) for family in sorted(SOCKET_FAMILIES.values())]
    program += [("ret", _SECCOMP_RET_ERRNO | _EAFNOSUPPORT), ("label", "socketcall"), ("ld", _ARG0_LOW),
                ("jeq", _SYS_SOCKET, f"errno-{_EAFNOSUPPORT}", None),
                ("jeq", _SYS_SOCKETPAIR, f"errno-{_EAFNOSUPPORT}", None), ("label", "allow"),
                ("ret", _SECCOMP_RET_ALLOW)]
    for errno_value in sorted({e for e, _ in REFUSED_SYSCALLS.values()} | {_EPERM, _ENOSYS, _EAFNOSUPPORT}):
        program += [("label", f"errno-{errno_value}"), ("ret", _SECCOMP_RET_ERRNO | errno_value)]
    labels, at = {}, 0
    for op in program:
        if op[0] == "label":
            labels[op[1]] = at
        else:
            at += 1
    code, at = [], 0
    for op in program:
        if op[0] == "label":
            continue
        if op[0] == "ld":
            code.append((_BPF_LD_W_ABS, 0, 0, op[1]))
        elif op[0] == "ret":
            code.append((_BPF_RET_K, 0, 0, op[1]))
        else:
            jt, jf = (0 if label is None else labels[label] - at - 1 for label in op[2:4])
            if not (0 <= jt <= 255 and 0 <= jf <= 255):  # classic BPF jumps forward, one byte
                raise ValueError("seccomp filter: a jump does not fit in one byte")
            code.append((_BPF_JEQ_K if op[0] == "jeq" else _BPF_JSET_K, jt, jf, op[1]))
        at += 1
    return b"".join(struct.pack("=HBBI", *instruction) for instruction in code)


def seccomp_fd() -> int:
    """A fresh descriptor holding :func:`seccomp_filter` from its start, for ``--seccomp``
    (bwrap reads it to the end: one per run, closed by the caller after the run)."""
    fd = os.memfd_create("crossfile-seccomp", os.MFD_CLOEXEC)
    os.write(fd, seccomp_filter())
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
    printed = probe_json(confined([python, "-c", code]))
    if isinstance(printed, list):
        paths.update(p for p in printed if isinstance(p, str) and p)
    else:
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


PROBE_OUTPUT_CAP = 1 << 20  # bytes of a probe's output read; an honest one prints a few kB


def probe_json(argv: Sequence[str]) -> object:
    """What an environment probe (``argv``, confined: its interpreter's start-up runs the
    ``.pth`` files the environment installed) printed as JSON, or None when it failed, timed out
    or printed more than :data:`PROBE_OUTPUT_CAP` (its output is read under that cap, never
    whole: a ``.pth`` printing without end once made the host read it all). The caller checks the
    value's types: ``[{}]`` is JSON too."""
    from crossfile_datasets.analyzers.run import run  # the one runner: process group, output cap

    done = run(argv, timeout=60, env={"PATH": os.defpath, "PYTHONNOUSERSITE": "1", "LANG": "C.UTF-8"},
               output_cap=PROBE_OUTPUT_CAP)
    if done.returncode != 0 or done.stdout_truncated:
        return None
    try:
        return json.loads(done.stdout)
    except (ValueError, RecursionError):
        return None


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


# folders a run needs as they are: the folder sandboxes are made in is never hidden when it is one
_SYSTEM_DIRS = ("/", "/usr", "/etc", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/var", "/opt", "/srv",
                "/proc", "/sys", "/dev")


def sandbox_parent() -> str | None:
    """The folder the sandbox folders are made in (``tempfile.gettempdir()``: the builder's or the
    evaluator's TMPDIR), to be hidden from every run (the run's own folder is bound back): a
    concurrent run's copy there holds the original of the function another run is judged on
    (red team 2026-11-28f, row 6: with TMPDIR outside ``/tmp`` and the builder's uid, an answer
    read it). None when it is a system folder (or ``/``) that a run needs to see."""
    import tempfile

    temp = os.path.realpath(tempfile.gettempdir())
    if temp in _SYSTEM_DIRS or not os.path.isabs(temp) or not os.path.isdir(temp):
        return None
    return temp


def hidden_dirs(extra: Iterable[str] = ()) -> list[str]:
    """The folders a run sees as empty: :data:`HIDDEN_DIRS`, the folder sandbox folders are made
    in (:func:`sandbox_parent`), the secret variables' folders, the builder's cache, and
    ``extra`` (real paths of existing folders only)."""
    dirs = [d for d in HIDDEN_DIRS if os.path.isdir(d) and not os.path.islink(d)]
    dirs += [os.path.realpath(d) for d in extra if os.path.isabs(d) and os.path.isdir(d)]
    temp = sandbox_parent()
    if temp is not None:
        dirs.append(temp)
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


# huggingface_hub's token files under its home (``$HF_HOME``, by default ``~/.cache/huggingface``)
HF_TOKEN_FILES = ("token", "stored_tokens")


def secret_files() -> list[str]:
    """The files a run sees empty (an empty file bound over each) besides :data:`HIDDEN_FILES`:
    a secret variable of :data:`SECRET_DIR_VARIABLES` that names a file (``HF_TOKEN_PATH`` is the
    token *file*; red team 2026-11-28f, row 3: ``hidden_dirs`` kept only folders, and a run read
    the token, which the build's assertion repair wrote into the published split), and the token
    files huggingface_hub reads (:data:`HF_TOKEN_FILES` under ``$HF_HOME``, ``$XDG_CACHE_HOME/huggingface``
    and ``~/.cache/huggingface``) wherever the variables point. Real paths of existing regular files."""
    candidates = [os.environ.get(name) or "" for name in SECRET_DIR_VARIABLES]
    homes = [os.environ.get("HF_HOME") or "", os.path.join(os.environ.get("XDG_CACHE_HOME") or "", "huggingface"),
             os.path.join(os.path.expanduser("~"), ".cache", "huggingface")]
    candidates += [os.path.join(home, name) for home in homes if os.path.isabs(home) for name in HF_TOKEN_FILES]
    out = set()
    for value in candidates:
        if value and os.path.isabs(value) and os.path.isfile(value):
            out.add(os.path.realpath(value))
            if not os.path.islink(value):
                out.add(os.path.abspath(value))
    return sorted(out)


def requested_uid_base() -> int | None:
    """The first uid of the range runs draw from when they get a uid of their own (the default:
    :data:`DEFAULT_SANDBOX_UID`; ``CROSSFILE_SANDBOX_UID=<n>``: n), or None with the opt-out
    ``CROSSFILE_SANDBOX_UID=builder`` (runs keep the builder's uid). Opt-in for a while on
    2026-11-27e (two regressions the clean-clone suite found: a killed harness's folder, handed
    to the run's uid, was no longer the sweep's; a conftest failing on a permission error made a
    surviving mutant ``caught``), the default again since both were fixed."""
    value = (os.environ.get(SANDBOX_UID_ENV) or "").strip().lower()
    if value == "builder":
        return None
    return int(value) if value.isdigit() and int(value) > 0 else DEFAULT_SANDBOX_UID


def own_uid_requested() -> bool:
    return requested_uid_base() is not None


def sandbox_uid() -> int | None:
    """A fresh kernel uid for one sandbox (its runs are handed to it), or None when runs keep the
    builder's uid: the builder is not root (it cannot give another uid, and its own is not
    root's), ``setpriv`` is missing, or ``CROSSFILE_SANDBOX_UID=builder`` (:func:`requested_uid_base`). One uid per sandbox
    (a random one of :data:`SANDBOX_UIDS`) so that per-user kernel counts (pending signals,
    message queues, inotify, RLIMIT_NPROC) are the run's own and concurrent runs do not share
    them; the uid owns nothing on the host, so a root-only file, a folder of mode 0700 or a
    root-owned socket is as closed to the run as to any unprivileged user."""
    import secrets

    base = requested_uid_base()
    if base is None or os.geteuid() != 0 or shutil.which("setpriv") is None:
        return None
    return base + secrets.randbelow(SANDBOX_UIDS)


def reachable_by_others(path: Path, hidden: Sequence[str]) -> bool:
    """Whether an unprivileged uid can reach ``path`` inside the sandbox: every folder above it
    that the sandbox shows as it is (not inside a hidden folder, whose empty tmpfs bubblewrap
    opens to everyone) lets others through (``o+x``)."""
    for parent in Path(path).parents:
        if any(_under(str(parent), d) for d in hidden):
            return True
        try:
            if not os.stat(parent).st_mode & 0o001:
                return False
        except OSError:
            return False
    return True


# what ``hand_over`` gives every folder of a run's sandbox: rwx to its owner (the run), search to
# the others (bwrap's --chdir without capabilities)
FOLDER_MODE_BITS = 0o701


def hand_over(folder: Path, uid: int) -> None:
    """Give ``folder`` and everything in it to ``uid`` (and gid ``uid``) before a run: the copy,
    its home, its temporary and control folders are the run's to write, as when the run had the
    builder's uid. Never follows a link (``fwalk`` holds each folder open, ``lchown``). The
    folder itself stays the builder's, with group ``uid`` and mode 0770: the run adds, renames
    and removes entries through its group, bwrap (root without capabilities by then) enters it
    for ``--chdir`` as its owner, other users of the host do not; and a later harness's sweep
    still sees a folder of its own and removes it after a kill (``tempfolders`` touches only
    folders owned by the sweeping uid; owned by the run's uid, a killed harness's copy stayed).

    Every folder inside gets at least ``FOLDER_MODE_BITS`` whatever the builder's umask made it:
    the run (its owner) reads, writes and enters it, and bwrap, entering the copy for ``--chdir``
    as *other*, can pass (red team 2026-11-29e row 4: under umask 027 bwrap could not enter
    ``repo/``, nothing ran and every generation, gold too, was judged ``incomplete``). Others of
    the host still cannot: the folder itself is 0770."""
    os.chown(folder, os.geteuid(), uid, follow_symlinks=False)
    os.chmod(folder, 0o770, follow_symlinks=False)
    for nth, (_, dirs, files, dir_fd) in enumerate(os.fwalk(folder, follow_symlinks=False)):
        if nth:  # a folder inside (the first is `folder`), through the descriptor fwalk holds (never a link)
            try:
                mode = os.fstat(dir_fd).st_mode & 0o7777
                if mode & FOLDER_MODE_BITS != FOLDER_MODE_BITS:
                    os.fchmod(dir_fd, mode | FOLDER_MODE_BITS)
            except OSError:
                pass
        for name in (*dirs, *files):
            try:
                os.chown(name, uid, uid, dir_fd=dir_fd, follow_symlinks=False)
            except OSError:
                pass  # gone meanwhile; the run cannot write what it does not own


def bwrap_argv(binary: str, *, writable: Path, cwd: Path, read_only: Iterable[str] = (),
               seccomp: int | None = None, mirror: tuple[str, str] | None = None, uid: int | None = None,
               terminals: int = 0, views: Path | None = None, hide: Iterable[str] = ()) -> list[str]:
    """The bwrap command line up to (not including) the program to run. ``seccomp``: a
    descriptor from :func:`seccomp_fd` (the run must pass it to bwrap). ``mirror``: (the copy,
    the folder it was made from): the run sees its own copy, read-only, where the original is
    (hidden behind an empty tmpfs instead when an interpreter or the sandbox folder lies inside
    it). ``uid``: the kernel uid the program gets (:func:`sandbox_uid`, the builder root); None
    keeps the builder's uid in a user namespace of its own. ``terminals``: the run's own devpts
    holds at most that many, and ``views`` (an empty folder of the builder's outside the copy)
    holds the overlays the run sees the host's folders through (:func:`namespace_argv`: bwrap
    then starts under ``unshare``); 0 keeps bwrap's uncapped devpts and the host's binds.
    ``hide``: folders and files the run sees empty (the installed releases of the repository's
    own packages, ``sandbox/own_packages.py``), outside the writable folder, mounted after the
    folders bound back so that none covers them."""
    read_only = sorted(set(read_only), key=lambda p: (p.count("/"), p))
    copy, source = (str(mirror[0]), os.path.realpath(mirror[1])) if mirror else ("", "")
    if source and (source == "/" or not os.path.isdir(source) or _under(str(writable), source)
                   or _under(source, str(writable)) or any(_under(p, source) for p in read_only)):
        hidden, copy = hidden_dirs(extra=[source] if source != "/" else []), ""
    else:
        hidden = hidden_dirs()
    space = namespace_argv(terminals, uid, views, hidden, str(writable))
    argv = [*space.before, binary, *space.root_binds, "--dev", "/dev", *space.dev_binds, "--proc", "/proc",
            "--perms", "1777", "--tmpfs", "/dev/shm"]
    for d in hidden:
        argv += (["--perms", "1777"] if d in SHARED_TMP_DIRS else []) + ["--tmpfs", d]
    for f in HIDDEN_FILES:
        if os.path.isfile(f):
            argv += ["--ro-bind", "/dev/null", f]
    # bound back read-only when hidden above (an interpreter under /root, a venv in the cache);
    # shortest first so a folder's own binding does not cover a deeper one made before it
    binds = [p for p in read_only if any(_under(p, d) for d in hidden) and not _under(p, str(writable))]
    # the folders on the way to them, made open to everyone (bubblewrap would make them 0700,
    # closed to a run with a uid of its own)
    on_the_way = {str(a) for p in (*binds, str(writable), *([source] if copy else [])) for a in Path(p).parents
                  if any(_under(str(a), d) and str(a) != d for d in hidden)}
    for a in sorted(on_the_way, key=lambda a: (a.count("/"), a)):
        argv += ["--perms", "0755", "--dir", a]
    if copy:  # the original of what the run is judged on is never what it reads (red team 4, row 11)
        argv += ["--ro-bind", copy, source]
    for p in binds:
        argv += ["--ro-bind", p, p]
    for p in sorted(set(hide), key=lambda p: (p.count("/"), p)):
        if not os.path.isabs(p) or _under(p, str(writable)) or (copy and _under(p, source)):
            continue
        if any(_under(p, d) for d in hidden) and not any(_under(p, b) for b in binds):
            continue  # already behind an empty tmpfs
        if os.path.isdir(p) and not os.path.islink(p):
            argv += ["--tmpfs", p]
        elif os.path.isfile(p) and not os.path.islink(p):
            argv += ["--ro-bind", "/dev/null", p]
    # after the binds back (a token file in a folder shown again stays hidden): /dev/null with its
    # device access (``--ro-bind`` mounts nodev: opening would fail with EACCES), so the file
    # reads empty as a missing setting would, and what is written there is discarded
    for p in secret_files():
        if not _under(p, str(writable)) and not (copy and _under(p, source)) \
                and not (any(_under(p, d) for d in hidden) and not any(_under(p, b) for b in binds)):
            argv += ["--dev-bind", "/dev/null", p]
    namespaces = NAMESPACE_ARGS if uid is None else ROOT_NAMESPACE_ARGS
    argv += ["--bind", str(writable), str(writable), *namespaces, "--chdir", str(cwd)]
    if seccomp is not None:
        argv += ["--seccomp", str(seccomp)]
    if uid is not None:
        argv += ["--", shutil.which("setpriv") or "setpriv", f"--reuid={uid}", f"--regid={uid}", "--clear-groups",
                 "--inh-caps=-all"]
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


# The run's own mount namespace, made before bwrap starts (bubblewrap 0.8 has neither devpts
# options nor overlays): ``unshare --mount`` (a builder that is not root first maps root to itself
# in a user namespace, ``--map-root-user``, since mounting needs capabilities an exec keeps only
# for uid 0; bwrap's own user namespace then gives the run the builder's uid back, ``--uid``/
# ``--gid``), and in it:
# - a devpts instance with a ceiling (``max=``), bound over the one bwrap's ``--dev`` makes: every
#   devpts instance but the host's first draws from one count, ``kernel.pty.max`` minus
#   ``kernel.pty.reserve``: uncapped, one run took all 3,072 and every other sandboxed run of the
#   machine got ENOSPC from ``openpty()`` (red team 5 row 10);
# - the host's folders as read-only overlays (one per folder at the top of ``/`` and per host
#   mount the run sees, over an empty lower layer: :func:`view_folders`), bound over bwrap's
#   ``--ro-bind / /``: a lock lives on the inode, and an overlay's
#   inodes are its own, so ``flock`` and POSIX locks a run takes on a host file it may read no
#   longer block the host's programs (a read-only bind shares the host's inodes: red team 5
#   row 11); the host sees no lock of the run, the run's processes still see each other's.
_NAMESPACE_SCRIPT = r"""t=$1; v=$2; n=$3; probe=$4; shift 4
mount -t devpts -o "newinstance,ptmxmode=0666,mode=620,max=$t" crossfile-devpts /dev/pts || exit 125
if [ "$n" -gt 0 ]; then
  mount -t tmpfs -o mode=0755,size=64k crossfile-views "$v" || exit 125
  mkdir "$v/empty" || exit 125
fi
i=0
while [ "$i" -lt "$n" ]; do
  mkdir "$v/$i" || exit 125
  if mount -t overlay -o "ro,lowerdir=$1:$v/empty" crossfile-view "$v/$i" 2>/dev/null; then
    [ "$probe" = 1 ] && echo "$i"
  elif [ "$probe" != 1 ]; then
    exit 125
  fi
  shift; i=$((i + 1))
done
exec "$@"
"""
# characters an overlay's ``lowerdir=`` cannot hold as they are (separators, escapes)
_UNSAFE_IN_OPTIONS = frozenset(":,\\\n=\"'")
_OWN_MOUNTS = ("/proc", "/sys", "/dev")  # bwrap makes /proc and /dev; /sys stays the host's, read-only


def _unshare_argv(root: bool) -> list[str]:
    unshare = shutil.which("unshare") or "unshare"
    spaces = ["--mount", "--propagation", "private"] if root else ["--user", "--map-root-user", "--mount",
                                                                    "--propagation", "private"]
    return [unshare, *spaces, "--"]


def _namespace_prefix(root: bool, terminals: int, views: str, folders: Sequence[str], probe: bool = False) -> list[str]:
    return [*_unshare_argv(root), "/bin/sh", "-c", _NAMESPACE_SCRIPT, "crossfile-namespace", str(terminals),
            views, str(len(folders)), "1" if probe else "0", *folders]


def view_folders(hidden: Sequence[str], writable: str) -> list[str]:
    """The host folders a run sees through ``--ro-bind / /`` that get an overlay of their own
    (shortest first): every folder at the top of ``/`` and every host mount, except ``/proc``,
    ``/sys``, ``/dev``, the hidden folders, the sandbox folder, links and paths an overlay's
    options cannot hold. An overlay never shows the mounts below its folder, so each mount is a
    folder of its own; in a user namespace (a builder that is not root) the kernel refuses an
    overlay of a folder with mounts below it (``clone_private_mount``: locked children), which
    is why ``/`` itself is not one (the files at its top stay the host's)."""
    points: set[str] = set()
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="surrogateescape") as fh:
            for line in fh:
                fields = line.split(" ")
                if len(fields) > 4:
                    points.add(re.sub(r"\\([0-7]{3})", lambda m: chr(int(m.group(1), 8)), fields[4]))
    except OSError:
        pass
    try:
        points.update("/" + name for name in os.listdir("/"))
    except OSError:
        pass
    keep = [p for p in points
            if p != "/" and not any(_under(p, d) for d in (*_OWN_MOUNTS, *hidden, writable))
            and not set(p) & _UNSAFE_IN_OPTIONS and os.path.isdir(p) and not os.path.islink(p)]
    return sorted(keep, key=lambda p: (p.count("/"), p))


@functools.lru_cache(maxsize=8)
def _working_views(root: bool, folders: tuple[str, ...]) -> tuple[str, ...] | None:
    """The ``folders`` this builder can show through overlays in a namespace of the run's kind,
    or None when it cannot make the namespace at all (``unshare`` or ``mount`` missing, devpts
    refused): probed once per form and set of folders."""
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return None
    import tempfile

    with tempfile.TemporaryDirectory(prefix="crossfile-probe-") as views:
        usable = folders if not set(views) & _UNSAFE_IN_OPTIONS else ()
        try:
            probe = subprocess.run([*_namespace_prefix(root, 1, views, usable, probe=True), "/bin/true"],
                                   capture_output=True, text=True, timeout=60)
        except (OSError, subprocess.SubprocessError):
            return None
    if probe.returncode != 0:
        return None
    done = {int(line) for line in probe.stdout.split() if line.isdigit()}
    return tuple(f for i, f in enumerate(usable) if i in done)


@dataclass(frozen=True)
class RunNamespace:
    """What :func:`namespace_argv` gives a run: the command before bwrap, bwrap's binds of the
    host's folders (``--ro-bind / /`` and the overlays over it), and what follows ``--dev``."""

    before: list[str]
    root_binds: list[str]
    dev_binds: list[str]


def namespace_argv(terminals: int, uid: int | None, views: Path | None, hidden: Sequence[str],
                   writable: str) -> RunNamespace:
    """The run's own mount namespace (see ``_NAMESPACE_SCRIPT``): at most ``terminals``
    terminals, and the host's folders (:func:`view_folders`) through overlays mounted under
    ``views`` (an empty folder of the builder's, made for this run) when given. Where this
    builder cannot make them, the run gets bubblewrap's own devpts, or the host's folders
    through read-only binds, and a warning says so on stderr, once per process."""
    root = os.geteuid() == 0
    plain = RunNamespace([], ["--ro-bind", "/", "/"], [])
    if terminals <= 0:
        return plain
    folders = tuple(view_folders(hidden, writable)) if views is not None and not set(str(views)) & _UNSAFE_IN_OPTIONS else ()
    working = _working_views(root, folders)
    if working is None:
        _warn_once("crossfile-datasets: runs get bubblewrap's devpts without a ceiling of terminals and the "
                   "host's folders through read-only binds (unshare/mount unavailable to this builder): one run "
                   "may take every terminal of the machine's sandboxes and hold locks on host files it can read "
                   "(docs/executable.md)")
        return plain
    if set(folders) - set(working):
        _warn_once("crossfile-datasets: host folders shown through read-only binds, not overlays (the kernel "
                   "refused an overlay; a run may hold locks on their files): "
                   + ", ".join(sorted(set(folders) - set(working))))
    inner = ["--dev-bind", "/dev/pts", "/dev/pts"]
    if not root and uid is None:  # the outer namespace mapped root to the builder: hand its uid back
        inner += ["--uid", str(os.getuid()), "--gid", str(os.getgid())]
    binds = ["--ro-bind", "/", "/"]
    for i, folder in enumerate(working):
        binds += ["--ro-bind", f"{views}/{i}", folder]
    return RunNamespace(_namespace_prefix(root, terminals, str(views) if working else "", working), binds, inner)


_WARNED: set[str] = set()


def _warn_once(text: str) -> None:
    if text not in _WARNED:
        _WARNED.add(text)
        print(text, file=sys.stderr, flush=True)


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
