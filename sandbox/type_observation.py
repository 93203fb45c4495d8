"""Parameter types observed while a repository's own test suite runs (``--observe-types``).

Why it exists: Pylint (astroid) cannot type an unannotated parameter, so in
``def build_filter_stack(stack, options): stack.preprocess.append(...)`` the cross-file use of
``FilterStack.preprocess`` is invisible to the stub-and-diff method (on sqlparse, 17 of 36
hand-labeled first uses went through such parameters). The repository's tests know the types:
this module runs the suite once in the sandbox, in the per-repository environment of
``sandbox/suites/python.py``, with the harness plugin's profile function on
(``CROSSFILE_OBSERVE_TYPES``), and returns, per function parameter, the repository classes the
tests passed to it. The Pylint plugin ``crossfile_observed`` then resolves members used on such
parameters (``analyzers/pylint_plugins/crossfile_observed.py``).

It runs repository code, so the builder calls it only with ``--allow-execution``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.sandbox import Sandbox, SandboxLimits
from crossfile_datasets.sandbox.pytest_runs import pytest_argv, run_with_channel
from crossfile_datasets.sandbox.suites.python import python_setup

FORMAT = 1


class ObservationStatus(StrEnum):
    OK = "ok"  # the suite ran (tests may fail: their calls were observed all the same)
    ENVIRONMENT_FAILED = "environment_failed"
    NO_TESTS = "no_tests"
    INCOMPLETE = "incomplete"  # killed, timed out or crashed before the end of the session


@dataclass
class TypeObservations:
    status: ObservationStatus
    parameters: list[dict] = field(default_factory=list)  # {file, line, function, parameter, types}
    tests: int = 0
    detail: str = ""

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "parameters": self.parameters}, sort_keys=True)


def observe_parameter_types(root: Path, limits: SandboxLimits | None = None) -> TypeObservations:
    """Run the suite of the repository at ``root`` with the type observer; what it saw."""
    setup = python_setup(Path(root))
    if setup.problem:
        return TypeObservations(ObservationStatus.ENVIRONMENT_FAILED, detail=setup.problem)
    limits = limits or SandboxLimits()
    with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",), limits=limits) as box:
        argv = pytest_argv(box, [], None, setup.pytest_plugins)
        srun, channel = run_with_channel(box, argv, timeout=limits.timeout, env={
            "CROSSFILE_OBSERVE_TYPES": str(box.root.resolve()),
            "CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout),
            "PYTEST_ADDOPTS": "--continue-on-collection-errors",
        })
    observed = channel.events.get("observed_types")
    tests = int((channel.session_end or {}).get("collected") or 0)
    if observed is None or not channel.complete:
        tail = (srun.result.stderr or srun.result.stdout).strip().splitlines()[-1:] or [""]
        return TypeObservations(ObservationStatus.INCOMPLETE, tests=tests,
                                detail=("timed out" if srun.timed_out else tail[0])[:300])
    if tests == 0:
        return TypeObservations(ObservationStatus.NO_TESTS, detail="pytest collected no test")
    parameters = [p for p in observed.get("parameters", []) if isinstance(p, dict) and p.get("types")]
    return TypeObservations(ObservationStatus.OK, parameters, tests)
