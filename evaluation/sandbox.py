"""Running one generation's tests in a private copy of its repository (local runner).

This is the evaluation's own runner, kept behind the same signature as the builder's
``builders.sandbox.run_problem_tests(problem, solution_code, timeout) -> dict`` so that
:func:`resolve_runner` can switch to the builder's when it exists. Per call:

1. the repository (``problem["repository_root"]``) is copied to a fresh temporary
   directory (``.git`` and caches left out, symlinks leaving the repository dropped);
2. ``solution_code`` (one complete function) replaces the target function in the module
   file, and in the check program too when that program inlines the gold solution;
3. ``evaluation/harness.py`` runs the check program's prelude and then each test of
   ``test_list`` (when the check contains them verbatim; otherwise the check as a whole is
   the single test) through :func:`analyzers.run.run`: wall-clock timeout, CPU, address
   space and file-size limits, the whole process group killed at the end;
4. when available, the child also runs in fresh user + PID + network namespaces
   (``unshare``: nothing it forks survives it, no network) and, when we are root, as the
   unprivileged ``nobody`` user (``setpriv``) with a process-count limit; the harness's
   audit hook refuses writes outside the copy and, unless allowed, new processes.

Result keys: ``status`` (passed | failed | timeout | killed | error), ``passed``,
``tests_passed``, ``tests_total``, ``duration``, ``detail``.
"""

from __future__ import annotations

import json
import math
import os
import shutil
import sys
import tempfile
from dataclasses import dataclass, replace
from functools import lru_cache
from pathlib import Path

from analyzers.run import Limits, RunStatus, run
from evaluation.constants import (
    DETAIL_CHARS,
    EXEC_FILE_SIZE_MB,
    EXEC_MAX_PROCESSES,
    EXEC_MEMORY_MB,
    SANDBOX_UID,
)
from evaluation.placement import place_function

HARNESS = Path(__file__).resolve().parent / "harness.py"
CHECK_FILE = "_crossfile_check.py"
COPY_IGNORE = frozenset({".git", ".hg", ".svn", "__pycache__", ".mypy_cache", ".pytest_cache", ".tox", ".venv", "node_modules"})
ISOLATION_LEVELS = ("auto", "user+namespaces", "namespaces", "process-group")


@dataclass(frozen=True)
class SandboxOptions:
    memory_mb: int = EXEC_MEMORY_MB
    file_size_mb: int = EXEC_FILE_SIZE_MB
    allow_processes: bool = False  # let the tests fork / run programs
    isolation: str = "auto"  # one of ISOLATION_LEVELS; "auto" = the strongest that works here
    python: str = sys.executable


def _user_prefix() -> list[str]:
    return ["setpriv", f"--reuid={SANDBOX_UID}", f"--regid={SANDBOX_UID}", "--clear-groups"]


NAMESPACE_PREFIX = ["unshare", "--user", "--pid", "--net", "--fork", "--kill-child"]


def isolation_prefix(level: str) -> list[str]:
    if level == "user+namespaces":
        return _user_prefix() + NAMESPACE_PREFIX
    if level == "namespaces":
        return list(NAMESPACE_PREFIX)
    return []


@lru_cache(maxsize=None)
def _works(level: str, python: str) -> bool:
    if level == "user+namespaces" and os.geteuid() != 0:
        return False
    result = run([*isolation_prefix(level), python, "-I", "-c", "print(6 * 7)"], timeout=30, cwd="/")
    return result.ok and result.stdout.strip() == "42"


def resolve_isolation(options: SandboxOptions) -> SandboxOptions:
    """Options with ``isolation`` set to a concrete level that works on this machine."""
    if options.isolation != "auto":
        if options.isolation not in ISOLATION_LEVELS:
            raise ValueError(f"unknown isolation '{options.isolation}' (expected one of {', '.join(ISOLATION_LEVELS)})")
        if options.isolation != "process-group" and not _works(options.isolation, options.python):
            raise RuntimeError(f"isolation '{options.isolation}' does not work on this machine (needs util-linux unshare/setpriv and user namespaces)")
        return options
    for level in ("user+namespaces", "namespaces"):
        if _works(level, options.python):
            return replace(options, isolation=level)
    return replace(options, isolation="process-group")


def error_result(detail: str, status: str = "error") -> dict:
    return {"status": status, "passed": False, "tests_passed": 0, "tests_total": 0, "duration": 0.0, "detail": detail[:DETAIL_CHARS]}


def copy_repository(source: Path, target: Path) -> None:
    """Copy a repository without VCS data and caches, dropping symlinks that leave it."""
    source = source.resolve()

    def ignore(directory: str, names: list[str]) -> set[str]:
        skipped = {n for n in names if n in COPY_IGNORE}
        for name in names:
            path = os.path.join(directory, name)
            if os.path.islink(path):
                real = os.path.realpath(path)
                if not (real == str(source) or real.startswith(str(source) + os.sep)):
                    skipped.add(name)
        return skipped

    shutil.copytree(source, target, symlinks=True, ignore=ignore)


def module_file(root: Path, problem: dict) -> Path | None:
    """The target module's file in the copy: an explicit path, or the dotted module name."""
    for key in ("file", "path", "module_path"):
        rel = problem.get(key)
        if isinstance(rel, str) and rel.endswith(".py") and (root / rel).is_file():
            return root / rel
    module = problem.get("module") or ""
    parts = module.split(".")
    for base in (root, root / "src"):
        for candidate in (base.joinpath(*parts).with_suffix(".py"), base.joinpath(*parts, "__init__.py")):
            if module and candidate.is_file():
                return candidate
    return None


def split_check(check: str, tests: list[str]) -> tuple[str, list[str]]:
    """(prelude, tests): the tests are cut out of the check when it contains all of them."""
    if not tests or not all(t.strip() and t in check for t in tests):
        return check, []
    prelude = check
    for test in tests:
        prelude = prelude.replace(test, "", 1)
    return prelude, list(tests)


def _chown_tree(path: Path, uid: int) -> None:
    os.chown(path, uid, uid, follow_symlinks=False)
    for directory, dirs, files in os.walk(path):
        for name in dirs + files:
            os.chown(os.path.join(directory, name), uid, uid, follow_symlinks=False)


def run_problem_tests(problem: dict, solution_code: str, timeout: float, options: SandboxOptions | None = None) -> dict:
    """Run the problem's tests with ``solution_code`` in place of the target function."""
    options = resolve_isolation(options or SandboxOptions())
    root = problem.get("repository_root")
    if not root or not Path(root).is_dir():
        return error_result(f"repository not found: {root!r} (set --repos or the problem's 'repository_root')")
    entry_point = problem.get("entry_point") or ""
    with tempfile.TemporaryDirectory(prefix="cfd-exec-") as tmp:
        work = Path(tmp)
        os.chmod(work, 0o755)
        copy, scratch = work / "repo", work / "tmp"
        copy_repository(Path(root), copy)
        scratch.mkdir()
        target = module_file(copy, problem)
        if target is None:
            return error_result(f"module {problem.get('module')!r} not found in the repository")
        placed = place_function(target.read_text(encoding="utf-8"), entry_point, solution_code)
        if placed is None:
            return error_result(f"function {entry_point!r} not found in {target.relative_to(copy)}")
        target.write_text(placed, encoding="utf-8")
        check = problem.get("check") or ""
        gold = (problem.get("solution") or "").strip()
        if gold and gold in check:
            check = place_function(check, entry_point, solution_code) or check
        prelude, tests = split_check(check, list(problem.get("test_list") or []))
        (copy / CHECK_FILE).write_text(prelude, encoding="utf-8")
        results = work / "results.jsonl"
        results.touch()
        shutil.copy(HARNESS, work / "harness.py")
        sys_path = [str(copy)] + ([str(copy / "src")] if (copy / "src").is_dir() else [])
        config = {
            "root": str(copy),
            "check": str(copy / CHECK_FILE),
            "tests": tests,
            "results": str(results),
            "sys_path": sys_path,
            "allowed_roots": [str(copy), str(scratch)],
            "allow_processes": options.allow_processes,
        }
        (work / "config.json").write_text(json.dumps(config), encoding="utf-8")
        dedicated_user = options.isolation == "user+namespaces"
        if dedicated_user:
            for path in (copy, scratch, results):
                _chown_tree(path, SANDBOX_UID)
        limits = Limits(
            memory_bytes=options.memory_mb << 20,
            cpu_seconds=math.ceil(timeout) + 1,
            file_size_bytes=options.file_size_mb << 20,
            max_processes=EXEC_MAX_PROCESSES if dedicated_user else None,
        )
        env = {
            "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
            "HOME": str(scratch),
            "TMPDIR": str(scratch),
            "LANG": "C.UTF-8",
        }
        argv = [*isolation_prefix(options.isolation), options.python, "-I", "-B", str(work / "harness.py"), str(work / "config.json")]
        outcome = run(argv, timeout=timeout, cwd=copy, env=env, limits=limits, output_cap=1 << 20)
        events = _read_events(results)
    return _result(outcome, events, len(tests))


def _read_events(path: Path) -> list[dict]:
    events = []
    for line in path.read_text(encoding="utf-8", errors="replace").splitlines():
        try:
            events.append(json.loads(line))
        except json.JSONDecodeError:
            break
    return events


def _result(outcome, events: list[dict], num_tests: int) -> dict:
    prelude = next((e for e in events if e.get("event") == "prelude"), None)
    tests = [e for e in events if e.get("event") == "test"]
    done = any(e.get("event") == "done" for e in events)
    total = num_tests if num_tests else 1
    if num_tests:
        passed_tests = sum(1 for e in tests if e.get("ok"))
    else:
        passed_tests = 1 if prelude and prelude.get("ok") and done else 0
    errors = [e.get("error") for e in ([prelude] if prelude else []) + tests if e and not e.get("ok") and e.get("error")]
    detail = errors[0] if errors else ""
    if outcome.status is RunStatus.TIMEOUT:
        status, detail = "timeout", f"killed after {outcome.duration:.1f}s wall clock"
    elif outcome.status is RunStatus.SIGNALED or (outcome.returncode or 0) < 0:
        status, detail = "killed", f"killed by signal {-(outcome.returncode or 0)} (resource limit?)"
    elif outcome.status is RunStatus.NOT_FOUND:
        status, detail = "error", outcome.stderr
    elif not done:
        status = "failed"
        detail = detail or f"test process ended early (exit code {outcome.returncode}): {outcome.stderr[-DETAIL_CHARS:]}"
    else:
        status = "passed" if passed_tests == total else "failed"
    return {
        "status": status,
        "passed": status == "passed",
        "tests_passed": passed_tests,
        "tests_total": total,
        "duration": round(outcome.duration, 3),
        "detail": (detail or "")[:DETAIL_CHARS],
    }
