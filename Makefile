# Entry points used by the README and .ci/run.
PYTHON ?= python3

.PHONY: setup test test-fast durations typecheck build-examples bench wheel lowest-bounds

setup:
	bash scripts/setup.sh

test: typecheck
	$(PYTHON) -m pytest -q -p no:cacheprovider --timeout=600 --durations=25 --record-durations build/test-durations.json

# the fast tier: tests marked slow by hand or by their recorded times (tests/tiers.py) left out
test-fast:
	$(PYTHON) -m pytest -q -p no:cacheprovider --timeout=300 -m "not slow" --durations=15

# re-measure every test's wall and CPU time into the file the fast tier is chosen from
durations:
	$(PYTHON) -m pytest -q -p no:cacheprovider --timeout=600 --record-durations tests/durations.json

# mypy on the installed layout of the packages (scripts/typecheck.py)
typecheck:
	$(PYTHON) scripts/typecheck.py

build-examples:
	build-dataset --lang all --output output

bench:
	$(PYTHON) bench/bench_python.py

# A wheel in dist/ (installs under the crossfile_datasets namespace, with its package data).
wheel:
	$(PYTHON) -m pip wheel . --no-deps -w dist

# Every dependency at its declared lower bound in a fresh venv, then the tests there (needs the
# package registry; run it when a bound changes).
lowest-bounds:
	$(PYTHON) tests/packaging/lowest_bounds.py
