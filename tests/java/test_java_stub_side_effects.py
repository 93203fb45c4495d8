"""javac messages a stubbed interface causes where no project name is used are named, not lumped
into ``usages/other_error`` (jhalterman/expiringmap, held-out 13: 11 unexamined "other" errors):
a lambda whose target type is the emptied interface ("is not a functional interface") and an
``@Override`` of its method in an anonymous class ("method does not override or implement a
method from a supertype"). The calls of the interface's method are still found. Real javac."""
from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import require_tool
from tests.java.test_java_usages import build

FILES = {
    "src/q/Listener.java": """package q;

public interface Listener {
    void expired(String key);
}
""",
    "src/q/Loader.java": """package q;

public interface Loader {
    String load(String key);
}
""",
    "src/q/Cache.java": """package q;

public class Cache {
    String fill(Loader loader, Listener listener) {
        Listener quiet = k -> { };
        Loader echo = new Loader() {
            @Override
            public String load(String key) { return key; }
        };
        listener.expired("a");
        quiet.expired("b");
        return loader.load("k") + echo.load("e");
    }
}
""",
}


@pytest.mark.slow
def test_lambda_and_override_of_a_stubbed_interface_are_named(tmp_path: Path):
    require_tool("javac")
    _, usages, report = build(tmp_path, FILES)
    got = {(u.line, u.member) for u in usages if u.file == "src/q/Cache.java"}
    assert {(10, "expired"), (12, "load")} <= got, got
    assert report.samples["usages/lambda_of_stubbed_interface"][0].startswith("src/q/Cache.java:5"), dict(report.counts)
    assert report.samples["usages/override_of_stubbed_member"][0].startswith("src/q/Cache.java:7"), dict(report.counts)
    assert "usages/other_error" not in report.counts, report.samples.get("usages/other_error")
