"""Rows 2 and 4: the evaluator's machine decides the verdict. Row 2, through its time zone. A run's environment
is an allow-list (``Sandbox.environment``: ``LANG``/``LC_ALL`` fixed, nothing inherited) but it
sets no ``TZ``, and every run sees the host's ``/etc`` (``--ro-bind / /`` and overlays of the host's
folders), so ``time.localtime``, ``datetime.fromtimestamp``, ``strftime('%Z')`` (Java's default
zone and mono's alike) follow the ``/etc/localtime`` of whichever machine runs the evaluation. The
build's gates (gold, mutants, flakiness runs) all run on the builder's machine, so a repository
test written where the clock is UTC (CI machines, this one) is kept, and every answer, the
reference included, fails on an evaluator whose machine is in another zone.

The other machine is simulated without touching this one: the evaluation runs in a private
mount namespace (``unshare --mount``) where ``/etc`` is an overlay of the host's whose ``localtime``
is Asia/Tokyo; the sandbox's overlays show it to the run as they would show a Tokyo machine's ``/etc``.

Row 4, through its umask. As root the sandbox gives each run a uid of its own (``sandbox_uid``) and
``hand_over`` (``sandbox/isolation.py``) gives the copy's files to that uid and the sandbox folder
mode 0770, but leaves every folder of the copy with the mode the evaluator's umask made; bubblewrap
(root without capabilities by then) enters the copy for ``--chdir`` as *other*. Under a umask that
takes the others' search bit (027, the CIS benchmarks' advice for hardened hosts; 077) bwrap
cannot enter ``repo/`` (``Can't chdir ... Permission denied``), nothing runs, and every generation,
the reference included, is judged ``incomplete`` (its checked sites "never reported"), as if the
generation had failed: not ``error``, which docs/evaluation.md keeps for runs whose own files or
processes failed."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys

import pytest

from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
from tests.hostile.redteam18._exec import built_problem, predictions, rows

pytestmark = pytest.mark.slow

CLOCK = '''"""Time stamps."""

import time


def stamp(seconds):
    """The local date and time of ``seconds`` since the epoch, to the minute."""
    moment = time.localtime(seconds)
    text = time.strftime("%Y-%m-%d %H:%M", moment)
    return text
'''
TESTS = '''from clock.core import stamp


def test_epoch():
    assert stamp(0) == "1970-01-01 00:00"


def test_morning():
    assert stamp(5 * 3600 + 7 * 60) == "1970-01-01 05:07"
'''
WRONG = '''def stamp(seconds):
    return "1970-01-01 00:00"
'''
TOKYO = "/usr/share/zoneinfo/Asia/Tokyo"

EVALUATE = '''
import json, os, sys
if len(sys.argv) > 4:
    os.umask(int(sys.argv[4], 8))
from crossfile_datasets.evaluation.executable import RunSettings, evaluate_executable
split, preds, results = sys.argv[1:4]
evaluate_executable(split, preds, results, settings=RunSettings(timeout=120, test_timeout=60, python=sys.executable))
'''


def _host_zone_is_utc() -> bool:
    return os.path.realpath("/etc/localtime").endswith(("/UTC", "/Etc/UTC", "/Universal", "/Zulu"))


@pytest.fixture(scope="module")
def split(tmp_path_factory):
    if not _host_zone_is_utc():
        pytest.skip("the fixture's tests are written for a builder whose clock is UTC")
    return built_problem(tmp_path_factory.mktemp("redteam18-clock"), "clock",
                         {"clock/__init__.py": "", "clock/core.py": CLOCK, "tests/test_core.py": TESTS}, "stamp")


def test_the_verdict_does_not_depend_on_the_evaluators_time_zone(split, tmp_path):
    if os.geteuid() != 0 or shutil.which("unshare") is None or not os.path.exists(TOKYO):
        pytest.skip("simulating another machine's /etc needs root, unshare and the zone database")
    record, split_path = split
    # here (UTC, the builder's zone): gold passes, the wrong answer fails
    preds, results = predictions(tmp_path / "here", record["id"], {"gold": record["solution"], "wrong": WRONG})
    evaluate_executable(split_path, preds, results, settings=RunSettings(timeout=120, test_timeout=60,
                                                                         python=sys.executable))
    here = rows(results)
    if not here["gold"]["passed"] or here["wrong"]["passed"]:
        pytest.fail(f"control: gold must pass and the wrong answer fail here: {here}")
    # the same evaluation on a machine whose /etc/localtime is Asia/Tokyo
    # /etc as an overlay of the host's (nothing copied, nothing of the host's changed): only the
    # zone is written, into the overlay's upper folder under tmp_path
    upper, work = tmp_path / "etc-upper", tmp_path / "etc-work"
    upper.mkdir()
    work.mkdir()
    preds, results = predictions(tmp_path / "tokyo", record["id"], {"gold": record["solution"], "wrong": WRONG})
    script = ('mount -t overlay overlay -o "lowerdir=/etc,upperdir=$1,workdir=$2" /etc'
              ' && ln -sfn "$3" /etc/localtime && echo Asia/Tokyo > /etc/timezone && exec "$4" -c "$5" "$6" "$7" "$8"')
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "/bin/sh", "-c", script, "sh", str(upper),
                           str(work), TOKYO, sys.executable, EVALUATE, str(split_path), str(preds), str(results)],
                          capture_output=True, text=True, timeout=900, env={**os.environ, "TZ": "UTC"})
    if done.returncode != 0 or not results.exists():
        pytest.fail(f"precondition: the evaluation in the other namespace did not run: {done.stderr[-2000:]}")
    tokyo = rows(results)
    if tokyo["wrong"]["passed"]:
        pytest.fail(f"control: the wrong answer passes in Tokyo: {tokyo['wrong']}")
    print({k: (v["passed"], v["status"], v.get("tests_passed"), v.get("detail", "")[:300]) for k, v in tokyo.items()})
    assert tokyo["gold"]["passed"], tokyo["gold"]


def test_the_verdict_does_not_depend_on_the_evaluators_umask(split, tmp_path):
    if os.geteuid() != 0:
        pytest.skip("a uid per run (the sandbox's default as root) is what the umask breaks")
    record, split_path = split
    verdicts = {}
    for umask in ("022", "027"):
        preds, results = predictions(tmp_path / umask, record["id"], {"gold": record["solution"], "wrong": WRONG})
        done = subprocess.run([sys.executable, "-c", EVALUATE, str(split_path), str(preds), str(results), umask],
                              capture_output=True, text=True, timeout=900)
        if done.returncode != 0 or not results.exists():
            pytest.fail(f"precondition: the evaluation under umask {umask} did not run: {done.stderr[-2000:]}")
        verdicts[umask] = rows(results)
    if not verdicts["022"]["gold"]["passed"] or any(v["wrong"]["passed"] for v in verdicts.values()):
        pytest.fail(f"control: under umask 022 gold must pass, and the wrong answer never: {verdicts}")
    gold = verdicts["027"]["gold"]
    print({k: v.get(k) for k, v in [("gold", gold)] for k in ("passed", "status", "tests_passed")}, gold.get("detail", "")[:300])
    assert gold["passed"], {k: gold.get(k) for k in ("passed", "status", "detail")}
