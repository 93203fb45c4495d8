"""``lang/python/bounded_compile.py``: Python's ``compile()`` of untrusted text in a forked child
under memory and CPU limits (red team 2026-11-29d row 1: CPython folds ``str + str`` chains
keeping every step, 0.7 GB for 8 kB). The verdicts and messages of ordinary texts are
``compile()``'s own; the caller's memory does not grow."""

from __future__ import annotations

import json
import subprocess
import sys

from crossfile_datasets.lang.python.bounded_compile import LIMIT_ERROR, compile_errors, compile_seconds, compiles
from tests.hostile.peak import peak_rss_kb

FOLDED = "x = (''" + " + 'a' * 4000" * 600 + ")\n"  # 0.7 GB when folded


def test_ordinary_texts_get_compile_s_own_verdicts_and_messages():
    texts = [("a.py", "x = 1\n"), ("b.py", "def f(:\n"), ("c.py", "return 1\n"), ("d.py", "nonlocal x\n"),
             ("e.py", "x = 1\0\n"), ("f.py", "y = 2\n")]
    expected = []
    for path, text in texts:
        try:
            compile(text, path, "exec", dont_inherit=True)
            expected.append("")
        except (SyntaxError, ValueError) as exc:
            expected.append(f"{path}:{getattr(exc, 'lineno', 0) or 0}: {type(exc).__name__}: {exc}")
    assert compile_errors(texts) == expected
    assert expected[0] == "" and "'return' outside function" in expected[2]  # the compiler's own errors too
    assert compiles("x = 1\n") and not compiles("return 1\n") and not compiles("x = (\n")


def test_a_folding_bomb_compiles_in_the_child_not_in_the_caller():
    before = peak_rss_kb()
    assert compile_errors([("bomb.py", FOLDED), ("after.py", "y = 1\n")]) == ["", ""]
    assert (peak_rss_kb() - before) / 1024 < 100


def test_past_the_memory_limit_a_text_does_not_compile_and_the_rest_is_judged():
    # in a fresh interpreter: the limit counts from the forking process's address space, and a
    # long pytest session's mapped but free heap (1,900 tests in) holds the 0.7 GB the fold needs
    # without growing it (the clean-clone CI at 83fa11e compiled the bomb under "64 MB")
    program = ("import json, sys\n"
               "from crossfile_datasets.lang.python.bounded_compile import compile_errors\n"
               "print(json.dumps(compile_errors(json.loads(sys.stdin.read()), memory=64 << 20)))\n")
    texts = [["bomb.py", FOLDED], ["ok.py", "y = 1\n"], ["bad.py", "y = (\n"]]
    run = subprocess.run([sys.executable, "-c", program], input=json.dumps(texts), capture_output=True, text=True,
                         timeout=120, check=True)
    got = json.loads(run.stdout)
    assert got[0].startswith("bomb.py:0: MemoryError") and got[0].endswith("(compiled under a 64 MB limit)")
    assert got[1] == "" and got[2].startswith("bad.py:1: SyntaxError:")


def test_past_the_cpu_budget_the_child_is_ended_and_the_rest_is_judged(monkeypatch):
    from crossfile_datasets.core import constants as C

    monkeypatch.setattr(C, "PYTHON_COMPILE_FLOOR_SECONDS", 0.01)
    got = compile_errors([("ok.py", "y = 1\n"), ("bomb.py", FOLDED), ("bad.py", "y = (\n")])
    assert got[0] == "" and got[1].startswith(f"bomb.py:0: {LIMIT_ERROR}: over 0.1 s of CPU")
    assert got[2].startswith("bad.py:1: SyntaxError:")


def test_the_cpu_budget_grows_with_the_text():
    assert compile_seconds(0) < compile_seconds(1_000_000) < compile_seconds(2_000_000)
