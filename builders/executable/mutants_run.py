"""All wrong versions of one problem judged in one sandbox, by one warm interpreter.

Why it exists: the mutation gate judged every stub and mutant through
``run_problem_tests``: a fresh copy of the repository, a new bubblewrap namespace, a new
interpreter importing pytest, one per wrong version, about 20 per problem. That was most of
the split's build time (issue 33: 1,100 s of the samples' 29 minutes). The wrong versions are
the builder's own code (never a model's), so they need the sandbox's containment, not its
protection of the verdict: here one sandbox per problem runs a driver that imports pytest
once, writes the test programs once, and for each wrong version forks, puts that version in
place and runs the tests to their first failure (``-x``) in the child; the parent waits with a
time limit per version. A version is caught only by a test failure pytest reports (a test that
hangs fails by a per-test alarm), which the driver's own code writes on a pipe once
``pytest.main`` has returned, as the last line, tagged with a nonce of the version's: the
tests' exit status, a time-out or an ended process is no verdict, and such a version gets a
run of its own (red team 5 follow-up, 699d096 on the branch rt6verdict-full, ported here: a
conftest calling ``os._exit(1)`` under the driver made every version "caught"), where only a
failed or erroring test, or a checked value the host refuses, in a run that completed, catches
it (:func:`verdict_of_record`).

Warm (issue 33 item 3, 2026-11-27g): each of those forks still ran ``pytest.main`` afresh,
configuring pytest, loading its plugins, collecting the test programs and importing the
repository again, once per version. Now the driver first starts one more process of its own
(no token, no channel: it runs repository code) that runs pytest once: it configures, collects
the problem's test programs (importing the repository as a run does), and instead of running
the tests it takes versions one at a time from the driver. Each version runs in a fork of it:
the target's code object is swapped in place in the function object the module holds (under
``functools.wraps`` decorators, ``staticmethod``/``classmethod``/``property``), so every
reference to the function (``from mod import f`` in the tests, a dispatch table built at import)
runs the version, and the collected tests run to their first failure, each under an alarm. A
version is caught only when pytest reports a failed test in that fork, passed only when every
collected test ran without one; anything else (the fork ended itself, a time-out) is no verdict
and goes to a run of its own (:func:`rerun_unjudged`). The fork's verdict is the last line on
its pipe, with the version's nonce; the warm process answers the driver with that nonce too (the
repository's code holds the answer descriptor during collection: a line it wrote there is
skipped). Versions whose ``def`` line or decorators
differ from gold's (defaults live in the function object), those whose code object cannot be
swapped (a different closure), and every version when collection fails go the cold way above.
Values computed from the target at import time stay gold's in the warm way: a version can only
look weaker there, never stronger.

Pure bookkeeping here (splicing, the driver's text, reading its report); execution through
:class:`sandbox.Sandbox`.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.lang.python.wrong_classes import disguised_function, disguised_gold
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.channel import ResultChannel
from crossfile_datasets.sandbox.problems import VerdictStatus, run_problem_tests
from crossfile_datasets.sandbox.checks import splice_solution
from crossfile_datasets.sandbox.pytest_runs import Outcome, config_overrides, plugin_args

PASSED, CAUGHT, INVALID, NOT_RUN = "passed", "caught", "invalid", "not_run"

# waiting for a version's process, in the driver (the shim) and in the warm process (the fork)
WAITING = r'''
def ended_fd(child):
    # a descriptor that becomes readable when ``child`` ends (Linux's pidfd), so a wait is woken
    # by the end itself, not by a polling interval (10 ms naps cost more than a version's tests
    # once failures are not formatted); None where the kernel has none
    try:
        return os.pidfd_open(child)
    except (AttributeError, OSError):
        return None


def nap(ended, deadline, *fds):
    # until ``ended`` or one of ``fds`` is readable, at most until the deadline (a second at a time)
    if ended is None:
        time.sleep(0.01)
    else:
        select.select([ended, *fds], [], [], max(0.0, min(1.0, deadline - time.monotonic())))


def kill_group(child):
    try:
        os.killpg(child, signal.SIGKILL)
    except OSError:
        os.kill(child, signal.SIGKILL)
    os.waitpid(child, 0)
'''

DRIVER = r'''
import ctypes, json, os, select, signal, sys, time

# The verdict channel (sandbox/channel.py), taken before anything else runs: the token goes
# straight from its pipe into one bytearray (readv: no other copy in this process) and records
# leave with writev. Repository code never runs in this process, and cannot read it: it is made
# non-dumpable (no /proc/<pid>/fd, /proc/<pid>/mem or ptrace for the other processes of the
# sandbox, which hold no capability).
token_fd, record_fd = (int(x) for x in os.environ.pop("CROSSFILE_CHANNEL").split(":"))
token = bytearray(256)
view = memoryview(token)
size = 0
while size < len(token):
    got = os.readv(token_fd, [view[size:]])
    if not got:
        break
    size += got
os.close(token_fd)
os.set_inheritable(record_fd, False)
libc = ctypes.CDLL(None, use_errno=True)
libc.prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE, 0
pid = os.getpid()


def record(obj):
    os.writev(record_fd, [view[:size], b"\t", json.dumps(dict(obj, pid=pid)).encode(), b"\n"])


# @WAITING@


spec = json.load(open(sys.argv[1], encoding="utf-8"))
root = spec["root"]
os.chdir(root)
for path, source in spec["programs"]:
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full) or ".", exist_ok=True)
    with open(full, "w", encoding="utf-8") as fh:
        fh.write(source)
# warm: imported once, inherited by every child; never from the repository's folders (a module
# of the repository shadowing one of pytest's would run here)
saved_path = list(sys.path)
sys.path[:] = [p for p in sys.path if p and not os.path.realpath(p).startswith(os.path.realpath(root))]
import pytest
sys.path[:] = saved_path


class Reports:
    """What pytest itself reports in the tests' process: failed test reports, and a per-phase
    alarm so that a test that hangs fails as a reported test (pytest's own report) instead of
    ending the version by the deadline."""

    def __init__(self):
        self.failed = 0

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed += 1

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        yield from alarmed()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        yield from alarmed()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item):
        yield from alarmed()


class TestTimeout(BaseException):
    pass


def on_alarm(signum, frame):
    raise TestTimeout("test exceeded %s seconds" % spec["test_timeout"])


def alarmed():
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, spec["test_timeout"])
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def last_line(tail, nonce):
    # the verdict the driver's code wrote: the last line on the pipe, tagged with the version's
    # nonce (the tests hold the pipe's write end too: whatever they wrote before is no verdict,
    # whatever they write after it makes it none)
    head, _, body = tail.rstrip(b"\n").rsplit(b"\n", 1)[-1].partition(b"\t")
    if head != nonce:
        return {}
    try:
        said = json.loads(body)
    except ValueError:
        return {}
    return said if isinstance(said, dict) else {}


def judge(text):
    # each version runs two processes away: a shim (no token, no channel, dumpable again) whose
    # exit status is the tests' verdict, and under it the tests; what the tests do to their
    # parent hits the shim, never this process
    shim = os.fork()
    if shim == 0:
        try:
            token[:] = bytes(len(token))
            os.close(record_fd)
            libc.prctl(4, 1, 0, 0, 0)
            os.setpgid(0, 0)
            # the tests' verdict travels on this pipe, written by the driver's code once
            # pytest.main has returned: an exit status the tests chose (os._exit(1) in a conftest)
            # is no verdict
            verdict_r, verdict_w = os.pipe()
            nonce = os.urandom(16).hex().encode()
            tests = os.fork()
            if tests == 0:
                try:
                    os.close(verdict_r)
                    with open(os.path.join(root, spec["module"]), "w", encoding="utf-8") as fh:
                        fh.write(text)
                    devnull = os.open(os.devnull, os.O_WRONLY)
                    os.dup2(devnull, 1)
                    os.dup2(devnull, 2)
                    reports = Reports()
                    # --tb=no: the verdict counts failed reports; formatting them is not needed
                    code = pytest.main(["-q", "-x", "--tb=no", "-p", "no:cacheprovider", *spec["args"],
                                        "--rootdir", root, *[p for p, _ in spec["programs"]]], plugins=[reports])
                    os.write(verdict_w, b"\n" + nonce + b"\t"
                             + json.dumps({"code": int(code), "failed": reports.failed}).encode() + b"\n")
                    os._exit(0)
                except BaseException:
                    os._exit(99)
            os.close(verdict_w)
            tail = b""
            while chunk := os.read(verdict_r, 65536):
                tail = (tail + chunk)[-8192:]
            _, status = os.waitpid(tests, 0)
            said = last_line(tail, nonce)
            # pytest's own codes, with pytest's own reports: 0 and no failed report, every test
            # passed; 1 and a failed test report, the version is caught. Anything else (no
            # verdict: the tests' process ended itself, a conftest that raised, a collection or
            # internal error, no test, a crash) says nothing about the version: rerun on its own
            if os.waitstatus_to_exitcode(status) != 0:
                os._exit(2)
            if said.get("code") == 0 and said.get("failed") == 0:
                os._exit(0)
            if said.get("code") == 1 and type(said.get("failed")) is int and said["failed"] > 0:
                os._exit(1)
            os._exit(2)
        except BaseException:
            os._exit(2)
    try:
        os.setpgid(shim, shim)
    except OSError:
        pass
    deadline = time.monotonic() + spec["timeout"]
    ended = ended_fd(shim)
    try:
        while True:
            done, status = os.waitpid(shim, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                # killed by something else than us (the tests killed their parent), or the tests
                # ended without a verdict (2): not a verdict
                return "passed" if code == 0 else "caught" if code == 1 else "lost"
            if time.monotonic() > deadline:
                kill_group(shim)
                # past the version's deadline (a hang the per-test alarm could not end): no test
                # failure was reported, so no verdict here; the version gets a run of its own
                return "lost"
            nap(ended, deadline)
    finally:
        if ended is not None:
            os.close(ended)


WARM = r"""
import json, os, select, signal, sys, time
spec = json.load(open(sys.argv[1], encoding="utf-8"))
command_fd, answer_fd = int(sys.argv[2]), int(sys.argv[3])
root = spec["root"]
sys.path[:] = [p for p in json.loads(sys.argv[4]) if p and not os.path.realpath(p).startswith(os.path.realpath(root))]
import pytest
sys.path[:] = json.loads(sys.argv[4])


class Reports:
    # pytest's own test reports in the tests' process: a version is caught only by a failed test
    def __init__(self):
        self.failed = 0

    def pytest_runtest_logreport(self, report):
        if report.failed:
            self.failed += 1

    # a test that hangs fails as a reported test, by a per-phase alarm
    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_setup(self, item):
        yield from alarmed()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_call(self, item):
        yield from alarmed()

    @pytest.hookimpl(hookwrapper=True)
    def pytest_runtest_teardown(self, item):
        yield from alarmed()


class TestTimeout(BaseException):
    pass


def on_alarm(signum, frame):
    raise TestTimeout("test exceeded %s seconds" % spec["test_timeout"])


def alarmed():
    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, spec["test_timeout"])
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


# @WAITING@


def code_objects(code):
    for const in code.co_consts:
        if hasattr(const, "co_code"):
            yield const
            yield from code_objects(const)


def targets():
    # every function object of the target in the modules collection imported from the file
    # (the package may import it under two names); decorators unwrapped to the function whose
    # code has the target's name
    path = os.path.realpath(os.path.join(root, spec["module"]))
    found = []
    for module in list(sys.modules.values()):
        if os.path.realpath(getattr(module, "__file__", None) or "/") != path:
            continue
        owner = module
        for part in spec["qualname"].split(".")[:-1]:
            owner = vars(owner).get(part) if hasattr(owner, "__dict__") else None
        obj = vars(owner).get(spec["entry_point"]) if owner is not None and hasattr(owner, "__dict__") else None
        obj = getattr(obj, "__func__", None) or getattr(obj, "fget", None) or obj
        for _ in range(10):
            if getattr(getattr(obj, "__code__", None), "co_name", None) == spec["entry_point"]:
                break
            obj = getattr(obj, "__wrapped__", None)
        if getattr(getattr(obj, "__code__", None), "co_name", None) == spec["entry_point"]:
            found.append(obj)
    return found


def judge_all(session):
    # every version in a fork of this process, where pytest is configured and the test programs
    # collected once; the fork swaps the target's code object in place (every reference to the
    # function then runs the version) and runs the collected tests to the first failure
    items = list(session.items)
    functions = targets() if items and not session.testsfailed else []
    os.write(answer_fd, (json.dumps({"ready": bool(functions)}) + "\n").encode())
    if not functions:
        return True
    for line in os.fdopen(command_fd, "r"):
        # the driver's nonce for this version: the answer carries it back (a line the
        # repository's code wrote on this descriptor at collection cannot know it)
        index, nonce, text = json.loads(line)
        verdict = judge(items, functions, text, nonce.encode())
        os.write(answer_fd, (json.dumps([index, nonce, verdict]) + "\n").encode())
    return True


def judge(items, functions, text, nonce):
    qual = spec["qualname"].split(".")
    try:
        module_code = compile(text, os.path.join(root, spec["module"]), "exec")
        new = [c for c in code_objects(module_code) if getattr(c, "co_qualname", None) == spec["qualname"]
               or (not hasattr(c, "co_qualname") and c.co_name == qual[-1])]
    except (SyntaxError, ValueError):
        new = []
    if len(new) != 1 or any(f.__code__.co_freevars != new[0].co_freevars for f in functions):
        return "cold"
    verdict_r, verdict_w = os.pipe()
    tests = os.fork()
    if tests == 0:
        try:
            os.close(verdict_r)
            os.close(answer_fd)  # the tests get no way to answer for the versions
            os.close(command_fd)
            os.setpgid(0, 0)
            with open(os.path.join(root, spec["module"]), "w", encoding="utf-8") as fh:
                fh.write(text)
            for f in functions:
                f.__code__ = new[0]
            ran = 0
            for item, nextitem in zip(items, items[1:] + [None]):
                item.config.hook.pytest_runtest_protocol(item=item, nextitem=nextitem)
                ran += 1
                if reports.failed:
                    break
            # the verdict, written by this code once the tests have run, tagged with the
            # version's nonce: the tests hold this pipe too, and an exit status they choose
            # is no verdict
            os.write(verdict_w, b"\n" + nonce + b"\t" + json.dumps({"ran": ran, "failed": reports.failed}).encode()
                     + b"\n")
        finally:
            os._exit(0)
    os.close(verdict_w)
    os.set_blocking(verdict_r, False)
    tail = [b""]

    def drain():
        # what is on the pipe now (never waits: a process the tests left behind may hold it
        # open); True at the pipe's end
        while True:
            try:
                chunk = os.read(verdict_r, 65536)
            except BlockingIOError:
                return False
            if not chunk:
                return True
            tail[0] = (tail[0] + chunk)[-8192:]

    deadline = time.monotonic() + spec["timeout"]
    status = None
    # woken by the fork's end or by its pipe (ended_fd), not by a polling interval
    ended = ended_fd(tests)
    eof = False
    while status is None:
        eof = drain() or eof
        done, wait_status = os.waitpid(tests, os.WNOHANG)
        if done:
            status = os.waitstatus_to_exitcode(wait_status)
        elif time.monotonic() > deadline:
            kill_group(tests)
            status = "timeout"
        else:  # the pipe at its end stays readable: then wait for the fork alone
            nap(ended, deadline, *([] if eof else [verdict_r]))
    if ended is not None:
        os.close(ended)
    drain()
    os.close(verdict_r)
    head, _, body = tail[0].rstrip(b"\n").rsplit(b"\n", 1)[-1].partition(b"\t")
    said = {}
    if head == nonce:
        try:
            said = json.loads(body)
        except ValueError:
            said = {}
    # caught only by a failed test pytest reported; passed only when every collected test ran
    # without one; anything else (the tests ended their process, a time-out, no line with the
    # version's nonce last) is no verdict here: the version gets a run of its own
    if status != 0 or not isinstance(said, dict) or type(said.get("failed")) is not int:
        return "lost"
    if said["failed"] > 0:
        return "caught"
    return "passed" if said.get("ran") == len(items) else "lost"


class Warm:
    @pytest.hookimpl(tryfirst=True)
    def pytest_runtestloop(self, session):
        return judge_all(session)


devnull = os.open(os.devnull, os.O_WRONLY)
os.dup2(devnull, 1)
os.dup2(devnull, 2)
reports = Reports()
# --tb=no: a caught version's failure is not formatted (the verdict counts failed reports; the
# long traceback with the arguments' reprs was most of a version's time)
pytest.main(["-q", "--tb=no", "-p", "no:cacheprovider", *spec["args"], "--rootdir", root,
             *[p for p, _ in spec["programs"]]], plugins=[reports, Warm()])
os._exit(0)
"""


def start_warm():
    # a process of its own for the repository's code (collected once, then forked per version):
    # no token, no channel; it only answers which versions its tests caught, line by line
    command_r, command_w = os.pipe()
    answer_r, answer_w = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            token[:] = bytes(len(token))
            os.close(record_fd)
            os.close(command_w)
            os.close(answer_r)
            libc.prctl(4, 1, 0, 0, 0)
            os.setpgid(0, 0)
            os.set_inheritable(command_r, True)
            os.set_inheritable(answer_w, True)
            os.execv(sys.executable, [sys.executable, "-c", WARM, sys.argv[1], str(command_r), str(answer_w),
                                      json.dumps(saved_path)])
        finally:
            os._exit(2)
    os.close(command_r)
    os.close(answer_w)
    try:
        os.setpgid(child, child)
    except OSError:
        pass
    return child, os.fdopen(command_w, "w"), Lines(answer_r)


class Lines:
    # lines from the warm process's answer pipe, read straight from the descriptor (a buffered
    # file would hide a second line from select), at most 1 MiB of a line kept
    def __init__(self, fd):
        self.fd = fd
        self.buffer = b""

    def next(self, deadline):
        import select
        while b"\n" not in self.buffer:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            ready, _, _ = select.select([self.fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(self.fd, 65536)
            if not chunk:
                return None
            self.buffer = (self.buffer + chunk)[-(1 << 20):]
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line


def ask(answers, deadline, wanted):
    # the first line from the warm process that ``wanted`` accepts, or None when it ends or
    # overruns the deadline; other lines (whatever the repository's code wrote on the
    # descriptor) are skipped
    while True:
        line = answers.next(deadline)
        if line is None:
            return None
        try:
            answer = json.loads(line)
        except ValueError:
            continue
        if wanted(answer):
            return answer


warm = None
if spec.get("warm"):
    warm_pid, commands, answers = start_warm()
    hello = ask(answers, time.monotonic() + spec["timeout"] * 2, lambda a: isinstance(a, dict) and "ready" in a)
    if isinstance(hello, dict) and hello.get("ready") is True:
        warm = (warm_pid, commands, answers)
    else:
        try:
            os.killpg(warm_pid, signal.SIGKILL)
        except OSError:
            pass
        os.waitpid(warm_pid, 0)


def judge_warm(i, text):
    global warm
    if warm is None or not spec["warm_ok"][i]:
        return judge(text)
    warm_pid, commands, answers = warm
    nonce = os.urandom(16).hex()
    try:
        commands.write(json.dumps([i, nonce, text]) + "\n")
        commands.flush()
    except OSError:
        answer = None
    else:
        answer = ask(answers, time.monotonic() + spec["timeout"] + 10,
                     lambda a: isinstance(a, list) and len(a) == 3 and a[0] == i and a[1] == nonce)
    if answer is None:
        try:  # the warm process ended or hung: the other versions go the cold way
            os.killpg(warm_pid, signal.SIGKILL)
        except OSError:
            pass
        try:
            os.waitpid(warm_pid, 0)
        except OSError:
            pass
        warm = None
        return judge(text)
    if answer[2] in ("passed", "caught"):
        return answer[2]
    if answer[2] == "cold":  # the version cannot be swapped in: the cold way
        return judge(text)
    return "lost"  # a time-out or no verdict: a run of its own decides


results = []
for i, text in enumerate(spec["versions"]):
    if text is None:
        results.append("invalid")
        continue
    if spec["stop_after_stub"] and i >= spec["stubs"] and "passed" in results[: spec["stubs"]]:
        results.append("not_run")  # a stub passed: the problem is weak, the mutants need not run
        continue
    results.append(judge_warm(i, text))
    record({"version": i, "status": results[-1]})
if warm is not None:  # its answers are all in: it is not waited for
    try:
        os.killpg(warm[0], signal.SIGKILL)
    except OSError:
        pass
    try:
        os.waitpid(warm[0], 0)
    except OSError:
        pass
record({"event": "session_end"})
'''
DRIVER = DRIVER.replace("# @WAITING@", WAITING)  # in the driver and in the warm process it holds


def definition_shape(text: str | None, qualname: str) -> str | None:
    """The parts of the target's ``def`` that live in its function object, not its code object
    (arguments with their defaults and annotations, decorators), as text: a version whose shape
    differs from gold's cannot be judged by swapping the code object in a warm process."""
    if text is None:
        return None
    try:
        body: list[ast.stmt] = ast.parse(text).body
    except (SyntaxError, ValueError):
        return None
    parts = qualname.split(".")
    for depth, part in enumerate(parts):
        node = next((n for n in body if isinstance(n, (ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                     and n.name == part), None)
        if node is None:
            return None
        if depth == len(parts) - 1:
            if not isinstance(node, ast.FunctionDef):
                return None
            return ast.dump(node.args) + "|" + "|".join(ast.dump(d) for d in node.decorator_list)
        body = node.body
    return None


def judge_versions(problem: dict, versions: Sequence[str], *, stubs: int, python: str,
                   pytest_plugins: Sequence[str] = (), per_version_timeout: float = C.EXEC_MUTANT_TIMEOUT,
                   stop_after_stub: bool = True, rerun: bool = True, warm: bool = True) -> list[str]:
    """Each wrong version of ``problem`` (function code, like a solution) -> ``passed`` (its
    tests let it through), ``caught``, ``invalid`` (could not be put in place) or ``not_run``
    (a stub among the first ``stubs`` passed; or the driver did not judge it and, with
    ``rerun``, neither could a run of its own)."""
    root = Path(problem["repository_root"])
    module_text = (root / problem["file"]).read_text(encoding="utf-8")
    spliced = []
    for code in versions:
        text, _why = splice_solution(module_text, problem["qualname"], problem["entry_point"],
                                     problem.get("class_name") or None, code)
        spliced.append(text)
    if not any(t is not None for t in spliced):
        return [INVALID] * len(versions)
    # versions whose def line and decorators are gold's are judged in the warm process (their code
    # object swapped in); the others, and every version when ``warm`` is off, the cold way
    gold_shape = definition_shape(module_text, problem["qualname"])
    warm_ok = [gold_shape is not None and text is not None and definition_shape(text, problem["qualname"]) == gold_shape
               for text in spliced]
    limits = SandboxLimits(timeout=per_version_timeout * len(versions) + 60)
    with Sandbox(root, python=python, python_path=problem.get("python_path") or [""], limits=limits) as box:
        spec = {"root": str(box.root), "module": problem["file"], "versions": spliced, "stubs": stubs,
                "stop_after_stub": stop_after_stub, "timeout": per_version_timeout,
                "warm": warm and any(warm_ok), "warm_ok": warm_ok, "qualname": problem["qualname"],
                "entry_point": problem["entry_point"], "test_timeout": min(C.EXEC_TEST_TIMEOUT, per_version_timeout / 2),
                "programs": list(zip(problem["test_paths"], problem["test_list"])),
                "args": [*plugin_args(pytest_plugins), *config_overrides(box.root)]}
        (box.control / "versions.json").write_text(json.dumps(spec), encoding="utf-8")
        (box.control / "driver.py").write_text(DRIVER, encoding="utf-8")
        channel = ResultChannel()
        try:
            box.run([python, str(box.control / "driver.py"), str(box.control / "versions.json")],
                    env={"CROSSFILE_TEST_TIMEOUT": str(per_version_timeout)}, channel=channel)
        finally:
            records = channel.finish()
    out = [NOT_RUN] * len(versions)
    for i, text in enumerate(spliced):
        if text is None:
            out[i] = INVALID
    for rec in records.records:  # the driver's, with the run's token; stdout is no verdict
        index, status = rec.get("version"), rec.get("status")
        if type(index) is int and 0 <= index < len(out) and out[index] == NOT_RUN and status in (PASSED, CAUGHT, NOT_RUN):
            out[index] = status
    if rerun:
        rerun_unjudged(problem, spliced, versions, out, stubs=stubs, stop_after_stub=stop_after_stub, python=python,
                       pytest_plugins=pytest_plugins, timeout=per_version_timeout)
    return out


def judge_controls(problem: dict, caught: Sequence[str], rng, *, python: str,
                   pytest_plugins: Sequence[str] = ()) -> tuple[str, str] | None:
    """Run ``problem``'s tests on up to ``EXEC_GATE_CONTROLS`` disguised wrong versions (made of
    the ``caught`` mutants, ``disguised_function``) and on the gold disguised alike; the
    ``problems/<reason>`` and detail refusing the problem, or None. The gate's own versions are
    one small change of the gold text, so tests can recognise them and judge only those (red
    team 16 row 3); a disguised version does what a caught one does and looks like an answer,
    and the disguised gold does what the gold does: tests that judge the function fail the
    first and pass the second."""
    controls = [c for c in dict.fromkeys(disguised_function(problem["solution"], list(caught), rng)
                                         for _ in range(C.EXEC_GATE_CONTROLS)) if c is not None]
    gold = disguised_gold(problem["solution"], rng)
    versions = controls + ([gold] if gold is not None else [])
    if not versions:
        return None
    statuses = judge_versions(problem, versions, stubs=0, python=python, pytest_plugins=pytest_plugins)
    # a disguised gold the tests fail gets one more run, alone, the evaluation's way (as the gold
    # gate reruns gold): a slow test past its own limit under load fails it as it would fail gold
    # (held-out 18, pyspellchecker: ``ensure_unicode``, 19 tests each reading the dictionary, was
    # refused so); tests that tell the disguise from gold fail it again
    if gold is not None and statuses[-1] == CAUGHT and \
            not run_problem_tests(problem, gold, C.EXEC_GOLD_TIMEOUT, python=python,
                                  pytest_plugins=pytest_plugins)["passed"]:
        return "tests_fail_disguised_gold", "the tests fail the gold rewritten (locals renamed, re-formatted), twice"
    passed = sum(1 for s in statuses[:len(controls)] if s == PASSED)
    if passed:
        return "tests_pass_disguised_control", (f"the tests pass {passed} of {len(controls)} disguised wrong versions "
                                                "(caught mutants combined, locals renamed, re-formatted)")
    return None


def rerun_unjudged(problem: dict, spliced: Sequence[str | None], versions: Sequence[str], out: list[str], *,
                   stubs: int, stop_after_stub: bool, python: str, pytest_plugins: Sequence[str],
                   timeout: float) -> None:
    """Judge, each in a run of its own (``run_problem_tests``: the verdict of record), the
    versions the driver left unjudged: its run ended early (killed, out of time, a record
    missing) or the tests killed their shim. Stubs first; after a passing stub the mutants stay
    ``not_run`` (``stop_after_stub``)."""
    for i in range(len(out)):  # the stubs are the first versions
        if out[i] != NOT_RUN or spliced[i] is None:
            continue
        if stop_after_stub and i >= stubs and PASSED in out[:stubs]:
            break
        verdict = run_problem_tests(problem, versions[i], timeout, python=python, pytest_plugins=pytest_plugins)
        out[i] = verdict_of_record(verdict)


def verdict_of_record(verdict: dict) -> str:
    """A wrong version's status from :func:`run_problem_tests`: ``passed`` when its tests pass;
    ``caught`` only on a real test failure in a completed run (a test reported a failure or an
    error, or the host refused a checked value); ``not_run`` otherwise (it could not be put
    in place, the run ended early or ran out of time, a sandbox violation, no test, a non-zero
    exit after every test passed): a run that ended itself (``os._exit(1)``, an exit hook)
    reports no failure and catches nothing."""
    if verdict["passed"]:
        return PASSED
    if verdict["status"] not in (VerdictStatus.FAILED, VerdictStatus.ERROR):  # the run did not complete
        return NOT_RUN
    failing = any(o in (Outcome.ASSERTION, Outcome.ERROR) for o in (verdict.get("tests") or {}).values())
    return CAUGHT if failing or verdict.get("value_failures") else NOT_RUN
