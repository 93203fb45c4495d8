"""The one-class rule added for red team 5 (e411c47, ``harness.class_runs.answer_refusal``) parses
every Java and C# answer of the class evaluation, and of the class build's gates, with a plain
tree-sitter parse on the host, before any sandbox and outside every time limit. Red team 5's row 3
(``F<`` repeated: tree-sitter-java and tree-sitter-c-sharp are quadratic inside one parse step)
was closed for the analysis and the completion evaluation by ``lang.base.guarded_parse`` (a
forked child under a CPU budget for the texts ``needs_guard`` flags); this later parse of a
model's answer does not go through it."""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.evaluation.classlevel import run_generation
from crossfile_datasets.lang.base import needs_guard
from crossfile_datasets.sandbox import SandboxLimits

pytestmark = pytest.mark.slow

UNITS = 8_000  # 16 kB; measured here: 1.7 s (Java) and 1.1 s (C#) of CPU, against 0.01 s for `F+`
ANSWERS = {
    "java": "public class Calc {\n    void f() { x = " + "F<" * UNITS + "\n}\n}\n",
    "csharp": "public class Calc\n{\n    void F() { x = " + "F<" * UNITS + "\n}\n}\n",
}
TASKS = {
    "java": {"id": "demo/Calc", "language": "java", "repository": "demo", "file": "src/main/java/demo/Calc.java",
             "class_name": "Calc", "file_without_class": "package demo;\n\n", "insertion_offset": 15,
             "expected_to_pass": ["demo.CalcTest#adds"]},
    "csharp": {"id": "demo/Calc", "language": "csharp", "repository": "demo", "file": "Calc/Calc.cs",
               "class_name": "Calc", "file_without_class": "namespace Demo\n{\n}\n", "insertion_offset": 17,
               "expected_to_pass": ["Demo.Tests.CalcTests.Adds"]},
}


@pytest.mark.parametrize("lang", sorted(ANSWERS))
def test_an_answer_of_open_generic_brackets_is_not_parsed_unbounded_on_the_host(tmp_path: Path, lang: str):
    """Host hang (class evaluation in Java and C#, every generation, in ``evaluate_class``'s main
    loop; the class build's gates parse their own variants the same way): the answer is parsed
    whole by ``answer_refusal`` before it is refused (``top-level ERROR``). The text is one that
    ``needs_guard`` flags (checked), so the guarded parse would end it past
    ``guard_seconds(16 kB)`` (0.4 s of CPU) and say so; the plain parse runs to its end, however
    long (predictions files have no size cap per generation: 1 MB of ``F<`` is about an hour and
    a half for Java, more for C#, per generation). The verdict here is what the refusal says, not
    a time: a bounded parse names its budget."""
    answer = ANSWERS[lang]
    if not needs_guard(answer.encode()):
        pytest.fail("precondition: the answer is not one the parse guard flags")
    # the repository folder is never reached: the answer is refused (or guarded) before any copy
    verdict = run_generation(TASKS[lang], answer, tmp_path, SandboxLimits(timeout=60))
    if verdict["passed"] or verdict["compiled"]:
        pytest.fail(f"precondition: the answer was not refused before a run: {verdict}")
    detail = verdict["detail"].lower()
    assert "parse" in detail and any(word in detail for word in ("budget", "time", "cpu")), verdict
