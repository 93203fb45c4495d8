"""The C# coverage share counts the lines a test could run: not `///` documentation, not the
`#if` branch the compiler does not see (held-out 18: AhoCorasick's CharComparer.cs, 160
non-blank lines of which 45 `///` and 18 an `#if NET40` copy; CharComparer fell at 0.29 ->
`below_csharp_file_coverage`)."""
from __future__ import annotations

from types import SimpleNamespace

from crossfile_datasets.builders.classlevel.candidates import Thresholds, code_lines, measure
from crossfile_datasets.core.records import SourceFile
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.classes import extractor_for
from crossfile_datasets.sandbox.suites import SuiteRun, SuiteStatus

DOC = "".join(f"        /// line {i} of what a reader is told about this member\n" for i in range(6))
TEXT = (
    "using System;\n\nnamespace Meters {\n"
    "    /// <summary>\n    /// Compares readings.\n    /// </summary>\n"
    "    public class Reading {\n"
    + DOC + "        public int Value;\n\n"
    + DOC + "        public Reading(int v) {\n            Value = v;\n        }\n\n"
    + DOC + "        public int Twice() {\n            return Value * 2;\n        }\n\n"
    + DOC + "        public bool Same(Reading other) {\n            /* compare the values */\n"
    "            return other != null && other.Value == Value;\n        }\n"
    "#if NEVER_DEFINED_HERE\n"
    + "".join(f"        public int Old{i}() {{ return {i}; }}\n" for i in range(12))
    + "#endif\n    }\n}\n")


def test_comments_and_inactive_branches_are_not_lines_to_cover():
    ff = get_language(Lang.CSHARP).analyze_files("/nonexistent", [SourceFile("Meters/Reading.cs", TEXT)])[
        "Meters/Reading.cs"]
    [info] = extractor_for(Lang.CSHARP)(ff)
    lines = TEXT.splitlines()
    nonblank = sum(1 for line in lines if line.strip())
    code = [i + 1 for i, line in enumerate(lines)
            if line.strip() and not line.strip().startswith(("///", "/*", "#")) and "Old" not in line]
    assert code_lines(ff) == len(code) == 15
    # the tests run the constructor, Twice and Same: their headers and statements
    bodies = {i + 1 for i, line in enumerate(lines)
              if line.strip() in ("Value = v;", "return Value * 2;", "return other != null && other.Value == Value;")}
    headers = {i + 1 for i, line in enumerate(lines) if line.strip().startswith("public") and "(" in line
               and "Old" not in line}
    covered = bodies | headers
    assert len(covered) == 6
    suite = SuiteRun(SuiteStatus.OK, per_test_coverage={"Meters.Tests.ReadingTests.Twice": {"Meters/Reading.cs": covered}})
    cand, reason, detail = measure(Lang.CSHARP, info, [SimpleNamespace(used_in=("Twice",))], ff, ["Meters.Tests.ReadingTests.Twice"],
                                   lambda t: {"Reading", "Twice", "Same"}, suite, Thresholds())
    assert len(covered) / nonblank < 0.30  # the old share: below the threshold
    assert cand.file_coverage == round(len(covered) / 15, 4) >= 0.30
    assert reason is None, detail
