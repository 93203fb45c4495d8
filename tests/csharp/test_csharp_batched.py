"""Defining files with disjoint observers share compilations: same uses as one file per compilation.

``CSharpChecker.batches`` groups defining files none of which observes another and whose
observer sets are disjoint; their rounds run in lockstep, one compilation per round for the
group. Compared here with ``batch_files=1`` (each defining file's rounds alone) on a generated
layered repository, the bundled samples and the test fixture: usages (every field) and every
count other than the compilation counts must be identical.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.bench_csharp import generate_csharp_repo
from crossfile_datasets.lang.csharp.usages import CSharpChecker
from tests.conftest import require_tool, write_tree
from tests.csharp.test_csharp_faults import checked as run_checker
from tests.csharp.test_csharp_usages import MODEL, PROJECT, SHADOW, SHOP

pytestmark = pytest.mark.mcs

SAMPLES = Path(__file__).resolve().parents[2] / "examples" / "csharp"


def checked(root: Path, batch_files: int):
    usages, report = run_checker(root, CSharpChecker(batch_files=batch_files))
    counts = {k: v for k, v in report.counts.items() if not k.startswith("checker/mcs_")}
    return usages, counts, report


@pytest.mark.slow
def test_batched_rounds_give_the_uses_of_one_defining_file_per_compilation(tmp_path):
    require_tool("mcs")
    generate_csharp_repo(tmp_path / "layered", files=48, layers=4, seed=3)
    write_tree(tmp_path / "store", {"Store.csproj": PROJECT, "Model/Product.cs": MODEL, "App/Shop.cs": SHOP,
                                    "Other/Shadow.cs": SHADOW})
    roots = [tmp_path / "layered", tmp_path / "store", *sorted(p for p in SAMPLES.iterdir() if p.is_dir())]
    shared = 0
    for root in roots:
        alone, alone_counts, alone_report = checked(root, batch_files=1)
        batched, batched_counts, report = checked(root, batch_files=16)
        assert batched == alone, root.name
        assert batched_counts == alone_counts, root.name
        assert report.metrics["checker/mcs_compilations"] <= alone_report.metrics["checker/mcs_compilations"]
        shared += report.metrics["checker/mcs_batched_rounds"]
    assert shared > 0
    generated_alone = checked(tmp_path / "layered", batch_files=1)[2].metrics["checker/mcs_compilations"]
    generated_batched = checked(tmp_path / "layered", batch_files=16)[2].metrics["checker/mcs_compilations"]
    assert generated_batched * 2 < generated_alone  # the point: far fewer compilations


def test_groups_never_share_an_observer_or_observe_each_other():
    checker = CSharpChecker(batch_files=3)
    jobs = [(p, {p}) for p in ("A.cs", "B.cs", "C.cs", "D.cs", "E.cs", "F.cs")]
    observers = {"A.cs": {"X.cs"}, "B.cs": {"X.cs", "Y.cs"}, "C.cs": {"Y.cs"}, "D.cs": {"A.cs"},
                 "E.cs": {"Z.cs"}, "F.cs": {"W.cs"}}
    groups = [[path for _, path, _, _ in g] for g in checker.batches(jobs, observers)]
    assert groups == [["A.cs", "C.cs", "E.cs"], ["B.cs", "D.cs", "F.cs"]]
    for g in checker.batches(jobs, observers):
        claimed = [{path} | seen for _, path, seen, _ in g]
        assert all(not (a & b) for i, a in enumerate(claimed) for b in claimed[i + 1:])
    assert [len(g) for g in CSharpChecker(batch_files=1).batches(jobs, observers)] == [1] * 6
