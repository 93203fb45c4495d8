"""The program that runs one problem's tests inside the sandbox (stdlib only).

Executed as a script by :mod:`evaluation.sandbox` (``python -I -B harness.py config.json``),
never imported by the parent. It installs an audit hook (PEP 578) that refuses, for the rest
of the process, writes outside the allowed directories and, unless allowed, starting or
signalling other processes; then it runs the check program's prelude and each test in one
namespace, reporting every result as one JSON line to a file opened *before* the hook was
installed (so the tests cannot forge or hide earlier lines by printing).

The hook guards against accidents of ordinary code (a test cleaning up ``~``, a generation
calling ``os.fork`` in a loop); it is not a security boundary against code written to
escape it (ctypes, C extensions). The parent adds what the OS offers: resource limits, a
separate process group or PID namespace, and an unprivileged user when it can.
"""

import builtins
import json
import os
import sys
import time
import traceback

WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
# audit event -> indexes of its path arguments that are written / removed / created
PATH_EVENTS = {
    "os.remove": (0,),
    "os.rmdir": (0,),
    "os.rename": (0, 1),
    "os.mkdir": (0,),
    "os.chmod": (0,),
    "os.chown": (0,),
    "os.link": (1,),
    "os.symlink": (1,),
    "os.truncate": (0,),
    "os.utime": (0,),
    "os.chflags": (0,),
    "os.lchflags": (0,),
    "os.setxattr": (0,),
    "os.removexattr": (0,),
    "shutil.rmtree": (0,),
}
PROCESS_EVENTS = frozenset(
    {"os.fork", "os.forkpty", "os.posix_spawn", "os.spawn", "os.exec", "os.system", "subprocess.Popen", "pty.spawn"}
)
SIGNAL_EVENTS = frozenset({"os.kill", "os.killpg"})
DETAIL = 2000


def install_guard(allowed_roots, allow_processes):
    roots = [os.path.realpath(r) for r in allowed_roots]
    devices = {"/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty"}
    own_pid = os.getpid()

    def inside(path):
        if path is None or isinstance(path, int):
            return True  # already-open descriptors were checked when opened
        try:
            real = os.path.realpath(os.fsdecode(path))
        except (TypeError, ValueError):
            return False
        return real in devices or any(real == r or real.startswith(r + os.sep) for r in roots)

    def hook(event, args):
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or (
                isinstance(flags, int) and flags & WRITE_FLAGS
            )
            if writing and not inside(path):
                raise PermissionError(f"sandbox: writing outside the repository copy is not allowed: {path}")
        elif event in PATH_EVENTS:
            for index in PATH_EVENTS[event]:
                if index < len(args) and not inside(args[index]):
                    raise PermissionError(f"sandbox: {event} outside the repository copy is not allowed: {args[index]}")
        elif not allow_processes and event in PROCESS_EVENTS:
            raise PermissionError(f"sandbox: starting processes is not allowed ({event})")
        elif not allow_processes and event in SIGNAL_EVENTS and args and args[0] not in (own_pid, 0):
            raise PermissionError(f"sandbox: signalling other processes is not allowed ({event})")

    sys.addaudithook(hook)


def tail(text):
    return text if len(text) <= DETAIL else "..." + text[-DETAIL:]


def run_code(code, filename, namespace):
    """(ok, error text) of executing ``code`` in ``namespace``."""
    try:
        exec(compile(code, filename, "exec"), namespace)
        return True, ""
    except SystemExit as exc:  # a test program may end itself; only a clean exit is a pass
        return exc.code in (None, 0), "" if exc.code in (None, 0) else f"SystemExit({exc.code!r})"
    except BaseException as exc:  # noqa: BLE001 - every failure of user code is a test result
        # drop this function's own frame: the report starts in the test's code
        frames = traceback.format_exception(type(exc), exc, exc.__traceback__.tb_next)
        return False, tail("".join(frames))


def main():
    with open(sys.argv[1], encoding="utf-8") as handle:
        config = json.load(handle)
    results = open(config["results"], "a", buffering=1, encoding="utf-8")

    def emit(**fields):
        results.write(json.dumps(fields) + "\n")
        results.flush()

    os.chdir(config["root"])
    for path in reversed(config["sys_path"]):
        sys.path.insert(0, path)
    install_guard(config["allowed_roots"], config["allow_processes"])
    with open(config["check"], encoding="utf-8") as handle:
        prelude = handle.read()
    namespace = {"__name__": "__main__", "__file__": config["check"], "__builtins__": builtins}
    ok, error = run_code(prelude, config["check"], namespace)
    emit(event="prelude", ok=ok, error=error)
    if ok:
        for index, test in enumerate(config["tests"]):
            start = time.monotonic()
            ok, error = run_code(test, f"<test {index}>", namespace)
            emit(event="test", index=index, ok=ok, error=error, seconds=round(time.monotonic() - start, 4))
    emit(event="done")
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)  # skip atexit handlers and non-daemon threads the tests may have left


if __name__ == "__main__":
    main()
