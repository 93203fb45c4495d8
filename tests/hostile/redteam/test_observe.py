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


# The repository ships a large module (20,000 small functions, 0.6 MB: under every cap) and its
# conftest.py adds 30,000 entries naming functions of it to the observer's table (3 MB: one
# record, under the channel's line cap). The host validates each entry by walking the module's
# whole syntax tree again (type_observation._function_at): entries x nodes.
BIG_MODULE = "".join(f"def f_{i}(a):\n    return a\n\n\n" for i in range(20000))
MANY_ENTRIES = '''import sys


def pytest_sessionfinish(session, exitstatus):
    observed = sys.modules["crossfile_pytest_plugin"]._observed
    for i in range(30000):
        observed[("pkg/big.py", 4 * i + 1, "g_%d" % i, "a")] = {("pkg.stacks", "FilterStack")}
'''

OBSERVE_RUN = '''
import json, sys, time
from pathlib import Path
from crossfile_datasets.sandbox.type_observation import observe_parameter_types
from tests.executable.conftest import make_repo
from tests.hostile.test_observe_attacks import SOURCES
from tests.hostile.redteam.test_observe import BIG_MODULE, MANY_ENTRIES

make_repo(Path(sys.argv[1]), {**SOURCES, "pkg/big.py": BIG_MODULE, "conftest.py": MANY_ENTRIES}, "repo")
started = time.monotonic()
observed = observe_parameter_types(Path(sys.argv[1]))
print(json.dumps({"status": observed.status.value, "refused": observed.refused, "seconds": time.monotonic() - started}))
'''


def test_many_forged_entries_do_not_stall_the_host(child, tmp_path):
    """Host hang (observe-types): the validation that refuses forged entries (issue 27) costs
    entries x syntax-tree nodes on the host, outside the sandbox's time limit (about 0.15 s per
    entry here: 300 entries take ~50 s, 30,000 over an hour). The suite runs in seconds; the
    host was still validating after 40 s. Now each module is parsed and indexed once (line,
    function -> parameters; class names), and at most 100,000 entries are validated per run."""
    done = child(OBSERVE_RUN, str(tmp_path / "repo"), timeout=40)
    assert not done.timed_out, "still validating the observed types after 40 s"
    assert done.last_json()["refused"] == 30000
