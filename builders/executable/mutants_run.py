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
from crossfile_datasets.sandbox.checks import splice_solution
from crossfile_datasets.sandbox.pytest_runs import plugin_args

PASSED, CAUGHT, INVALID, NOT_RUN = "passed", "caught", "invalid", "not_run"

DRIVER = r'''
import json, os, signal, sys, time

spec = json.load(open(sys.argv[1], encoding="utf-8"))
root = spec["root"]
os.chdir(root)
for path, source in spec["programs"]:
    full = os.path.join(root, path)
    os.makedirs(os.path.dirname(full) or ".", exist_ok=True)
    with open(full, "w", encoding="utf-8") as fh:
        fh.write(source)
import pytest  # warm: imported once, inherited by every child

results = []
for i, text in enumerate(spec["versions"]):
    if text is None:
        results.append("invalid")
        continue
    if spec["stop_after_stub"] and i >= spec["stubs"] and "passed" in results[: spec["stubs"]]:
        results.append("not_run")  # a stub passed: the problem is weak, the mutants need not run
        continue
    pid = os.fork()
    if pid == 0:
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
    deadline = time.monotonic() + spec["timeout"]
    status = None
    while status is None:
        done, code = os.waitpid(pid, os.WNOHANG)
        if done:
            status = "passed" if os.waitstatus_to_exitcode(code) == 0 else "caught"
        elif time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
            status = "caught"  # a time-out kills the version
        else:
            time.sleep(0.02)
    results.append(status)
    print("@@MUTANT@@" + json.dumps([i, status]), flush=True)
print("@@DONE@@", flush=True)
'''


def judge_versions(problem: dict, versions: Sequence[str], *, stubs: int, python: str,
                   pytest_plugins: Sequence[str] = (), per_version_timeout: float = C.EXEC_MUTANT_TIMEOUT,
                   stop_after_stub: bool = True) -> list[str]:
    """Each wrong version of ``problem`` (function code, like a solution) -> ``passed`` (its
    tests let it through), ``caught``, ``invalid`` (could not be put in place) or ``not_run``
    (a stub among the first ``stubs`` passed, or the sandbox run ended early)."""
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
                "args": list(plugin_args(pytest_plugins))}
        (box.control / "versions.json").write_text(json.dumps(spec), encoding="utf-8")
        (box.control / "driver.py").write_text(DRIVER, encoding="utf-8")
        run = box.run([python, str(box.control / "driver.py"), str(box.control / "versions.json")],
                      env={"CROSSFILE_TEST_TIMEOUT": str(per_version_timeout)})
    out = [NOT_RUN] * len(versions)
    for i, text in enumerate(spliced):
        if text is None:
            out[i] = INVALID
    for line in run.result.stdout.splitlines():
        if line.startswith("@@MUTANT@@"):
            i, status = json.loads(line[len("@@MUTANT@@"):])
            out[int(i)] = status
    return out

