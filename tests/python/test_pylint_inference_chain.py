"""A chain of methods with return annotations must not make Pylint's check exponential.

urllib3's ``poolmanager.py`` alone ran over 900 s in the unmodified copy (corpus, 2026-11-28):
our ``crossfile_annotations`` tip for calls re-ran its probes at every call site of every
method (astroid keys its cache of tips by the call's context), and each probe re-inferred the
calls of the body below. 46 of its 66 files were abandoned. The chain below (each method calls
the next twice) took 35 s at depth 8 and over 300 s at depth 10 before the decisions were kept
per node; it now takes seconds. The fixture is written for this test.
"""

from __future__ import annotations

import time

import pytest

from crossfile_datasets.analyzers.pylint import PylintChecker
from crossfile_datasets.lang.python import PythonSupport
from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

DEPTH = 10


def chain_module(depth: int) -> str:
    lines = ["class Node:", "    label = 'node'"]
    for i in range(depth):
        lines += [f"    def step{i}(self, x) -> 'Node':", f"        return self.step{i + 1}(x) or self.step{i + 1}(x + 1)"]
    lines += [f"    def step{depth}(self, x) -> 'Node':", "        return Node() if x else None"]
    return "\n".join(lines) + "\n"


@pytest.mark.slow
def test_annotated_call_chain_is_checked_in_linear_time(tmp_path):
    files = {
        "kit/__init__.py": "",
        "kit/node.py": chain_module(DEPTH),
        "kit/use.py": "from kit.node import Node\n\n\ndef use(node: Node):\n    return node.step0(1).label\n",
    }
    # short limits: before the fix the original copy's check ran out of them and the file was lost
    checker = PylintChecker(batch_timeout=60, file_timeout=60, bisect_budget=30, bisect_per_file=0, resident=False,
                            load=lambda: 1.0)
    started = time.monotonic()
    usages, report, _ = usages_of(tmp_path / "chain_repo", files, language=PythonSupport(checker=checker))
    elapsed = time.monotonic() - started
    assert not [k for k in report.counts if k.startswith("files/")], report.counts
    found = {(u.file, u.line, u.member) for u in usages if u.member}
    assert ("kit/use.py", 5, "step0") in found
    assert elapsed < 60, f"{elapsed:.0f} s"
