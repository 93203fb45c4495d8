"""The two ways JavaSupport keeps javac from reading the repository per check change no use.

- the unmodified files are checked JAVAC_BATCH_FILES at a time (javac reads the sourcepath
  once for all of them);
- hollowed sourcepath files lose the imports nothing left in them uses (``stubs.prune_imports``),
  so javac does not load their whole import closure for each stubbed file.

Every fixture repository here (the test fixtures and the bundled samples) is analysed with both
(a batch size that splits it into several batches) and without either (one file per
compilation, hollowed files with all their imports); usages and counts must be identical.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.java import JavaSupport
from crossfile_datasets.lang.sources import list_sources
from tests.conftest import require_tool, write_tree
from tests.java.test_java_resolved import FILES as RESOLVED
from tests.java.test_java_usages import FIXTURE as SHOP

pytestmark = pytest.mark.javac

SAMPLES = Path(__file__).resolve().parents[2] / "examples" / "java"


def usages_and_counts(root: Path, batch_files: int, prune_imports: bool = True):
    java = JavaSupport(batch_files=batch_files, prune_imports=prune_imports)
    repo = Repository(root.name, root, str(root), "", "MIT")
    report = BuildReport()
    sources, _ = list_sources(repo, java, report)
    facts = java.analyze_files(str(root), sources)
    usages = java.find_usages(repo, facts, report)
    counts = {k: v for k, v in report.counts.items() if not k.startswith("checker/javac_")}
    return usages, counts, report


def repositories(tmp_path: Path) -> list[Path]:
    out = []
    for name, files in (("shop", SHOP), ("studio", RESOLVED)):
        write_tree(tmp_path / name, files)
        out.append(tmp_path / name)
    out.extend(sorted(p for p in SAMPLES.iterdir() if p.is_dir()))
    return out


@pytest.mark.slow
def test_batched_originals_and_pruned_imports_give_the_uses_of_one_file_per_compilation(tmp_path):
    require_tool("javac")
    for root in repositories(tmp_path):
        alone, alone_counts, _ = usages_and_counts(root, batch_files=1, prune_imports=False)
        batched, batched_counts, report = usages_and_counts(root, batch_files=3)
        assert alone, root.name
        assert batched == alone, root.name
        assert batched_counts == alone_counts, root.name
        assert report.metrics["checker/javac_batched_originals"] > 0, root.name


@pytest.mark.slow
def test_a_batch_with_a_syntax_error_falls_back_to_one_file_per_compilation(tmp_path):
    require_tool("javac")
    files = dict(SHOP)
    broken = next(p for p in files if p.endswith("app/Shop.java"))
    # javac's parser rejects `_` as a name since Java 9; tree-sitter accepts it
    files[broken] = files[broken].replace("{", "{ int _ = 1;", 1)
    write_tree(tmp_path / "broken", files)
    alone, alone_counts, _ = usages_and_counts(tmp_path / "broken", batch_files=1)
    batched, batched_counts, report = usages_and_counts(tmp_path / "broken", batch_files=64)
    assert report.counts["checker/javac_batch_parse_errors"] == 1
    assert batched == alone
    assert batched_counts == alone_counts
    assert alone_counts["files/javac_syntax_error"] == 1


def test_pruned_imports_are_those_nothing_left_uses():
    from crossfile_datasets.core.records import SourceFile
    from crossfile_datasets.lang.java.stubs import prune_imports

    text = ("package a;\n\nimport b.Used;\nimport b.Gone;\nimport b.Away;\nimport static c.K.CONST;\n"
            "import static c.K.other;\nimport d.*;\n\npublic class X<T extends Used> { int v = CONST; }\n"
            "// Gone is mentioned here\n")
    ff = JavaSupport().analyze_files("/r", [SourceFile("a/X.java", text)])["a/X.java"]
    pruned = prune_imports(ff, text)
    assert len(pruned) == len(text) and pruned.count("\n") == text.count("\n")  # nothing moves
    for kept in ("import b.Used;", "import static c.K.CONST;", "import d.*;",
                 "import b.Gone;"):  # a comment mentions Gone: kept (the test is on words)
        assert kept in pruned
    assert "import b.Away;" not in pruned and "import static c.K.other;" not in pruned


def test_blanking_several_spans_at_once_is_blanking_them_one_by_one():
    import random

    from crossfile_datasets.lang.java.stubs import blank, blank_spans

    rng = random.Random(5)
    for _ in range(300):
        text = "".join(rng.choice("ab\n c") for _ in range(rng.randrange(0, 40)))
        spans = []
        for _ in range(rng.randrange(0, 5)):
            a = rng.randrange(0, len(text) + 1)
            spans.append((a, rng.randrange(a, len(text) + 1)))
        one_by_one = text
        for start, end in spans:
            one_by_one = blank(one_by_one, start, end)
        assert blank_spans(text, spans) == one_by_one


def _with_parallelism(root: Path, parallelism: int):
    java = JavaSupport(batch_files=3, parallelism=parallelism)
    repo = Repository(root.name, root, str(root), "", "MIT")
    report = BuildReport()
    sources, _ = list_sources(repo, java, report)
    usages = java.find_usages(repo, java.analyze_files(str(root), sources), report)
    return usages, report


@pytest.mark.slow
def test_files_checked_by_several_jvms_give_the_uses_and_reasons_of_one(tmp_path):
    """Issue 20 item 3: a repository's files spread over the worker's cores (one JVM each);
    usages, every reason and its samples (merged in file order) are those of one JVM."""
    require_tool("javac")
    for root in repositories(tmp_path):
        one, one_report = _with_parallelism(root, 1)
        two, two_report = _with_parallelism(root, 2)
        assert one and two == one, root.name
        assert two_report.counts == one_report.counts, root.name
        assert two_report.samples == one_report.samples, root.name
        assert two_report.metrics["checker/javac_compilations"] == one_report.metrics["checker/javac_compilations"]
