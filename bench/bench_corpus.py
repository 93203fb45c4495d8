"""Every split of the builder on the corpus (``bench/corpus/manifest.jsonl``), and one report.

Why it exists: figures on a dozen hand-picked repositories say little about the long tail users
meet (issue 32). This driver builds the corpus chosen by ``bench/corpus/README.md``'s rule and
writes ``docs/corpus.md``: per language and per repository yield, wall and CPU time, and for every
repository and split with no output the counted reason, with PNG plots.

For each manifest entry it checks the commit out under ``bench/.work/corpus/repos/`` (from the
fetch tool's mirror, else the URL), then runs one ``build-dataset`` per repository and split into
the one output folder ``bench/.work/corpus/output`` (completion for every language; ``class``
with ``--allow-execution`` for Python, Java and C#; ``executable`` for Python), measuring wall and
CPU time of each run. Each run leaves a record ``bench/.work/corpus/runs/<split>/<lang>/<repo>.json``
(command, return code, times, the split's statistics file): a rerun skips the runs that have a
record, so the driver is resumable, and a failing, crashing or hanging repository (``--timeout``)
gets a record with its reason and never stops the corpus. At the end, one ``build-dataset`` per
language and split over all of the language's entries merges the finished shards into the
output folder's datasets (the shards are reused, nothing is rebuilt), and the report is written.

    python bench/bench_corpus.py                                  # the whole corpus, every split
    python bench/bench_corpus.py --per-lang 2 --split completion  # a small part
    python bench/bench_corpus.py --report-only                    # rewrite docs/corpus.md
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import os
import resource
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "bench" / "corpus" / "manifest.jsonl"
WORK = ROOT / "bench" / ".work" / "corpus"
DOC = ROOT / "docs" / "corpus.md"
LANGS = ("python", "java", "typescript", "csharp")
# the splits of each language, and the statistics file and yield key each split writes
SPLITS = {"completion": LANGS, "class": ("python", "java", "csharp"), "executable": ("python",)}
STATS_FILE = {"completion": "stats.json", "class": "class_stats.json", "executable": "executable_stats.json"}
YIELD_KEY = {"completion": "examples", "class": "tasks", "executable": "problems"}
COMPLETION_SPLITS = ("cross_file_first", "cross_file_random", "in_file")
SPLIT_ARGS = {"completion": [], "class": ["--allow-execution"], "executable": ["--allow-execution"]}


# ------------------------------------------------------------------------------ running --
def repo_key(repo: str) -> str:
    return repo.replace("/", "__")


def read_manifest(path: Path = MANIFEST) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def mirror_git_dir(mirror_root: Path, repo: str) -> Path | None:
    base = mirror_root / repo.replace("/", "+") / "repo"
    for candidate in (base / ".git", base):
        if (candidate / "HEAD").is_file() and (candidate / "objects").is_dir():
            return candidate
    return None


def checkout(entry: dict, mirror_root: Path, work: Path = WORK) -> Path:
    """A work tree of the entry at its commit under ``<work>/repos/`` (never committed)."""
    dest = work / "repos" / repo_key(entry["repo"])
    if not (dest / ".git").exists():
        source = mirror_git_dir(mirror_root, entry["repo"])
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", "--no-checkout", str(source or entry["url"]), str(dest)], check=True)
    # always: a clone made with --no-checkout already has HEAD at the commit but no work tree
    if subprocess.run(["git", "-C", str(dest), "checkout", "-q", "--force", entry["commit"]]).returncode != 0:
        # a snapshot lacks files of 4 MiB and more: leave those out of the work tree
        listing = subprocess.run(["git", "-C", str(dest), "ls-tree", "-r", entry["commit"]], capture_output=True,
                                 text=True, check=True).stdout.splitlines()
        missing = [line.split("\t", 1)[1] for line in listing if " blob " in line and subprocess.run(
            ["git", "-C", str(dest), "cat-file", "-e", line.split()[2]], capture_output=True).returncode != 0]
        subprocess.run(["git", "-C", str(dest), "sparse-checkout", "set", "--no-cone", "/*",
                        *[f"!/{p}" for p in missing]], check=True)
        subprocess.run(["git", "-C", str(dest), "checkout", "-q", "--force", entry["commit"]], check=True)
    return dest


def manifest_row(entry: dict) -> dict:
    return {"path": repo_key(entry["repo"]), "url": entry["url"], "commit": entry["commit"],
            "license": entry.get("license"), "name": repo_key(entry["repo"])}


def build_dataset_command() -> str:
    beside = Path(sys.executable).parent / "build-dataset"
    return str(beside) if beside.is_file() else "build-dataset"


def run_record_path(work: Path, split: str, lang: str, repo: str) -> Path:
    return work / "runs" / split / lang / f"{repo_key(repo)}.json"


def run_build(argv: list[str], timeout: float) -> dict:
    """Run one build; wall and CPU seconds (this child and its waited-for descendants), return
    code, the end of stderr, whether it timed out (its whole process group is then killed)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, errors="replace",
                            start_new_session=True)
    timed_out = False
    try:
        _, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        _, stderr = proc.communicate()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return {"returncode": proc.returncode, "timed_out": timed_out, "wall_seconds": round(time.monotonic() - t0, 2),
            "cpu_seconds": round(cpu, 2), "stderr_tail": (stderr or "").strip()[-1500:]}


def run_one(entry: dict, split: str, args: argparse.Namespace) -> dict:
    """Build one repository's split into the shared output folder; the run record."""
    lang, work = entry["lang"], args.work
    out = work / "output"
    record: dict = {"repo": entry["repo"], "lang": lang, "split": split, "commit": entry["commit"],
                    "files_in_tree": entry.get("files"), "started": dt.datetime.now(dt.timezone.utc).isoformat(timespec="seconds")}
    try:
        path = checkout(entry, args.mirror_root, work)
    except (subprocess.CalledProcessError, OSError) as exc:
        return {**record, "returncode": None, "timed_out": False, "wall_seconds": 0.0, "cpu_seconds": 0.0,
                "stderr_tail": str(exc)[-1500:], "driver_error": "checkout_failed", "stats": None}
    manifest = path.parent / f"{path.name}.manifest.jsonl"
    manifest.write_text(json.dumps(manifest_row(entry)) + "\n", encoding="utf-8")
    stats_path = out / lang / STATS_FILE[split]
    stats_path.unlink(missing_ok=True)  # never read an earlier repository's statistics as this one's
    argv = [build_dataset_command(), "--lang", lang, "--repos", str(manifest), "--output", str(out),
            "--split", split, "--workers", "1", "--no-cache", "--cache-dir", str(work / "cache"),
            *SPLIT_ARGS[split], *args.build_arg]
    record["command"] = " ".join(argv[1:]).replace(str(ROOT) + "/", "")
    record.update(run_build(argv, args.timeout))
    stats = None
    if stats_path.is_file():
        try:
            stats = json.loads(stats_path.read_text(encoding="utf-8"))
        except ValueError:
            stats = None
    if stats is not None and repo_key(entry["repo"]) not in {r.get("repository") for r in stats.get("per_repository") or []} \
            and not stats.get("failed_repositories"):
        stats = None
    record["stats"] = stats
    return record


def merge_language(lang: str, split: str, entries: list[dict], args: argparse.Namespace) -> dict:
    """One build over every entry of a language that has a run: reuses the finished shards and
    writes the output folder's merged datasets and cards."""
    folder = args.work / "repos"
    manifest = folder / f"{lang}.{split}.manifest.jsonl"
    manifest.write_text("".join(json.dumps(manifest_row(e)) + "\n" for e in entries), encoding="utf-8")
    argv = [build_dataset_command(), "--lang", lang, "--repos", str(manifest), "--output", str(args.work / "output"),
            "--split", split, "--workers", "1", "--no-cache", "--cache-dir", str(args.work / "cache"),
            *SPLIT_ARGS[split], *args.build_arg]
    return run_build(argv, args.timeout * max(1, len(entries)))


def select(entries: list[dict], langs: list[str], per_lang: int | None, repos: list[str] | None,
           round_robin: bool = False) -> list[dict]:
    """The entries to build, language by language in manifest order; with ``round_robin`` one of
    each language in turn (python, java, typescript, csharp, python, ...), so a run cut short
    by its time budget still covers every language."""
    by_lang = []
    for lang in langs:
        mine = [e for e in entries if e["lang"] == lang and (not repos or e["repo"] in repos)]
        by_lang.append(mine[:per_lang] if per_lang else mine)
    if not round_robin:
        return [e for mine in by_lang for e in mine]
    return [mine[i] for i in range(max(map(len, by_lang), default=0)) for mine in by_lang if i < len(mine)]


# ------------------------------------------------------------------------------ reading --
def load_runs(work: Path) -> list[dict]:
    runs = []
    for path in sorted((work / "runs").glob("*/*/*.json")):
        try:
            runs.append(json.loads(path.read_text(encoding="utf-8")))
        except ValueError:
            continue
    return runs


def repo_entry(stats: dict | None, repo: str) -> dict:
    for row in (stats or {}).get("per_repository") or []:
        if row.get("repository") == repo_key(repo):
            return row
    return {}


def split_yields(run: dict) -> dict[str, int]:
    """Output of one run by dataset split: the completion's three splits, else tasks / problems."""
    stats = run.get("stats") or {}
    if run["split"] == "completion":
        parts = stats.get("splits") or {}
        out = {name: int((parts.get(name) or {}).get("examples", 0)) for name in COMPLETION_SPLITS}
        out["cross_file_first"] = int(stats.get("examples", out["cross_file_first"]))
        return out
    return {run["split"]: int(stats.get(YIELD_KEY[run["split"]], 0))}


def _largest(counts: dict | None) -> str | None:
    counts = {k: v for k, v in (counts or {}).items() if isinstance(v, (int, float)) and v > 0}
    if not counts:
        return None
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]


def _driver_reason(run: dict) -> str | None:
    if run.get("driver_error"):
        return f"driver/{run['driver_error']}"
    if run.get("timed_out"):
        return "driver/timeout"
    if run.get("stats") is None:
        last = (run.get("stderr_tail") or "").strip().splitlines()
        return f"driver/build_failed (exit {run.get('returncode')}): {last[-1][:160] if last else 'no output'}"
    return None


def no_output_reasons(run: dict) -> dict[str, str]:
    """For every dataset split of the run that gave nothing: the counted reason a user can read."""
    yields = split_yields(run)
    empty = [name for name, n in yields.items() if n == 0]
    if not empty:
        return {}
    driver = _driver_reason(run)
    if driver:
        return {name: driver for name in empty}
    stats = run["stats"]
    out = {}
    if run["split"] == "completion":
        failed = stats.get("failed_repositories") or []
        skipped = _largest(stats.get("skipped_repositories"))
        if failed:
            whole = f"repositories/{failed[0].get('reason') or 'failed'}"
        elif skipped:
            whole = f"repositories/{skipped}"
        elif not stats.get("usages_detected"):
            files = _largest(stats.get("skipped_files"))
            projects = _largest(stats.get("skipped_projects"))  # C#: a project the checker cannot compile
            detail = "; ".join([*([f"projects skipped: {projects} x{stats['skipped_projects'][projects]}"] if projects else []),
                                *([f"largest file skip: files/{files}"] if files else [])])
            whole = "usages/none_detected" + (f" ({detail})" if detail else "")
        else:
            whole = None
        for name in empty:
            if whole:
                out[name] = whole
                continue
            dropped = ((stats.get("splits") or {}).get(name) or {}).get("dropped_examples")
            if name == "cross_file_first" and not dropped:
                dropped = stats.get("dropped_examples")
            reason = _largest(dropped)
            out[name] = f"examples/{reason}" if reason else f"{name}/no_candidate"
        return out
    name = empty[0]
    row = repo_entry(stats, run["repo"])
    not_run = _largest(stats.get("repositories_not_run"))
    if not_run:
        return {name: f"repositories/{not_run}"}
    suite = row.get("suite") or row.get("repository_suite") or {}
    if suite.get("status") not in (None, "ok"):
        detail = suite.get("reason") or suite.get("detail") or ""
        return {name: f"suite/{suite['status']}" + (f": {detail[:120]}" if detail else "")}
    keys = (("rejected_classes", "classes"), ("dropped_tasks", "tasks")) if run["split"] == "class" else \
        (("dropped_problems", "problems"), ("excluded_functions", "functions"))
    for key, stage in keys:
        reason = _largest(stats.get(key))
        if reason:
            return {name: f"{stage}/{reason}"}
    if run["split"] == "class" and not stats.get("classes"):
        return {name: "classes/none_found"}
    if run["split"] == "executable" and not stats.get("candidates"):
        return {name: "functions/no_candidate"}
    return {name: "unexplained"}


def drop_counts(run: dict) -> Counter:
    """Every counted drop or skip of one run, keyed ``split:stage/reason``."""
    stats = run.get("stats") or {}
    out: Counter = Counter()
    if run["split"] == "completion":
        for stage, reasons in (stats.get("counts_by_stage") or {}).items():
            for reason, n in reasons.items():
                out[f"completion:{stage}/{reason}"] += int(n)
    else:
        for key in ("rejected_classes", "dropped_tasks", "dropped_tests", "dropped_problems", "excluded_functions",
                    "repositories_not_run"):
            for reason, n in (stats.get(key) or {}).items():
                if isinstance(n, (int, float)):
                    out[f"{run['split']}:{key}/{reason}"] += int(n)
    return out


def aggregate_reasons(runs: list[dict]) -> tuple[Counter, Counter]:
    """(reasons of the repository/splits with no output, every counted drop), corpus-wide."""
    empty: Counter = Counter()
    drops: Counter = Counter()
    for run in runs:
        for split, reason in no_output_reasons(run).items():
            empty[f"{split}: {reason}"] += 1
        drops.update(drop_counts(run))
    return empty, drops


def repository_rows(runs: list[dict]) -> list[dict]:
    """One row per repository: yield per split, files, times summed over its runs, reasons."""
    rows: dict[str, dict] = {}
    for run in sorted(runs, key=lambda r: (LANGS.index(r["lang"]) if r["lang"] in LANGS else 9, r["repo"], r["split"])):
        row = rows.setdefault(run["repo"], {"repo": run["repo"], "lang": run["lang"], "files": None, "yields": {},
                                            "wall_seconds": 0.0, "cpu_seconds": 0.0, "reasons": {}})
        stats = run.get("stats") or {}
        if run["split"] == "completion":
            entry = repo_entry(stats, run["repo"])
            row["files"] = entry.get("files", stats.get("files"))
        row["yields"].update(split_yields(run))
        row["wall_seconds"] = round(row["wall_seconds"] + float(run.get("wall_seconds") or 0), 2)
        row["cpu_seconds"] = round(row["cpu_seconds"] + float(run.get("cpu_seconds") or 0), 2)
        row["reasons"].update(no_output_reasons(run))
    return list(rows.values())


def language_rows(runs: list[dict], manifest: list[dict]) -> list[dict]:
    """Per language: repositories (manifest / built), files, examples per completion split, tasks,
    problems, and CrossCodeEval Table 2's columns (examples, mean prompt and reference tokens,
    share of examples from test files)."""
    out = []
    for lang in LANGS:
        mine = [r for r in runs if r["lang"] == lang]
        completion = [r for r in mine if r["split"] == "completion" and r.get("stats")]
        examples = sum(int(r["stats"].get("examples", 0)) for r in completion)

        def weighted(key: str) -> float:
            total = sum(float(r["stats"].get(key, 0.0)) * int(r["stats"].get("examples", 0)) for r in completion)
            return round(total / examples, 1) if examples else 0.0

        yields: Counter = Counter()
        for run in mine:
            yields.update(split_yields(run))
        out.append({
            "lang": lang, "manifest": sum(e["lang"] == lang for e in manifest),
            "built": len({r["repo"] for r in mine}),
            "files": sum(int(repo_entry(r["stats"], r["repo"]).get("files", r["stats"].get("files", 0)) or 0)
                         for r in completion),
            **{name: yields.get(name, 0) for name in (*COMPLETION_SPLITS, "class", "executable")},
            "with_examples": sum(1 for r in completion if int(r["stats"].get("examples", 0)) > 0),
            "with_in_file": sum(1 for r in mine if r["split"] == "completion" and split_yields(r)["in_file"] > 0),
            "avg_prompt_tokens": weighted("avg_prompt_tokens"),
            "avg_reference_tokens": weighted("avg_reference_tokens"),
            "test_file_share": round(sum(int(r["stats"].get("examples_from_test_files", 0)) for r in completion)
                                     / examples, 3) if examples else 0.0,
            "wall_seconds": round(sum(float(r.get("wall_seconds") or 0) for r in mine), 1),
            "cpu_seconds": round(sum(float(r.get("cpu_seconds") or 0) for r in mine), 1),
        })
    return out


STAGES = ("repository_seconds", "checker_seconds", "parse_seconds", "retrieval_seconds", "splits_seconds")


def time_rows(runs: list[dict]) -> list[dict]:
    """Per language, over its completion runs with statistics: the stage seconds summed, the
    checker's share of the repositories' time, CPU seconds per source file, the slowest one."""
    out = []
    for lang in LANGS:
        mine = [r for r in runs if r["lang"] == lang and r["split"] == "completion" and r.get("stats")]
        if not mine:
            continue
        stages = {k: round(sum(float((r["stats"].get("timings_seconds") or {}).get(k, 0.0)) for r in mine), 1)
                  for k in STAGES}
        files = sum(int(repo_entry(r["stats"], r["repo"]).get("files", r["stats"].get("files", 0)) or 0) for r in mine)
        slowest = max(mine, key=lambda r: float(r.get("cpu_seconds") or 0))
        out.append({"lang": lang, "repositories": len(mine), "files": files, **stages,
                    "checker_share": stages["checker_seconds"] / stages["repository_seconds"]
                    if stages["repository_seconds"] else 0.0,
                    "cpu_per_file": round(sum(float(r.get("cpu_seconds") or 0) for r in mine) / files, 2) if files else 0.0,
                    "slowest": f"{slowest['repo']} ({slowest.get('cpu_seconds')} CPU)"})
    return out


# ----------------------------------------------------------------------------- writing --
def plots(rows: list[dict], folder: Path) -> list[str]:
    """yield per repository and time vs files (PNG); the names written."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    folder.mkdir(parents=True, exist_ok=True)
    colors = {"python": "tab:blue", "java": "tab:orange", "typescript": "tab:green", "csharp": "tab:purple"}
    names = []
    fig, ax = plt.subplots(figsize=(max(6, 0.35 * len(rows) + 2), 4))
    labels = [r["repo"].split("/")[1] for r in rows]
    ax.bar(range(len(rows)), [r["yields"].get("cross_file_first", 0) for r in rows],
           color=[colors.get(r["lang"], "gray") for r in rows])
    ax.set_xticks(range(len(rows)), labels, rotation=60, ha="right", fontsize=7)
    ax.set_ylabel("cross_file_first examples")
    ax.set_title("Completion yield per repository")
    fig.tight_layout()
    fig.savefig(folder / "corpus_yield.png", dpi=90)
    plt.close(fig)
    names.append("corpus_yield.png")
    fig, ax = plt.subplots(figsize=(6, 4))
    for lang, color in colors.items():
        mine = [r for r in rows if r["lang"] == lang and r["files"]]
        if mine:
            ax.scatter([r["files"] for r in mine], [r["wall_seconds"] for r in mine], color=color, label=lang)
    ax.set_xlabel("source files (as built)")
    ax.set_ylabel("wall seconds (all splits run)")
    ax.set_title("Build time vs repository size")
    ax.legend()
    fig.tight_layout()
    fig.savefig(folder / "corpus_time.png", dpi=90)
    plt.close(fig)
    names.append("corpus_time.png")
    return names


def render(runs: list[dict], manifest: list[dict], meta: dict, plot_names: list[str]) -> str:
    """The text of docs/corpus.md."""
    planned = sum(len([s for s, langs in SPLITS.items() if e["lang"] in langs]) for e in manifest)
    partial = len(runs) < planned
    lines = ["# The corpus build (issue 32)", "",
             "Generated by `python bench/bench_corpus.py` from the run records under `bench/.work/corpus/runs/`;",
             "the corpus and its selection rule are in `bench/corpus/`.", ""]
    if partial:
        lines += [f"**PARTIAL RUN**: {len(runs)} of the {planned} repository/split builds of the corpus "
                  f"({len({r['repo'] for r in runs})} of {len(manifest)} repositories). These figures describe that part only.", ""]
    lines += [f"- command: `{meta.get('command', '')}`", f"- date: {meta.get('date', '')}",
              f"- machine: {meta.get('machine', '')}", *([f"- note: {meta['note']}"] if meta.get("note") else []), ""]
    lines += ["## Per language", "",
              "| language | repositories (manifest / built) | files | cross_file_first | cross_file_random | in_file "
              "| repos with examples | repos with in_file | class tasks | executable problems | avg prompt tokens "
              "| avg reference tokens | test-file share | wall s | CPU s |",
              "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in language_rows(runs, manifest):
        lines.append(f"| {r['lang']} | {r['manifest']} / {r['built']} | {r['files']} | {r['cross_file_first']} "
                     f"| {r['cross_file_random']} | {r['in_file']} | {r['with_examples']} | {r['with_in_file']} "
                     f"| {r['class']} | {r['executable']} | {r['avg_prompt_tokens']} | {r['avg_reference_tokens']} "
                     f"| {r['test_file_share']:.1%} | {r['wall_seconds']} | {r['cpu_seconds']} |")
    lines += ["", "The token columns and the test-file share are CrossCodeEval Table 2's columns (examples of the "
              "cross_file_first split; StarCoder tokens).", "", "## Per repository", "",
              "| repository | language | files | first | random | in_file | class | executable | wall s | CPU s "
              "| reason of each split with no output |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in repository_rows(runs):
        y = r["yields"]
        cell = lambda k: str(y[k]) if k in y else "-"  # noqa: E731 - not run
        reasons = "; ".join(f"{k}: {v}" for k, v in sorted(r["reasons"].items())) or ""
        lines.append(f"| {r['repo']} | {r['lang']} | {r['files'] if r['files'] is not None else '-'} "
                     f"| {cell('cross_file_first')} | {cell('cross_file_random')} | {cell('in_file')} | {cell('class')} "
                     f"| {cell('executable')} | {r['wall_seconds']} | {r['cpu_seconds']} | {reasons.replace('|', '/')} |")
    lines += ["", "## Where the time goes (completion split)", "",
              "Seconds inside the builds by stage, summed over the repositories built (the builds' "
              "`timings_seconds`; checker = the checker runs on original and stubbed files), and CPU seconds per "
              "source file of the driver's measure (timed-out repositories left out: they have no statistics).", "",
              "| language | repositories | files | repository s | checker s | parse s | retrieval s | splits s "
              "| checker share | CPU s per file | slowest repository (s) |", "|---|---|---|---|---|---|---|---|---|---|---|"]
    for r in time_rows(runs):
        lines.append(f"| {r['lang']} | {r['repositories']} | {r['files']} | {r['repository_seconds']} "
                     f"| {r['checker_seconds']} | {r['parse_seconds']} | {r['retrieval_seconds']} | {r['splits_seconds']} "
                     f"| {r['checker_share']:.0%} | {r['cpu_per_file']} | {r['slowest']} |")
    empty, drops = aggregate_reasons(runs)
    lines += ["", "`-`: split not run. Times are of the driver's `build-dataset` runs of the repository (all its "
              "splits run), CPU time of the build process and the processes it waited for.", "",
              "## Reasons, largest first", "", "Repository/splits with no output:", ""]
    lines += [f"- {n} x {reason}" for reason, n in sorted(empty.items(), key=lambda kv: (-kv[1], kv[0]))] or ["- none"]
    lines += ["", "Every count of the builds' reports (drops, skips and other counted outcomes, by "
              "split:stage/reason), across the part built, top 40:", "", "| count | split:stage/reason |", "|---|---|"]
    lines += [f"| {n} | {reason} |" for reason, n in sorted(drops.items(), key=lambda kv: (-kv[1], kv[0]))[:40]]
    if plot_names:
        lines += ["", "## Plots", ""] + [f"![{name}](corpus/{name})" for name in plot_names]
    return "\n".join(lines) + "\n"


def write_report(work: Path, manifest: list[dict], meta: dict, doc: Path = DOC, with_plots: bool = True) -> str:
    runs = load_runs(work)
    names = plots(repository_rows(runs), doc.parent / "corpus") if with_plots and runs else []
    text = render(runs, manifest, meta, names)
    doc.write_text(text, encoding="utf-8")
    return text


# -------------------------------------------------------------------------------- main --
def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--manifest", type=Path, default=MANIFEST)
    parser.add_argument("--work", type=Path, default=WORK)
    parser.add_argument("--mirror-root", type=Path, default=Path(os.environ.get("CROSSFILE_MIRROR_ROOT", "/work/.mirror")))
    parser.add_argument("--lang", action="append", choices=LANGS, help="only these languages (default: all)")
    parser.add_argument("--split", action="append", choices=sorted(SPLITS), help="only these splits (default: all)")
    parser.add_argument("--per-lang", type=int, help="only the first N entries of each language")
    parser.add_argument("--repo", action="append", help="only these owner/name entries")
    parser.add_argument("--round-robin", action="store_true",
                        help="one repository of each language in turn (default: language by language)")
    parser.add_argument("--timeout", type=float, default=3600.0, help="seconds per repository and split")
    parser.add_argument("--build-arg", action="append", default=[], help="extra build-dataset argument (repeatable)")
    parser.add_argument("--force", action="store_true", help="rebuild runs that have a record")
    parser.add_argument("--no-merge", action="store_true", help="skip the per-language merge builds")
    parser.add_argument("--report-only", action="store_true")
    parser.add_argument("--doc", type=Path, default=DOC)
    args = parser.parse_args(argv)
    manifest = read_manifest(args.manifest)
    meta_path = args.work / "meta.json"
    if not args.report_only:
        entries = select(manifest, args.lang or list(LANGS), args.per_lang, args.repo, args.round_robin)
        splits = args.split or list(SPLITS)
        done_by: dict[tuple[str, str], list[dict]] = {}
        for entry in entries:
            for split in splits:
                if entry["lang"] not in SPLITS[split]:
                    continue
                path = run_record_path(args.work, split, entry["lang"], entry["repo"])
                done_by.setdefault((entry["lang"], split), []).append(entry)
                if path.is_file() and not args.force:
                    continue
                print(f"{entry['lang']:10} {split:10} {entry['repo']} ...", file=sys.stderr, flush=True)
                try:
                    record = run_one(entry, split, args)
                except Exception as exc:  # noqa: BLE001 - one repository never stops the corpus
                    record = {"repo": entry["repo"], "lang": entry["lang"], "split": split, "commit": entry["commit"],
                              "returncode": None, "timed_out": False, "wall_seconds": 0.0, "cpu_seconds": 0.0,
                              "stderr_tail": repr(exc)[-1500:], "driver_error": f"exception: {type(exc).__name__}",
                              "stats": None}
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
                print(f"  -> {split_yields(record)} {record['wall_seconds']} s wall, {record['cpu_seconds']} s CPU "
                      f"{no_output_reasons(record) or ''}", file=sys.stderr, flush=True)
        if not args.no_merge:
            for (lang, split), mine in sorted(done_by.items()):
                result = merge_language(lang, split, mine, args)
                print(f"merge {lang} {split}: exit {result['returncode']}, {result['wall_seconds']} s", file=sys.stderr)
        meta = {"command": "python bench/bench_corpus.py " + " ".join(argv if argv is not None else sys.argv[1:]),
                "date": dt.datetime.now(dt.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
                "machine": f"{os.cpu_count()} CPUs, shared with other jobs (load {os.getloadavg()[0]:.1f} at the end)"}
        meta_path.parent.mkdir(parents=True, exist_ok=True)
        meta_path.write_text(json.dumps(meta) + "\n", encoding="utf-8")
    meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.is_file() else {}
    write_report(args.work, manifest, meta, args.doc)
    print(f"wrote {args.doc}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
