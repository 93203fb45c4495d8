"""C# 10's file-scoped `namespace X;` compiles under mcs (C# 7.2) through a block-form copy
(held-out 20, issue 29: every one of ByteDev.Encoding's 15 test files opens with one; all were left
out on CS1525 and the repository's suite was `test_framework_unavailable: CS1525`, NUnit blamed).
Test files that still hold syntax mcs cannot read are named for the language version."""
from __future__ import annotations

from pathlib import Path

import pytest

from crossfile_datasets.lang import Lang
from crossfile_datasets.lang.csharp.syntax import file_scoped_to_block
from crossfile_datasets.sandbox.suites import SuiteStatus, runner_for
from crossfile_datasets.sandbox.suites import TestOutcome as Outcome

FILES = {
    "Calc/Calc.csproj": '<Project Sdk="Microsoft.NET.Sdk"><PropertyGroup><TargetFramework>net6.0</TargetFramework>'
                        "<LangVersion>10</LangVersion></PropertyGroup></Project>\n",
    "Calc/Calc.cs": """using System;

namespace Demo.Calc;

public class Calc
{
    public int Add(int a, int b) { return a + b; }

    public int Neg(int a)
    {
        return -a;
    }
}
""",
    "Calc.Tests/Calc.Tests.csproj": '<Project Sdk="Microsoft.NET.Sdk"><ItemGroup><ProjectReference Include="../Calc/Calc.csproj" />'
                                    "</ItemGroup></Project>\n",
    "Calc.Tests/CalcTests.cs": """using NUnit.Framework;

namespace Demo.Calc.Tests;   // C# 10

[TestFixture]
public class CalcTests
{
    [Test] public void Adds() { Assert.AreEqual(3, new Calc().Add(1, 2)); }
    [Test] public void Fails() { Assert.AreEqual(4, new Calc().Add(1, 2)); }
}
""",
}


def _write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")
    return root


def test_the_block_form_keeps_every_offset():
    text = FILES["Calc.Tests/CalcTests.cs"]
    block = file_scoped_to_block(text)
    assert block.startswith(text.replace("Tests;", "Tests{", 1)) and block.endswith("}\n}\n")
    assert block.splitlines()[:len(text.splitlines())] == text.replace("Tests;", "Tests{", 1).splitlines()
    assert file_scoped_to_block("namespace A { class C { } }\n") == "namespace A { class C { } }\n"
    # a comment or a string saying it is not a declaration of its own line
    assert file_scoped_to_block('class C { string s = "namespace A;"; }\n').count("{") == 1


@pytest.mark.mcs
@pytest.mark.slow
def test_file_scoped_namespaces_compile_and_cover_the_original_lines(tmp_path):
    root = _write(tmp_path, FILES)
    run = runner_for(Lang.CSHARP).run(root, None, coverage=True, limits=None)
    assert run.status is SuiteStatus.OK, run.reason + run.log[-2000:]
    assert {r.test_id: r.outcome for r in run.results} == {
        "Demo.Calc.Tests.CalcTests.Adds": Outcome.PASSED,
        "Demo.Calc.Tests.CalcTests.Fails": Outcome.FAILED,
    }
    lines = FILES["Calc/Calc.cs"].splitlines()
    add = {i for i, t in enumerate(lines, 1) if "public int Add" in t}
    neg = {i for i, t in enumerate(lines, 1) if "return -a" in t}
    assert add <= run.coverage["Calc/Calc.cs"] and not neg & run.coverage["Calc/Calc.cs"]
    assert neg <= run.coverable["Calc/Calc.cs"]
    assert add <= run.per_test_coverage["Demo.Calc.Tests.CalcTests.Adds"]["Calc/Calc.cs"]


@pytest.mark.mcs
@pytest.mark.slow
def test_test_files_of_newer_syntax_are_named_for_the_language_version(tmp_path):
    files = dict(FILES)
    files["Calc.Tests/CalcTests.cs"] = files["Calc.Tests/CalcTests.cs"].replace(
        "[TestFixture]", "public record Pair(int A, int B);\n\n[TestFixture]")
    run = runner_for(Lang.CSHARP).run(_write(tmp_path, files), None, coverage=False, limits=None)
    assert run.status is SuiteStatus.COMPILE_FAILED, (run.status, run.reason)
    assert run.reason.startswith("csharp_language_version: ") and "CS" in run.reason
    assert "test_framework_unavailable" not in run.reason
