"""The executable evaluation's verdict when the run's own test environment holds a published
release of the package under test: the harness's tools (pytest, pluggy, coverage, iniconfig,
packaging) are in every environment, and a repository's requirements pull in their own
dependency closure (``hypothesis`` brings ``attrs``, ``requests`` brings ``idna``, ``urllib3``,
``certifi``, ``charset_normalizer``; ``sphinx`` brings ``jinja2``, ``pygments``...)."""

from __future__ import annotations

import json
import sys

import pytest

from crossfile_datasets.builders.executable.build import ExecSettings, build_repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.repository_roots import without_root, write_roots
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.executable.conftest import make_repo

pytestmark = pytest.mark.slow

# A repository of the package ``idna`` (here a small one of ours: the mapping is NFKC and lower
# case, which agrees with the real one on the tests' inputs). The evaluation's interpreter has the
# published ``idna`` in its site-packages (here through ``datasets`` -> ``requests``; in a real
# evaluation through the problem's requirements).
CORE = '''"""Mapping of domain names before encoding (a small stand-in of idna's)."""
import unicodedata


def uts46_remap(domain, std3_rules=True, transitional=False):
    """Map a domain name the way UTS 46 does for the common cases."""
    return unicodedata.normalize("NFKC", domain).lower()
'''
TESTS = '''from idna.core import uts46_remap


def test_full_width_letters_are_mapped():
    assert uts46_remap("\\uff21\\uff42\\uff43.\\u00c9XAMPLE") == "abc.\\u00e9xample"


def test_sharp_s_is_kept():
    assert uts46_remap("\\u00df.Stra\\u00dfe") == "\\u00df.stra\\u00dfe"
'''
# An answer that implements nothing: it imports the published release of its own package from
# the environment (the copy's package is first on sys.path; moved aside for one import) and
# calls it. No file of the copy, no folder outside the environment is read.
BORROW = '''def uts46_remap(domain, std3_rules=True, transitional=False):
    import importlib, sys
    own = {name: sys.modules.pop(name) for name in list(sys.modules) if name == "idna" or name.startswith("idna.")}
    path = sys.path[:]
    sys.path[:] = [entry for entry in path if "site-packages" in entry]
    try:  # called while the release is the package ``idna`` (it imports its tables lazily)
        return importlib.import_module("idna.core").uts46_remap(domain, std3_rules, transitional)
    finally:
        sys.path[:] = path
        for name in [n for n in sys.modules if n == "idna" or n.startswith("idna.")]:
            del sys.modules[name]
        sys.modules.update(own)
'''
WRONG = "def uts46_remap(domain, std3_rules=True, transitional=False):\n    return domain\n"


def test_an_answer_importing_the_published_release_of_its_own_package_does_not_pass(tmp_path):
    """Forged verdict (executable evaluation; the build's gates and the Python class evaluation
    run in the same kind of environment): the copy's module has the target replaced, the folder
    the copy came from shows the copy (red team 4, row 11), but the environment the tests run in
    has the same package installed at the release the repository published. The answer moves the
    copy aside on ``sys.path`` for one import and calls the released function: host-side value
    checks see the right values. For the repositories of the harness's own tools (pytest, pluggy,
    coverage, iniconfig, packaging) this holds in every environment; for the others whenever the
    requirements' closure installs the package (very common among popular repositories).
    Contained: every sandboxed run sees an empty folder where an installed package is named like
    one of the copy's own (``sandbox/own_packages.py``), counted ``environment/own_package_hidden``."""
    import idna.core  # noqa: F401  (the precondition: the evaluation's interpreter has the published package)

    repo = make_repo(tmp_path / "idna", {"idna/__init__.py": "", "idna/core.py": CORE, "tests/test_core.py": TESTS}, "idna")
    build_report = BuildReport()
    records, report = build_repository(repo, ExecSettings(use_pynguin=False, flaky_runs=1, mutants=0), build_report)
    problems = [r for r in records if r["entry_point"] == "uts46_remap"]
    if len(problems) != 1:
        pytest.fail(f"the uts46_remap problem was not built: {[r.get('entry_point') for r in records]}, {dict(report.counts)}")
    (problem,) = problems
    assert build_report.counts.get("environment/own_package_hidden", 0) >= 1, dict(build_report.counts)  # counted
    if not problem.get("value_checks"):
        pytest.fail(f"the problem has no host-side value checks: {problem.get('value_checks')}")
    split = tmp_path / "split" / "split.jsonl"
    split.parent.mkdir()
    split.write_text(json.dumps(without_root(problem)) + "\n")
    write_roots(split.parent, [problem], name_key="project")
    preds = tmp_path / "preds.jsonl"
    preds.write_text("".join(json.dumps({"task_id": problem["id"], "context_size": name, "generations": [code]}) + "\n"
                             for name, code in (("borrow", BORROW), ("wrong", WRONG))))
    evaluate_executable(split, preds, tmp_path / "results.jsonl",
                        settings=RunSettings(timeout=60, test_timeout=30, python=sys.executable))
    rows = {row["context_size"]: row for row in map(json.loads, (tmp_path / "results.jsonl").read_text().splitlines())}
    if rows["wrong"]["status"] != "failed":
        pytest.fail(f"the wrong answer's control did not fail: {rows['wrong']}")
    assert rows["borrow"]["status"] != "passed", "an answer importing the published release passed"
