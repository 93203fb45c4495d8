"""Benchmark: one `javac` process per stubbed file vs. the helper JVM compiling in memory.

Generates a Maven-layout Java repository (``--packages`` x ``--classes`` files, default 6 x 10 =
60; every class imports classes of other packages and uses their constructors, static members,
methods and fields; some use classes of their own package without import) into a temporary
directory, builds each file's round-1 stubbed variant exactly as ``JavaSupport.find_usages``
does (project imports blanked + empty classes appended, same-package classes replaced on the
sourcepath), and checks every variant

- through :class:`analyzers.javac.JavacHelper`: one JVM, texts in memory (JVM start included);
- through one ``javac`` process per variant (the stubbed file written out, replaced sourcepath
  files written to an overlay folder put first on the sourcepath): ``--sample`` variants, or
  all of them with ``--full``, the time extrapolated to all files.

Prints both times, the ratio and whether both ways report the same "cannot find symbol" errors
(line, column, symbol) on the compared files; then times ``find_usages`` on the repository.

    python bench/bench_java.py [--packages 6] [--classes 10] [--sample 10] [--full]

Wall times depend on the machine's load; CPU times (user + system of all child processes, read
with getrusage) much less, so both are printed.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from crossfile_datasets.analyzers.javac import JavacHelper, javac_argv, parse_javac_output, split_message  # noqa: E402
from crossfile_datasets.analyzers.run import run  # noqa: E402
from crossfile_datasets.core import constants as C  # noqa: E402
from crossfile_datasets.core.report import BuildReport  # noqa: E402
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources  # noqa: E402
from crossfile_datasets.lang import Lang, get_language  # noqa: E402
from crossfile_datasets.lang.java.project import JavaProject  # noqa: E402
from crossfile_datasets.lang.java.stubs import StubState, build_variant, plan_stubs  # noqa: E402

ROOT = "src/main/java"


def class_source(p: int, c: int, packages: int, classes: int) -> str:
    """Class ``bench.p<p>.C<p>_<c>``: depends on two classes of other packages and one of its own."""
    deps = [((p + 1 + k) % packages, (c + 3 * k + 1) % classes) for k in range(2)]
    sibling = (c + 1) % classes
    imports = "\n".join(f"import bench.p{dp}.C{dp}_{dc};" for dp, dc in deps)
    uses = []
    for k, (dp, dc) in enumerate(deps):
        name = f"C{dp}_{dc}"
        uses.append(f"""        {name} dep{k} = {name}.create({k + 2});
        total += dep{k}.count() + {name}.LIMIT;
        dep{k}.add("a{k}").add("b{k}");
        total += dep{k}.label().length() + dep{k}.weight;
        if (dep{k}.isEmpty()) {{
            total -= new {name}({k}).count();
        }}""")
    return f"""package bench.p{p};

{imports}

import java.util.ArrayList;
import java.util.List;

/** Generated class {p}.{c} of the javac benchmark. */
public class C{p}_{c} {{
    public static final int LIMIT = {c + 1};

    private final List<String> names = new ArrayList<>();
    public int weight = {p * classes + c};
    private int count;

    public C{p}_{c}(int count) {{
        this.count = count;
    }}

    public static C{p}_{c} create(int count) {{
        return new C{p}_{c}(count);
    }}

    public int count() {{
        return count;
    }}

    public boolean isEmpty() {{
        return names.isEmpty();
    }}

    public String label() {{
        return "C{p}_{c}:" + String.join(",", names);
    }}

    public C{p}_{c} add(String name) {{
        names.add(name);
        count++;
        return this;
    }}

    public int useDependencies() {{
        int total = 0;
{chr(10).join(uses)}
        C{p}_{sibling} sibling = C{p}_{sibling}.create(1);
        total += sibling.count() + sibling.weight;
        return total + List.of(1, 2).size();
    }}
}}
"""


def generate(root: Path, packages: int, classes: int) -> None:
    for p in range(packages):
        folder = root / ROOT / "bench" / f"p{p}"
        folder.mkdir(parents=True, exist_ok=True)
        for c in range(classes):
            (folder / f"C{p}_{c}.java").write_text(class_source(p, c, packages, classes), encoding="utf-8")


def children_cpu() -> float:
    """CPU seconds (user + system, all threads) of the child processes waited for so far."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def symbol_errors(diags, file: str) -> set[tuple]:
    """(line, column, symbol) of the "cannot find symbol" errors reported in ``file``."""
    out = set()
    for d in diags:
        heading, symbol, _ = split_message(d.message)
        if os.path.abspath(d.file) == file and heading == "cannot find symbol":
            out.add((d.line, d.column, symbol))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--packages", type=int, default=6)
    parser.add_argument("--classes", type=int, default=10)
    parser.add_argument("--sample", type=int, default=10, help="variants checked with one javac process each")
    parser.add_argument("--full", action="store_true", help="check every variant with its own javac process")
    args = parser.parse_args()

    java = get_language(Lang.JAVA)
    java.check_tools()
    tmp = Path(tempfile.mkdtemp(prefix="bench-java-"))
    try:
        repo_root = tmp / "repo"
        generate(repo_root, args.packages, args.classes)
        repo = Repository("bench-java", repo_root, str(repo_root), "", "MIT")
        report = BuildReport()
        files, _ = list_sources(repo, java, report)
        facts = java.analyze_files(str(repo_root), files)
        project = JavaProject(facts)
        root = str(repo_root.resolve())
        sourcepath = [os.path.join(root, r) if r else root for r in project.roots]
        variants = []
        for path, ff in sorted(facts.items()):
            stubs, _ = plan_stubs(ff, project)
            text, overrides = build_variant(ff, project, StubState(stubs), root)
            variants.append((os.path.join(root, path), path, text, overrides))
        print(f"repository: {len(files)} Java files, {sum(len(t.splitlines()) for _, _, t, _ in variants)} lines; "
              f"{len(variants)} stubbed variants")

        # -- in-process: one JVM for the repository, every variant in memory --------------------
        started, cpu_started = time.monotonic(), children_cpu()
        helper = JavacHelper(sourcepath)
        in_process: dict[str, set] = {}
        try:
            for target, _, text, overrides in variants:
                answer = helper.compile(target, text, overrides)
                in_process[target] = symbol_errors(answer.diagnostics, target)
        finally:
            helper.close()
        helper_seconds = time.monotonic() - started
        helper_cpu = children_cpu() - cpu_started  # the JVM is a child: counted once it was closed
        print(f"in-process helper : {helper_seconds:7.2f} s wall, {helper_cpu:7.2f} s CPU for {len(variants)} variants "
              f"({1000 * helper_seconds / len(variants):.0f} ms/file wall incl. JVM start; "
              f"{helper.compile_cpu_millis / len(variants):.0f} ms/file in the compiling thread)")

        # -- one javac process per variant --------------------------------------------------------
        chosen = variants if args.full else variants[:: max(1, len(variants) // max(1, args.sample))][: args.sample]
        started, cpu_started = time.monotonic(), children_cpu()
        mismatches = 0
        for n, (target, path, text, overrides) in enumerate(chosen):
            work = tmp / f"cli{n}"
            stub_file = work / "stub" / path
            stub_file.parent.mkdir(parents=True)
            stub_file.write_text(text, encoding="utf-8")
            overlay = work / "overlay"
            for other, other_text in overrides.items():
                dest = overlay / os.path.relpath(other, root)
                dest.parent.mkdir(parents=True, exist_ok=True)
                dest.write_text(other_text, encoding="utf-8")
            # the stubbed file is compiled from the command line, which wins over its original on
            # the sourcepath; the overlay (mirroring the source roots, first on the sourcepath)
            # holds the replaced same-package classes
            overlay_roots = [str(overlay / os.path.relpath(r, root)) for r in sourcepath]
            res = run(javac_argv([str(stub_file)], [*overlay_roots, *sourcepath], [], str(work / "classes")),
                      timeout=C.JAVAC_CLI_TIMEOUT)
            cli = symbol_errors(parse_javac_output(res.stderr + res.stdout), str(stub_file))
            # javac prints names relative to the file's package; the helper prints them qualified
            if {(l, c) for l, c, _ in cli} != {(l, c) for l, c, _ in in_process[target]}:
                mismatches += 1
        cli_seconds = time.monotonic() - started
        cli_cpu = (children_cpu() - cpu_started) / len(chosen) * len(variants)
        per_file = cli_seconds / len(chosen)
        extrapolated = per_file * len(variants)
        note = "" if len(chosen) == len(variants) else f" (measured on {len(chosen)}, extrapolated)"
        print(f"javac per file    : {extrapolated:7.2f} s wall, {cli_cpu:7.2f} s CPU for {len(variants)} variants{note} "
              f"({1000 * per_file:.0f} ms/file wall)")
        print(f"ratio             : {extrapolated / helper_seconds:7.1f}x faster in-process (wall), "
              f"{cli_cpu / helper_cpu:.1f}x less CPU")
        print(f"same 'cannot find symbol' positions on {len(chosen) - mismatches}/{len(chosen)} compared files")

        started = time.monotonic()
        usages = java.find_usages(repo, facts, report)
        print(f"find_usages       : {time.monotonic() - started:7.2f} s, {len(usages)} cross-file uses, "
              f"{report.metrics.get('checker/javac_compilations', 0)} compilations")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
