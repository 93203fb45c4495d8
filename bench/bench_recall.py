"""Recall and precision of cross-file usage detection on hand-labeled real repositories.

Why it exists: the bundled samples were written by us, so detection that looks complete on them
says little. This script measures it where it matters: on public repositories nobody here
wrote (``bench/recall/manifest.jsonl``, fixed commits), against labels made by reading the code
(``bench/recall/labels/<lang>.jsonl``; the format is in ``bench/recall/README.md``), never from
the tool's output. It is a benchmark, not a test: it prints figures.

For each repository it checks out the commit (from a local mirror folder or the URL) under
``bench/.work/``, runs ``build-dataset --lang <lang> --repos <manifest> --workers 1 --no-cache
--retrievers ''`` (one build per repository, so the wall time per repository is measured),
reads ``usages.jsonl`` and scores on the labeled files only:

- **first-use recall**: per labeled file and distinct (name, definition file), the first labeled
  occurrence of kind ``use`` must be detected at the same line with the same name (the usage's
  ``member`` if it has one, else its ``imported_name``); ``type_only`` references are scored
  apart;
- **all-use recall**: every labeled occurrence;
- **precision**: the tool's usages on labeled files that match a label (same file, line, name);
- **definition accuracy**: matched usages whose ``definition_file`` equals the label's.

Labels whose definition lies in a file the build leaves out as generated (``Resources.Designer.cs``)
are out of scope (:func:`generated_definitions`): reported as ``generated_definition_labels``,
not scored.

The manifest's entries are split (``"split"``: ``tuning``, the default, or one held-out batch,
``heldout``, ``heldout2``, ...: a batch is measured as held-out once, then becomes tuning;
``bench/recall/README.md`` has the protocol): figures are printed per split and language, never
summed across splits.

    python bench/bench_recall.py                      # every language in the manifest
    python bench/bench_recall.py --lang java --details
    python bench/bench_recall.py --split tuning       # only what may be tuned on
    python bench/bench_recall.py --mirror-root /work/.mirror --json out.json
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RECALL = ROOT / "bench" / "recall"
WORK = ROOT / "bench" / ".work"


@dataclass
class Score:
    """Counts for one repository (or a sum of repositories)."""

    first_total: int = 0
    first_found: int = 0
    all_total: int = 0
    all_found: int = 0
    type_total: int = 0
    type_found: int = 0
    tool_total: int = 0  # tool usages on labeled files
    tool_correct: int = 0
    def_checked: int = 0
    def_correct: int = 0
    generated: int = 0  # labels whose definition lies in a generated file: out of scope, not scored
    seconds: float = 0.0
    missed: list = field(default_factory=list)
    spurious: list = field(default_factory=list)
    wrong_definitions: list = field(default_factory=list)

    def add(self, other: "Score") -> None:
        for name in ("first_total", "first_found", "all_total", "all_found", "type_total", "type_found",
                     "tool_total", "tool_correct", "def_checked", "def_correct", "generated", "seconds"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.missed += other.missed
        self.spurious += other.spurious
        self.wrong_definitions += other.wrong_definitions

    @staticmethod
    def ratio(a: int, b: int) -> str:
        return f"{a / b:.3f}" if b else "n/a"

    def row(self) -> dict:
        return {
            "first_use_recall": self.ratio(self.first_found, self.first_total),
            "first_uses": f"{self.first_found}/{self.first_total}",
            "all_use_recall": self.ratio(self.all_found, self.all_total),
            "type_only_recall": self.ratio(self.type_found, self.type_total),
            "precision": self.ratio(self.tool_correct, self.tool_total),
            "tool_usages": self.tool_total,
            "definition_accuracy": self.ratio(self.def_correct, self.def_checked),
            "generated_definition_labels": self.generated,
            "seconds": round(self.seconds, 1),
        }


def split_name(value: str) -> str:
    """A part of the labeled set: ``tuning`` or a held-out batch (``heldout``, ``heldout2``, ...)."""
    if value != "tuning" and not value.startswith("heldout"):
        raise argparse.ArgumentTypeError(f"{value!r}: a split is 'tuning' or a held-out batch 'heldout...'")
    return value


def split_of(entry: dict) -> str:
    """An entry's part of the labeled set: ``tuning`` unless it says otherwise."""
    return entry.get("split") or "tuning"


def read_jsonl(path: Path) -> list[dict]:
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def usage_name(usage: dict) -> str:
    return usage.get("member") or usage["imported_name"]


def score_repository(labels: list[dict], usages: list[dict], labeled_files: list[str],
                     generated: frozenset[str] = frozenset()) -> Score:
    """Pure scoring of one repository's usages against its labels (see the module docstring).

    Labels (and usages) whose definition file is in ``generated`` are out of scope: counted in
    ``Score.generated``, not scored (see :func:`generated_definitions`)."""
    score = Score()
    files = set(labeled_files)
    labels = [lab for lab in labels if lab["file"] in files]
    score.generated = sum(lab.get("definition_file") in generated for lab in labels)
    labels = [lab for lab in labels if lab.get("definition_file") not in generated]
    tool = [u for u in usages if u["file"] in files and u.get("definition_file") not in generated]
    detected = {(u["file"], u["line"], usage_name(u)) for u in tool}
    by_key: dict[tuple, list[dict]] = {}
    for lab in labels:
        by_key.setdefault((lab["file"], lab["line"], lab["name"]), []).append(lab)

    firsts: dict[tuple, dict] = {}
    for lab in sorted(labels, key=lambda x: (x["file"], x["line"], x.get("column", 0))):
        key = (lab["file"], lab["name"], lab.get("definition_file"))
        if lab.get("kind", "use") == "use":
            firsts.setdefault(key, lab)
    for lab in labels:
        hit = (lab["file"], lab["line"], lab["name"]) in detected
        if lab.get("kind", "use") == "type_only":
            score.type_total += 1
            score.type_found += hit
        else:
            score.all_total += 1
            score.all_found += hit
    for lab in firsts.values():
        score.first_total += 1
        if (lab["file"], lab["line"], lab["name"]) in detected:
            score.first_found += 1
        else:
            score.missed.append(f"{lab['file']}:{lab['line']}:{lab.get('column', '?')} {lab['name']}")
    for u in tool:
        score.tool_total += 1
        same_line = by_key.get((u["file"], u["line"], usage_name(u)))
        # two uses of one name on a line (`ky.stop = stop`): the column tells them apart
        lab = next((x for x in same_line if x.get("column") == u.get("column")), same_line[0]) if same_line else None
        if lab is None:
            score.spurious.append(f"{u['file']}:{u['line']}:{u['column']} {usage_name(u)} ({u.get('code')})")
            continue
        score.tool_correct += 1
        if lab.get("definition_file"):
            score.def_checked += 1
            score.def_correct += u.get("definition_file") == lab["definition_file"]
            if u.get("definition_file") != lab["definition_file"]:
                score.wrong_definitions.append(f"{u['file']}:{u['line']}:{u['column']} {usage_name(u)}: "
                                               f"{u.get('definition_file')} (label {lab['definition_file']})")
    return score


def generated_definitions(checkout_path: Path, labels: list[dict]) -> frozenset[str]:
    """The labels' definition files that the build leaves out of the sources as generated
    (``core.text.classify_file``: ``*.Designer.cs``, an ``<auto-generated>`` mark, a generator's
    input beside it). Their classes are no definitions of the dataset (neither defining files nor
    retrieval context), so a use of them is no cross-file use of it: such labels stay in the
    label files (they are true of the code) but are reported apart, never scored."""
    from crossfile_datasets.core.text import classify_file

    out = set()
    for rel in {lab["definition_file"] for lab in labels if lab.get("definition_file")}:
        path = checkout_path / rel
        if path.is_file():
            siblings = frozenset(p.name for p in path.parent.iterdir())
            if classify_file(rel, path.read_bytes(), siblings) in ("generated", "generated_from_template"):
                out.add(rel)
    return frozenset(out)


def checkout(entry: dict, mirror_root: Path) -> Path:
    """A work tree of the entry's repository at its commit under bench/.work/ (never committed)."""
    owner, name = entry["repo"].split("/")
    dest = WORK / f"{owner}__{name}"
    if not (dest / ".git").exists():
        candidates = sorted(mirror_root.glob(f"{owner}+{name}*")) if mirror_root.exists() else []
        source = None
        for c in candidates:  # the fetch tool leaves a git directory somewhere under owner+name
            for g in [c, *c.rglob("*.git"), *[p.parent for p in c.rglob("HEAD")]]:
                if (g / "HEAD").exists() and (g / "objects").exists():
                    source = g
                    break
            if source:
                break
        source_arg = str(source) if source else entry["url"]
        dest.parent.mkdir(parents=True, exist_ok=True)
        subprocess.run(["git", "clone", "-q", "--no-checkout", source_arg, str(dest)], check=True)
    if subprocess.run(["git", "-C", str(dest), "checkout", "-q", "--force", entry["commit"]]).returncode != 0:
        # mirrors may omit their largest files (e.g. a bundled NuGet.exe): leave those out of the work tree
        listing = subprocess.run(["git", "-C", str(dest), "ls-tree", "-r", entry["commit"]], capture_output=True,
                                 text=True, check=True).stdout.splitlines()
        missing = [line.split("\t", 1)[1] for line in listing if " blob " in line and subprocess.run(
            ["git", "-C", str(dest), "cat-file", "-e", line.split()[2]], capture_output=True).returncode != 0]
        print(f"  {entry['repo']}: {len(missing)} file(s) absent from the mirror, left out: {missing[:5]}", file=sys.stderr)
        subprocess.run(["git", "-C", str(dest), "sparse-checkout", "set", "--no-cone", "/*",
                        *[f"!/{p}" for p in missing]], check=True)
        subprocess.run(["git", "-C", str(dest), "checkout", "-q", "--force", entry["commit"]], check=True)
    return dest


def build_dataset_command() -> str:
    """The ``build-dataset`` installed beside this interpreter (a worktree's ``.venv``), so the
    build measures the code the bench runs with, not whatever comes first on ``PATH``."""
    beside = Path(sys.executable).parent / "build-dataset"
    return str(beside) if beside.is_file() else "build-dataset"


def split_examples(stats_path: Path) -> dict[str, int]:
    """Examples per completion split of one build (``stats.json``): every split must be
    non-empty on a real repository (issue 28), so the bench shows them beside the recall."""
    if not stats_path.is_file():
        return {}
    splits = json.loads(stats_path.read_text(encoding="utf-8")).get("splits") or {}
    return {name: int(part.get("examples", 0)) for name, part in sorted(splits.items())}


def build(entry: dict, path: Path, lang: str, out: Path, observe_types: bool = False) -> float:
    # the manifest sits beside the checkout: manifest paths may not leave the manifest's folder
    manifest = path.parent / f"{path.name}.manifest.jsonl"
    out.mkdir(parents=True, exist_ok=True)
    row = {"path": path.name, "url": entry["url"], "commit": entry["commit"], "license": entry.get("license"),
           "name": entry["repo"].replace("/", "__")}
    manifest.write_text(json.dumps(row) + "\n", encoding="utf-8")
    t0 = time.monotonic()
    proc = subprocess.run([build_dataset_command(), "--lang", lang, "--repos", str(manifest), "--output", str(out / "output"),
                           "--workers", "1", "--no-cache", "--retrievers", "",
                           *(["--observe-types", "--allow-execution"] if observe_types and lang == "python" else [])],
                          capture_output=True, text=True)
    seconds = time.monotonic() - t0
    if proc.returncode != 0:
        print(f"  build failed ({proc.returncode}): {proc.stderr.strip()[-800:]}", file=sys.stderr)
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", action="append", help="language(s) to measure (default: all in the manifest)")
    parser.add_argument("--repo", action="append", help="only these owner/name entries")
    parser.add_argument("--split", action="append", type=split_name,
                        help="only the entries of this part of the labeled set: tuning or a held-out batch "
                             "(heldout, heldout2, ...; default: all, reported apart)")
    parser.add_argument("--mirror-root", type=Path, default=Path(os.environ.get("CROSSFILE_MIRROR_ROOT", "/work/.mirror")))
    parser.add_argument("--details", action="store_true", help="list missed first uses, spurious usages and wrong definition files")
    parser.add_argument("--json", type=Path, help="also write the figures as JSON")
    parser.add_argument("--observe-types", action="store_true",
                        help="Python: build with --observe-types (runs each repository's tests in the sandbox)")
    args = parser.parse_args()

    entries = read_jsonl(RECALL / "manifest.jsonl")
    if args.lang:
        entries = [e for e in entries if e["lang"] in args.lang]
    if args.repo:
        entries = [e for e in entries if e["repo"] in args.repo]
    if args.split:
        entries = [e for e in entries if split_of(e) in args.split]
    if not entries:
        print("no manifest entries selected", file=sys.stderr)
        return 2
    per_lang: dict[tuple[str, str], Score] = defaultdict(Score)  # (split, language)
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-recall-") as tmp:
        for entry in entries:
            lang = entry["lang"]
            labels = [lab for lab in read_jsonl(RECALL / "labels" / f"{lang}.jsonl") if lab["repo"] == entry["repo"]]
            path = checkout(entry, args.mirror_root)
            out = Path(tmp) / entry["repo"].replace("/", "__")
            seconds = build(entry, path, lang, out, args.observe_types)
            usages = read_jsonl(out / "output" / lang / "usages.jsonl")
            score = score_repository(labels, usages, entry["labeled_files"], generated_definitions(path, labels))
            score.seconds = seconds
            split = split_of(entry)
            per_lang[(split, lang)].add(score)
            examples = split_examples(out / "output" / lang / "stats.json")
            rows.append({"split": split, "lang": lang, "repo": entry["repo"], "labels": len(labels), "usages": len(usages),
                         **score.row(), "split_examples": examples})
            print(f"{split:8} {lang:10} {entry['repo']:40} " + "  ".join(f"{k}={v}" for k, v in score.row().items())
                  + "  splits=" + ",".join(f"{k}:{v}" for k, v in examples.items()), flush=True)
            if args.details:
                for m in score.missed:
                    print(f"    missed   {m}")
                for s in score.spurious:
                    print(f"    spurious {s}")
                for w in score.wrong_definitions:
                    print(f"    wrong definition {w}")
    print()
    header = ["split", "language", "first-use recall", "first uses", "all-use recall", "type-only recall", "precision",
              "definition accuracy", "seconds (sum)"]
    print("| " + " | ".join(header) + " |")
    print("|" + "---|" * len(header))
    totals = {}
    for (split, lang), s in sorted(per_lang.items()):
        r = s.row()
        totals[f"{split}/{lang}"] = r
        print(f"| {split} | {lang} | {r['first_use_recall']} | {r['first_uses']} | {r['all_use_recall']} | "
              f"{r['type_only_recall']} | {r['precision']} | {r['definition_accuracy']} | {r['seconds']} |")
    if args.json:
        args.json.write_text(json.dumps({"repositories": rows, "languages": totals}, indent=2), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
