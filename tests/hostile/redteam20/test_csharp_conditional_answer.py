"""Row 7: the one-class rule (``harness/class_runs.py`` ``answer_refusal``) reads a C# answer
with conditional compilation once per assignment of the symbols its ``#if`` lines name, so that
no text mcs may compile holds a second type (red team 7 rows 1 and 4): up to
``MAX_CONDITIONAL_SYMBOLS`` (6) symbols, 64 texts, each a tree-sitter parse through
``guarded_parse`` (a forked child under a CPU budget, then the parse again in the host's
process). The budget is per parse; nothing bounds the 64. An answer under
``CLASS_ANSWER_MAX_BYTES`` (1 MB): one class, six independent ``#if S<i>`` blocks of one field
each, and fields up to the size. Scratch, 0.99 MB: 40 s of host CPU (20 s in the children) and
355 s of wall time at load 20, against 0.5 s without the blocks; 64 such generations of a
submission are an hour, all on the host before any sandbox and outside every time limit. The
class build's gates place the repository's own class (the reference, the emptied class, the
stubs and mutants: dozens of runs) through the same rule, so a multi-targeting library's large
class (``#if NETSTANDARD2_0``, ``#if DEBUG`` ...) pays it per gate run. Here 100 kB (300 kB:
12.2 s of CPU against 0.45 s, 15 minutes of wall time at load 28)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.redteam20._peak_call import measured

pytestmark = pytest.mark.slow


def answer(size: int, symbols: int) -> str:
    lines = ["public class Calc", "{", "    public int Add(int a, int b) { return a + b; }"]
    for i in range(symbols):
        lines += [f"#if S{i}", f"    int g{i};", "#endif"]
    text = "\n".join(lines) + "\n"
    fields = []
    i = 0
    while len(text) + sum(map(len, fields)) < size:
        fields.append(f"    int f{i} = 1;\n")
        i += 1
    return text + "".join(fields) + "}\n"


def _refusal(path: Path, text: str) -> dict:
    path.write_text(text)
    out = measured("refusal", str(path), "Calc", timeout=1200, what="the call")
    if out["refusal"] is not None:
        pytest.fail(f"precondition: the answer is one class and must be placed: {out}")
    return out


def test_a_csharp_answer_with_conditional_compilation_cannot_take_the_hosts_cpu(tmp_path):
    control = _refusal(tmp_path / "plain.cs", answer(100_000, 0))
    attack = _refusal(tmp_path / "conditional.cs", answer(100_000, 6))
    print(control, attack)
    # the rule's work is a small multiple of one read of the answer, whatever its directives
    assert attack["cpu_s"] < 4 * control["cpu_s"] + 1, (control["cpu_s"], attack["cpu_s"])
