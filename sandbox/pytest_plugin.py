"""pytest plugin loaded into sandboxed test runs (``-p crossfile_pytest_plugin``).

Why it exists: the builder needs, per test, more than pytest's exit code: the outcome of every
phase with the *type* of the exception (an ``AssertionError`` can be repaired by recapturing
the expected value, any other error drops the test), each test's own coverage (a coverage.py
dynamic context named after the test's node id, switched the way pytest-cov does it), a time
limit per test so one hanging test does not take the whole run with it, and which tests tried
to leave the sandbox (they never become a problem's tests).

Outcomes go to the harness over the channel it created (see sandbox/channel.py), never
through a file: ``CROSSFILE_CHANNEL`` = ``<token fd>:<record fd>``. The token is read once from
its pipe, kept in this module only, and the variable is removed from the environment. pytest's
end of session sends ``session_end``: the harness fails a run that never sends it.

Sandbox violations are recorded here, not prevented (the kernel does that): while a test runs,
a PEP 578 audit hook notes attempts to write outside the writable places
(``CROSSFILE_SANDBOX_ROOT``, /tmp, /dev/shm, /dev/null...), to reach or look up a host other
than the (private) loopback, to open a Unix socket or SQLite database outside them, and libc
file, network or process functions looked up through ``ctypes``; an ``OSError`` that ends a
test with "read-only file system", "network unreachable" or "connection refused", the same
words in the output the test's child processes wrote (pytest captures it), and, inside the
sandbox's own pid namespace (``CROSSFILE_SANDBOX_PIDNS``), a process the test detached (a
daemon: reparented to the namespace's init) still running after it (then killed), count too.
Best effort: an attempt that leaves no such trace (native code checking its own errors quietly)
is contained but not named.

Time limits per test, so that a slow test fails alone: ``CROSSFILE_TEST_TIMEOUT`` seconds per
phase (setup, call, teardown; SIGALRM raising :class:`SandboxTestTimeout`, a ``BaseException``
so that ``except Exception`` in the test cannot swallow it), armed only while the phase runs --
never while pytest or this plugin builds and sends the report (an alarm raised in
``pytest_runtest_makereport`` used to end the whole session with INTERNALERROR). A test that
does not give the interpreter back (native code, a swallowed time-out) meets the hard limit:
faulthandler's watchdog thread ends the process (``CROSSFILE_TEST_HARD_TIMEOUT``, default three
phases plus 10 s); the harness sees the ``start`` record of a test without its end, counts that
test as the one that ended the process and runs the rest in a fresh process.

For those fresh processes: every test sends a ``start`` record before it runs;
``CROSSFILE_DESELECT`` names a file of node ids not to run again, ``CROSSFILE_SELECT`` one of the
only node ids to run (the harness then names their files on the command line: an id a changed
class no longer produces is a test that did not run, not a usage error ending the whole run,
as ``pytest file::id`` would be); with coverage, the data is
saved at most every :data:`CHECKPOINT_SECONDS` and a ``checkpoint`` record says up to which test
it is safe (a process that dies loses only the contexts after its last checkpoint, and the
harness reruns those tests). Options of the repository's ``addopts`` that pytest does not know
once the conftests are loaded (a plugin's option when the plugin is not installed) are dropped
and reported (``options_dropped``) instead of ending the run with a usage error.

Configuration (environment): ``CROSSFILE_CHANNEL``; ``CROSSFILE_TEST_TIMEOUT`` = seconds per
phase (0 = none); ``CROSSFILE_TEST_HARD_TIMEOUT``; ``CROSSFILE_DESELECT``; ``CROSSFILE_SELECT``;
``CROSSFILE_SANDBOX_ROOT``. Standalone: it runs in the sandboxed interpreter and must not import
project code.
"""

import errno
import faulthandler
import hashlib
import json
import os
import signal
import socket
import sys
import time

import pytest

_WRITE_FLAGS = os.O_WRONLY | os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_TRUNC
_PATH_EVENTS = frozenset({"os.remove", "os.rmdir", "os.mkdir", "os.chmod", "os.chown", "os.utime", "os.truncate",
                          "os.mkfifo", "os.mknod", "shutil.rmtree", "os.rename", "os.link", "os.symlink"})
# an uncaught "connection refused" means the test wanted a service of the host (the sandbox's
# loopback is its own); caught ones are a test's business
_VIOLATION_ERRNOS = frozenset({errno.EROFS, errno.ENETUNREACH, errno.EHOSTUNREACH, errno.ECONNREFUSED})
_LOOPBACK = ("localhost", "127.", "::1", "0.0.0.0", "::")
_VIOLATION_WORDS = ("Read-only file system", "Network is unreachable")
# libc functions that touch files, the network or processes, when looked up through ctypes
_NATIVE_CALLS = frozenset({"open", "open64", "openat", "openat64", "creat", "creat64", "unlink", "unlinkat", "rename",
                           "renameat", "renameat2", "mkdir", "mkdirat", "rmdir", "link", "linkat", "symlink",
                           "symlinkat", "truncate", "mknod", "mknodat", "mkfifo", "socket", "connect", "bind",
                           "system", "execve", "execv", "execvp", "fork", "vfork", "clone", "setsid", "kill",
                           "mount", "umount", "unshare", "setns", "ptrace"})
_DEVICES = ("/dev/null", "/dev/zero", "/dev/full", "/dev/stdout", "/dev/stderr", "/dev/tty")


def _open_channel():
    spec = os.environ.pop("CROSSFILE_CHANNEL", "")
    if not spec:
        return None, None
    token_fd, record_fd = (int(x) for x in spec.split(":"))
    chunks = []
    while True:
        chunk = os.read(token_fd, 64)
        if not chunk:
            break
        chunks.append(chunk)
    os.close(token_fd)
    os.set_inheritable(record_fd, False)  # the tests' own subprocesses do not get it
    return b"".join(chunks).decode(), record_fd


_TOKEN, _FD = _open_channel()
_STATE = {"violations": None, "nodeid": None}  # violations: a list while a test runs


def _send(record):
    if _FD is None:
        return
    # the sender's pid: the harness keeps only the records of the process it started
    data = (_TOKEN + "\t" + json.dumps(dict(record, pid=os.getpid())) + "\n").encode("utf-8")
    while data:
        written = os.write(_FD, data)
        data = data[written:]


# --- checked values (sandbox/values.py: the host compares them, not this process) -------------
_MAX_VALUE_NODES = 20000
_MAX_VALUE_CHARS = 4 * 1024 * 1024


class _NotPlain(Exception):
    pass


def _encode(value):
    """A value as a tagged JSON structure, built with the built-in types' own methods only (a
    subclass's overrides are never called, so it cannot lie about its content); anything that
    is not a plain value (None, bool, int, float, complex, str, bytes, and lists, tuples, sets,
    frozensets and dicts of those) is ``["opaque", type name]``."""
    budget = [_MAX_VALUE_NODES, _MAX_VALUE_CHARS]

    def walk(v, depth):
        budget[0] -= 1
        if budget[0] < 0 or depth > 200:
            raise _NotPlain("too large")
        t = type(v)
        if v is None:
            return ["none"]
        if t is bool:
            return ["bool", v]
        if issubclass(t, int):
            return ["int", int.__repr__(v)]
        if issubclass(t, float):
            return ["float", float.__repr__(v)]
        if t is complex:
            return ["complex", [float.__repr__(v.real), float.__repr__(v.imag)]]
        if issubclass(t, str):
            text = str.__str__(v)
            budget[1] -= len(text)
            if budget[1] < 0:
                raise _NotPlain("too large")
            return ["str", text]
        if issubclass(t, bytes):
            budget[1] -= 2 * bytes.__len__(v)
            if budget[1] < 0:
                raise _NotPlain("too large")
            return ["bytes", bytes.hex(v)]
        for base, tag in ((list, "list"), (tuple, "tuple")):
            if issubclass(t, base):
                return [tag, [walk(base.__getitem__(v, i), depth + 1) for i in range(base.__len__(v))]]
        for base, tag in ((set, "set"), (frozenset, "frozenset")):
            if issubclass(t, base):
                return [tag, [walk(item, depth + 1) for item in base.__iter__(v)]]
        if issubclass(t, dict):
            return ["dict", [[walk(k, depth + 1), walk(item, depth + 1)] for k, item in dict.items(v)]]
        raise _NotPlain(t)

    try:
        return walk(value, 0)
    except Exception as exc:  # noqa: BLE001 - any failure means "not a plain value"
        kind = exc.args[0] if isinstance(exc, _NotPlain) and exc.args else type(exc).__name__
        try:
            name = "%s.%s" % (type.__getattribute__(kind, "__module__"), type.__getattribute__(kind, "__qualname__")) \
                if isinstance(kind, type) else str(kind)
        except Exception:  # noqa: BLE001
            name = "?"
        return ["opaque", name[:200]]


_MAX_VALUES_PER_SITE = 1000  # different values per site and test: a long loop does not flood the channel
_VALUE_SEEN = {}
TOO_MANY_VALUES = "crossfile.too_many_different_values"  # the opaque kind past the cap (sandbox/values.py)


def _digest(encoded, _dumps=json.dumps, _sha=hashlib.sha256):
    return _sha(_dumps(encoded, sort_keys=True).encode("utf-8", "surrogatepass")).digest()


def record_value(site, value, truth_site=False, _send=_send, _encode=_encode, _state=_STATE, _seen=_VALUE_SEEN,
                 _digest=_digest):
    """Report the value a checked assertion of a test program compares (``__cfd_value__`` in the
    instrumented programs of sandbox/values.py) and return it unchanged. Every *different* value
    a site sees in a test is reported, at once (a repeated one once); past
    ``_MAX_VALUES_PER_SITE`` different values the site reports one ``opaque`` value of kind
    ``TOO_MANY_VALUES`` instead, which the host never counts as held: every value a host-only
    site saw is judged, none is dropped (red team 2026-11-28f, row 2: an answer wrong only past
    the first 1,000 values of a loop passed).

    ``truth_site`` (``assert X`` / ``assert not X``): the record also carries ``truth``, the
    value's truth evaluated here, first and once, as the assertion evaluates it (the value's own
    ``__bool__``/``__len__``: what every caller's ``if`` sees, which its content does not carry;
    red team 2026-11-29b, rows 2 and 3); the host judges such a site on it alone. A truth that
    raises is the test's error, as in ``assert X``: nothing is reported. A site reports each
    truth once per test (the content beside it only names the first value of that truth).

    The sender and the encoder are bound when the plugin loads (before any code under test):
    code that rebinds this module's ``_send`` (to hold a value's record back, red team row 6)
    does not reach the values. Binding is no protection against code that goes after the
    function itself (its defaults, the test module's ``__cfd_value__``): sandbox/values.py
    keeps the expected values out of the process, so what such code can report is only what
    it knows (docs/executable.md, "Threat model")."""
    # the interpreter's own truth test (no name a completion could rebind), before anything else
    truth = (True if value else False) if truth_site is True else None
    key = (_state["nodeid"], site)
    seen = _seen.get(key)
    if seen is None:
        seen = _seen[key] = set()
    if len(seen) > _MAX_VALUES_PER_SITE:
        return value
    kind = type(value)
    if truth is not None:
        encoded, digest = None, ("truth", truth)
    elif kind is bool or kind is int or value is None or (kind is str and len(value) <= 256):
        encoded, digest = None, (kind.__name__, value)  # the common case: encoded only when new
    else:
        encoded = _encode(value)
        digest = _digest(encoded)
    if digest in seen:
        return value
    seen.add(digest)
    if len(seen) > _MAX_VALUES_PER_SITE:
        encoded = ["opaque", TOO_MANY_VALUES]
    elif encoded is None:
        encoded = _encode(value)
    record = {"value": encoded, "site": int(site), "nodeid": _state["nodeid"]}
    if truth is not None:
        record["truth"] = truth
    _send(record)
    return value


class SandboxTestTimeout(BaseException):
    """A test phase ran longer than CROSSFILE_TEST_TIMEOUT seconds (a BaseException: a test's
    ``except Exception`` does not swallow it)."""


CHECKPOINT_SECONDS = 0.5


def _seconds(name, default=0.0):
    try:
        return float(os.environ.get(name) or default)
    except ValueError:
        return default


_TEST_TIMEOUT = _seconds("CROSSFILE_TEST_TIMEOUT")
_HARD_TIMEOUT = _seconds("CROSSFILE_TEST_HARD_TIMEOUT", 3 * _TEST_TIMEOUT + 10 if _TEST_TIMEOUT > 0 else 0)
_DESELECT = os.environ.pop("CROSSFILE_DESELECT", "")
_SELECT = os.environ.pop("CROSSFILE_SELECT", "")
try:  # the real stderr, before pytest's capture replaces fd 2: where the watchdog writes
    _WATCHDOG_FILE = os.fdopen(os.dup(2), "w")
except OSError:
    _WATCHDOG_FILE = None


def _writable_roots():
    roots = ["/tmp", "/var/tmp", "/dev/shm"]
    root = os.environ.get("CROSSFILE_SANDBOX_ROOT")
    if root:
        roots.append(os.path.realpath(root))
    return tuple(roots)


_ROOTS = _writable_roots()


def _outside(path, dir_fd=None):
    if isinstance(path, int) or path is None:
        return False
    try:
        path = os.fsdecode(os.fspath(path))
    except TypeError:
        return False
    if not os.path.isabs(path):
        base = os.getcwd()
        if isinstance(dir_fd, int) and dir_fd >= 0:
            try:
                base = os.readlink("/proc/self/fd/%d" % dir_fd)
            except OSError:
                return True
        path = os.path.join(base, path)
    if path in _DEVICES or path.startswith("/proc/self/"):
        return False
    real = os.path.realpath(path)
    return not any(real == r or real.startswith(r + os.sep) for r in _ROOTS) and real not in _DEVICES


def _loopback(host):
    if isinstance(host, bytes):
        host = host.decode("ascii", "replace")
    return isinstance(host, str) and (host == "" or host.startswith(_LOOPBACK))


def _audit(event, args):
    if _STATE["violations"] is None:
        return
    _STATE["violations"], found = None, _STATE["violations"]  # no recursion from our own checks
    try:
        if event == "open":
            path, mode, flags = args
            writing = (isinstance(mode, str) and any(c in mode for c in "wax+")) or bool((flags or 0) & _WRITE_FLAGS)
            if writing and _outside(path):
                found.append("write outside the sandbox: %s" % (path,))
        elif event in _PATH_EVENTS:
            dir_fd = args[-1] if len(args) > 1 and isinstance(args[-1], int) else None
            targets = args[:2] if event in ("os.rename", "os.link") else args[1:2] if event == "os.symlink" else args[:1]
            for target in targets:
                if _outside(target, dir_fd):
                    found.append("%s outside the sandbox: %s" % (event, target))
        elif event == "sqlite3.connect":
            database = args[0]
            if isinstance(database, (str, bytes, os.PathLike)) and os.fspath(database) not in (":memory:", b":memory:", "", b"") \
                    and _outside(database):
                found.append("sqlite database outside the sandbox: %s" % (database,))
        elif event == "ctypes.dlsym":
            name = args[1] if len(args) > 1 else None
            if isinstance(name, str) and name in _NATIVE_CALLS:
                found.append("native libc call through ctypes: %s" % name)
        elif event == "socket.bind":
            sock, address = args
            if isinstance(address, (str, bytes)) and address and _outside(address):
                found.append("unix socket outside the sandbox: %s" % (address,))
        elif event == "socket.connect":
            sock, address = args
            if getattr(sock, "family", None) in (socket.AF_INET, socket.AF_INET6) and not _loopback(address[0]):
                found.append("network connection to %s" % (address,))
        elif event == "socket.getaddrinfo":
            if args[0] is not None and not _loopback(args[0]):
                found.append("network name lookup: %s" % (args[0],))
            elif isinstance(address, (str, bytes)) and address and _outside(address):
                found.append("unix socket outside the sandbox: %s" % (address,))
    except Exception:  # noqa: BLE001 - the hook must never break the test it watches
        pass
    finally:
        del found[20:]
        _STATE["violations"] = found


sys.addaudithook(_audit)


def _processes():
    """Detached processes of the sandbox's pid namespace (None outside one), as "pid:command":
    those whose parent is the namespace's init (pid 1), i.e. daemons that left the process
    tree. Children still ours (a session fixture's server) and zombies do not count."""
    if not os.environ.get("CROSSFILE_SANDBOX_PIDNS"):
        return None
    out = set()
    me = os.getpid()
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) in (1, me):
            continue
        try:
            with open("/proc/%s/stat" % name) as fh:
                stat = fh.read()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if fields[:1] == ["Z"] or fields[1:2] != ["1"]:
            continue
        out.add("%s:%s" % (name, stat[stat.find("(") + 1:stat.rfind(")")]))
    return out


def _coverage():
    try:
        import coverage
    except ImportError:
        return None
    return coverage.Coverage.current()


def _on_alarm(signum, frame):
    raise SandboxTestTimeout("test exceeded %s seconds" % os.environ.get("CROSSFILE_TEST_TIMEOUT"))


def _arm():
    if _TEST_TIMEOUT > 0 and hasattr(signal, "setitimer"):
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, _TEST_TIMEOUT)
        return previous
    return None


def _disarm(previous):
    if previous is not None:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def _alarmed():
    previous = _arm()
    try:
        yield
    finally:
        _disarm(previous)


# each phase (setup, call, teardown) runs under the per-test alarm; the alarm is off again
# before pytest makes the phase's report
@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item):
    yield from _alarmed()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_call(item):
    yield from _alarmed()


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_teardown(item, nextitem):
    yield from _alarmed()


def pytest_runtest_logstart(nodeid, location):
    _send({"nodeid": nodeid, "when": "start", "outcome": "", "exc_type": None, "xfail": False, "message": "",
           "violations": []})


_SAVED = {"at": time.monotonic()}
# the coverage context of a test module's import (+ its node id): code run while pytest collects
# it -- sly's metaclasses build the lexer and the parser tables when the test module defines its
# Lexer and Parser subclasses -- belongs to the module's tests; the harness gives those lines to
# each of them (sandbox/pytest_runs.py: attribute_collection, the same name)
COLLECTION_CONTEXT = "crossfile-collection:"


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_make_collect_report(collector):
    cov = _coverage() if isinstance(collector, pytest.Module) else None
    if cov is not None:
        cov.switch_context(COLLECTION_CONTEXT + collector.nodeid)
    try:
        yield
    finally:
        if cov is not None:
            cov.switch_context("")


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    cov = _coverage()
    if cov is not None:
        cov.switch_context(item.nodeid)
    if _HARD_TIMEOUT > 0 and _WATCHDOG_FILE is not None:
        faulthandler.dump_traceback_later(_HARD_TIMEOUT, exit=True, file=_WATCHDOG_FILE)
    _STATE["violations"] = []
    _STATE["nodeid"] = item.nodeid
    before = _processes()
    try:
        yield
    finally:
        _STATE["violations"] = None
        _STATE["nodeid"] = None
        left = _processes() - before if before is not None else set()
        if left:
            _send({"nodeid": item.nodeid, "when": "teardown", "outcome": "passed", "exc_type": None, "xfail": False,
                   "message": "", "violations": ["left processes running: %s" % ", ".join(sorted(left)[:5])]})
            for entry in left:  # so they cannot act during (and be blamed on) the next tests
                try:
                    os.kill(int(entry.split(":", 1)[0]), signal.SIGKILL)
                except OSError:
                    pass
        if cov is not None:
            cov.switch_context("")
            now = time.monotonic()
            if now - _SAVED["at"] >= CHECKPOINT_SECONDS or nextitem is None:
                try:
                    cov.save()
                    _send({"nodeid": item.nodeid, "when": "checkpoint", "outcome": "", "exc_type": None,
                           "xfail": False, "message": "", "violations": []})
                except Exception:  # noqa: BLE001 - a failed save only costs a rerun of the tests after it
                    pass
                _SAVED["at"] = time.monotonic()
        if _HARD_TIMEOUT > 0 and _WATCHDOG_FILE is not None:
            faulthandler.cancel_dump_traceback_later()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    excinfo = call.excinfo
    violations = list(_STATE["violations"] or [])
    if _STATE["violations"] is not None:
        del _STATE["violations"][:]
    if excinfo is not None and isinstance(excinfo.value, OSError) and excinfo.value.errno in _VIOLATION_ERRNOS:
        violations.append("%s: %s" % (excinfo.typename, excinfo.value))
    output = (getattr(report, "capstdout", "") or "") + (getattr(report, "capstderr", "") or "")
    violations.extend("output says: %s" % words for words in _VIOLATION_WORDS if words in output)
    _send({
        "nodeid": item.nodeid,
        "when": call.when,
        "outcome": report.outcome,
        "exc_type": excinfo.typename if excinfo is not None else None,
        "xfail": hasattr(report, "wasxfail"),
        "message": _message(excinfo),
        "violations": violations,
    })


def _message(excinfo):
    if excinfo is None:
        return ""
    try:
        return str(excinfo.value)[:500]
    except BaseException as exc:  # noqa: BLE001 - a test's exception may fail to print
        return "<%s; str() raised %s>" % (excinfo.typename, type(exc).__name__)


def _ids(path):
    if not path:
        return None
    try:
        with open(path, encoding="utf-8") as fh:
            return set(fh.read().splitlines())
    except OSError:
        return set()


# marks of static checkers' test items that are plain functions (pytest-mypy-testing's
# ``@pytest.mark.mypy_testing`` cases: ``reveal_type(...)`` lines a type checker reads, never
# meant to run); with their plugin not loaded (``environment.STATIC_CHECK_PLUGINS``) pytest
# would run them as tests
STATIC_CHECK_MARKS = {"mypy_testing": "mypy-testing"}


def _static_check_item(config, item) -> bool:
    return any(item.get_closest_marker(mark) is not None and not config.pluginmanager.has_plugin(plugin)
               for mark, plugin in STATIC_CHECK_MARKS.items())


def pytest_collection_modifyitems(session, config, items):
    """Run only the node ids of ``CROSSFILE_SELECT`` (when set) and none of ``CROSSFILE_DESELECT``
    (tests an earlier process ran), nor the items of a static checker whose plugin is not
    loaded (``STATIC_CHECK_MARKS``)."""
    chosen, done = _ids(_SELECT), _ids(_DESELECT) or set()
    static = [item for item in items if _static_check_item(config, item)]
    if chosen is None and not done and not static:
        _send({"event": "collected", "n": len(items)})
        return
    skip = {id(item) for item in static}
    kept = [item for item in items if (chosen is None or item.nodeid in chosen) and item.nodeid not in done
            and id(item) not in skip]
    if len(kept) != len(items):
        keep = set(id(item) for item in kept)
        config.hook.pytest_deselected(items=[item for item in items if id(item) not in keep])
        items[:] = kept
    # how many tests this process will run: a run that ends early names how many it did not reach
    _send({"event": "collected", "n": len(items)})


@pytest.hookimpl(hookwrapper=True)
def pytest_load_initial_conftests(early_config, parser, args):
    """Once the conftests are loaded (their options known), drop the repository's addopts that
    pytest does not know: a missing plugin's option would end the run with a usage error."""
    yield
    try:
        ini = list(early_config.getini("addopts") or [])
        if not ini or args[: len(ini)] != ini:
            return
        _, unknown = parser.parse_known_and_unknown_args(list(args))
        unknown = set(unknown)
        kept, dropped = [], []
        i = 0
        while i < len(ini):
            tok = ini[i]
            if tok in unknown and tok.startswith("-"):
                nxt = ini[i + 1] if i + 1 < len(ini) else None
                if "=" not in tok and tok.startswith("--") and nxt is not None and not nxt.startswith("-") \
                        and not os.path.exists(nxt):
                    dropped.append("%s %s" % (tok, nxt))
                    i += 2
                    continue
                dropped.append(tok)
            else:
                kept.append(tok)
            i += 1
        if dropped:
            args[: len(ini)] = kept
            _send({"event": "options_dropped", "options": dropped})
    except Exception:  # noqa: BLE001 - pytest reports the usage error itself then
        pass


def pytest_collectreport(report):
    if report.failed:
        _send({"nodeid": report.nodeid, "when": "collect", "outcome": "failed", "exc_type": "CollectError",
               "xfail": False, "message": str(report.longrepr)[-1000:], "violations": []})


# --- observed parameter types (CROSSFILE_OBSERVE_TYPES = the repository copy's root) -----------
# For the completion split's --observe-types: while the suite runs, a profile function records,
# for every call of a function defined in the repository, the class of each argument whose class
# is defined in the repository too. Pylint cannot type an unannotated parameter
# (``def f(stack): stack.preprocess``); what the tests passed can. Reported once, at the end.
_OBSERVE_ROOT = os.environ.pop("CROSSFILE_OBSERVE_TYPES", "")
_MAX_TYPES_PER_PARAMETER = 8
# (file, first line, function, parameter) -> {(module, class qualname): where the tracer saw it
# first: [calling file ("" outside the repository), calling line, the running test's node id
# ("" outside a test)]}: an entry without it is not the tracer's (the host refuses it)
_observed = {}
_code_info = {}  # code object -> (file, first line, function, parameter names) or None
_type_info = {}  # type -> (module, qualname) or None


def _under_root(filename):
    return filename.startswith(_OBSERVE_ROOT + os.sep)


def _class_key(cls):
    key = _type_info.get(cls, False)
    if key is False:
        key = None
        module = sys.modules.get(getattr(cls, "__module__", None) or "")
        filename = getattr(module, "__file__", None) or ""
        if filename and _under_root(os.path.realpath(filename)) and "<locals>" not in cls.__qualname__:
            key = (module.__name__, cls.__qualname__)
        _type_info[cls] = key
    return key


def _profile(frame, event, arg):
    if event != "call":
        return
    code = frame.f_code
    info = _code_info.get(code, False)
    if info is False:
        info = None
        filename = os.path.realpath(code.co_filename)
        if _under_root(filename):
            count = code.co_argcount + code.co_kwonlyargcount
            names = tuple(n for n in code.co_varnames[:count] if n not in ("self", "cls"))
            if names:
                info = (os.path.relpath(filename, _OBSERVE_ROOT).replace(os.sep, "/"), code.co_firstlineno,
                        code.co_name, names)
        _code_info[code] = info
    if info is None:
        return
    values = frame.f_locals
    for name in info[3]:
        if name not in values:
            continue
        key = _class_key(type(values[name]))
        if key is None:
            continue
        seen = _observed.setdefault((info[0], info[1], info[2], name), {})
        if key not in seen and len(seen) < _MAX_TYPES_PER_PARAMETER:
            seen[key] = _call_site(frame)


def _call_site(frame):
    caller = frame.f_back
    where, line = "", 0
    if caller is not None:
        filename = os.path.realpath(caller.f_code.co_filename)
        if _under_root(filename):
            where, line = os.path.relpath(filename, _OBSERVE_ROOT).replace(os.sep, "/"), caller.f_lineno or 0
    return [where, int(line), _STATE["nodeid"] or ""]


def _observed_entry(f, line, fn, param, seen):
    keys = sorted(seen)
    sites = [seen[k] if isinstance(seen, dict) else None for k in keys]
    return {"file": f, "line": line, "function": fn, "parameter": param, "types": [list(k) for k in keys],
            "seen": sites}


def pytest_sessionstart(session):
    if _OBSERVE_ROOT:
        import threading

        threading.setprofile(_profile)
        sys.setprofile(_profile)


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session, exitstatus):
    if _OBSERVE_ROOT:
        sys.setprofile(None)
        _send({"event": "observed_types", "parameters": [
            _observed_entry(f, line, fn, param, seen) for (f, line, fn, param), seen in sorted(_observed.items())]})
    _send({"event": "session_end", "exitstatus": int(exitstatus), "collected": session.testscollected})
