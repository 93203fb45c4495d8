"""Put a generated class where the original class was, in a private copy, and run its tests.

Why it exists apart from ``evaluation.classlevel``: the class builder's gates (the emptied
class, the one-method mutants, the throwing stub) must judge a wrong class exactly the way the
evaluation judges a generation -- the same cleaning of the answer, the same placement, the
same copy, compile and test run in the sandbox. Both consume this module; the builder never
imports the evaluation.

What a model answers is rarely the bare class: :func:`clean_generation` keeps the code of a
fenced block, and :func:`place_class` hands the imports a model writes above its class to the
language (``LanguageSupport.place_class``).
"""

from __future__ import annotations

import inspect
import re
from pathlib import Path

from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.sandbox import HeldFolder, SandboxLimits, copy_repository, hostfs
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus, runner_for

_FENCE = re.compile(r"```[^\n`]*\n(.*?)(?:```|\Z)", re.S)


def clean_generation(text: str) -> str:
    """The code of an answer: the first fenced block's content when there is one, else the text."""
    m = _FENCE.search(text)
    code = m.group(1) if m else text
    return code.strip("\n").rstrip()


def place_class(task: dict, generation: str) -> str:
    """The class file with the generated class at the original class's place (imports the answer
    writes above its class are handled by the language: ``LanguageSupport.place_class``)."""
    return get_language(task["language"]).place_class(task["file_without_class"], int(task["insertion_offset"]),
                                                      clean_generation(generation))


def empty_class(task: dict) -> str:
    """The class with its signature and nothing else (``class Cart:`` + ``pass``; Java/C#:
    ``public class Cart { }``): what a generation that gets the class wrong scores against.
    Decorators, annotations and attributes are left out (they may name the class's members)."""
    return get_language(task["language"]).empty_class(task["class_signature"])


def run_placed(task: dict, generation: str, root: Path, limits: SandboxLimits, setup=None, first_failure: bool = False,
               reuse_build: bool = False):
    """Compile a private copy of ``root`` with ``generation`` in place of the task's class and run
    its EXPECTED_TO_PASS tests there: (the compile run, the test run or None when it did not
    compile). The copy is removed afterwards; it is a held folder of this harness
    (``sandbox.HeldFolder``), so when the evaluation is killed during a run, the next harness's
    sweep removes it. ``first_failure``: the runner may stop at the
    first test that does not pass (where it can: the builder's mutant gate only needs one)."""
    runner = runner_for(Lang(task["language"]))
    work = HeldFolder("class-eval-")
    try:
        copy = work.path / "repo"
        copy_repository(root, copy)
        # through the host-file boundary: relative, no '..', no link followed, inside the copy
        # (a split's task record is input; a refusal is the generation's HOST_FILE_REFUSED)
        hostfs.replace_file(copy, task["file"], place_class(task, generation))
        kwargs: dict = {"setup": setup} if setup is not None else {}
        if first_failure and "first_failure" in inspect.signature(runner.run).parameters:
            kwargs["first_failure"] = True
        if reuse_build and "reuse_build" in inspect.signature(runner.run).parameters:
            kwargs["reuse_build"] = True
        if task.get("value_checks") and "value_checks" in inspect.signature(runner.run).parameters:
            # Python: the checked values the original class's run recorded are judged on the host
            kwargs["value_checks"] = [c for c in task["value_checks"] if c.get("test") in task["expected_to_pass"]]
        if getattr(runner, "compiles_in_run", False):
            # one sandbox run compiles and tests (C#): its build's verdict is the compile run's
            run = runner.run(copy, list(task["expected_to_pass"]), coverage=False, limits=limits, **kwargs)
            failed = _class_file_not_compiled(task, run)
            return (failed, None) if failed is not None else (run, run)
        compiled = runner.compile_only(copy, limits)
        if compiled.status is not SuiteStatus.OK:
            return compiled, None
        return compiled, runner.run(copy, list(task["expected_to_pass"]), coverage=False, limits=limits, **kwargs)
    finally:
        work.close()  # never raises for what the run made of the copy (left entries are warned)


def _class_file_not_compiled(task: dict, run: SuiteRun) -> SuiteRun | None:
    """The compile failure of a run whose runner compiles what it can and leaves out the rest
    (C#): the build failed, or the task's own file was left out of the library (the generated
    class does not compile). None when the class compiled."""
    if run.status in (SuiteStatus.COMPILE_FAILED, SuiteStatus.FRAMEWORK_UNAVAILABLE) or run.reason == "compile_timeout":
        return run
    for entry in run.adjustments.get("left_out_library_files", []):
        path, _, symbol = entry.partition(": ")
        if path == task["file"]:
            return SuiteRun(SuiteStatus.COMPILE_FAILED, log=run.log, reason=f"compile_failed: {path}: {symbol}")
    return None
