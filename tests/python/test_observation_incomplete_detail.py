"""What ``stats.json`` says when an ``--observe-types`` run ends without its session end.
argon2-cffi (held-out 15) said only ``File "<frozen runpy>", line 198 in _run_module_as_main``:
the last line of a traceback dump, naming neither what ended the run nor how far it got."""

from __future__ import annotations

from crossfile_datasets.analyzers.run import RunResult, RunStatus
from crossfile_datasets.sandbox import SandboxRun
from crossfile_datasets.sandbox.channel import ChannelRecords
from crossfile_datasets.sandbox.type_observation import incomplete_detail

DUMP = """Timeout (0:00:30)!
Thread 0x00007f01 (most recent call first):
  File "/repo/tests/test_slow.py", line 12 in test_hash
  File "<frozen runpy>", line 198 in _run_module_as_main
"""


def _run(status=RunStatus.EXITED, returncode=1, stderr="", stdout="", **flags):
    return SandboxRun(RunResult(("python",), status, returncode, stdout, stderr, 1.0), process_limit_hit=False,
                      peak_processes=0, process_limit_mode="rlimit", leftovers_killed=0, **flags)


def test_a_dump_names_what_ended_the_run_how_far_it_got_and_its_first_error_line():
    channel = ChannelRecords(records=[{"nodeid": "tests/test_a.py::test_one"}, {"nodeid": "tests/test_a.py::test_two"}])
    detail = incomplete_detail(_run(stderr=DUMP), channel, 600)
    assert detail.startswith("exited 1 (no session end reported); 2 tests reported, the last tests/test_a.py::test_two")
    assert detail.endswith("Timeout (0:00:30)!"), detail
    assert "_run_module_as_main" not in detail


def test_time_out_signal_and_limits_are_named_before_the_output():
    assert incomplete_detail(_run(RunStatus.TIMEOUT, None), ChannelRecords(), 600).startswith("timed out after 600 s; 0 tests")
    assert incomplete_detail(_run(RunStatus.SIGNALED, -9), ChannelRecords(), 600).startswith("killed by signal 9")
    assert incomplete_detail(_run(memory_limit_hit=True), ChannelRecords(), 600).startswith("memory limit hit")
    # no error line: the last line that is not a frame of a dump
    detail = incomplete_detail(_run(stdout="collected 3 items\nsome text\n  File \"x.py\", line 1 in f\n"),
                               ChannelRecords(), 600)
    assert detail.endswith("some text"), detail
    assert "ModuleNotFoundError: No module named 'cffi'" in incomplete_detail(
        _run(stderr="Traceback (most recent call last):\n  File \"a.py\"\nModuleNotFoundError: No module named 'cffi'\n"),
        ChannelRecords(), 600)
