"""A C# repository's shared-project items file (``.projitems``) on the host: ``csharp_layout``
(every C# run's layout: the class build, its gates, every generation of the class evaluation)
reads each ``<Import Project="....projitems" Label="Shared" />`` of every project with
``ET.parse(Path(root) / items_rel)`` (``lang/csharp/projects.py`` ``shared_project_files``):
no size cap (``read_csproj`` reads the project file itself through ``read_inside`` with
``MAX_FILE_BYTES``), links followed, and ``items_rel`` joined from the import's text with
``posixpath.normpath``, so ``../..`` or an absolute path leaves the repository."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all, packed_bytes

ELEMENTS = 3_000_000  # ``<a/>`` x 3M = 12 MB of XML; a few kB in git
LIB = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>netstandard2.0</TargetFramework></PropertyGroup>
  <Import Project="{target}" Label="Shared" />
</Project>
"""
TESTS = """<Project Sdk="Microsoft.NET.Sdk">
  <PropertyGroup><TargetFramework>net6.0</TargetFramework></PropertyGroup>
  <ItemGroup><ProjectReference Include="../src/Lib.csproj" /></ItemGroup>
</Project>
"""
CALC = "namespace Demo { public class Calc { public int Add(int a, int b) { return a + b; } } }\n"
CALC_TESTS = ("using NUnit.Framework;\nnamespace Demo.Tests { [TestFixture] public class CalcTests {\n"
              "  [Test] public void Adds() { Assert.AreEqual(3, new Calc().Add(1, 2)); } } }\n")

# the layout of one repository in a fresh interpreter; prints its peak memory (kB) and the layout
LAYOUT = """
import json, sys, time
from tests.hostile.peak import peak_rss_kb
from pathlib import Path
from crossfile_datasets.sandbox.suites.csharp import csharp_layout
before = peak_rss_kb()
started = time.process_time()
layout = csharp_layout(Path(sys.argv[1]))
print(json.dumps({"grown_kb": peak_rss_kb() - before,
                  "cpu": time.process_time() - started,
                  "projects": [p.name for p in layout.projects], "refused": layout.refused}))
"""


def _items(path: Path, elements: int) -> None:
    with path.open("w") as fh:
        fh.write("<Project>")
        for _ in range(elements // 100_000):
            fh.write("<a/>" * 100_000)
        fh.write('<ItemGroup><Compile Include="$(MSBuildThisFileDirectory)Calc.cs" /></ItemGroup></Project>\n')


def _repository(root: Path, target: str, elements: int, items_at: Path) -> Path:
    (root / "src").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "src" / "Lib.csproj").write_text(LIB.format(target=target))
    (root / "src" / "Calc.cs").write_text(CALC)
    (root / "tests" / "Tests.csproj").write_text(TESTS)
    (root / "tests" / "CalcTests.cs").write_text(CALC_TESTS)
    items_at.parent.mkdir(parents=True, exist_ok=True)
    _items(items_at, elements)
    commit_all(root)
    return root


@pytest.mark.slow
@pytest.mark.parametrize("where", ["inside", "outside"])
def test_a_shared_project_items_file_is_read_within_the_host_file_caps(tmp_path, child, where):
    """Host resource (memory, no per-repository bound) and a read outside the repository. A
    repository whose library project imports a shared project: ``inside``, ``src/Big.projitems``
    (12 MB of ``<a/>`` elements: a few kB in git, so a clone of a few MB checks out gigabytes);
    ``outside``, ``../../outside/Big.projitems`` (any XML file of the machine the builder can read;
    the same file placed beside the repository folder). The host parses it into an element tree:
    about 10 bytes of memory per byte of file (12 MB -> 125 MB measured; 2.5 GB of checkout,
    a few MB in git, -> more than this machine's 23 GB), outside the sandbox and outside every limit: ``csharp_layout`` runs
    in the builder's process (the per-repository time limit is checked only at child processes
    and tree-sitter parses). Safe behaviour: a file over ``MAX_FILE_BYTES`` (the cap of the
    ``.csproj`` it comes from), or outside the repository, or a link, is refused (counted in
    ``layout.refused``) and the layout costs what an honest one does."""
    control = _repository(tmp_path / "control", "Small.projitems", 0, tmp_path / "control" / "src" / "Small.projitems")
    if where == "inside":
        repo = _repository(tmp_path / "repo", "Big.projitems", ELEMENTS, tmp_path / "repo" / "src" / "Big.projitems")
        if packed_bytes(repo) >= 200_000:
            pytest.fail("the hostile file should be small in git")
    else:
        repo = _repository(tmp_path / "repos" / "repo", "../../outside/Big.projitems", ELEMENTS,
                           tmp_path / "repos" / "outside" / "Big.projitems")
    honest = child(LAYOUT, str(control), timeout=120)
    if honest.timed_out or honest.returncode != 0:
        pytest.fail(f"the control layout did not run: {honest.stderr[-2000:]}")
    baseline = honest.last_json()
    if baseline["projects"] != ["tests/Tests.csproj"]:
        pytest.fail(f"the control's test project was not found: {baseline}")
    hostile = child(LAYOUT, str(repo), timeout=300)
    assert not hostile.timed_out, "csharp_layout did not finish in 300 s"
    assert hostile.returncode == 0, hostile.stderr[-2000:]
    found = hostile.last_json()
    print(json.dumps({"honest": baseline, "hostile": found}))
    # the honest layout grows the interpreter by a few MB; the hostile one by hundreds
    assert found["grown_kb"] < baseline["grown_kb"] + 64 * 1024, (found, baseline)
    # refused and named (since row 1's fix), the library's own files still found
    assert set(found["refused"].values()) == {"host_files/too_large" if where == "inside" else "host_files/path_escapes"}, found
    assert found["projects"] == ["tests/Tests.csproj"], found
