# Entry points used by the README and .ci/run.
PYTHON ?= python3

.PHONY: setup test build-examples bench wheel lowest-bounds

setup:
	bash scripts/setup.sh

test:
	$(PYTHON) -m pytest -q -p no:cacheprovider --timeout=600

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
