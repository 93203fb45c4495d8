"""Class-level tasks against wrong classes, measured with the evaluation (issue 34's acceptance).

Why it exists: the builder's wrong-class gate decides which tasks are kept; this bench measures,
independently and through ``evaluate-predictions class`` (the evaluation a user runs), what the
kept tasks do with five kinds of generations: the gold class, the empty class, the throwing stub
(every method raising; the language's ``throwing_stub``) and fresh one-method mutants made with a
seed the build did not use (``method_mutants``, seed 1, over the methods the record says are
covered). Per repository it prints tasks, gold pass@1, empty pass@1, the stub's pass@1 and test
pass rate, and the share of mutants caught and of tasks that catch every one of their mutants,
as the table of ``docs/classlevel.md``.

    python bench/bench_classlevel.py OUTPUT/python/class.jsonl [--mutants 3] [--work DIR] [--json out.json]
        [--hand-mutants bench/classlevel/heldout_X.jsonl]

``--hand-mutants`` adds the one-method mutants written by hand in a held-out manifest (each entry's
``hand_mutants``: class, old, new, and optionally file): each goes to the task of that class (and
file) whose ``class_source`` holds ``old`` exactly once; one that no task holds is counted as not
applied (its class may have given no task).

Generations are written under ``--work`` and evaluated with ``evaluation.classlevel.evaluate_class``
(the sandbox, as ``evaluate-predictions class``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.core.records import Repository  # noqa: E402
from crossfile_datasets.core.repository_roots import attach_roots  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.evaluation.classlevel import evaluate_class
from crossfile_datasets.harness.class_runs import empty_class  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402
from crossfile_datasets.lang.classes import extractor_for  # noqa: E402
from crossfile_datasets.lang.sources import list_sources  # noqa: E402


def class_info(task: dict):
    lang = Lang(task["language"])
    language = get_language(lang)
    root = Path(task["repository_root"])
    files, _ = list_sources(Repository(task["repository"], root, "", "", ""), language, BuildReport())
    facts = language.analyze_files(str(root), [f for f in files if f.path == task["file"]])
    return next(c for c in extractor_for(lang)(facts[task["file"]]) if c.name == task["class_name"])


def generations(tasks: list[dict], mutants: int) -> dict[str, list[dict]]:
    """kind -> prediction rows (one generation each; the mutants: one row per task, several generations)."""
    out: dict[str, list[dict]] = {"gold": [], "empty": [], "stub": [], "mutants": []}
    for t in tasks:
        info = class_info(t)
        language = get_language(Lang(t["language"]))
        out["gold"].append({"task_id": t["id"], "generations": [t["class_source"]]})
        out["empty"].append({"task_id": t["id"], "generations": [empty_class(t)]})
        out["stub"].append({"task_id": t["id"], "generations": [language.throwing_stub(info)]})
        covered = [m["name"] for m in t["methods"] if m["covered"]] or [m["name"] for m in t["methods"]]
        wrong = language.method_mutants(info, covered, limit=mutants, seed=1)
        if wrong:
            out["mutants"].append({"task_id": t["id"], "generations": [w.source for w in wrong]})
    return out


def hand_mutant_task(tasks: list[dict], repository: str, mutant: dict) -> dict | None:
    """The task a hand mutant applies to: of the repository's tasks of its class (and of its
    ``file``, when the entry names one), the one whose class source holds ``old`` exactly once.
    Not the first task of that name: the parts of a C# partial class were tasks of one name
    (held-out 21's Faithlife.Parsing, six ``Parser`` tasks), and another build may name classes
    alike in other files or namespaces."""
    for t in tasks:
        if (t["repository"].split("/")[-1] == repository and t["class_name"] == mutant["class"]
                and t["file"] == mutant.get("file", t["file"]) and t["class_source"].count(mutant["old"]) == 1):
            return t
    return None


def hand_mutants(tasks: list[dict], manifest: Path) -> tuple[list[dict], dict[str, int]]:
    """Prediction rows of the hand-written mutants, and counts: applied / not_applied (per repository)."""
    rows: dict[str, list[str]] = {}
    counts: dict[str, int] = {}
    for line in manifest.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        entry = json.loads(line)
        name = entry["repo"].split("/")[-1]
        for m in entry.get("hand_mutants", []):
            task = hand_mutant_task(tasks, name, m)
            applied = task is not None
            key = f"{name}:{'applied' if applied else 'not_applied'}"
            counts[key] = counts.get(key, 0) + 1
            if applied:
                rows.setdefault(task["id"], []).append(task["class_source"].replace(m["old"], m["new"]))
    return [{"task_id": k, "generations": v} for k, v in rows.items()], counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("split", type=Path)
    parser.add_argument("--mutants", type=int, default=3)
    parser.add_argument("--work", type=Path, default=Path("/tmp/bench-classlevel"))
    parser.add_argument("--json", type=Path)
    parser.add_argument("--hand-mutants", type=Path, help="a held-out manifest with hand_mutants entries")
    args = parser.parse_args()
    tasks = [json.loads(line) for line in args.split.read_text(encoding="utf-8").splitlines() if line.strip()]
    attach_roots(tasks, args.split)  # the builder's local index of repository folders
    args.work.mkdir(parents=True, exist_ok=True)
    rows = generations(tasks, args.mutants)
    hand_counts: dict[str, int] = {}
    if args.hand_mutants:
        rows["hand"], hand_counts = hand_mutants(tasks, args.hand_mutants)
        print(f"hand mutants: {hand_counts}", file=sys.stderr)
    results: dict[str, dict] = {}
    for kind, preds in rows.items():
        if not preds:
            continue
        path = args.work / f"{kind}.jsonl"
        path.write_text("".join(json.dumps(p) + "\n" for p in preds), encoding="utf-8")
        t0 = time.monotonic()
        results[kind] = evaluate_class(args.split, path, ks=(1,), results_path=args.work / f"{kind}.generations.jsonl")
        print(f"{kind}: {len(preds)} tasks evaluated in {time.monotonic() - t0:.0f} s", file=sys.stderr)
    by_repo: dict[str, dict] = {}
    for t in tasks:
        by_repo.setdefault(t["repository"], {"tasks": 0})["tasks"] += 1
    for kind, res in results.items():
        for g in res["generations"]:
            repo = g["task_id"].split("/")[0]
            row = by_repo[repo].setdefault(kind, {"generations": 0, "passed": 0, "tests_passed": 0, "tests": 0,
                                                  "tasks": {}})
            row["generations"] += 1
            row["passed"] += g["passed"]
            row["tests_passed"] += g["tests_passed"]
            row["tests"] += g["tests_total"]
            row["tasks"].setdefault(g["task_id"], []).append(g["passed"])
    table = []
    for repo, row in sorted(by_repo.items()):
        def rate(kind: str) -> float | None:
            r = row.get(kind)
            return round(r["passed"] / r["generations"], 3) if r else None

        def tpr(kind: str) -> float | None:
            r = row.get(kind)
            if not r:
                return None
            return round(r["tests_passed"] / r["tests"], 3) if r["tests"] else 0.0

        mut = row.get("mutants", {"tasks": {}, "generations": 0, "passed": 0})
        caught = mut["generations"] - mut["passed"]
        all_caught = sum(1 for v in mut["tasks"].values() if not any(v))
        hand = row.get("hand", {"generations": 0, "passed": 0, "tasks": {}})
        table.append({"repository": repo, "tasks": row["tasks"], "gold_pass@1": rate("gold"),
                      "empty_pass@1": rate("empty"), "stub_pass@1": rate("stub"), "stub_test_pass_rate": tpr("stub"),
                      "mutants": mut["generations"], "mutants_caught": caught,
                      "tasks_catching_every_mutant": all_caught, "tasks_with_mutants": len(mut["tasks"]),
                      "hand_mutants": hand["generations"], "hand_mutants_caught": hand["generations"] - hand["passed"],
                      "hand_mutants_survived": {k: v for k, v in hand["tasks"].items() if any(v)}})
    for r in table:
        print(json.dumps(r))
    if args.json:
        args.json.write_text(json.dumps({"repositories": table, "hand_mutants_applied": hand_counts, "results": {k: v["results"] for k, v in results.items()}},
                                        indent=1), encoding="utf-8")


if __name__ == "__main__":
    main()
