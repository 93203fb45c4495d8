# Entry points used by the README and .ci/run.
PYTHON ?= python3
# The tests cache compiled modules in build/pycache even where the environment sets
# PYTHONDONTWRITEBYTECODE (this kind of machine does): without a cache every pytest run compiles
# the package and rewrites every test module's asserts again (collection 11.8 s -> 2.5 s), and
# every child interpreter a test starts compiles the package again.
PYTEST = env -u PYTHONDONTWRITEBYTECODE PYTHONPYCACHEPREFIX=$(CURDIR)/build/pycache $(PYTHON) -m pytest

.PHONY: setup test test-fast durations typecheck build-examples bench corpus wheel lowest-bounds

setup:
	bash scripts/setup.sh

test: typecheck
	$(PYTEST) -q -p no:cacheprovider --timeout=600 --durations=25 --record-durations=build/test-durations.json

# the fast tier: tests marked slow by hand or by their recorded times (tests/tiers.py) left out
test-fast:
	$(PYTEST) -q -p no:cacheprovider --timeout=300 -m "not slow" --durations=15

# re-measure every test's wall and CPU time into the file the fast tier is chosen from
durations:
	$(PYTEST) -q -p no:cacheprovider --timeout=600 --record-durations=tests/durations.json

# mypy on the installed layout of the packages (scripts/typecheck.py)
typecheck:
	$(PYTHON) scripts/typecheck.py

build-examples:
	build-dataset --lang all --output output

bench:
	$(PYTHON) bench/bench_python.py

# every split on the 104 repositories of bench/corpus/manifest.jsonl, resumable; writes docs/corpus.md
# (hours of CPU: CORPUS_ARGS="--per-lang 2 --split completion" builds a small part)
corpus:
	$(PYTHON) bench/bench_corpus.py $(CORPUS_ARGS)

# A wheel in dist/ (installs under the crossfile_datasets namespace, with its package data).
wheel:
	$(PYTHON) -m pip wheel . --no-deps -w dist

# Every dependency at its declared lower bound in a fresh venv, then the tests there (needs the
# package registry; run it when a bound changes).
lowest-bounds:
	$(PYTHON) tests/packaging/lowest_bounds.py
