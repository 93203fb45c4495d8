# Entry points used by the README and .ci/run.
PYTHON ?= python3

.PHONY: setup test build-examples bench

setup:
	bash scripts/setup.sh

test:
	$(PYTHON) -m pytest -q -p no:cacheprovider --timeout=600

build-examples:
	build-dataset --lang all --output output

bench:
	$(PYTHON) bench/bench_python.py
