"""All wrong versions of one problem judged in one sandbox, by one warm interpreter.

Why it exists: the mutation gate judged every stub and mutant through
``run_problem_tests``: a fresh copy of the repository, a new bubblewrap namespace, a new
interpreter importing pytest, one per wrong version, about 20 per problem. That was most of
the split's build time (issue 33: 1,100 s of the samples' 29 minutes). The wrong versions are
the builder's own code (never a model's), so they need the sandbox's containment, not its
protection of the verdict: here one sandbox per problem runs a driver that imports pytest
once, writes the test programs once, and for each wrong version forks, puts that version in
place and runs the tests to their first failure (``-x``) in the child; the parent waits with a
time limit per version and kills a child that overruns (killed = the version is caught).

Pure bookkeeping here (splicing, the driver's text, reading its report); execution through
:class:`sandbox.Sandbox`.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.channel import ResultChannel
from crossfile_datasets.sandbox.problems import VerdictStatus, run_problem_tests
from crossfile_datasets.sandbox.checks import splice_solution
from crossfile_datasets.sandbox.pytest_runs import config_overrides, plugin_args

PASSED, CAUGHT, INVALID, NOT_RUN = "passed", "caught", "invalid", "not_run"

DRIVER = r'''
import ctypes, json, os, signal, sys, time

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
            tests = os.fork()
            if tests == 0:
                try:
                    with open(os.path.join(root, spec["module"]), "w", encoding="utf-8") as fh:
                        fh.write(text)
                    devnull = os.open(os.devnull, os.O_WRONLY)
                    os.dup2(devnull, 1)
                    os.dup2(devnull, 2)
                    code = pytest.main(["-q", "-x", "-p", "no:cacheprovider", *spec["args"], "--rootdir", root,
                                        *[p for p, _ in spec["programs"]]])
                    os._exit(int(code))
                except BaseException:
                    os._exit(99)
            _, status = os.waitpid(tests, 0)
            # pytest's own codes: 0 every test passed, 1 a test failed (the version is caught);
            # anything else (a conftest that raised, a collection or internal error, no test,
            # a crash) says nothing about the version: not a verdict, rerun on its own
            code = os.waitstatus_to_exitcode(status)
            os._exit(0 if code == 0 else 1 if code == 1 else 2)
        except BaseException:
            os._exit(2)
    try:
        os.setpgid(shim, shim)
    except OSError:
        pass
    deadline = time.monotonic() + spec["timeout"]
    while True:
        done, status = os.waitpid(shim, os.WNOHANG)
        if done:
            code = os.waitstatus_to_exitcode(status)
            # killed by something else than us (the tests killed their parent), or the tests
            # ended without a verdict (2): not a verdict
            return "passed" if code == 0 else "caught" if code == 1 else "lost"
        if time.monotonic() > deadline:
            try:
                os.killpg(shim, signal.SIGKILL)
            except OSError:
                os.kill(shim, signal.SIGKILL)
            os.waitpid(shim, 0)
            return "caught"  # a time-out kills the version
        time.sleep(0.02)


results = []
for i, text in enumerate(spec["versions"]):
    if text is None:
        results.append("invalid")
        continue
    if spec["stop_after_stub"] and i >= spec["stubs"] and "passed" in results[: spec["stubs"]]:
        results.append("not_run")  # a stub passed: the problem is weak, the mutants need not run
        continue
    results.append(judge(text))
    record({"version": i, "status": results[-1]})
record({"event": "session_end"})
'''


def judge_versions(problem: dict, versions: Sequence[str], *, stubs: int, python: str,
                   pytest_plugins: Sequence[str] = (), per_version_timeout: float = C.EXEC_MUTANT_TIMEOUT,
                   stop_after_stub: bool = True, rerun: bool = True) -> list[str]:
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
    limits = SandboxLimits(timeout=per_version_timeout * len(versions) + 60)
    with Sandbox(root, python=python, python_path=problem.get("python_path") or [""], limits=limits) as box:
        spec = {"root": str(box.root), "module": problem["file"], "versions": spliced, "stubs": stubs,
                "stop_after_stub": stop_after_stub, "timeout": per_version_timeout,
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
        out[i] = (NOT_RUN if verdict["status"] == VerdictStatus.INVALID_SOLUTION
                  else PASSED if verdict["passed"] else CAUGHT)
