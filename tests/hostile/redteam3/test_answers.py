"""Attacks by a model's answer on the host's first look at it, before any sandbox: the
executable evaluation cuts the function out of every generation (``evaluation.executable.
generated_function`` -> ``harness.placement.strip_fences``), the build's LLM test generation
(``--llm-url``) cuts the test module out of the endpoint's answer (``builders.executable.testgen.
llm_programs``). Both search a fenced block with ``^\\s*...`` under ``re.M``: ``\\s*`` crosses line
ends, so every line start of a blank run rescans the rest of the run."""

from __future__ import annotations

import pytest

from tests.hostile.redteam3.conftest import seconds

PROBLEM = {"id": "shop/1", "entry_point": "total", "qualname": "total", "file": "pkg/cart.py",
           "solution": "def total(items):\n    \"\"\"The sum of the items' prices.\"\"\"\n    return sum(items)\n"}


def test_a_fenced_answer_of_blank_lines_does_not_stall_the_executable_evaluation():
    """Host hang (``evaluate-predictions executable``: ``evaluate_executable`` calls
    ``generated_function`` for every generation in its main loop, outside every time limit; the
    instruct split's answers go through the same ``extract_function``). An answer of a fence and
    blank lines: measured 5,000 newlines 3.4 s, 10,000 15.9 s, 20,000 62 s; 1 MB about two days.
    A ratio to an answer of the same size on one line."""
    from crossfile_datasets.evaluation.executable import generated_function

    lines = 3000
    honest = "```python\n" + "x" * lines  # the same size on one line
    hostile = "```python\n" + "\n" * lines
    if "def total" not in generated_function(PROBLEM, honest):
        pytest.fail("a body-only answer should get the gold header")
    ordinary = seconds(lambda: generated_function(PROBLEM, honest), repeat=3)
    attacked = seconds(lambda: generated_function(PROBLEM, hostile))
    assert attacked < 20 * max(ordinary, 0.001), f"{attacked:.2f} s against {ordinary:.4f} s for the same size on one line"


def test_an_llm_answer_of_blank_lines_does_not_stall_the_build():
    """Host hang (build with ``--llm-url``: the endpoint's answer, up to ``MODEL_ANSWER_MAX_BYTES``,
    is read whole and cut into programs on the host). ``extract_code`` strips only ``\\n`` at a
    block's ends, so lines of one blank and a line end survive into the import search
    ``^\\s*from\\s+pkg.cart\\s+import``: measured 2,000 lines 0.12 s, 4,000 0.37 s, 8,000 1.8 s.
    A ratio to an answer of as many ``#`` lines."""
    from crossfile_datasets.builders.executable.testgen import llm_programs

    lines = 8000
    honest = "```python\n" + "#\n" * lines + "```\n"
    hostile = "```python\n" + " \n" * lines + "```\n"
    ordinary = seconds(lambda: llm_programs(honest, "pkg.cart", "total", None, "shop/1"), repeat=3)
    attacked = seconds(lambda: llm_programs(hostile, "pkg.cart", "total", None, "shop/1"))
    assert attacked < 20 * max(ordinary, 0.001), f"{attacked:.2f} s against {ordinary:.4f} s for as many comment lines"
