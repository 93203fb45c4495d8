"""Run one host-side call of the project in this fresh interpreter and print, as JSON, what it
returned (a summary) and how far this process's peak resident memory (``VmHWM``, the child's
own: ``ru_maxrss`` keeps the parent pytest's mark across exec) grew during the call.

Usage: ``python _peak_call.py KIND ARG...`` with KIND one of

- ``observe ROOT``: ``observe_parameter_types(ROOT)`` (the completion build's ``--observe-types``:
  the suite in bubblewrap with the type observer, then the host's validation of its record);
- ``evaluate SPLIT PREDS RESULTS``: ``evaluate_executable`` (``evaluate-predictions executable``);
- ``build ROOT``: ``build_repository`` of the executable split (suite, tests, gates; no mutants);
- ``requirements ROOT``: ``declared_requirements(ROOT)`` (the environment every Python run of the
  repository gets: executable and class builds, observe-types);
- ``mutation FILE``: ``mutation_plan`` of the function in FILE with the executable build's settings
  (``mutation_gate``: ``EXEC_MUTANTS``, seed 42);
- ``refusal FILE CLASS``: ``answer_refusal`` of the C# class answer in FILE for a task of class
  CLASS (the one-class rule every C# generation and every class the class build's gates place
  goes through, on the host, before any sandbox).

``cpu_s`` is this process's CPU time during the call plus that of the children it waited for
(``guarded_parse`` parses in forked children).
"""

from __future__ import annotations

import json
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3]))  # the project, for tests.hostile.peak

from tests.hostile.peak import peak_rss_kb  # noqa: E402


def measured(kind: str, *args: str, timeout: float, what: str) -> dict:
    """Run this script with ``kind`` and ``args`` in a fresh interpreter (the tests' way of
    measuring a call) and return what it printed; ``pytest.fail`` naming ``what`` when it failed
    (a precondition, not the attack)."""
    import subprocess

    import pytest

    proc = subprocess.run([sys.executable, __file__, kind, *args], capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        pytest.fail(f"precondition: {what} failed: {proc.stderr[-2000:]}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def main() -> None:
    kind, args = sys.argv[1], sys.argv[2:]
    before, cpu = peak_rss_kb(), time.process_time() + _children_cpu()
    if kind == "observe":
        from crossfile_datasets.sandbox.type_observation import observe_parameter_types

        obs = observe_parameter_types(Path(args[0]))
        out = {"status": str(getattr(obs.status, "value", obs.status)), "parameters": obs.parameters,
               "refused": obs.refused, "detail": obs.detail}
    elif kind == "evaluate":
        from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable

        split, preds, results = (Path(a) for a in args[:3])
        evaluate_executable(split, preds, results,
                            settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
        out = {"rows": {row["context_size"]: {"passed": row.get("passed"), "status": row.get("status"),
                                              "detail": str(row.get("detail", ""))[:300]}
                        for row in map(json.loads, results.read_text().splitlines())}}
    elif kind == "build":
        from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
        from crossfile_datasets.builders.repos import RepoSpec, resolve
        from crossfile_datasets.core.report import BuildReport

        report = BuildReport()
        records, _ = build_repository(resolve(RepoSpec(path=args[0])),
                                      ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), report)
        out = {"problems": sorted(r["entry_point"] for r in records),
               "tests": {r["entry_point"]: len(r.get("test_list") or []) for r in records}}
    elif kind == "requirements":
        from crossfile_datasets.sandbox.environment import declared_requirements

        out = {"requirements": list(declared_requirements(Path(args[0])))}
    elif kind == "mutation":
        from crossfile_datasets.core import constants as C
        from crossfile_datasets.lang.python.mutation import mutation_plan

        plan = mutation_plan(Path(args[0]).read_text(), [], limit=C.EXEC_MUTANTS, seed=42,
                             minimum=min(C.EXEC_MUTANTS, C.EXEC_MIN_MUTANTS))
        out = {"versions": len(plan)}
    elif kind == "refusal":
        from crossfile_datasets.harness.class_runs import answer_refusal

        out = {"refusal": answer_refusal({"language": "csharp", "class_name": args[1]}, Path(args[0]).read_text())}
    else:
        raise SystemExit(f"unknown kind {kind}")
    out["grown_mb"] = (peak_rss_kb() - before) / 1024
    out["cpu_s"] = time.process_time() + _children_cpu() - cpu
    print(json.dumps(out, default=str))


if __name__ == "__main__":
    main()
