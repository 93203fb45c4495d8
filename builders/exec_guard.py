"""In-process guard of the sandbox, installed as ``sitecustomize`` in every sandboxed Python.

Why it exists: the operating-system limits the sandbox sets (rlimits, a pids cgroup when one is
available) do not cover two things. Writes outside the private copy of the repository are
only prevented by the working directory and HOME/TMPDIR pointing into the copy, which a test
that opens ``/etc/x`` or ``~/../x`` ignores; and ``RLIMIT_NPROC`` is counted per user and not
enforced at all for root. This module adds a PEP 578 audit hook (it cannot be removed once
installed) that

- refuses to open a file for writing, create, remove, rename, link, truncate or chmod a path
  outside the sandbox folder (``PermissionError``);
- refuses to start a new process (fork, subprocess, spawn, system) when the sandbox already has
  ``CROSSFILE_SANDBOX_MAX_PROCS`` live processes (``BlockingIOError``, like ``EAGAIN``); the
  live processes are the ones carrying the sandbox's marker in their environment.

It is a second line of defence for Python code, not a security boundary: native code (ctypes,
C extensions, an exec'd shell) bypasses audit hooks, which is why the parent also watches the
process tree and the pids cgroup is used when the kernel offers one (see builders/sandbox.py).

Configuration comes from the environment (set by the sandbox): ``CROSSFILE_SANDBOX_ROOT``
(the folder writes are allowed in), ``CROSSFILE_SANDBOX_ID`` (the marker),
``CROSSFILE_SANDBOX_MAX_PROCS`` and ``CROSSFILE_SANDBOX_CGROUP_PROCS`` (a pids cgroup's
``cgroup.procs`` to join before any user code runs). This file must not import project code:
it runs inside the sandboxed interpreter, which may be another Python than the builder's.
"""

import os
import sys

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_ALLOWED_DEVICES = frozenset({"/dev/null", "/dev/zero", "/dev/full", "/dev/stdout", "/dev/stderr", "/dev/tty"})
# audit events that modify the path in their first argument (the last argument is a dir_fd)
_PATH_EVENTS = frozenset({"os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.utime", "os.truncate",
                          "os.mkfifo", "os.mknod", "shutil.rmtree", "os.chflags", "os.lchflags", "os.setxattr",
                          "os.removexattr"})
_PROCESS_EVENTS = frozenset({"os.fork", "os.forkpty", "subprocess.Popen", "os.system", "os.posix_spawn",
                             "os.spawn", "pty.spawn"})


def _join_cgroup(procs_file):
    try:
        with open(procs_file, "w") as fh:
            fh.write(str(os.getpid()))
    except OSError:
        pass  # the parent still watches the process tree


def _install():
    root = os.environ.get("CROSSFILE_SANDBOX_ROOT")
    if not root:
        return
    cgroup_procs = os.environ.get("CROSSFILE_SANDBOX_CGROUP_PROCS")
    if cgroup_procs:
        _join_cgroup(cgroup_procs)  # before the hook exists: it is outside the sandbox folder
    root = os.path.realpath(root)
    marker = ("CROSSFILE_SANDBOX_ID=" + os.environ.get("CROSSFILE_SANDBOX_ID", "")).encode()
    try:
        max_procs = int(os.environ.get("CROSSFILE_SANDBOX_MAX_PROCS") or 0)
    except ValueError:
        max_procs = 0
    state = {"busy": False}

    def inside(path, dir_fd=None):
        if isinstance(path, int):
            return True  # an already open descriptor: its opening was checked
        if isinstance(path, bytes):
            path = os.fsdecode(path)
        path = os.fspath(path)
        if not os.path.isabs(path):
            base = os.getcwd()
            if isinstance(dir_fd, int) and dir_fd >= 0:
                try:
                    base = os.readlink("/proc/self/fd/%d" % dir_fd)
                except OSError:
                    return False
            path = os.path.join(base, path)
        if path in _ALLOWED_DEVICES:
            return True
        real = os.path.realpath(path)
        return real == root or real.startswith(root + os.sep) or real in _ALLOWED_DEVICES

    def refuse_path(path):
        raise PermissionError(13, "crossfile sandbox: writing outside the sandbox folder is not allowed", str(path))

    def live_processes():
        count = 0
        try:
            names = os.listdir("/proc")
        except OSError:
            return 0
        for name in names:
            if not name.isdigit():
                continue
            try:
                with open("/proc/%s/environ" % name, "rb") as fh:
                    if marker in fh.read():
                        count += 1
            except OSError:
                continue
        return count

    def hook(event, args):
        if state["busy"]:
            return
        if event == "open":
            path, mode, flags = args
            if path is None or isinstance(path, int):
                return
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool((flags or 0) & _WRITE_FLAGS)
            if not writing:
                return
            state["busy"] = True
            try:
                ok = inside(path)
            finally:
                state["busy"] = False
            if not ok:
                refuse_path(path)
        elif event in _PATH_EVENTS:
            dir_fd = args[-1] if len(args) > 1 and isinstance(args[-1], int) else None
            state["busy"] = True
            try:
                ok = inside(args[0], dir_fd)
            finally:
                state["busy"] = False
            if not ok:
                refuse_path(args[0])
        elif event in ("os.rename", "os.link"):
            state["busy"] = True
            try:
                ok = inside(args[0], args[2]) and inside(args[1], args[3])
            finally:
                state["busy"] = False
            if not ok:
                refuse_path(args[1])
        elif event == "os.symlink":
            state["busy"] = True
            try:
                ok = inside(args[1], args[2])
            finally:
                state["busy"] = False
            if not ok:
                refuse_path(args[1])
        elif event in _PROCESS_EVENTS and max_procs > 0:
            state["busy"] = True
            try:
                live = live_processes()
            finally:
                state["busy"] = False
            if live >= max_procs:
                raise BlockingIOError(11, "crossfile sandbox: process limit reached (%d live processes)" % live)

    sys.addaudithook(hook)


_install()
del _install
