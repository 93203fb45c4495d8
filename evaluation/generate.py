"""``generate-predictions``: run a model over a split and write the predictions file that
``evaluate-predictions`` reads, so a user goes from dataset to metrics with this tool alone.

    generate-predictions completion SPLIT.jsonl PRED.jsonl --model-url URL [--model NAME]
        [--no-context] [--fim --budget 2048] [--max-new-tokens 50]
    generate-predictions executable SPLIT.jsonl PRED.jsonl --model PATH_OR_ID
        [--context-size full_context|medium_context|small_context|all] [--n 5 --temperature 0.2]
        [--instruct]
    generate-predictions class SPLIT.jsonl PRED.jsonl --model-url URL [--model NAME]
        [--description detailed_skeleton|sketchy_skeleton|detailed|sketchy] [--n 5 --temperature 0.2]

Completion: the prompt is the example's cross-file context (``crossfile_context.text``, as
CrossCodeEval's inference puts it before the code; ``--no-context`` leaves it out) followed by
the prompt, cut from the left to ``--budget`` tokens; ``--fim`` renders fill-in-the-middle
prompts with the right context instead (:func:`harness.fim.render_fim`). Output rows:
``{"task_id", "pred"}``. Executable: the problem's prompt at each requested context size,
completed with stop strings at the next top-level (or, for a method, class-level) definition,
or ``--instruct`` sends RepoExec's instruction prompt to the chat API. Output rows:
``{"task_id", "context_size", "generations"}``. Every request goes through
:mod:`harness.models` (greedy by default, seeded sampling, batching, retries, cache).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn

from crossfile_datasets.harness.models import GenerationParams, ModelError, make_client
from crossfile_datasets.core.jsonl import InputError, iter_jsonl, write_jsonl
from crossfile_datasets.core.terminal import error_line, plain, visible
from crossfile_datasets.evaluation.records import task_id_of

app = typer.Typer(add_completion=False, no_args_is_help=True, rich_markup_mode=None, help="Run a model over a crossfile-datasets split.")
console = Console(width=None if sys.stdout.isatty() else 160)
SIZES = ("full_context", "medium_context", "small_context")
# where a generated body ends: the next definition at the target's own level or above
_TOP_LEVEL_STOPS = ("\ndef ", "\nclass ", "\nif __name__", "\n@", "\nprint(")


PROGRESS_STEP = 64  # prompts between progress updates


def _progress() -> Progress:
    # descriptions name the endpoint's served model: shown as text, never markup (red team 9)
    return Progress(TextColumn("{task.description}", markup=False), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    console=console, transient=False)


def _fail(message: str) -> None:
    # the message quotes inputs (paths, an endpoint's answer): text, never markup (red team 9)
    console.print(error_line(message), highlight=False)
    raise typer.Exit(code=2)


def _client(model: Optional[str], model_url: Optional[str], api_key: Optional[str], cache: bool):
    try:
        return make_client(model=model, url=model_url, api_key=api_key, cache=cache)
    except ModelError as exc:
        _fail(str(exc))


def completion_prompt(record: dict, tokenizer, budget: int, with_context: bool) -> str:
    """Cross-file context + prompt, left-truncated to ``budget`` tokens (the cursor side survives)."""
    from crossfile_datasets.harness.fim import keep_tail

    text = ((record.get("crossfile_context") or {}).get("text", "") if with_context else "") + record["prompt"]
    return keep_tail(text, tokenizer.encode(text), budget, tokenizer)


def executable_stops(prompt: str) -> tuple[str, ...]:
    """Stop strings for a body that continues ``prompt`` (which ends with the target's
    signature and docstring): a method also ends at the next member of its class."""
    lines = [line for line in prompt.rstrip("\n").split("\n") if line.lstrip().startswith(("def ", "async def "))]
    indent = lines[-1][: len(lines[-1]) - len(lines[-1].lstrip())] if lines else ""
    member = (f"\n{indent}def ", f"\n{indent}async def ", f"\n{indent}@") if indent else ()
    return _TOP_LEVEL_STOPS + member


@app.command("completion")
def completion_command(
    split: Path = typer.Argument(..., exists=True, dir_okay=False, help="completion split JSONL (any retrieval variant)"),
    output: Path = typer.Argument(..., dir_okay=False, help='predictions JSONL to write ({"task_id", "pred"})'),
    model: Optional[str] = typer.Option(None, "--model", help="served model name (with --model-url) or a local path / Hub id"),
    model_url: Optional[str] = typer.Option(None, "--model-url", help="OpenAI-compatible endpoint [CROSSFILE_MODEL_URL]"),
    api_key: Optional[str] = typer.Option(None, "--api-key", help="endpoint key [CROSSFILE_MODEL_KEY / OPENAI_API_KEY]"),
    context: bool = typer.Option(True, "--context/--no-context", help="put the record's cross-file context before the prompt"),
    fim: bool = typer.Option(False, "--fim", help="fill-in-the-middle prompts with the right context (StarCoder sentinels)"),
    budget: int = typer.Option(2048, "--budget", min=16, help="prompt tokens (StarCoder tokenizer)"),
    max_new_tokens: int = typer.Option(50, "--max-new-tokens", min=1, help="tokens to generate (CrossCodeEval: 50)"),
    cache: bool = typer.Option(True, "--cache/--no-cache", help="reuse cached responses for identical requests"),
) -> None:
    """One greedy completion per example."""
    from crossfile_datasets.harness.fim import FimFormat, load_tokenizer, render_fim

    tokenizer = load_tokenizer(None)
    try:
        records = [(task_id_of(r, split, n), r) for n, r in iter_jsonl(split)]
    except InputError as exc:
        _fail(str(exc))
    if fim:
        prompts = [render_fim(r, tokenizer, budget, FimFormat(), with_context=context)["prompt"] for _, r in records]
    else:
        prompts = [completion_prompt(r, tokenizer, budget, context) for _, r in records]
    client = _client(model, model_url, api_key, cache)
    answers: list[list[str]] = []
    with _progress() as bar:
        task = bar.add_task(visible(f"completing with {client.name}"), total=len(prompts))
        for start in range(0, len(prompts), PROGRESS_STEP):  # the client batches inside each step
            try:
                answers += client.complete(prompts[start : start + PROGRESS_STEP], GenerationParams(max_new_tokens=max_new_tokens))
            except ModelError as exc:
                _fail(str(exc))
            bar.update(task, advance=len(prompts[start : start + PROGRESS_STEP]))
    write_jsonl(output, ({"task_id": tid, "pred": a[0]} for (tid, _), a in zip(records, answers)))
    console.print(plain(f"wrote {len(records)} predictions of {client.name} to {output}"), highlight=False)


@app.command("executable")
def executable_command(
    split: Path = typer.Argument(..., exists=True, dir_okay=False, help="executable split JSONL"),
    output: Path = typer.Argument(..., dir_okay=False, help='predictions JSONL ({"task_id", "context_size", "generations"})'),
    model: Optional[str] = typer.Option(None, "--model", help="served model name (with --model-url) or a local path / Hub id"),
    model_url: Optional[str] = typer.Option(None, "--model-url", help="OpenAI-compatible endpoint [CROSSFILE_MODEL_URL]"),
    api_key: Optional[str] = typer.Option(None, "--api-key", help="endpoint key [CROSSFILE_MODEL_KEY / OPENAI_API_KEY]"),
    context_size: str = typer.Option("all", "--context-size", help="full_context, medium_context, small_context or all"),
    n: int = typer.Option(1, "--n", min=1, help="generations per problem (pass@k needs n >= k)"),
    temperature: float = typer.Option(0.0, "--temperature", min=0.0, help="0 = greedy; > 0 samples (seeded)"),
    top_p: float = typer.Option(0.95, "--top-p", min=0.0, max=1.0),
    seed: int = typer.Option(0, "--seed", help="sampling seed"),
    max_new_tokens: int = typer.Option(512, "--max-new-tokens", min=1),
    instruct: bool = typer.Option(False, "--instruct", help="send RepoExec's instruction prompt to the chat API"),
    cache: bool = typer.Option(True, "--cache/--no-cache", help="reuse cached responses for identical requests"),
) -> None:
    """n generations per problem and context size."""
    sizes = SIZES if context_size == "all" else (context_size,)
    if any(s not in SIZES for s in sizes):
        _fail(f"--context-size must be one of {', '.join(SIZES)} or all, got {context_size!r}")
    try:
        problems = [(str(r["id"]), r) for _, r in iter_jsonl(split)]
    except (InputError, KeyError) as exc:
        _fail(f"{split}: {exc}")
    client = _client(model, model_url, api_key, cache)
    rows = []
    with _progress() as bar:
        task = bar.add_task(visible(f"generating with {client.name}"), total=len(sizes) * len(problems))
        for size in sizes:
            for task_id, record in problems:
                key = "instruct_prompt" if instruct else "prompt"
                prompt = record[key][size] if isinstance(record.get(key), dict) else record.get(key, "")
                params = GenerationParams(max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p, n=n,
                                          seed=seed, stop=() if instruct else executable_stops(prompt))
                try:
                    if instruct:
                        (gens,) = client.chat([[{"role": "user", "content": prompt}]], params)
                    else:
                        (gens,) = client.complete([prompt], params)
                except ModelError as exc:
                    _fail(str(exc))
                rows.append({"task_id": task_id, "context_size": size, "generations": gens})
                bar.update(task, advance=1)
    write_jsonl(output, rows)
    console.print(plain(f"wrote {len(rows)} prediction sets ({n} generation(s) each) of {client.name} to {output}"),
                  highlight=False)


@app.command("class")
def class_command(
    split: Path = typer.Argument(..., exists=True, dir_okay=False, help="class-level split JSONL (class.jsonl)"),
    output: Path = typer.Argument(..., dir_okay=False, help='predictions JSONL ({"task_id", "generations"})'),
    model: Optional[str] = typer.Option(None, "--model", help="served model name (with --model-url) or a local path / Hub id"),
    model_url: Optional[str] = typer.Option(None, "--model-url", help="OpenAI-compatible endpoint [CROSSFILE_MODEL_URL]"),
    api_key: Optional[str] = typer.Option(None, "--api-key", help="endpoint key [CROSSFILE_MODEL_KEY / OPENAI_API_KEY]"),
    description: str = typer.Option("detailed_skeleton", "--description", help="detailed_skeleton, sketchy_skeleton, detailed or sketchy (the last two need a split built with --llm-url)"),
    n: int = typer.Option(1, "--n", min=1, help="generations per task (pass@k needs n >= k)"),
    temperature: float = typer.Option(0.0, "--temperature", min=0.0, help="0 = greedy; > 0 samples (seeded)"),
    top_p: float = typer.Option(0.95, "--top-p", min=0.0, max=1.0),
    seed: int = typer.Option(0, "--seed", help="sampling seed"),
    max_new_tokens: int = typer.Option(2048, "--max-new-tokens", min=1),
    cache: bool = typer.Option(True, "--cache/--no-cache", help="reuse cached responses for identical requests"),
) -> None:
    """n classes per class-level task, from the chat API: the task's description and its file
    with the class removed (evaluation.classlevel.class_prompt)."""
    from crossfile_datasets.evaluation.classlevel import class_prompt

    try:
        tasks = [(str(r["id"]), class_prompt(r, description)) for _, r in iter_jsonl(split)]
    except (InputError, KeyError, ValueError) as exc:
        _fail(f"{split}: {exc}")
    client = _client(model, model_url, api_key, cache)
    params = GenerationParams(max_new_tokens=max_new_tokens, temperature=temperature, top_p=top_p, n=n, seed=seed)
    rows = []
    with _progress() as bar:
        task = bar.add_task(visible(f"generating with {client.name}"), total=len(tasks))
        for task_id, prompt in tasks:
            try:
                (gens,) = client.chat([[{"role": "user", "content": prompt}]], params)
            except ModelError as exc:
                _fail(str(exc))
            rows.append({"task_id": task_id, "description": description, "generations": gens})
            bar.update(task, advance=1)
    write_jsonl(output, rows)
    console.print(plain(f"wrote {len(rows)} prediction sets ({n} generation(s) each) of {client.name} to {output}"),
                  highlight=False)


def main() -> None:
    app()


__all__ = ["app", "completion_prompt", "executable_stops", "main"]
