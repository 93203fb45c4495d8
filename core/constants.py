"""Every threshold, budget and size of the builder, in one place, with where it comes from."""

# --- file listing ------------------------------------------------------------------------
MAX_FILE_BYTES = 1_000_000  # larger files are almost always generated or data (ours)
MINIFIED_MAX_LINE = 5_000  # a single line this long: minified / generated (ours)
MINIFIED_MEAN_LINE = 300  # mean line length above this: minified (ours)
VENDOR_DIRS = frozenset({"vendor", "vendored", "third_party", "third-party", "node_modules", "site-packages", "external", "deps"})
# names of folders holding copied third-party code that the walk and the sandbox's copy keep (the
# project's code imports them: ``pkg/_vendor/``), whose classes are still not the project's: the
# class split leaves them out (core/skipnames.vendored_folders, ``classes/vendored_code``) (ours)
VENDORED_FOLDER_NAMES = VENDOR_DIRS | frozenset({"_vendor", "_vendored", "thirdparty", "_thirdparty", "_third_party",
                                                 "3rdparty", "extern", "_extern"})
# folders skipped by their name, each family under its own counted reason (core/repofiles.skip_reason);
# build output, environment and cache names are *generic*: a folder so named that holds the project's
# own package (an __init__.py, a folder inside ``src/``, a package the packaging configuration names,
# a folder other project files import) is walked all the same (pypa/build's package is ``src/build``)
BUILD_OUTPUT_DIRS = frozenset({"build", "dist", "target", "out", "obj", "bin"})
ENVIRONMENT_DIRS = frozenset({"venv", "env", ".venv", ".tox", ".eggs"})
CACHE_DIRS = frozenset({"__pycache__", ".mypy_cache", ".pytest_cache", ".gradle", "coverage", "htmlcov"})
VCS_DIRS = frozenset({".git", ".hg", ".svn"})
SKIP_DIRS = VENDOR_DIRS | BUILD_OUTPUT_DIRS | ENVIRONMENT_DIRS | CACHE_DIRS | VCS_DIRS | frozenset({".idea", ".vs"})
# a skipped folder is scanned (names only, no file opened, no link followed) to count the source files it
# held; past this many entries the count stops and says "at least" (a node_modules of 100,000 files) (ours)
SKIPPED_DIR_SCAN_MAX_ENTRIES = 20_000
# a Java folder with a build-output name (`org/x/build/`) is read as a package folder when one of its
# first .java files declares a package the folder is part of (lang/sources.package_folders): at most
# this many files per folder are opened, each read up to PACKAGE_PROBE_BYTES (ours)
PACKAGE_PROBE_FILES = 20
PACKAGE_PROBE_BYTES = 64 * 1024
# a packaging configuration's packages are joined with its package roots (root/pkg) up to this many
# pairs; past it (a real project names tens of each) each is named alone and the configuration is
# counted files/packaging_config_too_large (lang/sources._as_dirs; red team 2026-11-28g row 1) (ours)
PACKAGING_MAX_PAIRS = 10_000
# relative paths longer than this (UTF-8 bytes) are skipped and counted: every copy a checker
# gets lives under a temporary folder, and the whole path must stay under Linux's PATH_MAX (4096)
# with room for that folder (ours)
MAX_PATH_BYTES = 3072
# a tree-sitter parse (lang.base.bounded_parse) may read this many times its text's bytes, plus the
# floor, and take this much CPU time; real files read about once (bench/bench_parse_budget.py), a block
# of indented comment lines quadratically many times (red team 2026-11-27c, row 5) (ours)
PARSE_READ_FACTOR = 64
PARSE_MIN_READ_BYTES = 256 * 1024
PARSE_MAX_SECONDS = 20.0
# tree-sitter-java, -c-sharp and -typescript spend quadratic time in ONE parse step on runs of `<`
# (`F<` repeated; `a < b, ...`: red team 2026-11-27e row 3), where no callback is called: a text
# larger than PARSE_GUARD_MIN_BYTES, or with PARSE_GUARD_ANGLES `<` or more between two of `;{}`,
# is first parsed in a forked child killed by the kernel past PARSE_GUARD_FLOOR_SECONDS +
# PARSE_GUARD_SECONDS_PER_MB x its size of CPU time (real files parse at about 1 s per MB) (ours)
PARSE_GUARD_MIN_BYTES = 64 * 1024
PARSE_GUARD_ANGLES = 64
PARSE_GUARD_FLOOR_SECONDS = 0.25
PARSE_GUARD_SECONDS_PER_MB = 10.0
# Python's compile() of untrusted text (a class answer, a repository source, an example's file) runs
# in a forked child whose address space may grow by PYTHON_COMPILE_MAX_BYTES and which is ended past
# PYTHON_COMPILE_FLOOR_SECONDS + PYTHON_COMPILE_SECONDS_PER_MB x the text's size of CPU time: CPython
# folds `str + str` chains keeping every step (8 kB: 0.7 GB; 25 kB: 15 GB; red team 2026-11-29d
# row 1); real files compile at about 1 s per MB in far less memory (ours)
PYTHON_COMPILE_MAX_BYTES = 1 << 30
PYTHON_COMPILE_FLOOR_SECONDS = 5.0
PYTHON_COMPILE_SECONDS_PER_MB = 10.0
# the host's parses of untrusted text (ast, libcst) and the walks of their trees run in a forked child
# under the limits above (core/bounded.py) when the text is longer than BOUNDED_INLINE_MAX_CHARS: a
# syntax tree is up to ~870 bytes per byte (ast) or ~3,300 (libcst): 1 MB of a data table took 0.5-1 GB
# of the host (red team 2026-11-29g rows 1-4, 6); up to 64 kB it stays in the tens of MB (ours)
BOUNDED_INLINE_MAX_CHARS = 64 * 1024
# a completion prediction longer than this is scored on its first characters (post-processing keeps
# one statement; CrossCodeEval's answers are a line or a few; a 32 MB prediction held the completion
# evaluation for minutes: red team 2026-11-27e; harness.syntax.scan_region's node walk is quadratic
# on a deep expression, `x + x + ...`: 1,000 terms 0.7 s, 2,000 about 3 s) (ours)
COMPLETION_PREDICTION_MAX_CHARS = 4096
MAX_DIR_DEPTH = 128  # folders nested deeper are not walked (counted); real repositories stay under 30 (ours)
JAVAC_MAX_JAR_BYTES = 64 * 1024**2  # a repository jar larger than this is not put on javac's classpath (ours)
JAVAC_MAX_JARS_TOTAL_BYTES = 512 * 1024**2  # jars of one repository copied for javac, in all (ours)
# a .csproj with more <Compile> wildcard patterns is not used (defaults assumed, counted): each pattern is matched
# against every source (20,000 patterns x 2,000 sources: over ten minutes); real projects have a few (ours)
CSPROJ_MAX_WILDCARDS = 500
# a tsconfig.json with more include/exclude patterns is not used (counted as broken): same reason (ours)
TSCONFIG_MAX_PATTERNS = 500

# --- examples (CrossCodeEval, Ding et al. 2023, section 2.2 and Table 1) -------------------
MIN_GROUNDTRUTH_TOKENS = 3  # StarCoder tokens; shorter references are trivial
MAX_GROUNDTRUTH_TOKENS = 30  # longer references are not single-line completions
STRING_LITERAL_DOMINANCE = 0.5  # share of reference chars inside string literals (ours)
STRING_LITERAL_MIN_CHARS = 12  # ...when that literal part is at least this long (ours)

# --- checkers --------------------------------------------------------------------------
PYLINT_BATCH_TIMEOUT = 300.0  # seconds for one Pylint run over a batch of files
PYLINT_FILE_TIMEOUT = 60.0  # seconds per file when a batch is bisected down to single files
PYLINT_BATCH_SIZE = 200  # files per Pylint run (one run per variant set otherwise)
# a copy is cut into chunks checked side by side only when each chunk has at least this many files
PYLINT_MIN_CHUNK = 50
# seconds one variant copy may spend isolating failures once a batch failed (bisection); what
# is left unchecked then is counted as files/checker_abandoned (issue 15: one slow file cost
# ~9 minutes in 21 runs before this bound)
PYLINT_BISECT_BUDGET = 120.0
# ...plus this much per checked file: a repository slow to check as a whole needs its halves run
# once each, and 120 s was less than one half of urllib3 (66 files: the whole batch timed out,
# its first half of 33 was cut at the 120 s left and all 66 files were abandoned; corpus,
# 2026-11-28, on a loaded machine). A hanging file still costs at most this budget per copy.
PYLINT_BISECT_SECONDS_PER_FILE = 4.0
# the limits above are for an idle machine: each check multiplies them by the load average per
# core, at most this much (structlog lost all 37 files at a load of ~21 on 2 cores; ours)
PYLINT_LOAD_FACTOR_CAP = 8.0
TSC_STARTUP_TIMEOUT = 120.0  # seconds for the first check of a project (Node + TypeScript + lib load; 1-4 s measured)
TSC_REQUEST_TIMEOUT = 60.0  # seconds for one in-memory check of one file (20-100 ms measured, bench_typescript)
TSC_CLI_TIMEOUT = 180.0  # seconds for one `tsc -p` process (benchmark / cross-checks; 1.7-2.9 s measured)
TSC_MIN_GROUP = 40  # files per Node process before a repository's files are spread over several
TSC_MAX_ROUNDS = 3  # dummy-class rounds (rounds > 1 restore reported members to unmask further uses; ours)
JAVAC_STARTUP_TIMEOUT = 120.0  # seconds for starting the helper JVM and its first answer (~0.7 s measured)
JAVAC_REQUEST_TIMEOUT = 60.0  # seconds for one in-memory compilation of one file (~20-150 ms measured)
JAVAC_CLI_TIMEOUT = 180.0  # seconds for one `javac` process (benchmark / compiling the helper; ~0.8 s measured)
JAVAC_MAX_ROUNDS = 1  # stub rounds; javac's resolution of the unmodified file finds what rounds > 1 found (same uses on 5 repositories, ~30% fewer compilations; ours)
JAVAC_MAX_CLASSPATH_JARS = 500  # jars found in a repository put on javac's classpath (ours)
JAVAC_JVM_MEMORY = "1g"  # -Xmx of the helper JVM (ours)

# --- retrieval (CrossCodeEval's published prompt builder) -------------------------------
CHUNK_LINES = 10
QUERY_LINES = 10
TOP_K = 5
CONTEXT_TOKEN_BUDGET = 512

# --- graph retriever and repository tools (ours) --------------------------------------------
GRAPH_FULL_DEFINITION_LINES = 12  # longer: a class shows its skeleton (header + member headers), other
#   definitions their first lines; 512 tokens hold ~40 code lines, ~8 per definition for top 5
METHOD_BODY_MAX_LINES = 60  # get_method_body truncates longer bodies (RepoClassBench-style tools)
TOKEN_COUNT_CACHE = 20_000  # retrieval: token counts of context blocks kept per repository (~10 MB)
RECALL_AT_K = (1, 3, 5)  # retrieval report: share of examples whose top-k holds the gold definition

# --- executable split (RepoExec, Hai et al. 2024, arXiv:2406.11927; "ours" where they give none)
EXEC_MIN_DOCSTRING_WORDS = 3  # a docstring needs this many words: not a one-word summary (ours)
EXEC_MIN_BODY_STATEMENTS = 2  # statements after the docstring; fewer = trivial function (ours)
EXEC_MIN_COVERAGE = 0.40  # kept tests must cover this share of the function's lines (RepoExec)
EXEC_FLAKY_RUNS = 10  # kept tests run this many times; a varying outcome drops the test (RepoExec)
# ... when the function (or what it uses) draws on randomness; the others run this many times,
# each run in a fresh process with another hash seed (set and dict order), only the programs
# that passed every earlier run (thefuzz: 10 runs x 73 s of 43 programs, 2026-11-27e)
EXEC_FLAKY_RUNS_DETERMINISTIC = 3
EXEC_CONTEXT_MAX_CHARS = 16_000  # pasted code a prompt grows to with transitive dependencies (ours)
# a module-level assignment at least this long may be pasted with its value left out (``NAME = ...``)
# when it does not fit whole (price-parser's 1,500-line ``CURRENCIES``, held-out 21; ours)
EXEC_CONTEXT_ELIDE_MIN_CHARS = 500
EXEC_INPUTS_BELOW = 3  # functions with fewer programs than this get input programs (ours)
EXEC_DOCTEST_VARIANTS = 4  # hidden examples per function: its docstring examples, one literal changed (ours; red team 2026-11-28e row 5)
EXEC_INPUT_PROGRAMS = 6  # regression programs from inputs per function (call sites, annotations; ours)
# guessed values added on top when the repository's call sites fill all of those (held-out 16:
# stringcase's ``titlecase`` got its 6 from its own test's calls, which its suite test already
# makes, and a ``str.title()`` version passed every one; ours)
EXEC_INPUT_GUESSES = 2
EXEC_MAX_TESTS_PER_PROBLEM = 20  # candidate test programs examined per function (ours)
EXEC_SPLIT_MAX_BYTES = 64 * 1024**2  # programs split from one test module, in all; later tests counted, not made (ours)
EXEC_TEST_TIMEOUT = 10.0  # seconds per test function inside a run (SIGALRM in the runner; ours)
EXEC_RUN_TIMEOUT = 300.0  # seconds of wall clock for one sandboxed pytest run over many tests (ours)
# programs per sandboxed run; more run in chunks of this many (pydash's 2,552 and 1,276 did not
# get past collection within EXEC_RUN_TIMEOUT at load 19, 2026-11-29c; ours)
EXEC_RUN_MAX_PROGRAMS = 250
EXEC_GOLD_TIMEOUT = 60.0  # seconds for one problem's check (gold gate and evaluation; ours)
# problems of a repository whose references the gold gate runs in one sandbox and one pytest
# process (a verdict each, from its own tests; ours): held-out 20's inflect spent 683 s on 29
# fresh sandboxes, each importing a typeguard-checked 4,000-line module
EXEC_GOLD_BATCH_PROBLEMS = 10
EXEC_MUTANTS = 16  # mutants run per problem at most, besides the stubs (ours)
EXEC_MIN_MUTANTS = 10  # a problem with fewer single changes gets pairs of them up to this (issue 36; ours)
# the CPU time one problem's mutation plan may take (libcst, in a bounded child past
# BOUNDED_INLINE_MAX_CHARS: about 0.1 ms per byte of the function; a 16 kB function 2 s) (ours)
EXEC_MUTATION_PLAN_SECONDS = 60.0
# wrong versions (mutants and stubs) run per repository at most: over it, every problem's mutants
# are cut to the same number, not below EXEC_BUDGET_MIN_MUTANTS; problems that still do not fit are
# left unmutated (problems/mutation_budget). wcwidth's 955 of 62 problems did not finish in 26
# minutes at load 20 (held-out 17); ours
EXEC_MUTATION_BUDGET = 480
EXEC_BUDGET_MIN_MUTANTS = 6
# the last three stages of a repository with a time limit each start problems only within a share of
# what is left of the limit as they start, so one stage cannot starve the ones after it (held-out
# 19: hyperlink's gold gate took 667 of 1,260 s and its mutation ran into the limit; furl's mutation
# finished and its disguised controls ran into it, so every problem of both was lost): the gold gate
# EXEC_GOLD_GATE_SHARE, the mutation gate EXEC_MUTATION_SHARE of what is left after the gold gate,
# the disguised controls what is left less EXEC_STAGE_RESERVE_SECONDS (writing the shard). A problem
# a stage has no time left for is counted problems/stage_time_limit; the build finishes with the rest
# (ours)
EXEC_GOLD_GATE_SHARE = 0.3
EXEC_MUTATION_SHARE = 0.65
EXEC_STAGE_RESERVE_SECONDS = 30.0
EXEC_MIN_MUTATION_SCORE = 0.6  # killed / non-equivalent mutants below this: weak_tests (ours)
EXEC_MUTANT_TIMEOUT = 30.0  # seconds for one mutant's run; a time-out kills the mutant (ours)
EXEC_MEMORY_BYTES = 2 * 1024**3  # RLIMIT_AS of every sandboxed process (ours)
EXEC_MAX_PROCESSES = 32  # live processes per sandbox (cgroup pids.max / audit guard / watchdog; ours)
EXEC_FILE_SIZE_BYTES = 64 * 1024**2  # RLIMIT_FSIZE: largest file a sandboxed process may write (ours)
# RLIMIT_NOFILE (soft = hard) of every sandboxed process: open files are one machine-wide table
# (fs.file-max); x the run's pids.max tasks it bounds a run's share (red team 2, row 11; ours:
# sampled during the class and executable suites, javac held at most 23, a JVM 32, mono 7)
EXEC_OPEN_FILES = 1024
# RLIMIT_SIGPENDING and RLIMIT_MSGQUEUE (soft = hard) set before bubblewrap starts, so the run's
# user namespace and every process in it inherit them: pending signals and POSIX message-queue
# bytes are charged per user up the user-namespace tree, to root's count on the host (96,364
# signals and 800 kB here), so a run without its own ceiling took all of them from every root
# process (red team 4, rows 3 and 9; ours: a run needs a handful of queued signals, no queue)
EXEC_PENDING_SIGNALS = 1024
EXEC_MESSAGE_QUEUE_BYTES = 64 * 1024
# Terminals of one run (the devpts ``max=`` of its own instance): every devpts instance but the
# host's first draws from one count (kernel.pty.max - kernel.pty.reserve, 3,072 here), so a run
# without a ceiling took them all and every other sandboxed run's openpty() failed (red team 5,
# row 10; ours: pexpect, prompt-toolkit and IPython suites open a few at a time)
EXEC_TERMINALS = 64
# --- class-level split (RepoClassBench, Deshpande et al. 2024; "ours" where the paper gives none)
CLASS_SUITE_TIMEOUT = 1200.0  # seconds of wall clock for a repository's whole suite, all its processes (ours)
CLASS_MAX_CRASHED_TESTS = 25  # tests that may end the test process before a suite run gives up (ours)
# --observe-types: a test that ends the test process (the hard per-test limit, a crash) loses every
# observation of the run (sent at the session's end): the suite runs again without it, for at most
# this many tests, while this much of the run's time is left (ours)
OBSERVE_MAX_TESTS_LEFT_OUT = 3
OBSERVE_MIN_RERUN_SECONDS = 30
CLASS_MIN_SECONDS_PER_CLASS = 60.0  # Java: a test class run alone (the suite under coverage too slow) gets at least this (ours)
CLASS_MUTANTS = 6  # one-method mutants run per task by the wrong-class gate (ours)
CLASS_GATE_SECONDS = 900.0  # wall clock a repository's mutant runs may take in all; tasks share it (ours)
# ... or this much per task when that is more: a repository of many small classes gets time for
# each (held-out 2026-11-28e: concurrent-trees' 27 tasks, 13 with mutants not run in 900 s) (ours)
CLASS_GATE_SECONDS_PER_TASK = 60.0
# wall clock one repository's class build may plan for (suite, gates, mutants): the mutant gate's
# budget is cut to what is left of it, and a stage that starts past it drops the tasks it would
# have judged (tasks/repository_budget_spent), so a build ends near it with the tasks it finished
# (held-out 21: simplecsv took 1,279 s, its first build was stopped at 1,200 s with nothing written)
# (ours; 0: no such budget)
CLASS_REPOSITORY_SECONDS = 1200.0
CLASS_MIN_GATE_MUTANTS = 2  # mutants run per task even when its share of CLASS_GATE_SECONDS is spent (ours)
# one mutant's run ends at this many times the task's run on the original class (its throwing-stub
# run's wall clock, which builds and starts what a mutant's does, plus its tests' seconds in the
# gold rerun), at least CLASS_MUTANT_MIN_SECONDS, at most EXEC_RUN_TIMEOUT: a mutant that loops
# is caught at its limit, not after 300 s (held-out 20: parsii's two looping tokenizer mutants
# took 600 s of the 900 s budget, 13 mutants of 4 tasks not run) (ours)
CLASS_MUTANT_TIME_FACTOR = 5.0
CLASS_MUTANT_MIN_SECONDS = 30.0
# methods the wrong-class gate does not mutate: a changed hash code keeps every hashed collection
# working, so only a test printing hash values tells (ours; jfreesvg's GradientPaintKey)
CLASS_UNMUTATED_METHODS = frozenset({"hashCode", "GetHashCode", "__hash__"})
CLASS_GATE_CONTROLS = 2  # disguised controls run per task by the wrong-class gate (ours; red team 2026-11-27f row 5)
# disguised wrong versions run per problem by the executable mutation gate, beside one disguised
# gold that must pass (ours; red team 16 row 3)
EXEC_GATE_CONTROLS = 2
CLASS_MIN_MUTANT_SCORE = 0.5  # caught / run mutants below this: the task is dropped (ours; docs/classlevel.md)
# a task with fewer EXPECTED_TO_PASS tests than this must show that they judge the class: at least
# CLASS_FEW_TESTS_MIN_MUTANT_SCORE of its mutants caught; with no mutant made it is dropped
# (tasks/few_tests_no_mutant) (ours; docs/classlevel.md)
CLASS_FEW_TESTS = 3
# fewer EXPECTED_TO_PASS tests than this after the gates: the task is dropped (tasks/below_min_tests).
# One test makes the test pass rate pass@1 and judges a whole class by one scenario (held-out
# 2026-11-28e: voluptuous' ExactSequence, DateTimeExtensions' YearMapHoliday) (ours; docs/classlevel.md)
CLASS_MIN_TESTS = 2
CLASS_FEW_TESTS_MIN_MUTANT_SCORE = 0.75
# a class no passing test names is taken when at least this many passing tests execute it
# (reached through a facade: jmespath.search -> TreeInterpreter) (ours; docs/classlevel.md)
CLASS_MIN_FACADE_TESTS = 3
# the message of the throwing body the C# runner compiles in place of a library method mcs cannot
# compile (a C# 7 type pattern, CS0589): a test failing with it failed on the compiler, not the code
UNCOMPILABLE_BODY_MESSAGE = "left out: this body does not compile with mcs here"
# the host side of the sandbox (sandbox/hostfs.py, sandbox/channel.py): what the host reads back
# from folders and pipes sandboxed code controls is capped, the excess counted (ours)
HOST_READ_MAX_BYTES = 64 * 1024**2  # one file read into memory (reports, records, requirements)
# one line of a JSON Lines input (a split record, a predictions row: every generation of a task):
# a longer line is refused with its line number, never read whole (red team 9 row 4) (ours)
JSONL_LINE_MAX_BYTES = 256 * 1024**2
# one class answer of the class evaluation (UTF-8): the class's file must fit MAX_FILE_BYTES anyway; a
# larger answer is refused (generations/answer_too_large) before any parse, copy or run (ours)
CLASS_ANSWER_MAX_BYTES = MAX_FILE_BYTES
# one generation of the executable evaluation (UTF-8), and any solution the executable gates splice:
# the module it is spliced into must fit MAX_FILE_BYTES anyway; a larger one is refused
# (generations/answer_too_large) before any host parse (tree-sitter, ast) or copy: Python's AST
# took ~250 bytes of host memory per byte of generation (red team 16 row 4) (ours)
EXEC_GENERATION_MAX_BYTES = MAX_FILE_BYTES
HOST_COPY_MAX_BYTES = 512 * 1024**2  # one file copied out to the host's disk (coverage data)
CHANNEL_MAX_BYTES = 32 * 1024**2  # verdict records kept from one run's channel; the rest is counted, not kept
# the host memory the parsed records kept from one run's channel may hold (sandbox/channel.py:
# held_bytes; a line whose parse could take more than what is left is not parsed): the byte budget
# alone admitted 0.5 GB of parsed empty dicts (red team 2026-11-29f row 4). An honest record of
# the pytest plugin is about 200 bytes of JSON and 1.2 kB parsed: about 80,000 records fit
CHANNEL_MAX_HELD_BYTES = 96 * 1024**2
# a repository file whose apparent size is over this is left out of every run's copy and of the tree
# hash (a sparse file would otherwise be written out whole, per run; GitHub refuses files over 100 MiB)
COPY_FILE_MAX_BYTES = 100 * 1024**2
# a copy runs before every run's time limit starts (each generation, gate and mutant run): it stops at
# the folder that would take it past this many names, and leaves out files past this total of apparent
# size (100,000 empty files took 137 s to copy under load; red team 2026-11-27d) (ours)
COPY_MAX_ENTRIES = 50_000
COPY_MAX_TOTAL_BYTES = 1024**3
# the C# runner's host copies of the files a repository's projects copy beside the test assembly
# (CopyToOutputDirectory), written before every C# run: one copy per source file (further
# destinations are hard links), at most this many bytes in all; past it a file is left out and
# counted (red team 2026-11-27e row 4: 40 projects linking one file wrote it 40 times) (ours)
CSHARP_OUTPUT_COPY_MAX_BYTES = 256 * 1024**2
# wall clock one C# build of the test assembly may spend in all (its mcs runs and the host's
# leaving out of what does not compile) before it ends as a compile_timeout (ours; docs/classlevel.md)
CSHARP_BUILD_SECONDS = 900.0
EXEC_PIP_TIMEOUT = 900.0  # seconds for installing one repository's requirements (ours)
PYNGUIN_VERSION = "0.48.0"  # newest on PyPI when written (`pip index versions pynguin`); Python >=3.10,<3.16
PYNGUIN_SEARCH_SECONDS = 30  # Pynguin --maximum-search-time per module: a safety cap (ours; RepoExec does not say)
# Pynguin stops after this many search iterations and samples this many mutants (seeded) for its
# assertions, so that with a fixed hash seed its output does not depend on the machine's speed or
# load (a time budget alone gave different tests on every run). The time caps above only bind on a
# module whose iterations are unusually slow.
PYNGUIN_MAX_ITERATIONS = 2
PYNGUIN_MAX_MUTANTS = 50
# after this many modules of one repository in a row end without tests for the same reason, its other
# modules are not given to Pynguin (counted tests/pynguin_given_up; ours)
PYNGUIN_GIVE_UP_AFTER = 3
PYNGUIN_RUN_TIMEOUT = 120.0  # wall clock per Pynguin process: search + assertion generation + start-up (ours)
PYNGUIN_MEMORY_BYTES = 4 * 1024**3  # Pynguin's own threads reserve more address space (ours)
PYNGUIN_MAX_PROCESSES = 64  # Pynguin runs a master-worker pair plus the module's own processes (ours)
LLM_TIMEOUT = 120.0  # seconds per model request, the whole of it: connection, headers and answer (ours)
MODEL_ANSWER_MAX_BYTES = 16 * 1024**2  # one HTTP answer of a model endpoint; a longer one is refused (ours)
LLM_TESTS_PER_FUNCTION = 1  # completions requested per function (ours)

# --- C# with mono's mcs (lang/csharp; measured figures in docs/csharp.md) --------------------
MCS_COMPILE_TIMEOUT = 180.0  # seconds per mcs run; a 60-file project compiles in < 1 s (ours)
MCS_PREPARE_ROUNDS = 8  # neutralize/declare/exclude passes before a unit counts as blocked (ours)
MCS_MAX_ROUNDS = 3  # rounds per defining file; round 3 rarely adds uses (measured, ours)
MCS_UNMASK_ROUNDS = 2  # unmasking rounds after them, each only while the last found something (issue 28;
# Stateless: +102 compilations (503 -> 605) for 34 more usages; a second round changed nothing on Sprache, ours)
MCS_WORKERS = 2  # parallel mcs processes: the build machine has 2 cores (ours)
# the managed heap of every mono running mcs (MONO_GC_PARAMS max-heap-size): 1 kB of doubling
# string constants made the compiler 2 GB, 26 lines more than the machine (red team 2026-11-28e
# row 4); a 60-file project compiles in < 200 MB (ours)
MCS_HEAP_MB = 512
# the address space of the resident Pylint server (RLIMIT_AS): checking a file takes < 1 GB (ours)
PYLINT_SERVER_MEMORY_BYTES = 4 * 1024**3
MCS_SERVER_MAX_REQUESTS = 400  # compilations per resident McsServer before a fresh one (memory; ours)
MCS_ISOLATE_FILES = 3  # files a unit may lose to mcs crashes/hangs before it counts as failed (ours)
MCS_ISOLATE_COMPILATIONS = 12  # bisection compilations to find one such file (ours)
MCS_ISOLATE_SECONDS = 300.0  # wall-clock bound of one bisection (hangs cost a time-out per step; ours)
MCS_STUB_MEMBER_ROUNDS = 3  # passes giving missing-assembly stand-ins the members bodies call (ours)

# --- model filter (CrossCodeEval's last step; builders/completion/model_filter.py) ------------------------
MODEL_FILTER_MAX_NEW_TOKENS = 50  # CrossCodeEval generates at most 50 tokens per completion
MODEL_FILTER_PROMPT_TOKENS = 1998  # 2048-token window of starcoderbase-1B minus the generation

# --- dense retrieval (builders/completion/dense.py) ---------------------------------------------------------
DENSE_MAX_TOKENS = 512  # encoder input length; UniXcoder's maximum position (CrossCodeEval's dense retriever)

# --snapshots: the repository files the examples were built from (JSONL, and the saved dataset
# the <lang>_snapshots Hub config is pushed from)
SNAPSHOTS_FILE, SNAPSHOTS_DATASET = "snapshots.jsonl", "snapshots_dataset"

# Split names, chosen once for the folder, the cards and the Hub alike (builders/publish.py):
# RepoBench v1.1's for completion (below), RepoExec's context sizes for the executable split,
# one ``test`` split per class-level configuration, ``train`` for the instruct data and
# ``files`` for the repository snapshots. The saved ``datasets`` folder of each split:
COMPLETION_DATASET, EXECUTABLE_DATASET, CLASS_DATASET, INSTRUCT_DATASET = (
    "dataset", "executable_dataset", "class_dataset", "instruct_dataset")
EXECUTABLE_SPLITS = ("full_context", "medium_context", "small_context")
CLASS_SPLIT, INSTRUCT_SPLIT, SNAPSHOTS_SPLIT = "test", "train", "files"

# The RepoBench-style splits of the completion split (builders/completion/splits.py). The first is
# CrossCodeEval's (its examples: <lang>/line_completion*.jsonl); the others are written to
# <lang>/<split>/line_completion*.jsonl; all three are saved as splits of the same names.
CROSS_FILE_FIRST, CROSS_FILE_RANDOM, IN_FILE = "cross_file_first", "cross_file_random", "in_file"
COMPLETION_SPLITS = (CROSS_FILE_FIRST, CROSS_FILE_RANDOM, IN_FILE)
EXTRA_COMPLETION_SPLITS = (CROSS_FILE_RANDOM, IN_FILE)  # the ones beside CrossCodeEval's
IN_FILE_MIN_PER_FILE = 1  # in_file examples per file: as many as its cross-file examples, at least this

# The CrossCodeEval-compatible JSONL file of each retrieval method (one config per method on the Hub)
VARIANT_FILES = {
    "bm25": "line_completion_rg1_bm25.jsonl",
    "oracle": "line_completion_oracle_bm25.jsonl",
    "graph": "line_completion_graph.jsonl",
    "jaccard": "line_completion_rg1_jaccard.jsonl",  # CrossCodeEval's Jaccard-similarity variant
    "dense": "line_completion_rg1_dense.jsonl",  # a user-given encoder (--dense-model), cosine
}

# --- the split engine ---------------------------------------------------------------------
# wall clock one repository's build (one split) may take before it is stopped and counted
# repositories/timeout (core/deadline.py; --repository-time-limit, 0: none). Real class builds
# took 20-70 min, executable builds of large repositories 40+ min on 2 cores (ours)
REPOSITORY_TIME_LIMIT = 7200.0

# --- the Hub push ---------------------------------------------------------------------------
# the remote README a push merges with (written by whoever else can write the Hub repository):
# larger ones are refused, and so is YAML whose anchors and aliases expand to more nodes than
# this (red team 2026-11-28d row 6: 700 bytes naming 10**9 data files); our own cards hold a few
# thousand nodes
HUB_CARD_MAX_BYTES = 4 * 1024**2
HUB_CARD_MAX_NODES = 200_000

# --- cloning a repository (builders/repos.py) -------------------------------------------------
# a clone (git's objects) and its checkout beyond these are refused, counted
# repositories/clone_too_large: measured before the checkout writes anything (a git bomb: a few
# kB of objects naming millions of files). The largest repositories we build hold under 20,000
# files and 500 MB (ours)
CLONE_TIME_LIMIT = 600.0  # seconds for git clone, and again for the checkout
CLONE_MAX_PACK_BYTES = 4 * 1024**3
CLONE_MAX_FILES = 300_000
CLONE_MAX_BYTES = 8 * 1024**3
CLONE_LIST_TIME_LIMIT = 120.0  # seconds for listing the checkout's files (git ls-tree -r)
CLONE_LIST_MAX_BYTES = 64 * 1024**2  # that list's output (about 100 bytes a file)

# (line, context) entries of a coverage database read back from a sandboxed run
# (sandbox/pytest_runs.py): decoding costs about 100 bytes of host memory each; past this the
# run's coverage is refused, counted host_files/coverage_too_many_lines (red team 2026-11-28d
# row 5). Honest suites: 2,000 tests running 100 measured lines each are 200,000
COVERAGE_MAX_LINE_ENTRIES = 2_000_000
# context names of that database: coverage.py fetches a context's name again for every measured
# file's row that names it, and the read-back keeps each copy (red team 2026-11-28f row 5: one
# name of 20 MB on 21 files, +400 MB on the host). A harness context is a test's node id: a name
# longer than COVERAGE_MAX_CONTEXT_CHARS, or more than COVERAGE_MAX_CONTEXT_BYTES of names over the
# measured files' rows, refuses the run's coverage unread, host_files/coverage_context_names
COVERAGE_MAX_CONTEXT_CHARS = 64 * 1024
COVERAGE_MAX_CONTEXT_BYTES = 256 * 1024**2
