"""The one registry of what a build counts: drop and skip reasons, notes and metrics.

Why it exists: every file, usage, example, problem or repository that does not make it into a
dataset is counted under a named reason (``core.report.BuildReport``), and the same report also
counts work done (compilations, cache hits, uses found per round). Readers of ``stats.json`` and
the card must be able to tell a *loss* from a rule and from a work counter, and a reason name
must mean one thing everywhere. So each ``stage/reason`` is declared here once, with its
:class:`Kind` and a one-line meaning:

- ``LOSS``: input that should have produced data and did not because something failed or is not
  supported (a checker crash, an undecodable file, a diagnostic we could not attribute);
- ``RULE``: input left out on purpose by a documented rule (vendored folders, CrossCodeEval's
  filters, candidate criteria);
- ``NOTE``: kept, but worth knowing (a BOM stripped, pre-existing compile errors);
- ``METRIC``: a work counter, kept apart from the reasons (``BuildReport.metrics``).

A name may hold ``{placeholders}`` for families (``checker_{status}``). A reason counted without
being declared is still counted (a build never loses a count over bookkeeping) and listed as
unregistered in the report; the test suite runs in strict mode (``CROSSFILE_STRICT_REASONS=1``),
where it raises, and ``tests/core/test_reasons.py`` checks every literal call site.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from crossfile_datasets.core.enums import StrEnum


class Stage(StrEnum):
    REPOSITORIES = "repositories"
    FILES = "files"
    FILES_NORMALIZED = "files_normalized"
    PROJECTS = "projects"  # C# projects (.csproj units)
    TSCONFIG = "tsconfig"
    CHECKER = "checker"
    DIAGNOSTICS = "diagnostics"
    USAGES = "usages"
    USAGES_BY_ROUND = "usages_by_round"
    EXAMPLES = "examples"
    # the RepoBench-style splits of the completion split (builders/completion/splits.py): the
    # same example reasons as ``examples`` (which is cross_file_first's stage), counted apart
    EXAMPLES_RANDOM = "examples_cross_file_random"
    EXAMPLES_IN_FILE = "examples_in_file"
    CACHE = "cache"
    CANDIDATES = "candidates"  # functions considered by the executable and instruct splits
    FUNCTIONS = "functions"
    ENVIRONMENT = "environment"
    TESTS = "tests"
    PROBLEMS = "problems"
    CLASSES = "classes"  # class-level split: classes considered as tasks
    TASKS = "tasks"  # class-level tasks
    REFERENCES = "references"  # class-level: names a class writes for the repository's code
    SUITES = "suites"  # class-level: how a repository's suite ran differently from its own CI
    DESCRIPTIONS = "descriptions"
    # host reads and writes in folders sandboxed code could touch, refused (sandbox/hostfs.py)
    HOST_FILES = "host_files"
    # an evaluated split's records refused (a field that would name a host path outside its folder)
    SPLIT_RECORDS = "split_records"
    # evaluations: a generation refused before it runs (its status in the metrics' ``status``)
    GENERATIONS = "generations"


class Kind(StrEnum):
    LOSS = "loss"
    RULE = "rule"
    NOTE = "note"
    METRIC = "metric"


@dataclass(frozen=True)
class Reason:
    stage: Stage
    name: str  # may hold {placeholders}
    kind: Kind
    meaning: str

    @property
    def key(self) -> str:
        return f"{self.stage.value}/{self.name}"


L, R, N, M = Kind.LOSS, Kind.RULE, Kind.NOTE, Kind.METRIC

# a class answer refused before it runs: its status in the class evaluation's ``status`` counts
# (``generations/answer_not_one_class`` below), the reason of the gates' refused run
ANSWER_NOT_ONE_CLASS = "answer_not_one_class"
# a class answer over CLASS_ANSWER_MAX_BYTES, an executable generation over EXEC_GENERATION_MAX_BYTES:
# refused before any parse, copy or run
ANSWER_TOO_LARGE = "answer_too_large"
# an executable generation (or the split's solution its header comes from) that tree-sitter did not
# parse within the guarded parse's budget (harness/placement.py): refused, never run
GENERATION_NOT_PARSED = "generation_not_parsed"
# a run whose verdict channel dropped records past its caps (sandbox/channel.py: ``overflow``): what
# was dropped (a checked value, an outcome) is unknown, so the run is never a pass (red team
# 2026-11-29 row 3): a generation's status in both evaluations, a refusal of the build's runs
CHANNEL_OVERFLOW = "channel_overflow"
# a sandboxed run that never started (bubblewrap's own set-up failed: a folder of the copy it
# could not enter, a mount refused): a fault of the machine, not of the generation; never a pass,
# a generation's status apart from ``incomplete`` (red team 2026-11-29e row 4)
RUN_NOT_STARTED = "run_not_started"
S = Stage

_DECLARED: tuple[tuple[Stage, str, Kind, str], ...] = (
    # --- repositories ------------------------------------------------------------------------
    (S.REPOSITORIES, "commit_not_found", L, "the requested commit is not in the repository"),
    (S.REPOSITORIES, "commit_mismatch", L, "the checked-out commit is not the requested one"),
    (S.REPOSITORIES, "path_not_found", L, "the given folder does not exist"),
    (S.REPOSITORIES, "no_creation_date", R, "selection criteria: creation date unknown with a date range set"),
    (S.REPOSITORIES, "created_too_early", R, "selection criteria: created before the date range"),
    (S.REPOSITORIES, "created_too_late", R, "selection criteria: created after the date range"),
    (S.REPOSITORIES, "too_large", R, "selection criteria: larger than allowed"),
    (S.REPOSITORIES, "too_many_source_files", R, "selection criteria: more source files than allowed"),
    (S.REPOSITORIES, "license_not_permissive", R, "selection criteria: the license is not a permissive one"),
    (S.REPOSITORIES, "clone_failed", L, "git clone or checkout of the given URL/commit failed"),
    (S.REPOSITORIES, "clone_too_large", R, "the clone's objects, or the files or bytes its checkout would write, are over the CLONE_MAX_* caps (a git bomb): refused before the checkout"),
    (S.REPOSITORIES, "local_url_refused", R, "a manifest's url is not a network URL and names no folder inside the manifest's folder (file://, a path, ext::): refused without --allow-outside-manifest"),
    (S.REPOSITORIES, "path_outside_collection", R, "a --repos-dir sub-folder is a link to a folder outside the repositories folder: refused without --allow-outside-manifest (red team 2026-11-30 row 1)"),
    (S.REPOSITORIES, "git_unreadable", L, "a local folder's .git is one git refuses, not its own repository, or one that makes git read another folder's (a .git file, a commondir, a link or a config include leaving it: red team 2026-11-30 row 2): its URL and commit unknown, refused"),
    (S.REPOSITORIES, "no_source_files", L, "no source file of the language in the repository"),
    (S.REPOSITORIES, "failed", L, "the repository's build raised an error (see failed_repositories)"),
    (S.REPOSITORIES, "unreadable_tree", L, "its content key (the hash of its files, read before its build) could not be computed: not built, no shard (red team 2026-11-28d row 4)"),
    (S.REPOSITORIES, "timeout", L, "the repository's build went past --repository-time-limit (wall clock): stopped at its next process or parse, no shard written (a rerun tries again)"),
    (S.REPOSITORIES, "environment_failed", L, "its test environment could not be created"),
    (S.REPOSITORIES, "build_failed", L, "its sources (main or tests) do not compile"),
    (S.REPOSITORIES, "suite_{status}", L, "its test suite did not run to usable results"),
    (S.REPOSITORIES, "suite_collected_nothing", L, "pytest collected no test"),
    (S.REPOSITORIES, "suite_crashed", L, "the test suite crashed, timed out or had only collection errors"),
    (S.REPOSITORIES, "suite_incomplete", N, "the repository's suite did not run to its end (its time ran out, too "
                                            "many tests ended the test process): what ran stands, the rest is counted"),
    (S.REPOSITORIES, "test_framework_unavailable", L, "its tests need a framework that is not installed"),
    (S.REPOSITORIES, "types_not_observed_{status}", L, "--observe-types: the test suite could not report parameter types"),
    (S.REPOSITORIES, "types_observed_without_test", N,
     "--observe-types: a test ended the test process (hard per-test limit, crash), so the suite ran again without it"),
    (S.REPOSITORIES, "fork", R, "selection criteria: forks left out"),
    (S.REPOSITORIES, "too_few_stars", R, "selection criteria: fewer stars than required"),
    (S.REPOSITORIES, "too_few_source_files", R, "selection criteria: fewer source files than required"),
    (S.REPOSITORIES, "file_in_dedup_list", R, "selection criteria: a file appears in the deduplication list"),
    (S.REPOSITORIES, "repository_in_evaluation_split", R, "instruct split: the repository is in an evaluation split"),
    (S.REPOSITORIES, "created_before_cutoff", R, "selection criteria: created before the cut-off date"),
    (S.REPOSITORIES, "unknown_creation_date", R, "selection criteria: creation date unknown with a cut-off set"),
    # --- files -----------------------------------------------------------------------------------
    (S.FILES, "syntax_error", L, "the parser or the checker found a syntax error"),
    (S.FILES, "syntax_error_in_bodies", N,
     "C#: kept, noted: tree-sitter failed inside method bodies only (declarations whole): compiled and checked as a definition file; uses located inside the failed statements may be lost"),
    (S.FILES, "parse_timeout", L, "the tree-sitter parse went past its budget (PARSE_READ_FACTOR x the file's bytes read, or PARSE_MAX_SECONDS): nothing taken from the file"),
    (S.FILES, "undecodable", L, "not valid UTF-8 (after BOM and encoding detection)"),
    (S.FILES, "undecodable_name", L, "the file name is not valid UTF-8"),
    (S.FILES, "unreadable", L, "the file could not be read"),
    (S.FILES, "toml_unreadable", L, "a TOML configuration file (pyproject.toml) that is not valid or is nested too deep to read: read as empty, the repository built without it (red team 2026-11-28e row 8)"),
    (S.FILES, "packaging_config_too_large", N, "the Python packaging configuration (pyproject.toml, setup.cfg, setup.py) names more packages x package roots than PACKAGING_MAX_PAIRS: each named alone, not joined (red team 2026-11-28g row 1)"),
    (S.FILES, "unreadable_dir", L, "the folder could not be opened or listed (its files are unknown)"),
    (S.FILES, "path_too_long", L, "the path in the repository is longer than MAX_PATH_BYTES (every copy must fit PATH_MAX)"),
    (S.FILES, "too_deep", L, "the folder is nested deeper than MAX_DIR_DEPTH folders (not walked)"),
    (S.FILES, "checker_crash", L, "the checker crashed on this file"),
    (S.FILES, "checker_timeout", L, "the checker ran out of time on this file"),
    (S.FILES, "checker_abandoned", L, "the checker's work on this file was given up after repeated failures"),
    (S.FILES, "observed_check_failed", L,
     "--observe-types: the check with the observed-types plugin failed on this file; checked again without it (its observed uses are lost)"),
    (S.FILES, "checker_{status}", L, "the checker's run on this file ended with this status"),
    (S.FILES, "checker_{status}_isolated", L, "the file alone makes the checker end with this status"),
    (S.FILES, "bodies_blanked", L,
     "C#: mcs refuses code inside the file's method bodies while parsing: bodies blanked, declarations kept"),
    (S.FILES, "checker_{status}_bodies_blanked", L,
     "C#: mcs fails on the file's method bodies: they are blanked, its declarations kept (uses inside them lost)"),
    (S.FILES, "crashes_checker", L, "the file makes the checker crash and was left out of the program"),
    (S.FILES, "csharp_syntax_too_new", L, "C#: mcs compiled the file's unit and says its syntax is newer than C# 7.2 (CS1644/CS8107); counted once per file"),
    (S.FILES, "csharp_syntax_too_new_parsed", L,
     "C#: tree-sitter's parse of the file shows syntax newer than C# 7.2 (the pre-check before mcs: mcs never ran on its units); counted once per file"),
    (S.FILES, "csharp_unit_not_compiled", L,
     "C#: every compilation unit holding the file was rejected for its syntax (csharp_syntax_too_new / _parsed) before its uses were checked"),
    (S.FILES, "javac_syntax_error", L, "javac reports a syntax error in the unmodified file"),
    (S.FILES, "stub_syntax_error", L, "a stubbed variant of the file does not parse (a stubbing defect)"),
    (S.FILES, "helper_compile_failed", L, "the resident javac helper could not compile the file"),
    (S.FILES, "checker_stack_overflow", L, "the checker overflowed its stack on this file"),
    (S.FILES, "excluded_{how}", L,
     "C#: a file left out of its project's compilation (emptied or removed), once per file: declarations that do not compile without missing assemblies, syntax mcs refuses, or a crash isolated to it (the detail says which)"),
    (S.FILES, "refinement_{reason}", L, "TypeScript: the refinement pass failed on this file"),
    (S.FILES, "checker_usage_error", L, "Pylint refused its command line (exit status 32)"),
    (S.FILES, "pylint_syntax_error", L, "Pylint reports a syntax error (E0001)"),
    (S.FILES, "pylint_fatal:{code}", L, "Pylint stopped on the file with a fatal message"),
    (S.FILES, "{reason}_round2", L, "Python: the second Pylint pass failed on this file with this reason"),
    (S.FILES, "duplicate_class", L, "Java: the file's class is declared in another file too (ambiguous)"),
    (S.FILES, "lombok_annotations", L, "Java: Lombok generates members javac cannot see without it"),
    (S.FILES, "module_info", R, "Java: module-info.java declares no types"),
    (S.FILES, "package_info", R, "Java: package-info.java declares no types"),
    (S.FILES, "binary", R, "binary content"),
    (S.FILES, "generated", R, "generated code (a generator's header or file name)"),
    (S.FILES, "template_source", R, "a project generator's template, not the project's code (under a Maven archetype's archetype-resources/ or a cookiecutter {{...}} folder)"),
    (S.FILES, "generated_from_template", R, "generated code: its generator's input lies beside it (Specs.tt -> Specs.cs, Calc.g4 -> CalcParser.java)"),
    (S.FILES, "minified", R, "minified code (very long lines)"),
    (S.FILES, "oversize", R, "larger than the size limit"),
    (S.FILES, "vendored_dir", R, "source files under a vendored or dependency folder (node_modules, vendor, ...); counted per file, the folder is the place"),
    (S.FILES, "build_output_dir", R,
     "source files under a build-output folder (build, dist, target, out, obj, bin) that holds no package of the project; counted per file"),
    (S.FILES, "environment_dir", R, "source files under a virtual environment or tool folder (venv, env, .venv, .tox, .eggs); counted per file"),
    (S.FILES, "cache_dir", R, "source files under a cache or report folder (__pycache__, .mypy_cache, coverage, htmlcov, ...); counted per file"),
    (S.FILES, "hidden_dir", R, "source files under a hidden folder (.git, .github, .idea, ...); counted per file"),
    (S.FILES, "symlink", R, "a symbolic link (the target is listed where it lives)"),
    (S.FILES, "symlinked_dir", R, "under a symbolically linked folder"),
    (S.FILES, "link_outside_repo", R, "a link pointing outside the repository"),
    (S.FILES, "not_regular_file", R, "a FIFO, socket or device"),
    (S.FILES, "type_declarations", R, "TypeScript: a .d.ts declaration file"),
    (S.FILES, "name_unsupported_by_checker", L, "TypeScript: a backslash in the path (the compiler reads it as a separator)"),
    (S.FILES, "checker_read_outside_repo", R, "a file outside the repository the checker asked for (module resolution): refused"),
    (S.FILES, "generated_table", N, "kept, noted: a long table of literals (Unicode or entity tables, lookup arrays) whose lines give no example; the code around it stays"),
    (S.FILES_NORMALIZED, "bom_stripped", N, "a UTF-8 byte-order mark was removed"),
    (S.FILES_NORMALIZED, "crlf_converted", N, "CR/CRLF line ends were converted to LF"),
    # --- projects and configuration ---------------------------------------------------------------
    (S.PROJECTS, "checker_{status}", L, "C#: the project's compilation ended with this status"),
    (S.PROJECTS, "checker_crash", L, "C#: the compiler crashed on the project"),
    (S.PROJECTS, "checker_timeout", L, "C#: the project's compilation ran out of time"),
    (S.PROJECTS, "checker_error", L, "C#: the compiler reported an internal error"),
    (S.PROJECTS, "checker_blocked", L, "C#: the project cannot be compiled (its references are missing)"),
    (S.PROJECTS, "csharp_syntax_too_new", L, "C#: mcs reports syntax newer than C# 7.2"),
    (S.PROJECTS, "csharp_syntax_too_new_parsed", L,
     "C#: not compiled: tree-sitter's parse of its files (or ImplicitUsings) shows syntax newer than C# 7.2; mcs never ran on it"),
    (S.PROJECTS, "project_owns_no_sources", L, "C#: a .csproj owns no source file of the build (no <Compile> item matches, or no source under an SDK-style project's folder); projects referencing it compile without its types (stand-ins of a missing assembly)"),
    (S.PROJECTS, "csproj_unreadable", L, "C#: the .csproj file cannot be used (not readable XML, a document type declaration (core/xmlsafe.py), not a regular file, a link, too many wildcards); defaults assumed"),
    (S.PROJECTS, "java_build_file_unreadable", L, "Java: a module's pom.xml / build.gradle cannot be read (not readable XML, a document type declaration (core/xmlsafe.py), not a regular file, a link); the module is checked without the modules it depends on"),
    (S.TSCONFIG, "tsconfig_extends_unresolved", N, "TypeScript: tsconfig extends a file that is not found"),
    (S.TSCONFIG, "unreadable_declaration_file", L, "TypeScript: a .d.ts file of the project cannot be read"),
    (S.TSCONFIG, "broken_tsconfig", L, "TypeScript: tsconfig.json cannot be read; defaults used"),
    (S.TSCONFIG, "tsconfig_extends_outside_repo", N, "TypeScript: tsconfig extends a file outside the repository"),
    (S.TSCONFIG, "compiler_option_error", N, "TypeScript: tsc rejects a compiler option; it is left out"),
    # --- the checker (notes and work) ----------------------------------------------------------------
    (S.CHECKER, "classpath_jar_refused", L, "Java: a jar of the repository left off javac's classpath (a link, not a regular file, unreadable, over the size cap)"),
    (S.CHECKER, "classpath_jar_unreadable", L, "Java: a jar of the repository the JVM cannot open as a zip file, left off javac's classpath (javac fails on every file with it)"),
    (S.CHECKER, "classpath_jar_resource", R, "Java: a jar among a source set's resources (src/*/resources), data for the code and never on a compile classpath"),
    (S.CHECKER, "preexisting_errors", N, "the unmodified file has compile errors (diffed away)"),
    (S.CHECKER, "resolution_failed", N, "Java: javac's resolution of the unmodified file failed"),
    (S.CHECKER, "package_path_mismatch", N, "Java: the package does not match the folder"),
    (S.CHECKER, "javac_batch_failed", N, "Java: a batch of originals failed; its files were checked one by one"),
    (S.CHECKER, "javac_batch_parse_errors", N, "Java: a batch had a parse error; its files were checked one by one"),
    (S.CHECKER, "mcs_server_fallback", N, "C#: the resident mcs failed a request; mcs ran as a process"),
    (S.CHECKER, "mcs_server_unavailable", N, "C#: the resident mcs could not start; mcs runs as processes"),
    (S.CHECKER, "mcs_batch_alone", N, "C#: a shared compilation failed; its files were compiled alone"),
    (S.CHECKER, "subset_fallback", N, "C#: a defining file was compiled with a subset of its observers"),
    (S.CHECKER, "variant_declarations_blocked", N, "C#: the emptied declarations of a round did not compile"),
    (S.CHECKER, "abstract_classes_undone", N, "C#: emptied abstract classes were restored to compile"),
    (S.CHECKER, "defining_file_unobserved", N, "C#: no other file uses the defining file: not checked"),
    (S.CHECKER, "defining_file_checked_in_other_unit", N, "C#: the defining file was checked in another project"),
    (S.CHECKER, "usages_detected", M, "cross-file usages found"),
    (S.CHECKER, "observed_parameters", M, "--observe-types: parameters whose repository classes the tests observed"),
    (S.CHECKER, "observed_uses", M, "--observe-types: uses found on observed parameters (mode observed)"),
    (S.CHECKER, "observed_entries_refused", N, "--observe-types: observed entries or classes naming no function parameter or class of the repository (dropped)"),
    (S.CHECKER, "cache_hits", M, "files whose usages came from the cache"),
    (S.CHECKER, "pylint_runs", M, "Pylint runs (a fresh process, or a request to a resident one)"),
    (S.CHECKER, "pylint_resident_fallbacks", M, "Pylint batches the resident checker failed, checked again by fresh processes"),
    (S.CHECKER, "javac_compilations", M, "javac compilations"),
    (S.CHECKER, "javac_jvm_starts", M, "JVM starts"),
    (S.CHECKER, "java_module_units", M, "Java: compilation units when two modules declare the same class (one sourcepath per module and its dependencies)"),
    (S.CHECKER, "javac_batched_originals", M, "Java originals checked in shared compilations"),
    (S.CHECKER, "javac_resolved_uses", M, "Java uses found by javac's resolution of the unmodified file"),
    (S.CHECKER, "pylint_resolved_uses", M, "Python uses found by Pylint's inference of the unmodified copy (crossfile_resolved, mode resolved)"),
    (S.CHECKER, "javac_round_{n}_uses", M, "Java uses found in this stub round"),
    (S.CHECKER, "tsc_checks", M, "TypeScript checks"),
    (S.CHECKER, "tsc_node_starts", M, "Node.js starts"),
    (S.CHECKER, "tsc_package_stand_ins", M, "TypeScript: absent packages imported for their types, declared to the checker by stand-in modules (their types unknown, their values any; lang/typescript/standins.py)"),
    (S.CHECKER, "tsc_server_restarts", M, "TypeScript server restarts"),
    (S.CHECKER, "mcs_compilations", M, "mcs compilations"),
    (S.CHECKER, "mcs_batched_rounds", M, "C# rounds run in shared compilations"),
    (S.CHECKER, "defining_files_checked", M, "C# defining files checked"),
    (S.CHECKER, "external_types_declared", M, "C# stand-ins declared for types of missing assemblies"),
    (S.CHECKER, "usings_neutralized", M, "C# using directives of missing assemblies neutralized"),
    (S.CHECKER, "overrides_blanked", M, "C# overriding members blanked so emptied members stay observable"),
    (S.CHECKER, "abstract_implementations_kept", M,
     "C# overrides of a project base's abstract members kept without bodies in an emptied class, so its subclasses still compile"),
    (S.CHECKER, "usages_same_receiver", M, "C# masked uses recovered through an already typed receiver"),
    (S.CHECKER, "csharp_type_references", M, "C# types written as types, resolved by C#'s lookup rules (lang/csharp/typerefs.py)"),
    (S.CHECKER, "usages_chained_calls", M,
     "C# masked uses recovered through the declared type of a proven use earlier in the same chain"),
    (S.CHECKER, "mcs_mask_rounds", M, "C# defining files checked once more after the unmasking rounds, with the members that mask others restored"),
    (S.CHECKER, "mcs_unmasking_rounds", M, "C# defining files checked once more with the masking members restored and the masked ones empty"),
    (S.CHECKER, "mcs_extension_argument_uses", M,
     "C# uses of an extension method found by a conversion error in its call's arguments (the call lost F's overloads)"),
    (S.CHECKER, "mcs_lambda_argument_uses", M,
     "C# uses inside the lambda arguments of a call mcs failed as a whole (CS1501 naming a method F does not declare)"),
    (S.CHECKER, "usages_superseded", M,
     "C# recovered uses dropped for a more direct one at the same position naming another definition (a `new T` local over a receiver typed through a base's member)"),
    (S.CHECKER, "usages_constructed_locals", M,
     "C# masked uses recovered through a local made by `new` of a proven F type (`var x = new T(); x.N(...)`)"),
    (S.CHECKER, "usages_found_in_round_{n}", M, "C# uses found in this round"),
    (S.USAGES_BY_ROUND, "{mode}_round_{n}", M, "TypeScript uses found by this stubbing mode and round"),
    (S.DIAGNOSTICS, "not_a_signal_{code}", N, "TypeScript: a new diagnostic of a code that does not mean 'undefined'"),
    # --- usages ------------------------------------------------------------------------------------
    (S.USAGES, "unattributed_{code}", L, "a new 'undefined' diagnostic that could not be tied to a cross-file entity"),
    (S.USAGES, "unattributed_not_in_project", R,
     "Python: a new member error whose member no project file declares (a library's member reached through a value an emptied import changed): no project use lost"),
    (S.USAGES, "unattributed_follow_on", N,
     "C#: a new conversion error that names nothing (`Task<<error>>` to `Task<X>`, an argument of an emptied type) on a line where a use was kept: the follow-on of that use"),
    (S.USAGES, "unattributed_found_elsewhere", N,
     "Python, C#, TypeScript: a new diagnostic no stubbed import of the file explains (Java: one whose symbol or location lines could not be read), whose name a kept use has at the same line (found by another check, round or variant)"),
    (S.USAGES, "undefined_before_stubbing", N,
     "TypeScript: a name undefined in the original file too (a missing library's global, Jest's expect), whose message the stubbing changed: no project name"),
    (S.USAGES, "partial_part_declaration", N,
     "C#: an interface or abstract member left unimplemented, reported on the header of another part of an emptied partial type: a declaration, no use"),
    (S.USAGES, "name_not_located", L, "the diagnostic's name was not found at its position"),
    (S.USAGES, "constructor_initializer", R,
     "a `super(...)`/`this(...)` (Java) or `: base(...)`/`: this(...)` (C#) call of a project constructor names no type: no entity to complete"),
    (S.USAGES, "indexer_access", R,
     "C#: an element access (`table[key]`) of an emptied project type's indexer names no member in the text: no name to complete (the indexer comes back for the next round)"),
    (S.USAGES, "operator_use", R,
     "C#: a user-defined operator of an emptied project type (`a - b`) names no member in the text: no name to complete (the operators come back for the next round)"),
    (S.USAGES, "collection_initializer_add", R,
     "C#: the implicit Add of a collection initializer's element (`new T { { a, b } }`) names no method in the text: no name to complete"),
    (S.USAGES, "member_not_located", L, "the diagnostic's member was not found at its position"),
    (S.USAGES, "constructor_name_not_located", L, "the constructed type's name was not found at its position"),
    (S.USAGES, "reference_not_located", L, "Java: a resolved reference's name was not found at its offset"),
    (S.USAGES, "position_out_of_file", L, "the diagnostic points outside the file"),
    (S.USAGES, "ambiguous_class", L, "Java: the imported class is declared in several files"),
    (S.USAGES, "other_error", N, "a new diagnostic that is not an 'undefined' message (stubbing side effect)"),
    (S.USAGES, "lambda_of_stubbed_interface", N, "Java: a lambda whose target is a stubbed project interface (not functional once emptied): no name used there"),
    (S.USAGES, "override_of_stubbed_member", N, "Java: an @Override of a stubbed project type's method (nothing to override once emptied): a declaration, no use"),
    (S.USAGES, "unparsed_symbol_or_location", L, "Java: javac's symbol/location lines could not be read"),
    (S.USAGES, "location_not_stubbed", R, "Java: the diagnostic's location is not a stubbed class"),
    (S.USAGES, "ambiguous_stub", L, "Java: several stubbed classes could explain the diagnostic"),
    (S.USAGES, "on_import_row", R, "the diagnostic is on the stubbed import itself"),
    (S.USAGES, "dunder_member", R, "Python: a dunder attribute Python defines (__file__, __doc__, ...) is not a cross-file use"),
    (S.USAGES, "module_itself", R,
     "Python: a stubbed module named with no member after it (getattr(mod, name), passed as a value): a module is not a use"),
    (S.USAGES, "module_getattr_member", R,
     "Python: a name only a module-level __getattr__ provides (PEP 562) has no definition in the project"),
    (S.USAGES, "external_via_project_module", R, "Python: a standard-library or third-party name re-exported by a project module"),
    (S.USAGES, "member_not_in_project", R, "the member is not defined by the project class (inherited from outside)"),
    (S.USAGES, "member_of_external_base", R, "the member comes from a base class outside the project"),
    (S.USAGES, "member_without_declaration", R,
     "TypeScript: a member error of a stub whose member nothing declares (the original's receiver had an error type)"),
    (S.USAGES, "implementation_of_declared_member", R,
     "Python: a stub run named an implementation's member where the receiver's declared class declares it (the declared member is the use)"),
    (S.USAGES, "member_of_function_value", R, "Python: a member of a function's return value, not of the stubbed entity"),
    (S.USAGES, "member_of_non_class_value", R, "Python: a member of a value that is not an instance of a project class"),
    (S.USAGES, "found_by_references", N, "TypeScript: a use found by the language service's references"),
    (S.USAGES, "found_by_definition", N, "TypeScript: a member use found through its definition"),
    # --- examples --------------------------------------------------------------------------------------
    (S.EXAMPLES, "too_few_prompt_lines", R, "CrossCodeEval: fewer than the minimum prompt lines of code"),
    (S.EXAMPLES, "reference_too_short", R, "CrossCodeEval: the reference is too short"),
    (S.EXAMPLES, "reference_too_long", R, "CrossCodeEval: the reference has more tokens than allowed"),
    (S.EXAMPLES, "reference_string_literal", R, "CrossCodeEval: the reference is mostly a string literal"),
    (S.EXAMPLES, "reference_in_other_file", R, "CrossCodeEval: the reference appears verbatim in another file"),
    (S.EXAMPLES, "groundtruth_in_prompt", R, "the reference appears verbatim in its own prompt"),
    (S.EXAMPLES, "duplicate_reference", R, "the same reference was already an example of the repository"),
    (S.EXAMPLES, "predictable_without_context", R, "CrossCodeEval's model filter: completed exactly without context"),
    (S.EXAMPLES, "entity_not_located", L, "the usage's entity was not found at its position"),
    (S.EXAMPLES, "no_cursor_token", L, "no token before the entity on its line can be a cursor"),
    (S.EXAMPLES, "statement_ends_before_entity", L, "the statement ends before the entity: no reference"),
    (S.EXAMPLES, "in_test_file", R, "--exclude-tests: the file is a test file"),
    # --- the cross_file_random and in_file splits (builders/completion/splits.py) ---------------------
    (S.EXAMPLES_RANDOM, "no_later_use", R, "cross_file_random: the entity is used once in its file (no later use to draw)"),
    (S.EXAMPLES_IN_FILE, "file_without_crossfile_usage", R, "in_file: the file has no proven cross-file use, so no stub run is known to have checked it"),
    (S.EXAMPLES_IN_FILE, "file_not_checked_whole", R, "in_file: a files/ loss says the checker did not check all of the file (bodies blanked, code it refused), so no line of it can be proven"),
    (S.EXAMPLES_IN_FILE, "diagnostics_not_all_listed", R, "in_file: a stub diagnostic was counted without its place, so no line of the repository can be proven"),
    (S.EXAMPLES_IN_FILE, "no_in_file_name", R, "in_file: the file has no use of a name it defines itself (outside the definitions)"),
    (S.EXAMPLES_IN_FILE, "line_has_crossfile_usage", R, "in_file: the reference's lines hold a cross-file use (some stub mode)"),
    (S.EXAMPLES_IN_FILE, "line_has_stub_diagnostic", R, "in_file: a stub run reported a new diagnostic on the reference's lines"),
    (S.EXAMPLES_IN_FILE, "uses_imported_project_name", R, "in_file: the reference names a project import of the file"),
    (S.EXAMPLES_IN_FILE, "names_other_file_definition", R, "in_file: the reference names a top-level definition of another project file (a same-package type needs no import)"),
    (S.EXAMPLES_IN_FILE, "quota_reached", M, "in_file: proven candidate lines not drawn (the file's quota was filled)"),
    # --- cache ---------------------------------------------------------------------------------------
    (S.CACHE, "corrupt_entry", N, "a cache entry was not readable JSON or not an entry; recomputed"),
    (S.CACHE, "checksum_mismatch", N, "a cache entry did not match its checksum; recomputed"),
    (S.CACHE, "stale_format", N, "a cache entry of an older format; recomputed"),
    (S.CACHE, "unreadable_entry", N, "a cache entry could not be read; recomputed"),
    # --- executable and instruct splits ---------------------------------------------------------------
    (S.CANDIDATES, "selected", M, "functions selected as candidates"),
    (S.CANDIDATES, "context_value_cut_by_budget", N, "long assignments a prompt pastes as NAME = ... (the value "
                                                      "left out, EXEC_CONTEXT_ELIDE_MIN_CHARS): whole, they and what "
                                                      "they read did not fit EXEC_CONTEXT_MAX_CHARS"),
    (S.CANDIDATES, "context_cut_by_budget", N, "blocks the prompt's pasted code uses, left out: with what they need "
                                               "in turn they were over EXEC_CONTEXT_MAX_CHARS (none is pasted "
                                               "without the names it uses)"),
    (S.CANDIDATES, "file_syntax_error", L, "the function's file does not parse"),
    (S.CANDIDATES, "async_function", R, "async functions are not candidates"),
    (S.CANDIDATES, "dunder_method", R, "dunder methods are not candidates"),
    (S.CANDIDATES, "entry_point", R, "a script's entry point (main) is not a candidate"),
    (S.CANDIDATES, "packaging_script", R, "a function of a packaging or task script (setup.py; noxfile.py, "
     "fabfile.py, pavement.py, tasks.py, dodo.py at the root): importing it runs the packaging"),
    (S.CANDIDATES, "no_docstring", R, "no docstring to describe the function"),
    (S.CANDIDATES, "short_docstring", R, "the docstring is too short"),
    (S.CANDIDATES, "no_return_value", R, "the function returns nothing to test"),
    (S.CANDIDATES, "test_function", R, "test functions are not candidates"),
    (S.CANDIDATES, "property_setter", R, "property setters are not candidates"),
    (S.CANDIDATES, "abstract_or_overload", R, "abstract methods and overload declarations are not candidates"),
    (S.CANDIDATES, "trivial_body", R, "the body is too small to be a problem"),
    (S.FUNCTIONS, "kept", M, "functions kept for the instruct split"),
    (S.FUNCTIONS, "function_in_evaluation_split", R, "instruct split: the function is in an evaluation split"),
    (S.FUNCTIONS, "prompt_unparsable", L, "the prompt does not parse"),
    (S.ENVIRONMENT, "version_template_refused", N, "a version file template outside the bounds (unknown fields, "
     "widths of 4 digits, over 20,000 characters): the default version file is written instead"),
    (S.ENVIRONMENT, "build_time_file_written", N, "a version file the package's build writes (setuptools-scm, "
                                                  "hatch-vcs, versioneer) and the checkout lacks, written for the runs"),
    (S.ENVIRONMENT, "distribution_metadata_written", N, "the project's own .dist-info (name and version read from "
                                                        "its packaging files) written into every copy: the repository "
                                                        "is never installed, a package reading its own metadata at "
                                                        "import would fail"),
    (S.ENVIRONMENT, "harness_pin_ignored", N, "a repository pin of pytest/coverage was not installed"),
    (S.ENVIRONMENT, "own_package_hidden", N, "an installed release of one of the repository's own packages "
                                             "is hidden from its runs (the copy is imported)"),
    (S.ENVIRONMENT, "requirement_not_installed", L, "a requirement could not be installed"),
    (S.ENVIRONMENT, "requirement_pin_relaxed", N, "a pinned requirement installed but did not import on this "
     "Python; its newest wheel was installed instead"),
    (S.ENVIRONMENT, "optional_extra_not_installed", N, "a requirement declared only in an optional extra that is "
     "not a test extra (an optional backend): not installed; the tests that need it skip (or fail)"),
    (S.ENVIRONMENT, "optional_import_not_installed", N, "an optional import (guarded by `except ImportError`, "
     "or inside a function) whose distribution no declaration of the repository names, or only an "
     "optional extra: not installed (never guessed from the import name)"),
    (S.ENVIRONMENT, "dev_tool_not_installed", N, "a developer tool (build, release, lint, format, type "
     "check, docs, task runner) listed in a dev/test declaration: not installed for the tests"),
    (S.ENVIRONMENT, "type_checking_import_not_installed", N, "a module imported only under `if TYPE_CHECKING:`: "
     "not a requirement"),
    (S.ENVIRONMENT, "static_check_plugin_not_loaded", N, "a pytest plugin of the requirements that runs a "
     "type checker or linter over files (pytest-mypy-testing, pytest-mypy, pytest-flake8...): not loaded, "
     "its marked items not run"),
    (S.ENVIRONMENT, "requirement_not_importable", L, "a requirement installed but does not import on this Python"),
    (S.ENVIRONMENT, "unsupported_requirement_line", N, "a requirements line we cannot read"),
    (S.ENVIRONMENT, "setup_py_not_parsed", L, "setup.py past the host parse's memory or CPU limit "
     "(core/bounded.py): its requirements are not read"),
    (S.TESTS, "pynguin_unavailable", L, "Pynguin is not installed or did not start"),
    (S.TESTS, "pynguin_no_tests", L, "Pynguin generated no test"),
    (S.TESTS, "pynguin_given_up", L, "Pynguin was not run on the module: its last PYNGUIN_GIVE_UP_AFTER modules "
     "of the repository wrote no test for the same reason"),
    (S.TESTS, "llm_error", L, "the test-writing model failed"),
    (S.TESTS, "llm_timeout", L, "the test-writing model gave no whole answer within LLM_TIMEOUT (the whole request)"),
    (S.TESTS, "llm_answer_too_large", L, "the test-writing model's answer was over MODEL_ANSWER_MAX_BYTES: not read further"),
    (S.TESTS, "test_file_not_importable", L, "a test file cannot be imported"),
    (S.TESTS, "does_not_call_target", R, "the test never calls the function"),
    (S.TESTS, "does_not_execute_target", R, "the test never executes the function"),
    (S.TESTS, "over_problem_cap", R, "more tests than a problem keeps"),
    (S.TESTS, "assertion_not_repairable", L, "a failing assertion could not be repaired"),
    (S.TESTS, "repair_failed", L, "a repaired test still does not pass"),
    (S.TESTS, "flaky", R, "the test's outcome varies between runs"),
    (S.TESTS, "timed_out", L, "the test ran out of the per-test limit (EXEC_TEST_TIMEOUT) in a flakiness run and "
                               "again when run once more alone; it passed every other run: slow here, not varying"),
    (S.TESTS, "not_passing_when_rerun", R, "the test does not pass when rerun"),
    (S.TESTS, "sandbox_violation", R, "the test tried to write outside the sandbox or use the network"),
    (S.TESTS, "capture_record_malformed", L, "assertion repair: lines of the capture file that are not well-formed records (ignored)"),
    (S.TESTS, "test_error", L, "the test errors on the original code"),
    (S.TESTS, "test_error_system_exit", L, "the test program raised SystemExit (an import that exits, such as "
     "a packaging script's setup() call): pytest stopped with an internal error, the other programs were rerun"),
    (S.TESTS, "suite_error_system_exit", L, "a repository test raised SystemExit"),
    (S.TESTS, "test_error_missing_fixture", L, "the test errors: a fixture (a pytest plugin) the environment lacks"),
    (S.TESTS, "test_error_missing_module", L, "the test errors: a module the environment lacks"),
    (S.TESTS, "suite_{reason}", L, "a test of the repository's suite erred in its own run (by the error's reason)"),
    (S.TESTS, "suite_error", L, "a test of the repository's suite erred in its own run"),
    (S.TESTS, "suite_test_timed_out", L, "a suite test exceeded the per-test limit (its alarm, or the hard limit "
                                         "that ended the test process; the others went on in a fresh process)"),
    (S.TESTS, "suite_test_ended_process", L, "a suite test ended the test process (a crash, os._exit); the others "
                                             "went on in a fresh process"),
    (S.TESTS, "suite_not_reached", L, "suite tests collected and never run: the suite's time ran out first"),
    (S.TESTS, "suite_error_missing_fixture", L, "a suite test erred: a fixture (a pytest plugin) the environment lacks"),
    (S.TESTS, "suite_error_missing_module", L, "a suite test erred: a module the environment lacks"),
    (S.TESTS, "not_extractable", L, "a test executed the function but is not a test function we can extract"),
    (S.TESTS, "split_over_cap", L, "a test of a module whose programs, in all, would exceed EXEC_SPLIT_MAX_BYTES: not made"),
    (S.TESTS, "doctest_not_convertible", L, "docstring examples we cannot turn into a test (ellipsis, blank lines)"),
    (S.TESTS, "doctest_unparsable", L, "docstring examples that do not parse"),
    (S.TESTS, "no_examples", N, "a docstring with >>> but no example doctest reads"),
    (S.TESTS, "inputs_instance_method", R, "no input programs for an instance method (no instance to call it on)"),
    (S.TESTS, "inputs_not_guessed", L, "no literal call site and no parameter type to make inputs from"),
    (S.TESTS, "test_skipped", R, "the test is skipped"),
    (S.TESTS, "xfail_marked", R, "the test is marked xfail"),
    (S.TESTS, "xfail_cases_kept", N, "cases of a kept parametrized test marked xfail: each judged as an expected "
                                     "failure (the problem's xfail_cases), the test's other cases pass"),
    (S.PROBLEMS, "environment_failed", L, "the problem's test environment could not be created"),
    (S.PROBLEMS, "gold_failed", L, "the original code fails the problem's tests"),
    (S.TESTS, "gold_test_timed_out", N, "a problem's test ran past the per-test limit (EXEC_TEST_TIMEOUT) in the gold "
                                        "gate's run of the repository's problems; the problem's own run decides it"),
    (S.PROBLEMS, "gold_timed_out", L, "the original code's run reached a time limit twice (the run's, or a test's "
                                      "own; the second run alone): a time limit, not a failure"),
    (S.PROBLEMS, "gold_flaky", L, "the original code failed the problem's tests and passed them on a second run: "
                                  "the tests vary (an order the validation's runs happened to repeat), dropped"),
    (S.PROBLEMS, "gold_splice_failed", L, "the original code could not be put in the candidate's place by our own "
                                          "splice (another definition of the name, or none found): never judged"),
    (S.PROBLEMS, "low_coverage", R, "the tests cover too little of the function"),
    (S.PROBLEMS, "weak_tests", R, "the tests do not catch wrong code (mutants survive)"),
    (S.PROBLEMS, "tests_pass_disguised_control", R, "the tests pass a disguised wrong version (caught mutants combined, locals renamed, if tests negated, re-formatted): they recognise the gate's versions instead of judging the function (red team 16 row 3)"),
    (S.PROBLEMS, "tests_fail_disguised_gold", R, "the tests fail the gold disguised as the controls are (the same function, rewritten): they judge its text, not what it does (red team 16 row 3)"),
    (S.PROBLEMS, "tests_shown_in_prompt", R, "every test is a docstring example the prompt shows (no hidden example held)"),
    (S.PROBLEMS, "mutation_budget", L, "not mutated: the repository's wrong versions were over EXEC_MUTATION_BUDGET "
                                       "even with every problem's mutants cut to EXEC_BUDGET_MIN_MUTANTS"),
    (S.PROBLEMS, "mutants_cut_by_time", N, "fewer mutants than planned: the problem's fair share of the mutation "
                                           "stage's time left (at the seconds per version so far; not below "
                                           "EXEC_BUDGET_MIN_MUTANTS), so the stage reaches every problem"),
    (S.PROBLEMS, "mutants_cut_by_budget", N, "fewer mutants than EXEC_MUTANTS: the repository's wrong versions were "
                                             "over EXEC_MUTATION_BUDGET, every problem's mutants cut to one number"),
    (S.PROBLEMS, "mutation_plan_limit", L, "not gated: planning the function's wrong versions went past the "
     "bounded child's memory or EXEC_MUTATION_PLAN_SECONDS of CPU (core/bounded.py, red team 2026-11-29g row 4)"),
    (S.PROBLEMS, "mutants_not_judged", N, "some wrong versions were not judged (the run's time limit): not in the score"),
    (S.PROBLEMS, "no_tests", L, "no test left for the problem"),
    (S.PROBLEMS, "prompt_unparsable", L, "the problem's prompt does not parse"),
    (S.PROBLEMS, "stage_time_limit", L, "not decided: the time limit of a stage (its share of the repository's time "
                                        "limit, EXEC_GOLD_GATE_SHARE and the others) ran out before the problem's turn; "
                                        "the build went on with the problems it had decided"),
    (S.PROBLEMS, "repository_time_limit", L, "not decided: the repository's time limit stopped its build first "
                                             "(the stage that was running is named)"),
    (S.PROBLEMS, "suite_collected_nothing", L, "the repository's suite collected nothing"),
    (S.PROBLEMS, "suite_crashed", L, "the repository's suite crashed"),
    # --- class-level split ------------------------------------------------------------------------------
    (S.REPOSITORIES, "test_runner_unavailable", L, "class-level: no test runner for the language"),
    (S.REPOSITORIES, "class_extractor_unavailable", L, "class-level: no class extractor for the language"),
    (S.SUITES, "test_paths_from_ci", N, "class-level: the repository's pytest configuration names no testpaths; the suite runs the paths its tox.ini test command runs, or (no pytest configuration, no command running pytest) the unittest scripts its Makefile, tox.ini or GitHub workflow runs (`python tests.py`)"),
    (S.SUITES, "option_neutralized", N, "class-level: an option of the repository's test configuration that stops or reshapes the run was taken out"),
    (S.SUITES, "test_workdir_from_ci", N, "class-level: the repository has no pytest configuration and its own test command (Makefile, tox.ini changedir, noxfile) runs pytest in a folder of its own; the suite runs there"),
    (S.SUITES, "no_test_passed", L, "class-level: the suite ran and not one of its tests passed (the run is not the repository's: a working directory, a missing service)"),
    (S.SUITES, "incomplete", L, "class-level: the suite's run ended before every test ran (time, too many tests ending the process)"),
    (S.SUITES, "file_left_out", L, "class-level (Java): a source file that does not compile here (a missing jar or symbol, a benchmark source set) was left out of the build, with what it needs"),
    (S.SUITES, "dependency_version_differs", N, "class-level (Java): a dependency the repository's pom or Gradle build declares is on the class path at the version Debian installs, not the declared one (jline2 declares jansi 1.12, jansi 2.4.0 is installed: the files that need 1.x are left out); named with both versions in the stats and the card"),
    (S.SUITES, "dependency_not_installed", L, "class-level (Java): a dependency the repository's pom or Gradle build declares that no Debian package installs (not on the class path)"),
    (S.SUITES, "source_generated", N, "class-level (Java): a source file the build generates from a template beside it (Version.java from Version.java.template) was made from the template, its tokens filled"),
    (S.SUITES, "generated_source_cut", L, "class-level (Java): a pom.xml <version> longer than VERSION_MAX_CHARS (not a version: the template's tokens keep their names), or a generated source cut at GENERATED_SOURCE_MAX_CHARS (the rest of its template left out) (red team 2026-11-28g row 6)"),
    (S.SUITES, "test_class_incomplete", L, "class-level (Java): the whole suite under coverage took over half the suite's time; run alone, this test class did not finish either (its tests count as errors)"),
    (S.SUITES, "source_recoded", N, "class-level (Java): a source file in another encoding than UTF-8 (the one its build declares, or a single-byte one detected) was compiled from a UTF-8 copy"),
    (S.SUITES, "coverage_source_ambiguous", L, "class-level (Java): compiled main files JaCoCo cannot tell apart (one package and file name in several source folders): none of them gets per-test coverage"),
    (S.SUITES, "coverage_empty", L, "class-level: tests passed but the runner's per-test coverage came back empty"),
    (S.SUITES, "library_file_left_out", L, "class-level: a library file that does not compile here (a package that is not installed, a construct mcs lacks) was left out with what depends on it"),
    (S.SUITES, "library_member_left_out", L, "class-level (C#): a library method mcs cannot compile for a construct it does not implement (a C# 7 type pattern, CS0589) was compiled with a throwing body; the rest of its file and the tests not calling it ran"),
    (S.SUITES, "test_file_left_out", L, "class-level: a test file that does not compile here was left out; the rest of the suite ran"),
    (S.SUITES, "fixture_ended_test_process", L, "class-level (C#): a fixture ended the test process (a mono abort, a crash, an exit); the suite ran again without it in a fresh process, its tests count as errors"),
    (S.SUITES, "auxiliary_file_left_out", N, "class-level (C#, no project files): a file of an auxiliary program folder (benchmarks, samples, examples, demos) was not compiled into the library and test assembly"),
    (S.SUITES, "test_project_left_out", L, "class-level: a test project whose library does not compile here was left out; the other test projects ran"),
    (S.SUITES, "resource_left_out", L, "class-level: an embedded resource whose path or manifest name holds a comma (mcs's -resource option cannot take one) was left out of the test assembly"),
    (S.SUITES, "test_project_conflicting", L, "class-level: a test project whose library compiles alone but not beside the kept test projects' (a second copy of the solution, CS0101) was left out; the others ran"),
    (S.SUITES, "test_import_left_out", L, "class-level (Java): an import of a test file naming a class an installed library does not have (an older version's: Debian's hamcrest 2.2 lacks 1.3's IsArrayContaining) or a package that is not installed (jmustache's snakeyaml) was left out; the test methods that then do not compile were left out, the rest of the file ran"),
    (S.SUITES, "test_field_left_out", L, "class-level (Java): a field of a test file that does not compile here (its type from a library not installed: jmustache's SpecTest's Yaml) was left out; the methods using it were left out in turn, the rest of the file ran"),
    (S.TESTS, "left_out_not_compiling", L, "class-level: a test method that does not compile here (an API the NUnit 3 / xUnit adapter lacks, a package that is not installed; in Java, a symbol an installed library lacks) was left out; the rest of its file ran"),
    (S.TESTS, "failed_on_unsupported_syntax", L, "class-level (C#): the test failed on a library method the compiler here cannot build (mcs lacks C# 7's type patterns; compiled with a throwing body): not EXPECTED_TO_PASS for the environment's sake"),
    (S.TESTS, "ended_test_process", L, "class-level: the test ended the test process (crash, exit, hard time-out); the rest ran in a fresh one"),
    (S.CLASSES, "selected", M, "classes that became tasks"),
    (S.CLASSES, "not_a_class", R, "an enum, interface, record or struct: only classes become tasks"),
    (S.CLASSES, "in_test_file", R, "a class of the test suite itself"),
    (S.CLASSES, "vendored_code", R, "a class of copied third-party code the project keeps among its own files (a folder named like _vendor or third_party, or a Python package with a __version__ of its own inside another package: jsonpath-ng's jsonpath_ng/_ply): another project's code, not a task"),
    (S.CLASSES, "declaration_not_parsed", L, "class-level (C#): a type header the parser left out of any declaration (tree-sitter-c-sharp cannot read a construct inside the type: NStack's `*(long*)a`); the extractor never sees the type, and types nested in it may be read as top-level ones (counted with the line, outside the extracted classes)"),
    (S.CLASSES, "compiled_out", R, "class-level (C#): a type declared only in an #if branch that the symbols of its project (<DefineConstants>) leave out: mcs does not compile it, no test can run it (counted, with its kind, outside the extracted classes)"),
    (S.CLASSES, "no_methods", R, "nothing to generate but fields"),
    (S.CLASSES, "no_external_reference", R, "RepoClassBench: the class needs nothing from the repository"),
    (S.REFERENCES, "unresolved_repository_name", N, "class-level (C#): a name a class writes that spells a repository type, or calls a repository extension method, which the scope rules (file, namespace, enclosing namespaces, usings) did not resolve: not an external reference; counted once per name and class, the names in the detail"),
    (S.CLASSES, "suite_not_run", L, "the repository's suite did not run (see repositories/suite_*)"),
    (S.CLASSES, "file_not_built", L, "class-level (Java, C#): its file was left out of the suite's build (a jar or package not installed, a construct mcs lacks, a same-named copy in another module folder): no test can run it here; the detail says why"),
    (S.CLASSES, "not_covered_by_tests", R, "no test executes a line of its methods"),
    (S.CLASSES, "only_nested_types", R, "its own members are constructors only and its code is in nested types (a holder of static nested classes: bytes-java's Util); nested types belong to their outer class and are never tasks alone"),
    (S.CLASSES, "covered_only_by_failing_tests", R, "every test executing it fails on the original repository"),
    (S.CLASSES, "tests_do_not_reference_class", R, "passing tests execute it but none names the class or a member"),
    (S.CLASSES, "compiler_unsupported_syntax", L, "class-level (C#): short of tests or coverage (the reason it would have had is in the detail) while tests reaching it failed on a library method the compiler here cannot build (mcs lacks C# 7's type patterns: the runner compiled it with a throwing body): the environment's loss, not the repository's"),
    (S.CLASSES, "below_python_method_threshold", R, "RepoClassBench (Python): too few covered methods with an external reference"),
    (S.CLASSES, "below_java_method_share", R, "RepoClassBench (Java): under 2/3 of the methods named in the tests"),
    (S.CLASSES, "partial_class_other_part", R, "class-level (C#): a part of a partial class declared in several files; the class is one task, the part whose methods its tests run most (then the most tests), and this part stays in its file as context (held-out 21's Faithlife.Parsing: one Parser task, not six)"),
    (S.CLASSES, "below_csharp_file_coverage", R, "RepoClassBench (C#): under 30% of the file's lines covered"),
    (S.TASKS, "no_stable_tests", R, "class-level: no EXPECTED_TO_PASS test passes again on a rerun"),
    (S.TASKS, "paraphrase_breaks_tests", R, "--paraphrase: the tests no longer pass after the case flip"),
    (S.TASKS, "paraphrase_class_not_found", L, "--paraphrase: the flipped class could not be found again"),
    (S.TASKS, "tests_pass_without_class", R, "class-level: every EXPECTED_TO_PASS test also passes with the class emptied"),
    (S.TASKS, "below_threshold_after_gates", R, "class-level: the language threshold fails on the tests left after the rerun and emptied-class gates"),
    (S.TESTS, "names_another_class", R, "class-level: the test's file writes the class's simple name for another class (java.util.BitSet for the project's BitSet): not one of its EXPECTED_TO_PASS"),
    (S.TESTS, "passes_without_class", R, "class-level: the test passes with the class emptied (left out of EXPECTED_TO_PASS)"),
    (S.TESTS, "passes_with_throwing_stub", R, "class-level: the test passes with every method of the class throwing (left out of EXPECTED_TO_PASS)"),
    (S.TASKS, "tests_pass_with_throwing_stub", R, "class-level: every EXPECTED_TO_PASS test passes with every method throwing"),
    (S.TASKS, "tests_pass_disguised_control", R, "class-level: the tests pass a disguised control (caught mutants "
                                                   "reformatted, locals renamed, methods reordered): they recognise "
                                                   "the gate's variants instead of judging the class"),
    (S.TASKS, "only_unjudged_mutants", R, "class-level: the methods its tests execute hold mutation sites only in hashCode or leading argument checks (not mutated: no test of what the class does tells them): nothing of the class was shown to be judged"),
    (S.TASKS, "mutants_survive", R, "class-level: the tests catch too few one-method mutants (mutant score below the minimum)"),
    (S.TASKS, "repository_budget_spent", L, "class-level: the repository's class build budget (--class-repository-seconds) was spent before a gate could judge the task: dropped, named with the stage it did not reach"),
    (S.TASKS, "mutants_over_budget", N, "class-level: some one-method mutants were not run, the task's share of the gate's time budget (--class-gate-seconds) spent (score over those run; a note: the task is kept or dropped by that score)"),
    (S.TASKS, "reached_through_facade", N, "class-level: no passing test names the class; the passing tests that execute it (at least CLASS_MIN_FACADE_TESTS, per-test coverage) are its EXPECTED_TO_PASS"),
    (S.TASKS, "measured_on_running_tests", N, "class-level: the passing tests naming the class fall short of the language threshold or are fewer than CLASS_MIN_TESTS, and every passing test executing it (at least CLASS_MIN_FACADE_TESTS, per-test coverage) meets it: those are its EXPECTED_TO_PASS, as for a class reached through a facade"),
    (S.TASKS, "too_few_tests", R, "class-level: fewer than CLASS_FEW_TESTS EXPECTED_TO_PASS tests and under CLASS_FEW_TESTS_MIN_MUTANT_SCORE of the mutants caught"),
    (S.TASKS, "no_mutants", N, "class-level: no one-method mutant could be made of the methods the tests execute (kept, score None)"),
    (S.TASKS, "below_min_tests", R, "class-level: fewer than CLASS_MIN_TESTS EXPECTED_TO_PASS tests left after the gates (one test: the pass rate is pass@1, one scenario judges the whole class)"),
    (S.TASKS, "few_tests_no_mutant", R, "class-level: fewer than CLASS_FEW_TESTS EXPECTED_TO_PASS tests and no one-method mutant could be made: nothing but the throwing stub showed that the tests judge the class"),
    (S.TASKS, "reference_refused", R, "class-level (Java, C#): the evaluation's one-class rule (harness/class_runs.answer_refusal) refuses the class as the repository writes it, so no answer written like it could pass: not published"),
    (S.TASKS, "reference_check_failed", L, "class-level (Java, C#): the one-class check of the class as the repository writes it (harness/class_runs.answer_refusal) raised; the class is dropped with the exception named, the repository's other classes go on"),
    (S.TASKS, "gate_variant_refused", L, "class-level (Java, C#): the one-class rule refused a wrong class the gates made from the class (stub, mutant, disguised control): never run, so never counted as caught; the task is not published"),
    (S.TASKS, "empty_class_gate_timed_out", L, "class-level: the run with the class emptied did not end in its time (its build ran past CSHARP_BUILD_SECONDS, or the sandbox's limit): whether the tests judge the class is not known"),
    (S.TASKS, "gate_run_timed_out", N, "class-level: a gate's run (emptied class, throwing stub, mutant, control) ended at its time limit; its verdict is the timed-out run's"),
    (S.TASKS, "not_checked_against_wrong_classes", N, "class-level: the language has no throwing stub / mutants yet; the task was not checked (kept: a note)"),
    (S.DESCRIPTIONS, "llm_error", L, "class-level: the description model failed; skeletons only"),
    # --- the host side of the sandbox (sandbox/hostfs.py: every value of its Refusal) -------------------
    (S.HOST_FILES, "symlink", L, "a file the host reads or writes in a sandbox-touchable folder is a symbolic link: refused"),
    (S.HOST_FILES, "symlinked_parent", L, "a folder on the way to a host-read or -written file is a symbolic link: refused"),
    (S.HOST_FILES, "parent_not_directory", L, "something on the way to a host-read or -written file is not a folder"),
    (S.HOST_FILES, "not_regular_file", L, "a FIFO, socket, device or folder where the host reads a file: refused"),
    (S.HOST_FILES, "too_large", L, "a file or stream the host reads back from a sandbox is over its size cap"),
    (S.HOST_FILES, "path_escapes", L, "a path the host was to read or write leaves its folder (absolute, '..')"),
    (S.HOST_FILES, "missing", L, "a file the host expected from a sandboxed run is not there"),
    (S.HOST_FILES, "already_exists", L, "something was planted where the host writes a new file: refused"),
    (S.HOST_FILES, "unreadable", L, "a file the host reads back from a sandbox could not be read"),
    (S.HOST_FILES, "coverage_lines_out_of_range", L, "a coverage database read back from a sandbox has line bits past the end of a measured file of the repository (decoding them costs host memory linear in the bits; red team 8 row 5): refused unread, the run has no coverage"),
    (S.HOST_FILES, "coverage_too_many_lines", L, "a coverage database read back from a sandbox holds more (line, context) entries than COVERAGE_MAX_LINE_ENTRIES (host memory; red team 2026-11-28d row 5; Java's per-test line ranges and mono's coverage XML counted the same way, red team 2026-11-29f row 2): refused unread, the run has no coverage"),
    (S.HOST_FILES, "xml_doctype", L, "an XML file the host parses (mono's coverage data of a run, a repository's pom.xml or MSBuild project/props file) declares a document type: internal entities would expand on the host, 100 times the file (red team 2026-11-29f row 1); refused unparsed (core/xmlsafe.py), as if unreadable"),
    (S.HOST_FILES, "coverage_arcs", L, "a coverage database read back from a sandbox holds arc (branch) data, which the harness never asks for and whose line numbers nothing bounds (host memory; red team 2026-11-28f row 4): refused unread, the run has no coverage"),
    (S.HOST_FILES, "coverage_context_names", L, "a coverage database read back from a sandbox names a context longer than COVERAGE_MAX_CONTEXT_CHARS, or its measured files' rows name more than COVERAGE_MAX_CONTEXT_BYTES of context names (coverage.py copies a name per file; host memory; red team 2026-11-28f row 5): refused unread, the run has no coverage"),
    (S.HOST_FILES, "unsafe_database", L, "a coverage database read back from a sandbox defines views, triggers, virtual tables or generated columns (SQL the host would run): refused"),
    (S.HOST_FILES, "copy_link_outside", R, "a repository copy for sandboxed runs drops a symbolic link that leaves the copy"),
    (S.HOST_FILES, "copy_special_file", R, "a repository copy for sandboxed runs drops a FIFO, socket or device"),
    (S.HOST_FILES, "copy_unreadable", L, "a repository copy for sandboxed runs skips an entry it could not read"),
    # --- an evaluated split's records (core/repository_roots.py: a split is input) ---------------------
    (S.SPLIT_RECORDS, "repository_name_escapes", L, "evaluation: a record's repository name is absolute, empty or climbs with '..': it would name a host folder outside --repos; its generations are refused, not run"),
    (S.SPLIT_RECORDS, "own_root_ignored", N, "evaluation: a record carries its own repository_root (builds before issue 31): not trusted, the folder comes from --repos or the index beside the split"),
    (S.SPLIT_RECORDS, "index_root_unverified", L, "evaluation: the folder comes from the repositories.json beside the split (anyone shipping a split can ship one) and the record lacks the snapshot_sha256 and tree_sha256 that would prove it is the build's folder: refused, not run (pass --repos)"),
    (S.SPLIT_RECORDS, "file_escapes", L, "evaluation: a record's file is absolute or climbs with '..' out of the repository copy: its generations are refused, not run"),
    (S.SPLIT_RECORDS, "field_type", L, "class evaluation: a record's field is not what the evaluation computes with (insertion_offset a non-negative integer within file_without_class, not NaN or Infinity; the texts strings; expected_to_pass a non-empty list of strings; a language with a class-level runner): its generations are refused, not placed nor run (red team 2026-11-30 row 5)"),
    (S.SPLIT_RECORDS, "requirement_refused", L, "executable evaluation: a record's requirements hold a string that is not a PEP 508 requirement the build would write (a pip option such as --target/--log/--requirement, a URL or path): pip would take it as an argument on the host; its generations are refused, not run"),
    # --- a generation refused before any run (harness/class_runs.py: an answer brings only its class) --
    (S.GENERATIONS, "answer_too_large", L, "class evaluation and the class build's gates: the answer is over CLASS_ANSWER_MAX_BYTES (UTF-8): refused before any parse, copy or run; counted as not compiled. Executable evaluation (and run_problem_tests, the executable gates' runner): the generation is over EXEC_GENERATION_MAX_BYTES: refused before any host parse, copy or run, not passed (red team 16 row 4)"),
    (S.GENERATIONS, "generation_not_parsed", L, "executable evaluation: the generation (or the split's solution giving its header) was not parsed within the guarded parse's budget (harness/placement.py, lang.base.guarded_parse): never run, not passed"),
    (S.GENERATIONS, "channel_overflow", L, "executable and class evaluation, the executable build's gold gate (its detail): the run's verdict channel dropped records past its caps (CHANNEL_MAX_BYTES in all, CHANNEL_MAX_LINE a line); a dropped record may be a wrong checked value or a failure, so the run is never a pass (red team 2026-11-29 row 3)"),
    (S.HOST_FILES, "channel_overflow", L, "a build's pytest run (suite under coverage, class gates) whose verdict channel dropped records past its caps (CHANNEL_MAX_BYTES in all, CHANNEL_MAX_LINE a line): counted; the class runs' tests that passed in it count as errors (red team 2026-11-29 row 3)"),
    (S.GENERATIONS, "run_not_started", L, "executable evaluation and run_problem_tests (the executable gates' runner): the sandbox never started the run (bubblewrap's set-up failed, nothing on the verdict channel): a fault of the machine, not of the generation; never a pass, its detail bubblewrap's error (red team 2026-11-29e row 4)"),
    (S.GENERATIONS, "answer_not_one_class", L, "class evaluation and the class build's gates (Java, C#): the answer is not exactly one top-level type named like the task's class (an extra type, a closing brace past the class, conditional compilation): refused, never compiled with the library; counted as not compiled. Java answers are read as javac reads the placed file: in the build's declared source charset when the file decodes in it (red team 16 row 1)"),
    (S.HOST_FILES, "copy_oversize_file", R, "a repository copy for sandboxed runs leaves out a file over COPY_FILE_MAX_BYTES (apparent size)"),
    (S.HOST_FILES, "copy_changed_during_copy", L, "a repository copy for sandboxed runs refuses an entry that changed kind while copied (a folder swapped for a link): never followed"),
    (S.HOST_FILES, "copy_too_deep", R, "a repository copy for sandboxed runs leaves out a folder nested deeper than MAX_DIR_DEPTH"),
    (S.HOST_FILES, "copy_too_many_entries", R, "a repository copy for sandboxed runs stops at the folder that would take it past COPY_MAX_ENTRIES names (the rest is left out)"),
    (S.HOST_FILES, "copy_total_too_large", R, "a repository copy for sandboxed runs leaves out a file past COPY_MAX_TOTAL_BYTES of apparent size in all"),
    (S.HOST_FILES, "output_copies_too_large", R, "the C# runner leaves out a file its projects copy beside the test assembly (CopyToOutputDirectory) past CSHARP_OUTPUT_COPY_MAX_BYTES written in all (one copy per source file, further destinations hard-linked)"),
)

# cross_file_random and in_file examples pass the same cursor rules and filters as the first uses:
# every example reason is declared for their stages too
_DECLARED += tuple((split_stage, name, kind, meaning) for split_stage in (S.EXAMPLES_RANDOM, S.EXAMPLES_IN_FILE)
                   for stage, name, kind, meaning in _DECLARED if stage is S.EXAMPLES)

REGISTRY: tuple[Reason, ...] = tuple(Reason(stage, name, kind, meaning) for stage, name, kind, meaning in _DECLARED)


def _pattern(name: str) -> re.Pattern:
    parts = re.split(r"\{[^}]*\}", name)
    return re.compile("(?:" + r"[A-Za-z0-9_.:-]+".join(re.escape(p) for p in parts) + r")\Z")


@lru_cache(maxsize=4096)
def lookup(key: str) -> Reason | None:
    """``stage/reason`` -> its declaration (exact names win over families), None if undeclared."""
    stage, _, name = key.partition("/")
    exact = [r for r in REGISTRY if r.stage.value == stage and r.name == name]
    if exact:
        return exact[0]
    family = [r for r in REGISTRY if r.stage.value == stage and "{" in r.name and _pattern(r.name).match(name)]
    # the most specific family: the one with the most literal characters
    return max(family, key=lambda r: len(re.sub(r"\{[^}]*\}", "", r.name)), default=None)
