"""The record channel of the Java class-level runner (CrossfileJUnit.java) read by the class under
test: the same shape as row 3 (C#), where a class opened ``/proc/self/fd/<record fd>`` for
reading and took records, with the token, before the harness saw them. The JVM writes its
records in four ``write()`` calls, so a thief on a pipe took parts of records (the one try made
gave ``CRASHED``), which is luck, not containment: the channel is now a Unix socket the JVM gets
as its standard input."""

from __future__ import annotations

import pytest

from tests.classlevel.test_java_verdicts import ADDS, hostile_repo, run_selected
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome

pytestmark = [pytest.mark.javac, pytest.mark.slow]

# add() is right unless the class could open a descriptor of the record channel for reading
# (the one CROSSFILE_CHANNEL names, and standard input, where the socket is) or read a byte from
# the inherited channel: then it turns wrong, and its test fails. Deterministic: no race with the
# harness's reader, only whether the channel can be read at all.
CALC = """package demo;
public class Calc {
    static final String READ = readable();

    static String readable() {
        StringBuilder seen = new StringBuilder();
        String spec = System.getenv("CROSSFILE_CHANNEL");
        String fd = spec == null ? "" : spec.split(":")[1];
        for (String name : new String[] {fd, "0"}) {
            try (java.io.FileInputStream in = new java.io.FileInputStream("/proc/self/fd/" + name)) {
                // a number the JVM reused for one of its own files (a jar) is not the channel
                String what = java.nio.file.Files.readSymbolicLink(java.nio.file.Paths.get("/proc/self/fd/" + name)).toString();
                if (what.startsWith("pipe:") || what.startsWith("socket:"))
                    seen.append("opened /proc/self/fd/" + name + " (" + what + "); ");
            } catch (java.io.IOException e) {
                // refused: what a socket (ENXIO) or a closed descriptor gives
            }
        }
        try {
            java.nio.channels.Channel c = System.inheritedChannel();
            if (c instanceof java.nio.channels.ReadableByteChannel) {
                int n = ((java.nio.channels.ReadableByteChannel) c).read(java.nio.ByteBuffer.allocate(4096));
                if (n > 0) seen.append("read " + n + " bytes of the inherited channel; ");
            }
        } catch (java.io.IOException e) {
            // nothing to read
        }
        return seen.toString();
    }

    public int add(int a, int b) {
        if (!READ.isEmpty()) throw new IllegalStateException("the record channel is readable: " + READ);
        return a + b;
    }
    public int twice(int a) { return 2 * a; }
}
"""


def test_a_class_cannot_read_the_record_channel(tmp_path):
    """Contained since the record channel is a socket on the JVM's standard input: opening it
    through /proc is refused (ENXIO), the pipe descriptor CROSSFILE_CHANNEL named is closed, a
    read gives end of file (the harness never sends). On a pipe the class opened the record
    pipe for reading (add turned wrong: this test failed)."""
    run = run_selected(hostile_repo(tmp_path, CALC))
    assert run.outcomes().get(ADDS) is Outcome.PASSED, (run.status, run.reason, [r.message for r in run.results])
