"""RepoExec's multi-round debugging: failing solutions go back to the model with their test
output, for up to N rounds; pass@k, test pass rate and DIR are reported after every round.

Why it exists: RepoExec measures how much a model gains when it sees why its function failed.
Round 0 is the ordinary evaluation of the predictions file. In each later round, every
generation that did not pass is sent back with the test output the runner recorded for it
(``detail``: failing tests and their messages, or the error), and the answer replaces it;
passing generations stay as they are. Each round is a complete ``evaluate_executable`` run of
its own predictions file, so each round's figures are computed the same way as any
evaluation, sandboxed like every run; results of unchanged generations are carried over, not
re-run.

The prompt (RepoExec does not publish its own; this form is ours): for a completion model,
the problem's prompt at its context size with the previous attempt and the test output
inserted as comments just before the target's signature and docstring, so the model writes
the body again; for a chat model (``instruct``), RepoExec's instruction prompt followed by
the previous attempt and the test output, asking for the corrected function.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

from crossfile_datasets.harness.models import GenerationParams, ModelClient
from crossfile_datasets.evaluation.constants import MAX_GENERATIONS, PASS_AT_K
from crossfile_datasets.evaluation.executable import (
    DEFAULT_CONTEXT,
    RunSettings,
    evaluate_executable,
    generated_function,
    load_generations,
    load_problems,
)
from crossfile_datasets.evaluation.records import log_key, read_signed_log, signed
from crossfile_datasets.core.bounded import BoundedLimit
from crossfile_datasets.core.jsonl import InputError, write_jsonl
from crossfile_datasets.lang.base import ParseTimeout

FEEDBACK_LINES = 40  # lines of test output shown to the model (ours)


def _commented(text: str) -> str:
    return "\n".join(f"# {line}".rstrip() for line in text.rstrip("\n").split("\n"))


def _prompt_of(problem: dict, context_size: str, key: str = "prompt") -> str:
    prompts = problem.get(key)
    if isinstance(prompts, dict):
        return prompts.get(context_size) or next(iter(prompts.values()), "")
    return prompts or problem.get("target_function_prompt", "")


def feedback(detail: str, status: str) -> str:
    lines = [line for line in (detail or "").split("\n") if line.strip()][:FEEDBACK_LINES]
    return "\n".join(lines) or f"the tests did not pass (status: {status})"


def debug_prompt(problem: dict, context_size: str, previous: str, detail: str, status: str) -> str:
    """A completion prompt: the context, the failed attempt and its test output as comments,
    then the target's signature and docstring again (the model continues with a body)."""
    prompt = _prompt_of(problem, context_size)
    target = problem.get("target_function_prompt") or ""
    indent = ""
    head, sep, _ = prompt.rpartition(target.strip().split("\n", 1)[0]) if target.strip() else ("", "", "")
    if sep:  # the target prompt sits at the end of the prompt, maybe indented inside its class
        indent = head[len(head.rstrip(" ")):]
        head = head[: len(head) - len(indent)]
    else:
        head = prompt.rstrip() + "\n\n"
    try:
        attempt = generated_function(problem, previous) or previous
    except (ParseTimeout, BoundedLimit):  # past the parse budget (generation_not_parsed): shown as it came
        attempt = previous
    note = (f"# A previous version of `{problem.get('entry_point', '')}` failed its tests.\n"
            f"{_commented(attempt)}\n# Test output:\n{_commented(feedback(detail, status))}\n"
            "# A corrected version:\n")
    note = "\n".join(indent + line if line else line for line in note.split("\n"))
    return head + note + "\n".join(indent + line if line else line for line in target.rstrip("\n").split("\n")) + "\n"


def debug_messages(problem: dict, context_size: str, previous: str, detail: str, status: str) -> list[dict]:
    """A chat conversation: the instruction, the model's failed answer, the test output."""
    instruction = _prompt_of(problem, context_size, "instruct_prompt")
    return [
        {"role": "user", "content": instruction},
        {"role": "assistant", "content": previous},
        {"role": "user", "content": "The function fails its tests with this output:\n\n" + feedback(detail, status)
         + "\n\nWrite the corrected function, complete, in one ```python block."},
    ]


def debug_rounds(
    split_path: str | os.PathLike,
    predictions_path: str | os.PathLike,
    out_dir: str | os.PathLike,
    client: ModelClient,
    *,
    rounds: int = 3,
    params: GenerationParams = GenerationParams(max_new_tokens=512),
    instruct: bool = False,
    repos: str | os.PathLike | None = None,
    workers: int = 1,
    settings: RunSettings = RunSettings(),
    default_context: str = DEFAULT_CONTEXT,
    ks=PASS_AT_K,
    progress: Callable[[int, int], None] | None = None,
    stops: Callable[[str], tuple[str, ...]] | None = None,
    max_generations: int = MAX_GENERATIONS,
) -> dict:
    """Round 0 = the predictions; rounds 1..N = failing generations replaced by the model's fix.
    Writes ``round<r>.predictions.jsonl`` and ``round<r>.generations.jsonl`` under ``out_dir``."""
    out = Path(out_dir)
    if out.is_symlink():  # beside the predictions: a submission may have planted it (red team 9 row 1)
        raise InputError(f"{out}: the debug rounds' folder is a symbolic link: not written through (remove it)")
    out.mkdir(parents=True, exist_ok=True)
    problems = load_problems(split_path)
    current = {(s.task_id, s.context_size): list(s.generations)
               for s in load_generations(predictions_path, problems, split_path, default_context, max_generations)}
    summary: dict = {"split": str(split_path), "predictions": str(predictions_path), "model": client.name,
                     "rounds": [], "mode": "chat" if instruct else "completion"}
    previous_log: list[dict] = []
    for r in range(rounds + 1):
        pred_path, results_path = out / f"round{r}.predictions.jsonl", out / f"round{r}.generations.jsonl"
        write_jsonl(pred_path, ({"task_id": t, "context_size": c, "generations": g} for (t, c), g in current.items()))
        if not results_path.exists() and previous_log:  # unchanged generations are not run again
            key = log_key()  # rows the next round reuses must be this evaluator's (signed)
            write_jsonl(results_path, (signed(row, key) for row in previous_log))
        result = evaluate_executable(split_path, pred_path, results_path, repos=repos, workers=workers,
                                     settings=settings, default_context=default_context, ks=ks, progress=progress,
                                     max_generations=max_generations)
        latest = {}
        for row in read_signed_log(results_path, log_key())[0]:
            latest[(row["task_id"], row["context_size"], row["generation_index"])] = row
        failing = [(key, row) for key, row in sorted(latest.items())
                   if not row.get("passed") and (key[0], key[1]) in current and key[2] < len(current[(key[0], key[1])])]
        summary["rounds"].append({"round": r, "results": result["results"], "generations_run": result["generations_run"],
                                  "failing_generations": len(failing)})
        previous_log = list(latest.values())
        if r == rounds or not failing:
            break
        answers: list[str] = []
        if instruct:
            conversations = [debug_messages(problems[t], c, current[(t, c)][i], row.get("detail", ""), row.get("status", ""))
                             for (t, c, i), row in failing]
            answers = [a[0] for a in client.chat(conversations, params)]
        else:
            for (t, c, i), row in failing:  # stops depend on the target's level, so one request each
                prompt = debug_prompt(problems[t], c, current[(t, c)][i], row.get("detail", ""), row.get("status", ""))
                p = GenerationParams(**{**params.__dict__, "stop": stops(prompt) if stops else params.stop})
                answers.append(client.complete([prompt], p)[0][0])
        for ((t, c, i), _), answer in zip(failing, answers):
            current[(t, c)][i] = answer
    return summary
