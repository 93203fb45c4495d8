"""A javac helper that does not answer in time is a ``checker_timeout``, one that dies a
``checker_crash``: told apart by the runner's exception type, not by the message's words."""

from __future__ import annotations

import sys

import pytest

from crossfile_datasets.analyzers.javac import JavacFailure, JavacHelper
from crossfile_datasets.analyzers.run import PersistentProcess


def _helper(argv: list[str]) -> JavacHelper:
    return JavacHelper([], request_timeout=1.0, startup_timeout=1.0, process=PersistentProcess(argv))


def test_a_helper_that_never_answers_is_a_time_out():
    helper = _helper([sys.executable, "-c", "import time; time.sleep(30)"])
    with pytest.raises(JavacFailure) as failure:
        helper.compile("/x/A.java", "class A {}")
    assert failure.value.reason == "checker_timeout"


def test_a_helper_that_dies_is_a_crash_even_when_it_says_timed_out():
    # the message mentions "timed out": only the exception's type may decide
    helper = _helper([sys.executable, "-c", "import sys; sys.stderr.write('timed out'); sys.exit(3)"])
    with pytest.raises(JavacFailure) as failure:
        helper.compile("/x/A.java", "class A {}")
    assert failure.value.reason == "checker_crash"
