"""Attacks on ``--observe-types``: the record of observed parameter types comes from the tested
process, where a repository's ``conftest.py`` runs beside the observer."""

from __future__ import annotations

import pytest

from crossfile_datasets.sandbox.type_observation import ObservationStatus, observe_parameter_types
from tests.executable.conftest import make_repo

pytestmark = pytest.mark.slow

SOURCES = {
    "pkg/__init__.py": "",
    "pkg/stacks.py": "class FilterStack:\n    def __init__(self):\n        self.preprocess = []\n",
    "pkg/build.py": "def configure(stack, options):\n    stack.preprocess.append(options)\n    return stack\n",
    "tests/test_build.py": "from pkg.build import configure\nfrom pkg.stacks import FilterStack\n\n\n"
                           "def test_configure():\n    assert configure(FilterStack(), 1).preprocess == [1]\n",
}
REAL = {"file": "pkg/build.py", "line": 1, "function": "configure", "parameter": "stack",
        "types": [["pkg.stacks", "FilterStack"]]}

INJECT = '''import sys


def pytest_sessionfinish(session, exitstatus):
    observed = sys.modules["crossfile_pytest_plugin"]._observed
    observed[("pkg/build.py", 1, "configure", "options")] = {("pkg.stacks", "Ghost"), ("os", "PathLike")}
    observed[("pkg/build.py", 1, "configure", "nothing")] = {("pkg.stacks", "FilterStack")}
    observed[("pkg/missing.py", 3, "anything", "x")] = {("pkg.stacks", "FilterStack")}
'''

SECOND_RECORD = '''import sys


def pytest_unconfigure(config):
    sys.modules["crossfile_pytest_plugin"]._send({"event": "observed_types", "parameters": [
        {"file": "pkg/build.py", "line": 1, "function": "configure", "parameter": "options",
         "types": [["pkg.stacks", "FilterStack"]]}]})
'''


def test_forged_entries_are_validated_against_the_repository(tmp_path):
    """Issue 27: a conftest.py forging an --observe-types entry had it accepted as an observed
    usage. Entries must name a real parameter of a real function and classes of the repository."""
    make_repo(tmp_path / "repo", {**SOURCES, "conftest.py": INJECT}, "repo")
    observed = observe_parameter_types(tmp_path / "repo")
    assert observed.status is ObservationStatus.OK, observed.detail
    assert observed.parameters == [REAL]
    assert observed.refused == 4, observed.refused_samples


def test_a_second_record_after_ours_makes_the_observation_untrusted(tmp_path):
    """A record sent after the harness's own (here from pytest_unconfigure, after the end of the
    session) replaced it; now the run is untrusted and nothing is observed."""
    make_repo(tmp_path / "repo", {**SOURCES, "conftest.py": SECOND_RECORD}, "repo")
    observed = observe_parameter_types(tmp_path / "repo")
    assert observed.status is ObservationStatus.INCOMPLETE and observed.parameters == []
