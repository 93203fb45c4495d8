"""Mutation scores of the core rules: do the tests notice when a rule is broken?

Why it exists: a suite can pass while the rules it is meant to guard are switched off (issue 21:
13 of 20 one-line mutants of core rules went unnoticed). This benchmark runs mutmut 3 over the
modules whose rules decide what a dataset contains -- the completion filters, the example and
cursor/statement logic, the checker diff, the diagnostics parsers, the retrieval ranking -- one
module at a time, each against only the fast pure-function tests that concern it, and prints the
mutation score per module and every surviving mutant (its diff). It is a benchmark, not a test:
the suite never runs it.

mutmut derives a module's import name from its path below ``src/``; our folders sit at the root
and are installed as ``crossfile_datasets.<folder>`` (setuptools ``package-dir``), so each run
works in a staging folder that lays the same files out as ``src/crossfile_datasets/<folder>``
(plus ``tests/`` and the ``core/`` and ``examples/`` the tests read). Tests import ``crossfile_datasets...`` as
always; mutmut puts its mutated copy first on ``sys.path``, ahead of the editable install.

Score = (killed + timed out) / (mutants of the module's rule functions - known equivalents).
A mutant no selected test reaches ("no tests") counts as surviving. Known equivalent mutants
(:data:`EQUIVALENT`) are listed with the reason and left out of the denominator, only while the
mutated line still reads as recorded.

    pip install -e ".[bench]"                   # mutmut 3.8+ (pulls a newer libcst than the floor)
    python bench/mutation.py                    # every module, one after another
    python bench/mutation.py --module filters --module crossfile
    python bench/mutation.py --json /tmp/mutation.json --jobs 2
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGE_FOLDERS = ("core", "analyzers", "lang", "sandbox", "harness", "evaluation", "builders", "examples")


@dataclass(frozen=True)
class Target:
    """One module under mutation: its source, the functions holding its rules (empty: all of
    them), and the fast tests that are meant to catch a broken rule there."""

    name: str
    source: str
    tests: tuple[str, ...]
    functions: tuple[str, ...] = ()  # "func" or "Class.method"


TARGETS: tuple[Target, ...] = (
    Target("filters", "builders/completion/filters.py",
           ("tests/completion/test_rule_boundaries.py", "tests/completion/test_test_files_and_prompt_copies.py",
            "tests/bench/test_word_index.py")),
    Target("examples", "builders/completion/examples.py",
           ("tests/completion/test_rule_boundaries.py", "tests/completion/test_make_example.py")),
    # the cursor and statement rules every language shares (the rest of lang/base.py is parsing
    # glue and the checker fingerprint, which the contract tests cover)
    Target("cursor", "lang/base.py",
           ("tests/completion/test_make_example.py", "tests/completion/test_rule_boundaries.py",
            "tests/lang/test_cursor_candidates_walk.py"),
           ("leaves_after", "end_after_first_delimiter", "LanguageSupport.cursor_candidates",
            "LanguageSupport.prompt_code_lines", "LanguageSupport.string_literal_chars")),
    # the round engine, the usage factory, the diff, first uses and de-duplication
    Target("crossfile", "analyzers/crossfile.py", ("tests/analyzers/test_crossfile.py", "tests/analyzers/test_round_engine.py"),
           ("usage_at", "stub_rounds", "drive", "new_diagnostics", "first_uses", "dedupe_usages")),
    Target("pylint", "analyzers/pylint.py",
           ("tests/python/test_pylint_parser.py", "tests/analyzers/test_parser_exits.py", "tests/analyzers/test_parser_edges.py"),
           ("parse_pylint_json", "exit_status_problem", "to_char_columns")),
    Target("javac", "analyzers/javac.py",
           ("tests/java/test_javac_parser.py", "tests/analyzers/test_parser_edges.py"),
           ("utf16_to_char_column", "split_message", "_diagnostic", "parse_javac_output",
            "parse_helper_answer", "utf16_converter", "_row_of")),
    Target("tsc", "analyzers/tsc.py",
           ("tests/typescript/test_tsc_parser.py", "tests/analyzers/test_parser_exits.py", "tests/analyzers/test_parser_edges.py"),
           ("parse_tsc_text", "parse_server_answer", "to_char_columns")),
    Target("mcs", "analyzers/mcs.py",
           ("tests/csharp/test_mcs_parser.py", "tests/analyzers/test_parser_exits.py", "tests/analyzers/test_parser_edges.py"),
           ("parse_mcs_output", "to_diagnostics", "compile_sources", "compile_result")),
    Target("retrieval", "builders/completion/retrieval.py",
           ("tests/retrieval/test_retrieval.py", "tests/retrieval/test_ranking.py",
            "tests/retrieval/test_more_retrievers.py::test_jaccard_scores_token_sets_and_keeps_ties_in_corpus_order",
            "tests/retrieval/test_more_retrievers.py::test_select_follows_to_the_next_chunk_and_skips_repeated_text"),
           ("tokenize", "last_nonempty_lines", "file_distance", "chunk_file", "ChunkIndex.__init__", "ChunkIndex.rank",
            "ChunkIndex.rank_jaccard", "ChunkIndex.top_hits", "ChunkIndex.top_next_chunks", "ChunkIndex.select",
            "_block", "render_context", "RepositoryRetriever.index_for", "RepositoryRetriever.snippets")),
)

# Mutants that cannot change behaviour, by mutmut name: (text on the mutated line, why). A
# mutant counts as equivalent only while its diff's added line still shows that text (mutmut
# numbers mutants per function, so an edit of the function can give the number to another one).
_F = "crossfile_datasets.builders.completion.filters."
_E = "crossfile_datasets.builders.completion.examples."
_B = "crossfile_datasets.lang.base."
_P = "crossfile_datasets.analyzers.pylint."
_J = "crossfile_datasets.analyzers.javac."
_T = "crossfile_datasets.analyzers.tsc."
_M = "crossfile_datasets.analyzers.mcs."
_R = "crossfile_datasets.builders.completion.retrieval."
_CACHE = "a per-file cache: computing the value again gives the same value"
_TARGET = ("the target text only feeds utf16_converter; a missing or empty target is a text without "
           "astral characters, whose converter is the identity either way")
_FALSY = "None and False are both false where the flag is read"
_SPLIT = "str.splitlines() never leaves a '\\r' in a line: the strip is defensive"
_END0 = "end_line 0 is already excluded by the `d.end_line and` before it"
EQUIVALENT: dict[str, tuple[str, str]] = {
    _F + "x\u01c1WordIndex\u01c1candidates__mutmut_9": ("key=None))", "the intersection does not depend on the operands' order; sorting by size only makes it cheaper"),
    _F + "x\u01c1WordIndex\u01c1candidates__mutmut_11": ("for w in inner), ))", "the intersection does not depend on the operands' order; sorting by size only makes it cheaper"),
    _E + "x_usage_seed__mutmut_5": ('digest()[:8], )', "int.from_bytes' byte order defaults to 'big' since Python 3.11 (on 3.10 every call would raise)"),
    _E + "x_usage_seed__mutmut_9": ('"UTF-8"', "codec names are case-insensitive"),
    _B + "x\u01c1LanguageSupport\u01c1cursor_candidates__mutmut_8": ("and False else", "a longer walk: the loop stops at the first leaf of the next row anyway"),
    _B + "x\u01c1LanguageSupport\u01c1cursor_candidates__mutmut_13": ("row + 2 <", "a longer walk on the second-to-last row: the loop stops at the next row anyway"),
    _B + "x\u01c1LanguageSupport\u01c1cursor_candidates__mutmut_25": ("break", "unreachable: iter_leaves_in yields leaves reaching the line's first byte, and a leaf ending there ends at (row, 0), not on an earlier row"),
    _B + "x\u01c1LanguageSupport\u01c1string_literal_chars__mutmut_9": ("node.end_byte <= byte_start and node.start_byte >= byte_end", "skipping subtrees outside the range only saves time: their overlap is clamped to 0"),
    _B + "x\u01c1LanguageSupport\u01c1string_literal_chars__mutmut_10": ("node.end_byte < byte_start or", "a node ending at the range's start overlaps by 0 characters"),
    _B + "x\u01c1LanguageSupport\u01c1string_literal_chars__mutmut_11": ("node.start_byte > byte_end", "a node starting at the range's end overlaps by 0 characters"),
    _P + "x_parse_pylint_json__mutmut_20": ("raise ValueError(None)", "unreachable: text[start:] starts with '[', so json.loads returns a list or raises"),
    _P + "x_parse_pylint_json__mutmut_21": ("XXPylint JSON output is not a listXX", "unreachable: text[start:] starts with '[', so json.loads returns a list or raises"),
    _P + "x_parse_pylint_json__mutmut_22": ("pylint json output is not a list", "unreachable: text[start:] starts with '[', so json.loads returns a list or raises"),
    _P + "x_parse_pylint_json__mutmut_23": ("PYLINT JSON OUTPUT IS NOT A LIST", "unreachable: text[start:] starts with '[', so json.loads returns a list or raises"),
    _P + "x_to_char_columns__mutmut_32": ("0 <= d.end_line <= idx.num_lines", _END0),
    _J + "x_parse_helper_answer__mutmut_1": ('target: str = "XXXX"', _TARGET),
    _J + "x_parse_helper_answer__mutmut_122": ("convert = None", _CACHE),
    _J + "x_parse_helper_answer__mutmut_123": ("convert = converters.get(None)", _CACHE),
    _J + "x_parse_helper_answer__mutmut_129": ("starts = None", _CACHE),
    _J + "x_parse_helper_answer__mutmut_130": ("starts = indexes.get(None)", _CACHE),
    _J + "x_parse_helper_answer__mutmut_178": ('"kind", "error"', "_diagnostic lower-cases the kind"),
    _J + "x_parse_helper_answer__mutmut_189": ("if (target) or True", _TARGET),
    _J + "x_parse_helper_answer__mutmut_194": ('texts.get(target, "XXXX")', _TARGET),
    _J + "x_parse_helper_answer__mutmut_195": ('if target else "XXXX"', _TARGET),
    _J + "x_parse_helper_answer__mutmut_198": ('(data.get("references")) or True', "a converter made for an answer without references is never used"),
    _J + "x_parse_helper_answer__mutmut_115": ('"position", -2', "any negative default means 'no position'"),
    _J + "x_parse_helper_answer__mutmut_218": ('"position", -2', "any negative default means 'no position'"),
    _J + "x_parse_javac_output__mutmut_73": ('rindex("^")', "the caret line pattern allows one caret only"),
    _J + "x_utf16_to_char_column__mutmut_1": ("utf16_column <= 0 and line_text.isascii()", "the loop gives the shortcut's answer for columns <= 0 and for ASCII lines"),
    _J + "x_utf16_to_char_column__mutmut_2": ("utf16_column < 0 or", "the loop returns 0 for column 0"),
    _J + "x_utf16_to_char_column__mutmut_3": ("utf16_column <= 1 or", "the loop returns 1 for column 1 (the first character has at least one unit)"),
    _T + "x_parse_tsc_text__mutmut_2": ("continuing = None", _FALSY),
    _T + "x_parse_tsc_text__mutmut_6": ('raw.lstrip("\\r")', _SPLIT),
    _T + "x_parse_tsc_text__mutmut_71": ("continuing = None", _FALSY),
    _T + "x_to_char_columns__mutmut_5": ("text.isascii() and d.line <= 0", "the UTF-16 conversion of an ASCII line is the identity"),
    _T + "x_to_char_columns__mutmut_34": ("0 <= d.end_line <= len(lines)", _END0),
    _M + "x_parse_mcs_output__mutmut_5": ('raw.lstrip("\\r")', _SPLIT),
    _M + "x_to_diagnostics__mutmut_49": ('            symbol="column_clamped"', "Diagnostic's severity defaults to 'error'"),
    # render_context: block counts only decide how much is tried before the exact count of the
    # whole text, which trims line by line to the same longest fitting run of lines (checked by
    # brute force for two counters in tests/retrieval/test_ranking.py); these change only how
    # many counts it takes
    _R + "x_render_context__mutmut_23": ("if used - cost <= budget", _TRIM := "output unchanged: the final exact count trims to the same longest fitting run of lines; only the number of counts changes"),
    _R + "x_render_context__mutmut_26": ("used = cost", _TRIM),
    _R + "x_render_context__mutmut_27": ("used -= cost", _TRIM),
    _R + "x_render_context__mutmut_30": ("lo, hi = 1, len(snippet.lines) - 1", _TRIM),
    _R + "x_render_context__mutmut_31": ("lo, hi = 0, len(snippet.lines) + 1", _TRIM),
    _R + "x_render_context__mutmut_38": ("mid = (lo + hi + 2) // 2", _TRIM),
    _R + "x_render_context__mutmut_40": ("if used - count_tokens(", _TRIM),
    _R + "x_render_context__mutmut_55": ("shown.append(snippet.head(None))", _TRIM),
    _R + "x\u01c1ChunkIndex\u01c1rank__mutmut_3": ("if self.bm25 is None and not tokens", "without chunks there are no postings and without tokens no hits: both give []"),
    _R + "x\u01c1ChunkIndex\u01c1top_hits__mutmut_3": ("follow=None", _FALSY),
    _R + "x\u01c1RepositoryRetriever\u01c1index_for__mutmut_19": ("popitem(last=None)", _FALSY),
}

KILLED = {"killed", "timeout", "caught by type check"}
# mutmut's exit codes -> statuses (mutmut.stats.status_by_exit_code, repeated so that reading a
# finished run does not need mutmut importable)
STATUS = {1: "killed", 3: "killed", 0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", 36: "timeout",
          37: "caught by type check", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          2: "interrupted", None: "not checked", -11: "segfault", -9: "segfault"}


def mutant_prefix(target: Target, function: str) -> str:
    """mutmut's name of a function's mutants: ``<module>.x_<func>__mutmut_<n>``, methods
    ``<module>.xǁ<Class>ǁ<method>__mutmut_<n>``."""
    module = "crossfile_datasets." + target.source[:-3].replace("/", ".")
    if "." in function:
        cls, method = function.split(".")
        return f"{module}.x\u01c1{cls}\u01c1{method}__mutmut_"
    return f"{module}.x_{function}__mutmut_"


def stage(target: Target, where: Path) -> Path:
    """A folder laid out for mutmut: ``src/crossfile_datasets/<folder>`` copies, the tests,
    ``core/`` at the root (tests read the tokenizer at ``<root>/core/data``) and a
    ``pyproject.toml`` with the project's pytest settings plus mutmut's."""
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "node_modules", ".work")
    package = where / "src" / "crossfile_datasets"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text('"""Staged copy for mutation testing."""\n')
    for folder in PACKAGE_FOLDERS:
        shutil.copytree(ROOT / folder, package / folder, ignore=ignore, symlinks=True)
    shutil.copytree(ROOT / "tests", where / "tests", ignore=ignore, symlinks=True)
    for folder in ("core", "examples"):  # tests read <root>/core/data and <root>/examples
        shutil.copytree(ROOT / folder, where / folder, ignore=ignore, symlinks=True)
    tests = [t for t in target.tests if (ROOT / t.split("::")[0]).exists()]  # files or pytest node ids
    if len(tests) < len(target.tests):
        print(f"  (missing test files left out: {sorted(set(target.tests) - set(tests))})", flush=True)
    settings = {
        "source_paths": ["src"],
        "only_mutate": [f"src/crossfile_datasets/{target.source}"],
        "pytest_add_cli_args_test_selection": tests,
        # the slow end-to-end tests some of these files hold are not the fast rule tests
        "pytest_add_cli_args": ["-q", "-p", "no:cacheprovider", "-m", "not slow", "-o", "addopts="],
        "use_git_change_detection": False,
        "also_copy": ["core", "examples"],
    }
    text = (ROOT / "pyproject.toml").read_text(encoding="utf-8")
    text += "\n[tool.mutmut]\n" + "".join(f"{k} = {json.dumps(v)}\n" for k, v in settings.items())
    (where / "pyproject.toml").write_text(text, encoding="utf-8")
    return where


@dataclass
class ModuleResult:
    target: str
    seconds: float
    counts: dict[str, int] = field(default_factory=dict)
    survivors: list[dict] = field(default_factory=list)
    equivalent: list[dict] = field(default_factory=list)

    @property
    def in_scope(self) -> int:
        """Mutants that count: all but mutmut's skipped ones and the known equivalents (which
        are listed apart, never in ``counts``)."""
        return sum(self.counts.values()) - self.counts.get("skipped", 0)

    @property
    def killed(self) -> int:
        return sum(n for s, n in self.counts.items() if s in KILLED)

    @property
    def score(self) -> float:
        return self.killed / self.in_scope if self.in_scope else 1.0


def mutmut(args: list[str], cwd: Path, log) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    return subprocess.run([sys.executable, "-m", "mutmut", *args], cwd=cwd, env=env, stdout=log,
                          stderr=subprocess.STDOUT, text=True, check=False)


def run_target(target: Target, jobs: int, keep: Path | None) -> ModuleResult:
    """Stage, run mutmut on the target's rule functions, read its verdicts."""
    tmp = Path(tempfile.mkdtemp(prefix=f"mutation-{target.name}-"))
    where = stage(target, tmp / "stage")
    globs = [mutant_prefix(target, f) + "*" for f in target.functions]
    t0 = time.monotonic()
    with open(tmp / "mutmut.log", "w") as log:
        done = mutmut(["run", "--max-children", str(jobs), *globs], where, log)
    seconds = time.monotonic() - t0
    meta = where / "mutants" / "src" / "crossfile_datasets" / (target.source + ".meta")
    if not meta.exists():
        log_tail = (tmp / "mutmut.log").read_text(errors="replace")[-1500:]
        print(f"  {target.name}: mutmut left no results (exit {done.returncode}):\n{log_tail}", flush=True)
        shutil.rmtree(tmp, ignore_errors=True)
        return ModuleResult(target.name, seconds, counts={"not run": 1})
    codes = json.loads(meta.read_text())["exit_code_by_key"]
    prefixes = [mutant_prefix(target, f) for f in target.functions]
    in_scope = {name: code for name, code in codes.items() if not prefixes or name.startswith(tuple(prefixes))}
    if done.returncode != 0 or None in in_scope.values():
        # mutmut stops before running mutants when the clean tests fail or no test reaches the
        # module; its verdicts are then "not checked" and the log says why
        log_tail = (tmp / "mutmut.log").read_text(errors="replace")[-1500:]
        print(f"  mutmut exited with {done.returncode}; unchecked mutants count as surviving. Log tail:\n{log_tail}",
              flush=True)
    result = ModuleResult(target.name, seconds)
    verdicts = [(name, STATUS.get(code, "suspicious")) for name, code in sorted(codes.items(), key=lambda kv: _natural(kv[0]))
                if not prefixes or name.startswith(tuple(prefixes))]
    diffs = _diffs([name for name, status in verdicts if status not in KILLED and status != "skipped"], where, target)
    for name, status in verdicts:
        if status in KILLED or status == "skipped":
            result.counts[status] = result.counts.get(status, 0) + 1
            continue
        diff = diffs.get(name, "")
        known = EQUIVALENT.get(name)
        if known and any(known[0] in line for line in diff.splitlines() if line.startswith("+")):
            result.equivalent.append({"mutant": name, "status": status, "reason": known[1], "diff": diff})
            continue
        result.counts[status] = result.counts.get(status, 0) + 1
        result.survivors.append({"mutant": name, "status": status, "diff": diff})
    if keep is not None:
        shutil.copytree(where / "mutants", keep / target.name, dirs_exist_ok=True)
    shutil.rmtree(tmp, ignore_errors=True)
    return result


def _natural(name: str) -> tuple:
    head, _, number = name.rpartition("_")
    return (head, int(number) if number.isdigit() else 0)


_DIFFS = """
import json, sys
from pathlib import Path
from mutmut.mutation.diff_apply import get_diff_for_mutant
path = Path(sys.argv[1])
out = {}
for name in json.load(sys.stdin):
    lines = get_diff_for_mutant(name, path=path).splitlines()
    out[name] = "\\n".join(l for l in lines if l.startswith(("-", "+")) and not l.startswith(("---", "+++")))
print(json.dumps(out))
"""


def _diffs(names: list[str], where: Path, target: Target) -> dict[str, str]:
    """The changed lines of each mutant (one process for all, through mutmut's own differ)."""
    if not names:
        return {}
    done = subprocess.run([sys.executable, "-c", _DIFFS, f"src/crossfile_datasets/{target.source}"], cwd=where,
                          input=json.dumps(names), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        return {name: f"(no diff: {done.stderr.strip()[-200:]})" for name in names}
    return json.loads(done.stdout)


def write_json(path: Path, results: list[ModuleResult]) -> None:
    path.write_text(json.dumps([{**r.__dict__, "score": r.score, "in_scope": r.in_scope, "killed": r.killed}
                                for r in results], indent=2, ensure_ascii=False))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--module", action="append", choices=[t.name for t in TARGETS],
                        help="only this module (repeatable; default: all, one after another)")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once (default 1: a shared machine)")
    parser.add_argument("--json", type=Path, help="write the scores and survivors here")
    parser.add_argument("--keep", type=Path, help="keep mutmut's mutants/ folders here (to inspect with mutmut)")
    args = parser.parse_args(argv)
    try:
        import mutmut  # noqa: F401
    except ImportError:
        print("mutmut is not installed: pip install -e '.[bench]'", file=sys.stderr)
        return 2
    chosen = [t for t in TARGETS if not args.module or t.name in args.module]
    results = []
    for target in chosen:
        print(f"{target.name}: mutating {target.source} ...", flush=True)
        results.append(run_target(target, args.jobs, args.keep))
        if args.json:  # after every module: a long run that stops still leaves what it measured
            write_json(args.json, results)
    print()
    print(f"{'module':<10} {'source':<33} {'mutants':>7} {'killed':>6} {'survived':>8} {'no test':>7} "
          f"{'unrun':>5} {'equiv':>5} {'score':>6} {'time':>5}")
    for t, r in zip(chosen, results):
        print(f"{r.target:<10} {t.source:<33} {r.in_scope:>7} {r.killed:>6} {r.counts.get('survived', 0):>8} "
              f"{r.counts.get('no tests', 0):>7} {r.counts.get('not checked', 0):>5} {len(r.equivalent):>5} "
              f"{r.score:>6.3f} {r.seconds:>4.0f}s")
    for r in results:
        for s in r.survivors:
            print(f"\n[{r.target}] {s['status']}: {s['mutant']}\n{s['diff']}")
    return 0 if all(r.score >= 0.9 for r in results) else 1


if __name__ == "__main__":
    sys.exit(main())
