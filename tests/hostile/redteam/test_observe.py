"""Attacks on ``--observe-types`` (sandbox/type_observation.py): the observed parameter types come
from the tested process, where the repository's conftest.py runs beside the observer."""

from __future__ import annotations

import pytest

from crossfile_datasets.sandbox.type_observation import ObservationStatus, observe_parameter_types
from tests.executable.conftest import make_repo
from tests.hostile.test_observe_attacks import REAL, SOURCES

pytestmark = pytest.mark.slow

# Every name is real (a parameter ``configure`` has, a class defined in the repository's files),
# only the observation is false: the suite passes ``options=1``, never a FilterStack.
PLAUSIBLE = '''import sys


def pytest_sessionfinish(session, exitstatus):
    observed = sys.modules["crossfile_pytest_plugin"]._observed
    observed.setdefault(("pkg/build.py", 1, "configure", "options"), set()).add(("pkg.stacks", "FilterStack"))
'''


@pytest.mark.xfail(strict=True, reason="red team 2026-11-27: a conftest.py adding a real class at a real "
                                       "parameter to the observer's table is accepted as observed usage")
def test_a_plausible_forged_observation_is_not_accepted(tmp_path):
    """Forged record (observe-types; the completion split's cross-file context): validation
    against the repository (issue 27) refuses names that do not exist, not observations that did
    not happen. The repository's conftest.py edits the observer's in-process table before the
    plugin sends it: ``configure.options`` becomes a FilterStack, and the completion split takes
    FilterStack's definition as cross-file context for ``options`` usages."""
    make_repo(tmp_path / "repo", {**SOURCES, "conftest.py": PLAUSIBLE}, "repo")
    observed = observe_parameter_types(tmp_path / "repo")
    assert observed.status is ObservationStatus.OK, observed.detail
    assert observed.parameters == [REAL], observed.parameters
