"""The RepoBench-style splits (builders/completion/splits.py) on real builds of bundled samples.

One Python sample (Pylint) and one Java sample (javac) are built for real; the checks read the
written outputs: cross_file_random completes a later, non-first use of the same entity and is
the same under the same seed; in_file references hold no cross-file use, name something their
own file defines and pass the filters again; every split has the same Features; predictions for
a new split are scored by ``evaluate-predictions completion``.
"""

from __future__ import annotations

import json
import random
import re
import shutil
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.builders.completion.examples import CompletionExample
from crossfile_datasets.builders.completion.filters import FilterContext, apply_filters
from crossfile_datasets.builders.completion.pipeline import build_language
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.splits import (
    StubEvidence,
    files_not_checked_whole,
    in_file_anchors,
    in_file_quota,
    random_later_uses,
    top_level_names,
    unproven_reason,
)
from crossfile_datasets.builders.repos import RepoSpec, resolve_all
from crossfile_datasets.core.constants import EXTRA_COMPLETION_SPLITS, VARIANT_FILES
from crossfile_datasets.core.jsonl import read_jsonl
from crossfile_datasets.core.records import CrossFileUsage
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.tokenizer import load_tokenizer
from crossfile_datasets.evaluation.completion import evaluate_completion
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.sources import list_sources
from tests.conftest import ROOT, require_tool

SAMPLES = {Lang.PYTHON: ("pylint", "textkit"), Lang.JAVA: ("javac", "tinyledger")}


def _build(tmp: Path, lang: Lang, seed: int = 42, cache: Path | None = None) -> tuple[Path, dict]:
    tool, name = SAMPLES[lang]
    require_tool(tool)
    repo = tmp / "repos" / name
    if not repo.exists():
        shutil.copytree(ROOT / "examples" / lang.value / name, repo)
    out = tmp / f"out-{seed}-{'cache' if cache else 'fresh'}"
    stats = build_language(lang, resolve_all([RepoSpec(path=str(repo))]),
                           BuildSettings(output=out, seed=seed, retrievers=("bm25", "graph"), use_cache=cache is not None,
                                         cache_dir=cache))
    return out / lang.value, stats


@pytest.fixture(scope="module", params=[Lang.PYTHON, Lang.JAVA], ids=lambda lang: lang.value)
def built(request, tmp_path_factory):
    tmp = tmp_path_factory.mktemp(request.param.value)
    folder, stats = _build(tmp, request.param, cache=tmp / "cache")
    return request.param, tmp, folder, stats


def _usages(folder: Path) -> list[CrossFileUsage]:
    keys = CrossFileUsage.__dataclass_fields__
    return [CrossFileUsage(**{k: v for k, v in row.items() if k in keys}) for row in read_jsonl(folder / "usages.jsonl")]


@pytest.mark.slow
def test_every_split_is_built_counted_and_numbered(built):
    lang, _, folder, stats = built
    splits = stats["splits"]
    assert set(splits) == {"cross_file_first", *EXTRA_COMPLETION_SPLITS}
    assert splits["cross_file_first"]["examples"] == stats["examples"] > 0
    for split in EXTRA_COMPLETION_SPLITS:
        rows = read_jsonl(folder / split / "line_completion.jsonl")
        assert len(rows) == splits[split]["examples"] > 0, split
        assert [r["metadata"]["task_id"] for r in rows] == [f"{rows[0]['metadata']['repository']}/{lang.value}/{split}/{i}"
                                                           for i in range(len(rows))]
        for method in ("bm25", "graph"):  # every retrieval variant, the same examples in the same order
            variant = read_jsonl(folder / split / VARIANT_FILES[method])
            assert [r["metadata"]["task_id"] for r in variant] == [r["metadata"]["task_id"] for r in rows]
            assert [{**r, "crossfile_context": None} for r in variant] == [{**r, "crossfile_context": None} for r in rows]
    assert any(v["crossfile_context"]["list"] for v in read_jsonl(folder / "cross_file_random" / VARIANT_FILES["graph"]))
    # the reasons of each split are counted apart (the stage names of core/reasons.py)
    assert splits["cross_file_random"]["dropped_examples"].get("no_later_use", 0) > 0
    assert sum(splits["in_file"]["dropped_examples"].values()) > 0
    card = (folder / "README.md").read_text()
    assert "# Splits (RepoBench)" in card and f"| `in_file` | {splits['in_file']['examples']} |" in card


def test_random_use_is_a_later_use_of_the_same_entity(built):
    _, _, folder, _ = built
    usages = _usages(folder)
    firsts = {}
    for u in usages:
        key = u.first_use_key
        firsts[key] = min(firsts.get(key, (u.line, u.column)), (u.line, u.column))
    rows = read_jsonl(folder / "cross_file_random" / "line_completion.jsonl")
    for r in rows:
        later = [u for u in r["crossfile_usages"]
                 if (u["line"], u["column"]) > firsts[(r["metadata"]["file"], u["imported_name"], u["member"],
                                                       u["definition_file"])]]
        assert later, r["metadata"]["task_id"]  # the reference holds a non-first use
    pairs = random_later_uses(usages, 42, "any")
    assert pairs and any(later is not None for _, later in pairs)
    for first, later in pairs:
        if later is not None:
            assert later.first_use_key == first.first_use_key and (later.line, later.column) > (first.line, first.column)
    # the draw depends on the seed and the usages only, not on their order
    shuffled = list(usages)
    random.Random(7).shuffle(shuffled)
    assert random_later_uses(shuffled, 42, "any") == pairs


@pytest.mark.slow
def test_same_seed_same_splits(built):
    lang, tmp, folder, _ = built
    again, _ = _build(tmp, lang, cache=None)  # fresh checker runs this time
    for split in EXTRA_COMPLETION_SPLITS:
        assert (again / split / "line_completion.jsonl").read_bytes() == (folder / split / "line_completion.jsonl").read_bytes()
    other, _ = _build(tmp, lang, seed=7, cache=tmp / "cache")
    # another seed redraws (cursor and later use), never the first split's entities
    assert (other / "cross_file_random" / "line_completion.jsonl").read_bytes() != \
        (folder / "cross_file_random" / "line_completion.jsonl").read_bytes()


def test_in_file_lines_hold_no_crossfile_use_and_pass_the_filters(built):
    lang, tmp, folder, _ = built
    language = get_language(lang)
    repo = resolve_all([RepoSpec(path=str(tmp / "repos" / SAMPLES[lang][1]))])[0]
    files, _ = list_sources(repo, language, BuildReport())
    facts = language.analyze_files(str(repo.root), files)
    usage_lines: dict[str, set[int]] = {}
    for u in _usages(folder):
        usage_lines.setdefault(u.file, set()).add(u.line)
    tokenizer = load_tokenizer(None)
    ctx = FilterContext(language, facts, tokenizer.count)
    rows = read_jsonl(folder / "in_file" / "line_completion.jsonl")
    per_file: dict[str, int] = {}
    for r in rows:
        path = r["metadata"]["file"]
        per_file[path] = per_file.get(path, 0) + 1
        assert r["crossfile_usages"] == []
        first = r["metadata"]["groundtruth_start_lineno"] + 1
        last = first + r["groundtruth"].rstrip("\n").count("\n")
        assert path in usage_lines  # the file was checked with its imports stubbed
        assert not set(range(first, last + 1)) & usage_lines[path], r["metadata"]["task_id"]
        names = {d.name for d in facts[path].definitions}
        assert names & set(re.findall(r"\w+", r["groundtruth"])), r["groundtruth"]
        text = facts[path].file.text
        assert text == r["prompt"] + r["groundtruth"] + r["right_context"]
        example = CompletionExample(prompt=r["prompt"], groundtruth=r["groundtruth"], right_context=r["right_context"],
                                    file=path, repository="", language=lang.value, repository_url="", commit="",
                                    license="", groundtruth_start_lineno=first - 1, right_context_start_lineno=0,
                                    usage=None, cursor=len(r["prompt"]), end=len(r["prompt"]) + len(r["groundtruth"]))
        assert apply_filters(example, ctx) == (True, ""), r["metadata"]["task_id"]
        assert example.num_prompt_tokens == r["num_prompt_tokens"]
    first_split = read_jsonl(folder / "line_completion.jsonl")
    for path, n in per_file.items():  # bounded: as many as the file's cross-file examples, at least one
        assert n <= in_file_quota(sum(r["metadata"]["file"] == path for r in first_split))


@pytest.mark.slow
def test_features_equal_across_splits_and_variants(built):
    _, _, folder, _ = built
    saved = datasets.load_from_disk(str(folder / "dataset"))
    assert set(saved) == {"cross_file_first", *EXTRA_COMPLETION_SPLITS}
    assert len({repr(part.features) for part in saved.values()}) == 1
    assert len(saved["cross_file_first"]) == len(read_jsonl(folder / "line_completion.jsonl"))
    loaded = datasets.load_dataset(str(folder), f"{folder.name}_graph", cache_dir=str(folder.parent / "hf-cache"))
    assert {name: len(part) for name, part in loaded.items()} == {
        "cross_file_first": len(saved["cross_file_first"]),
        **{split: len(saved[split]) for split in EXTRA_COMPLETION_SPLITS}}
    assert all(part.features == saved["cross_file_first"].features for part in loaded.values())


def test_evaluation_scores_predictions_of_a_new_split(built, tmp_path):
    _, _, folder, _ = built
    for split in EXTRA_COMPLETION_SPLITS:
        path = folder / split / "line_completion.jsonl"
        rows = read_jsonl(path)
        preds = tmp_path / f"{split}.jsonl"
        preds.write_text("".join(json.dumps({"task_id": r["metadata"]["task_id"], "pred": r["groundtruth"]}) + "\n"
                                 for r in rows))
        _, scores = evaluate_completion(path, preds, resamples=0)
        assert len(scores) == len(rows) and all(s.em == 100.0 for s in scores), split


def test_stub_evidence_reads_the_counted_diagnostics_and_refuses_an_incomplete_list():
    report = BuildReport()
    report.count("usages", "unattributed_E1101", "pkg/a.py:7", "Module 'x' has no 'y' member")
    report.count("usages", "other_error", "src/B.java:3:14", "cannot find symbol")
    report.count("usages", "ambiguous_class", "src/C.java", "Cls")
    report.count("usages", "found_by_definition", "x.ts:1", "ignored: a use that was found")
    report.count("usages", "reference_not_located", "src/D.java:1234", "Name")  # a char offset, not a line
    evidence = StubEvidence.collect([], report, ["pkg/a.py", "src/B.java", "src/C.java", "src/D.java", "x.ts"])
    assert evidence.complete
    assert evidence.diagnostic_lines == {"pkg/a.py": {7}, "src/B.java": {3}}
    assert evidence.whole_files == {"src/C.java", "src/D.java"}
    assert not StubEvidence.collect([], report, ["pkg/a.py"]).complete  # places in files it does not know
    report.count("usages", "unattributed_TS2339", None, "a place counted without its file")
    assert not StubEvidence.collect([], report, ["pkg/a.py", "src/B.java", "src/C.java", "src/D.java", "x.ts"]).complete


def test_stub_evidence_knows_every_line_not_only_the_samples(tmp_path):
    """Real repositories count hundreds of unattributed stub diagnostics: the report keeps a
    sample of 20 per reason, but the evidence reads every place (also through the checker
    cache), so lines stay provable (issue 28: the in_file split was empty on every real one)."""
    from crossfile_datasets.builders.cache import UsageCache
    from crossfile_datasets.core.report import MAX_SAMPLES_PER_REASON

    report = BuildReport()
    for i in range(MAX_SAMPLES_PER_REASON + 5):
        report.count("usages", "unattributed_E0602", f"pkg/a.py:{i + 1}", "undefined")
    evidence = StubEvidence.collect([], report, ["pkg/a.py"])
    assert evidence.complete and evidence.diagnostic_lines == {"pkg/a.py": set(range(1, MAX_SAMPLES_PER_REASON + 6))}
    assert "places" not in report.to_dict()  # a summary (stats.json) does not list them
    cache = UsageCache(tmp_path)
    assert cache.store("python", "k" * 64, [], report)
    replay = BuildReport()
    replay.merge(cache.load("python", "k" * 64)[1])
    assert StubEvidence.collect([], replay, ["pkg/a.py"]).diagnostic_lines == evidence.diagnostic_lines


@pytest.mark.slow
def test_retrieval_report_scores_one_split(built):
    from crossfile_datasets.builders.completion.retrieval_report import retrieval_report

    lang, _, folder, stats = built
    report = retrieval_report(folder.parent, [lang.value], split="cross_file_random")
    scored = report["results"][lang.value]
    assert set(scored) == {"rg1_bm25", "graph"} and report["split"] == "cross_file_random"
    assert all(r["examples"] == r["with_gold"] == stats["splits"]["cross_file_random"]["examples"] for r in scored.values())
    assert (folder.parent / "retrieval_report_cross_file_random.json").is_file()
    first = retrieval_report(folder.parent, [lang.value])
    assert all(r["examples"] == stats["examples"] for r in first["results"][lang.value].values())


def test_in_file_anchors_and_the_name_checks_on_parsed_java(tmp_path):
    """tree-sitter only: anchors are uses of the file's own names (a call's name is a use, a
    declaration's is not); a same-package type of another file needs no import and is refused."""
    src = tmp_path / "shop" / "src" / "com" / "acme"
    src.mkdir(parents=True)
    (src / "Genre.java").write_text("package com.acme;\n\npublic enum Genre { FICTION, HISTORY }\n")
    book = ("package com.acme;\n\npublic class Book {\n    private int copies;\n\n"
            "    int scale(int factor) {\n        return copies * factor;\n    }\n\n"
            "    int twice() {\n        return scale(2);\n    }\n\n"
            "    boolean sameGenre(Genre genre) {\n        return genre == Genre.FICTION;\n    }\n}\n")
    (src / "Book.java").write_text(book)
    language = get_language(Lang.JAVA)
    repo = resolve_all([RepoSpec(path=str(tmp_path / "shop"))])[0]
    files, _ = list_sources(repo, language, BuildReport())
    facts = language.analyze_files(str(repo.root), files)
    path = "src/com/acme/Book.java"
    anchors = in_file_anchors(facts[path])
    text = facts[path].file.text
    rows = {text.count("\n", 0, offset) + 1: name for offset, name in anchors}
    assert rows == {7: "copies", 11: "scale"}  # uses only: not the field, method or parameter declarations
    evidence = StubEvidence.collect([], BuildReport(), facts)
    elsewhere = top_level_names(facts)
    call = text.index("scale(2)")
    assert unproven_reason(facts[path], call, text.index(";", call) + 1, evidence, elsewhere) == ""
    compare = text.index("genre == Genre")
    assert unproven_reason(facts[path], compare, text.index(";", compare) + 1, evidence, elsewhere) \
        == "names_other_file_definition"
    evidence.usage_lines[path] = {11}
    assert unproven_reason(facts[path], call, text.index(";", call) + 1, evidence, elsewhere) == "line_has_crossfile_usage"


def test_files_a_loss_names_are_not_checked_whole_past_the_samples():
    # IdGen's IdGenTests.cs (bodies blanked by mcs) was listed as a file without cross-file use
    report = BuildReport()
    for i in range(30):  # more than a reason's samples: every place is kept for the files stage
        report.count("files", "bodies_blanked", f"T{i}.cs", "mcs refuses code inside its method bodies")
    report.count("files", "generated", "Gen.cs")  # a rule, not a loss: the file is left out whole
    report.count("files", "syntax_error", "pkg/Bad.cs", "mcs CS1525 line 3")
    paths = [f"T{i}.cs" for i in range(30)] + ["Gen.cs", "pkg/Bad.cs", "Fine.cs"]
    assert files_not_checked_whole(report, paths) == {f"T{i}.cs" for i in range(30)} | {"pkg/Bad.cs"}
