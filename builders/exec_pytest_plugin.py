"""pytest plugin loaded into sandboxed test runs (``-p crossfile_pytest_plugin``).

Why it exists: the builder needs, per test, more than pytest's exit code: the outcome of every
phase with the *type* of the exception (an ``AssertionError`` can be repaired by recapturing
the expected value, any other error drops the test), each test's own coverage (a coverage.py
dynamic context named after the test's node id, switched the way pytest-cov does it), and a
time limit per test so one hanging test does not take the whole run with it.

Configuration (environment): ``CROSSFILE_RESULTS`` = JSON-lines file the outcomes are appended
to; ``CROSSFILE_TEST_TIMEOUT`` = seconds per test (SIGALRM; 0 = none). Standalone: it runs in
the sandboxed interpreter and must not import project code.
"""

import json
import os
import signal

import pytest


class SandboxTestTimeout(Exception):
    """A test ran longer than CROSSFILE_TEST_TIMEOUT seconds."""


def _write(record):
    path = os.environ.get("CROSSFILE_RESULTS")
    if not path:
        return
    with open(path, "a", encoding="utf-8") as fh:
        fh.write(json.dumps(record) + "\n")


def _coverage():
    try:
        import coverage
    except ImportError:
        return None
    return coverage.Coverage.current()


def _on_alarm(signum, frame):
    raise SandboxTestTimeout("test exceeded %s seconds" % os.environ.get("CROSSFILE_TEST_TIMEOUT"))


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_protocol(item, nextitem):
    cov = _coverage()
    if cov is not None:
        cov.switch_context(item.nodeid)
    try:
        timeout = float(os.environ.get("CROSSFILE_TEST_TIMEOUT") or 0)
    except ValueError:
        timeout = 0.0
    previous = None
    if timeout > 0 and hasattr(signal, "setitimer"):
        previous = signal.signal(signal.SIGALRM, _on_alarm)
        signal.setitimer(signal.ITIMER_REAL, timeout)
    try:
        yield
    finally:
        if previous is not None:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
        if cov is not None:
            cov.switch_context("")


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    excinfo = call.excinfo
    record = {
        "nodeid": item.nodeid,
        "when": call.when,
        "outcome": report.outcome,
        "exc_type": excinfo.typename if excinfo is not None else None,
        "xfail": hasattr(report, "wasxfail"),
        "message": str(excinfo.value)[:500] if excinfo is not None else "",
    }
    _write(record)


def pytest_collectreport(report):
    if report.failed:
        _write({"nodeid": report.nodeid, "when": "collect", "outcome": "failed", "exc_type": "CollectError",
                "xfail": False, "message": str(report.longrepr)[-1000:]})
