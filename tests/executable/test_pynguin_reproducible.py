"""Regression: Pynguin's tests must not depend on the machine's speed or load.

With only a time budget, two runs with the same seed wrote different tests (the search did a
different number of iterations, and set/dict iteration followed a random hash seed), so the
executable split of the bundled samples changed from build to build. An iteration cap, a seeded
mutant sample and a fixed hash seed make two runs write the same tests, even when the second one
runs while the machine is busy.
"""

from __future__ import annotations

import os
import threading

import pytest

from crossfile_datasets.builders.executable.testgen import PynguinUnavailable, pynguin_python, run_pynguin


@pytest.mark.slow
def test_two_pynguin_runs_with_one_seed_write_the_same_tests(mini_repo, monkeypatch):
    monkeypatch.setenv("CROSSFILE_CACHE", os.environ.get("CROSSFILE_REAL_CACHE", os.path.expanduser("~/.cache/crossfile-datasets")))
    try:
        python = pynguin_python()
    except PynguinUnavailable as exc:
        if os.environ.get("CI"):
            pytest.fail(f"CI must run Pynguin: {exc}")
        pytest.skip(str(exc))
    first, why = run_pynguin(python, mini_repo.root, [""], "", "pkg.shapes", seed=5, budget=60)
    assert why == "" and first
    stop = threading.Event()

    def busy() -> None:  # load one core while the second run searches
        while not stop.is_set():
            sum(i * i for i in range(10_000))

    loader = threading.Thread(target=busy, daemon=True)
    loader.start()
    try:
        second, why = run_pynguin(python, mini_repo.root, [""], "", "pkg.shapes", seed=5, budget=60)
    finally:
        stop.set()
        loader.join()
    assert why == ""
    assert [p.source for p in second] == [p.source for p in first]
