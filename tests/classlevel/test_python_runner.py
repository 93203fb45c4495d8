"""The Python test runner (sandbox/suites/python.py) on a fixture repository, in the real sandbox."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome
from tests.classlevel.fixture import write_shop


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    return write_shop(tmp_path_factory.mktemp("shop") / "shop")


@pytest.fixture(scope="module")
def full_run(shop):
    return runner_for(Lang.PYTHON).run(shop, None, coverage=True)


@pytest.mark.slow
def test_whole_suite_outcomes_with_stable_node_ids(full_run):
    assert full_run.status is SuiteStatus.OK, full_run.log
    outcomes = full_run.outcomes()
    assert outcomes == {
        "tests/test_cart.py::test_subtotal": Outcome.PASSED,
        "tests/test_cart.py::test_total_and_describe": Outcome.PASSED,
        "tests/test_cart.py::test_lonely": Outcome.PASSED,
        "tests/test_cart.py::test_broken": Outcome.FAILED,
        "tests/test_cart.py::test_one_method": Outcome.PASSED,
        "tests/test_units.py::test_times[1]": Outcome.PASSED,
        "tests/test_units.py::test_times[3]": Outcome.PASSED,
        "tests/test_units.py::test_positive": Outcome.PASSED,
        "tests/test_receipt.py::test_print_receipt": Outcome.PASSED,
    }
    broken = next(r for r in full_run.results if r.test_id.endswith("test_broken"))
    assert "AssertionError" in broken.message


def test_per_test_coverage_names_the_lines_each_test_ran(shop, full_run):
    lines = (shop / "pkg/cart.py").read_text().splitlines()
    subtotal = full_run.per_test_coverage["tests/test_cart.py::test_subtotal"]
    ran = {lines[n - 1].strip() for n in subtotal["pkg/cart.py"]}
    assert "self.lines.append((label(sku), Quantity(count)))" in ran
    assert 'return f"{len(self.lines)} lines, {self.total()} {self.currency}"' not in ran  # describe() not called
    assert "pkg/units.py" in subtotal and "tests/test_cart.py" not in subtotal  # tests are not measured
    described = full_run.per_test_coverage["tests/test_cart.py::test_total_and_describe"]["pkg/cart.py"]
    assert any("lines, {self.total()}" in lines[n - 1] for n in described)
    # the union is the aggregate coverage
    assert full_run.coverage["pkg/cart.py"] >= subtotal["pkg/cart.py"] | described


def test_selected_ids_run_alone_and_ids_are_the_same(shop, full_run):
    runner = runner_for(Lang.PYTHON)
    ids = ["tests/test_units.py::test_times[3]", "tests/test_cart.py::test_broken"]
    again = runner.run(shop, ids, coverage=False)
    assert again.outcomes() == {ids[0]: Outcome.PASSED, ids[1]: Outcome.FAILED}
    assert not again.per_test_coverage
    assert set(runner.discover(shop)) == set(full_run.outcomes())


def test_broken_repository_reports_collection_error_and_compile_failure(tmp_path, shop):
    import shutil

    bad = tmp_path / "bad"
    shutil.copytree(shop, bad)
    (bad / "pkg/units.py").write_text("class Quantity(:\n")
    runner = runner_for(Lang.PYTHON)
    assert runner.compile_only(shop, None).status is SuiteStatus.OK
    compiled = runner.compile_only(bad, None)
    assert compiled.status is SuiteStatus.COMPILE_FAILED and "pkg/units.py:1" in compiled.reason
    run = runner.run(bad, ["tests/test_units.py::test_positive"], coverage=False)
    assert run.status is not SuiteStatus.OK or all(r.outcome is not Outcome.PASSED for r in run.results)
    assert not any(r.outcome is Outcome.PASSED for r in run.results)
