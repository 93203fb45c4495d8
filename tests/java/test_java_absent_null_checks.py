"""A member called on the value of an absent library's null check (issue 28; the shape of
rholder/guava-retrying's ``checkNotNull(lastFailedAttempt, "...").hasException()`` with Guava
absent, held-out 19, a tuning case since 2026-11-29g; fixture written for this test, real javac).

The unresolved ``checkNotNull`` makes the receiver erroneous in every compilation: emptying the
argument's class adds no error on it, and javac's attribution gives the member no element, so
the use was lost silently. A null check that returns its argument (Guava's ``checkNotNull``,
``verifyNotNull``, commons-lang's ``notNull``), unresolved, now types the member by its first
argument; a resolved call (the JDK's ``Objects.requireNonNull``) is javac's as before, and any
other unresolved call gives nothing.
"""

from __future__ import annotations

import pytest

from tests.conftest import require_tool
from tests.java.test_java_usages import build

pytestmark = pytest.mark.javac

SRC = "src/main/java/org/retry"

FILES = {
    f"{SRC}/Attempt.java": """package org.retry;

public class Attempt {
    public boolean hasException() {
        return false;
    }

    public long number() {
        return 1;
    }
}
""",
    f"{SRC}/RetryException.java": """package org.retry;

import static com.google.common.base.Preconditions.checkNotNull;

import com.google.common.base.Verify;
import java.util.Objects;

public class RetryException extends Exception {
    private final Attempt last;

    public RetryException(Attempt lastFailedAttempt) {
        super(checkNotNull(lastFailedAttempt, "last attempt was null").hasException() ? "failed" : "done");
        this.last = lastFailedAttempt;
    }

    public long tries() {
        long verified = Verify.verifyNotNull(last).number();
        return verified + Objects.requireNonNull(last).number();
    }

    public long other() {
        return Unknown.wrap(last).number();
    }
}
""",
}


@pytest.mark.slow  # real javac builds of the fixture
def test_members_on_the_value_of_an_absent_null_check(tmp_path):
    require_tool("javac")
    _, usages, _ = build(tmp_path / "retry", FILES)
    path = f"{SRC}/RetryException.java"
    lines = FILES[path].split("\n")
    got = {(u.line, u.member) for u in usages if u.file == path and u.member}

    def row(needle: str) -> int:
        return next(i for i, line in enumerate(lines, 1) if needle in line)

    assert (row("checkNotNull(lastFailedAttempt"), "hasException") in got, sorted(got)
    assert (row("Verify.verifyNotNull"), "number") in got, sorted(got)
    assert (row("Unknown.wrap"), "number") not in got  # no null check: nothing to go by
