"""Row 4: the executable build's mutation gate plans the wrong versions of every kept problem
on the host, in the builder's process, before any sandbox (``builders/executable/build.py``
``mutation_gate`` -> ``lang/python/mutation.py`` ``mutation_plan``: libcst parses the function,
resolves positions, and each of the 16 mutants and the stubs is a transform of the whole tree
and its code generation). Nothing bounds the function's size: a lookup function of the
repository holding a table of one-digit numbers costs about 0.4 ms of the builder's CPU and
3 kB of its memory per byte of the function (12 kB: 4.7 s and +35 MB; 1 kB: 0.6 s): a function
of a 1 MB file is minutes of CPU and gigabytes, outside every sandbox and time limit, per problem
(a repository has many). Here a 16 kB function against a 1 kB one of the same shape."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.redteam20._peak_call import measured
from tests.hostile.redteam20._shapes import digit_rows

pytestmark = pytest.mark.slow


def function(table_bytes: int) -> str:
    return ('def code_of(index):\n    """The postal code at ``index``, or None."""\n    table = (\n'
            + digit_rows(table_bytes, "        ") + "    )\n    if index < 0:\n        return None\n"
            "    return table[index] + 1\n")


def _plan(path: Path, code: str) -> dict:
    path.write_text(code)
    out = measured("mutation", str(path), timeout=600, what="the plan")
    if out["versions"] < 10:
        pytest.fail(f"precondition: the function must have its mutants: {out}")
    return out


def test_a_large_function_cannot_take_the_builders_cpu_in_the_mutation_plan(tmp_path):
    control = _plan(tmp_path / "small.py", function(1_000))
    attack = _plan(tmp_path / "large.py", function(16_000))
    print(control, attack)
    # a bounded plan: a function over a size is left unmutated (counted), or planned under a budget
    assert attack["cpu_s"] < max(3.0, 3 * control["cpu_s"]), (control["cpu_s"], attack["cpu_s"])
