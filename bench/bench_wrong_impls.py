"""Do the executable split's tests catch the wrong code a model writes? Hand-written wrong
implementations of real problems, run against the problems' own checks.

Why it exists: issue 36. A mutation score says how many *machine-made* single changes the
tests catch; a model fails differently (a copy instead of the object, appending instead of
prepending, the last match instead of the first). ``bench/executable/wrong/<owner>__<name>/``
holds, one file per problem, plausible wrong versions written from the function's code and
docstring before any test was read, each with a witness: statements whose ``result`` differs
between the reference and the wrong version. This script

1. checks each witness: the reference and the wrong version are spliced into fresh sandboxed
   copies of the repository and the witness's ``repr(result)`` must differ (otherwise the entry
   is not a wrong implementation and is reported, never counted);
2. runs each wrong version through the problem's check (``run_problem_tests``, the runner
   evaluation uses): *caught* when it does not pass;
3. prints per repository: wrong versions, those on problems of the split, caught, share; and
   the total (goal >= 0.9).

    python bench/bench_wrong_impls.py --records /tmp/bench-exec/python/executable.jsonl \
        [--repos-dir /work/realrepos] [--only owner/name] [--json out.json]

``--records`` is the split built by ``bench/bench_executable.py`` (or ``bench_heldout.py``)
on the same repositories at the same commits; a problem missing from it is reported as
``not a problem`` (its wrong versions cannot be judged).
"""

from __future__ import annotations

import argparse
import ast
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from crossfile_datasets.core.repository_roots import attach_roots  # noqa: E402
from crossfile_datasets.sandbox import Sandbox, SandboxLimits  # noqa: E402
from crossfile_datasets.sandbox.checks import splice_solution  # noqa: E402
from crossfile_datasets.sandbox.buildfiles import repository_build_files, write_build_files  # noqa: E402
from crossfile_datasets.core.records import Repository  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402
from crossfile_datasets.lang.sources import list_sources  # noqa: E402
from crossfile_datasets.sandbox.problems import _interpreter, run_problem_tests  # noqa: E402

CORPUS = ROOT / "bench" / "executable" / "wrong"
WITNESS_RUNNER = '''
import sys
namespace = {{}}
exec(compile({setup!r}, "<setup>", "exec"), namespace)
try:
    exec(compile({witness!r}, "<witness>", "exec"), namespace)
    shown = repr(namespace.get("result"))
except BaseException as exc:  # a witness may show that one version raises
    shown = "raised " + type(exc).__name__
sys.stdout.write("\\n@@RESULT@@" + shown)
'''


def load_entry(path: Path) -> dict:
    """A corpus file's literals (never imported: it is data)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    out = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            out[node.targets[0].id] = ast.literal_eval(node.value)
    out["path"] = str(path.relative_to(ROOT))
    return out


_BUILD_FILES: dict[str, dict[str, str]] = {}


def build_files_of(root: Path) -> dict[str, str]:
    """The files the build writes into every copy of ``root`` (version files, the project's own
    ``.dist-info``: ``sandbox/buildfiles.py``), as the build computed them; the problems' test
    programs carry them in a prologue, the witness script gets them written into its copy."""
    if str(root) not in _BUILD_FILES:
        language = get_language(Lang.PYTHON)
        files, _ = list_sources(Repository(root.name, root, "", "", ""), language, BuildReport())
        _BUILD_FILES[str(root)] = repository_build_files(
            root, root.name, BuildReport(), [f.text for f in files if not language.is_test_path(f.path)])
    return _BUILD_FILES[str(root)]


def witness_value(record: dict, code: str, setup: str, witness: str) -> str:
    """``repr(result)`` of the witness with ``code`` in place of the problem's function, run in a
    sandboxed copy of the repository."""
    python, _ = _interpreter(None, None, tuple(sorted(record.get("requirements") or [])))
    with Sandbox(Path(record["repository_root"]), python=python, python_path=record.get("python_path") or [""],
                 limits=SandboxLimits(timeout=60)) as box:
        write_build_files(box, build_files_of(Path(record["repository_root"])))
        module = box.root / record["file"]
        text, why = splice_solution(module.read_text(encoding="utf-8"), record["qualname"], record["entry_point"],
                                    record.get("class_name") or None, code)
        if text is None:
            return f"not spliced: {why}"
        module.write_text(text, encoding="utf-8")
        script = box.control / "witness.py"
        script.write_text(WITNESS_RUNNER.format(setup=setup, witness=witness), encoding="utf-8")
        run = box.run([python, str(script)], timeout=60)
    out = run.result.stdout
    return out.rsplit("@@RESULT@@", 1)[1].strip() if "@@RESULT@@" in out else f"no result: {run.result.stderr[-300:]}"


def judge(entries: list[dict], records: dict[tuple[str, str], dict]) -> list[dict]:
    rows = []
    for entry in entries:
        repo = entry["REPOSITORY"]
        file, qual = entry["TARGET"].split("::")
        rec = records.get((repo, f"{file}::{qual}"))
        for i, wrong in enumerate(entry["WRONG"]):
            row = {"repository": repo, "target": entry["TARGET"], "index": i, "why": wrong["why"], "file": entry["path"]}
            if rec is None:
                row["status"] = "not_a_problem"
                rows.append(row)
                continue
            gold = witness_value(rec, rec["solution"], entry["SETUP"], wrong["witness"])
            bad = witness_value(rec, wrong["code"], entry["SETUP"], wrong["witness"])
            row.update(gold_witness=gold, wrong_witness=bad)
            if gold == bad or gold.startswith(("not spliced", "no result")) or bad.startswith("not spliced"):
                row["status"] = "witness_does_not_differ"
                rows.append(row)
                continue
            verdict = run_problem_tests(rec, wrong["code"])
            row["verdict"] = verdict["status"]
            row["status"] = "passed_tests" if verdict["passed"] else "caught"
            rows.append(row)
            print(f"  {row['status']:>24}  {entry['TARGET']} #{i} ({wrong['why']})", flush=True)
    return rows


def summarize(rows: list[dict]) -> dict:
    by_repo: dict[str, dict] = {}
    for r in rows:
        s = by_repo.setdefault(r["repository"], {"wrong": 0, "on_problems": 0, "caught": 0, "bad_witness": 0})
        s["wrong"] += 1
        if r["status"] in ("caught", "passed_tests"):
            s["on_problems"] += 1
            s["caught"] += r["status"] == "caught"
        s["bad_witness"] += r["status"] == "witness_does_not_differ"
    total = {k: sum(s[k] for s in by_repo.values()) for k in ("wrong", "on_problems", "caught", "bad_witness")}
    for s in [*by_repo.values(), total]:
        s["share_caught"] = round(s["caught"] / s["on_problems"], 3) if s["on_problems"] else None
    return {"repositories": by_repo, "total": total}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--records", type=Path, required=True, help="executable.jsonl of the built split")
    ap.add_argument("--only", action="append", default=[], help="owner/name (repeatable)")
    ap.add_argument("--json", type=Path)
    args = ap.parse_args()
    records = {}
    for line in args.records.read_text(encoding="utf-8").splitlines():
        if line.strip():
            rec = json.loads(line)
            url = rec.get("repository_url", "").rstrip("/").removesuffix(".git")
            repo = "/".join(url.split("/")[-2:]) if url else rec["repository"]
            records[(repo, f"{rec['file']}::{rec['qualname']}")] = rec
            records.setdefault((repo, f"{rec['file']}::{rec['entry_point']}"), rec)
    attach_roots(records.values(), args.records, name_key="project")  # the builder's local index of folders
    entries = [load_entry(p) for p in sorted(CORPUS.glob("*/*.py"))]
    if args.only:
        entries = [e for e in entries if e["REPOSITORY"] in args.only]
    wanted = {e["REPOSITORY"] for e in entries}
    entries = [e for e in entries if any(r == e["REPOSITORY"] for r, _ in records)] or entries
    rows = judge(entries, records)
    summary = summarize(rows)
    print("\n| repository | wrong versions | on problems | caught | share caught | bad witnesses |")
    print("|---|---|---|---|---|---|")
    for repo, s in sorted(summary["repositories"].items()):
        print(f"| {repo} | {s['wrong']} | {s['on_problems']} | {s['caught']} | {s['share_caught']} | {s['bad_witness']} |")
    t = summary["total"]
    print(f"| **all** | {t['wrong']} | {t['on_problems']} | {t['caught']} | {t['share_caught']} | {t['bad_witness']} |")
    missing = sorted(wanted - {e["REPOSITORY"] for e in entries})
    if missing:
        print("repositories of the corpus not in the records:", ", ".join(missing))
    for r in rows:
        if r["status"] not in ("caught",):
            print(f"- {r['status']}: {r['repository']} `{r['target']}` #{r['index']} ({r['why']})")
    if args.json:
        args.json.write_text(json.dumps({"summary": summary, "rows": rows}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
