"""Running pytest in a sandbox and reading each test's outcome from the verdict channel.

Why it exists: the executable split (validating tests, measuring coverage), the class-level
suites and the problem runner (``sandbox/problems.py``) all run pytest the same way: the
outcome plugin (``sandbox/pytest_plugin.py``) loaded with ``-p``, records read from the run's
channel (never from files the code under test could write), phases folded into one outcome
per node id (:func:`summarize_outcomes`), and optionally one coverage context per test.
"""

from __future__ import annotations

import os
import stat
import secrets
import shutil
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable, Mapping, Sequence
from urllib.parse import quote

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.core.reasons import CHANNEL_OVERFLOW
from crossfile_datasets.core.repofiles import is_folder_inside
from crossfile_datasets.sandbox import PLUGIN_NAME, SANDBOX_PREFIX, Sandbox, SandboxRun, hostfs
from crossfile_datasets.sandbox.channel import ChannelRecords, ResultChannel
from crossfile_datasets.sandbox.suites.pytest_config import plan_run, read_pytest_ini


@dataclass
class PytestRun:
    """Outcomes of one sandboxed pytest run, per node id."""

    run: SandboxRun
    outcomes: dict[str, Outcome]  # nodeid -> outcome
    messages: dict[str, str] = field(default_factory=dict)
    contexts: dict[str, dict[int, list[str]]] | None = None  # repo-relative file -> line -> nodeids
    complete: bool = False  # pytest's end-of-session record arrived over the channel (and nothing after it)
    forged_records: int = 0  # channel lines without the run's token (ignored)
    running: str | None = None  # the test that had started, and not ended, when the process ended
    finished: tuple[str, ...] = ()  # tests whose every phase was reported, in run order
    durable: frozenset[str] = frozenset()  # finished tests whose coverage contexts were saved
    options_dropped: tuple[str, ...] = ()  # repository options pytest did not know (the plugin dropped them)
    # files the host refused to read back from the sandbox: (reason key, detail), e.g. a
    # coverage.data that is a FIFO or garbage (the caller counts them)
    refused: list[tuple[str, str]] = field(default_factory=list)
    channel: ChannelRecords | None = None


class Outcome(StrEnum):
    """One test's outcome in a sandboxed pytest run (see :func:`summarize_outcomes`)."""
    PASSED = "passed"
    ASSERTION = "assertion"  # the test body failed with an AssertionError (repairable)
    ERROR = "error"  # any other failure: setup, teardown, collection, another exception, time-out
    SKIPPED = "skipped"
    XFAIL = "xfail"
    SANDBOX_VIOLATION = "sandbox_violation"  # wrote outside the sandbox or used the network


# ranks of a node's outcome when its phases disagree: the worst wins
OUTCOME_RANK = {Outcome.SANDBOX_VIOLATION: 5, Outcome.ERROR: 4, Outcome.XFAIL: 3, Outcome.ASSERTION: 2,
                Outcome.SKIPPED: 1, Outcome.PASSED: 0}


def summarize_outcomes(records: Iterable[dict]) -> tuple[dict[str, Outcome], dict[str, str]]:
    """Plugin records -> (nodeid -> outcome, nodeid -> first failure message).

    ``assertion`` = the test body failed with an AssertionError (repairable); ``error`` = any
    other failure (setup, teardown, collection, another exception, the per-test time-out);
    ``sandbox_violation`` = the test tried to write outside the sandbox or use the network
    (whatever its outcome: such a test never becomes a problem's test).

    A test whose call passed and some of whose subtests (``self.subTest``, pytest's
    ``subtests``) were skipped, each a call record of its own, passed: held-out 19, pathspec
    runs every test once per optional backend and skips the subtests of the backends not
    installed, and every such test was dropped as skipped. How many were skipped is told
    apart (:func:`skipped_subtests`): a problem's run compares it with its gold's.
    """
    outcomes: dict[str, Outcome] = {}
    messages: dict[str, str] = {}
    call_passed: set[str] = set()
    skipped_outside_call: set[str] = set()  # a setup's skip (a marker, a fixture): the test did not run
    for rec in records:
        if not well_formed(rec):
            continue  # refused by run_with_channel (the run is untrusted); never an exception here
        nodeid, when, outcome = rec["nodeid"], rec["when"], rec["outcome"]
        if when in _MARKERS:
            continue
        previous = outcomes.get(nodeid)
        if rec.get("violations"):
            new = Outcome.SANDBOX_VIOLATION
            messages.setdefault(nodeid, "sandbox violation: " + "; ".join(rec["violations"][:3]))
        elif rec.get("xfail"):
            new = Outcome.XFAIL
        elif outcome == "failed":
            new = Outcome.ASSERTION if when == "call" and rec.get("exc_type") == "AssertionError" else Outcome.ERROR
            messages.setdefault(nodeid, record_message(rec))
        elif outcome == "skipped":
            new = Outcome.SKIPPED
            if when != "call":
                skipped_outside_call.add(nodeid)
        elif when == "call":
            new = Outcome.PASSED
            call_passed.add(nodeid)
        else:
            continue  # setup/teardown passing says nothing on its own
        if previous is None or OUTCOME_RANK[new] > OUTCOME_RANK[previous]:
            outcomes[nodeid] = new
    for nodeid in call_passed - skipped_outside_call:
        if outcomes[nodeid] == Outcome.SKIPPED:  # skipped subtests of a test that passed
            outcomes[nodeid] = Outcome.PASSED
    return outcomes, messages


def skipped_subtests(records: Iterable[dict]) -> dict[str, int]:
    """nodeid -> how many of its call records were skipped, for the tests whose call also
    passed (skipped subtests of a test :func:`summarize_outcomes` counts as passed)."""
    passed: set[str] = set()
    skipped: dict[str, int] = {}
    for rec in records:
        if not well_formed(rec) or rec["when"] != "call":
            continue
        if rec["outcome"] == "passed":
            passed.add(rec["nodeid"])
        elif rec["outcome"] == "skipped":
            skipped[rec["nodeid"]] = skipped.get(rec["nodeid"], 0) + 1
    return {nodeid: n for nodeid, n in skipped.items() if nodeid in passed}


_MARKERS = ("start", "checkpoint")  # progress records of the plugin, not outcomes
# the plugin sends at most the last 1,000 characters of a failure's text (pytest_plugin.py); a record's
# message or exception type past these lengths came from code that reached the sender: cut on the
# host, the cut counted (the host's regexes read messages: red team 2026-11-28g row 7)
RECORD_MESSAGE_MAX_CHARS = 1000
# the plugin's context of a test module's collection (sandbox/pytest_plugin.py, the same name)
COLLECTION_CONTEXT = "crossfile-collection:"
RECORD_EXC_TYPE_MAX_CHARS = 200


def record_message(rec: dict) -> str:
    """``<exc_type>: <message>`` of a failed outcome record, each cut to the plugin's own length
    (the message's last characters, as the plugin keeps them), pure."""
    return f"{str(rec.get('exc_type'))[:RECORD_EXC_TYPE_MAX_CHARS]}: {str(rec.get('message', ''))[-RECORD_MESSAGE_MAX_CHARS:]}"


def oversized_messages(records: Iterable[dict]) -> int:
    """How many outcome records carry a message or exception type longer than the plugin sends
    (cut by :func:`record_message`), pure."""
    return sum(1 for r in records if isinstance(r, dict) and (
        len(str(r.get("message", ""))) > RECORD_MESSAGE_MAX_CHARS or len(str(r.get("exc_type"))) > RECORD_EXC_TYPE_MAX_CHARS))


def well_formed(record: object) -> bool:
    """An outcome record as the plugin sends it: ``nodeid``, ``when`` and ``outcome`` strings,
    ``violations`` (when present) a list of strings. Anything else came from code that reached
    the sender (red team 2, row 1: a record with the token and no ``nodeid`` stopped the
    evaluation with a KeyError)."""
    if not isinstance(record, dict) or not all(isinstance(record.get(k), str) for k in ("nodeid", "when", "outcome")):
        return False
    violations = record.get("violations")
    return violations is None or (isinstance(violations, list) and all(isinstance(v, str) for v in violations))


def refuse_malformed(channel: ChannelRecords) -> ChannelRecords:
    """Drop the outcome records that are not :func:`well_formed`; one is enough to make the run
    untrusted (``tampered``: incomplete, never a pass), counted in ``channel.malformed``."""
    kept = [r for r in channel.records if well_formed(r)]
    dropped = len(channel.records) - len(kept)
    if dropped:
        channel.records = kept
        channel.malformed += dropped
        channel.tampered = channel.tampered or f"{dropped} malformed verdict records (no nodeid, when or outcome)"
    return channel


def run_progress(records: Iterable[dict], *, coverage: bool) -> tuple[str | None, list[str], set[str]]:
    """(the test running when the records stop, the finished tests in order, those of them
    whose coverage is saved) from a run's records. A test has finished when its teardown was
    reported; with ``coverage``, only tests finished before the last ``checkpoint`` record had
    their contexts saved (without coverage every finished test counts)."""
    running: str | None = None
    finished: list[str] = []
    done: set[str] = set()
    saved = 0
    for rec in records:
        nodeid, when = rec.get("nodeid", ""), rec.get("when")
        if when == "start":
            running = nodeid
        elif when == "teardown" and nodeid not in done:
            done.add(nodeid)
            finished.append(nodeid)
            if running == nodeid:
                running = None
        elif when == "checkpoint":
            saved = len(finished)
    return running, finished, set(finished if not coverage else finished[:saved])


def is_case(nodeid: str) -> bool:
    """A case of a parametrized test (``path::test_f[id]``), not a whole test function."""
    return "::" in nodeid and nodeid.endswith("]") and "[" in nodeid.rpartition("::")[2]


def xfail_cases(outcomes: Mapping[str, Outcome], path: str | None = None) -> list[str]:
    """The cases of parametrized tests (of the program at ``path``, else of the run) that
    were expected failures (``pytest.param(..., marks=xfail)``), sorted."""
    return sorted(n for n, o in outcomes.items() if o == Outcome.XFAIL and is_case(n)
                  and (path is None or n.startswith(path + "::")))


def program_outcome(outcomes: dict[str, Outcome], path: str) -> Outcome:
    """Outcome of one test program (file) from its tests' outcomes: all must pass, but for the
    cases of a parametrized test marked ``xfail`` (:func:`xfail_cases`), judged per case: a
    program whose other tests all passed passes (price-parser, held-out 21: ``test_parsing``,
    1,193 cases of which 134 are ``xfail(strict=True)``, was dropped whole as ``xfail``). A
    program with nothing but expected failures is still ``xfail``."""
    mine = [o for nodeid, o in outcomes.items() if nodeid == path or nodeid.startswith(path + "::")]
    if not mine:
        return Outcome.ERROR  # nothing collected or the run died before it
    cases = set(xfail_cases(outcomes, path))
    others = [o for n, o in outcomes.items() if (n == path or n.startswith(path + "::")) and n not in cases]
    if cases and others:  # the other tests decide
        mine = others
    for worst in (Outcome.SANDBOX_VIOLATION, Outcome.ERROR, Outcome.XFAIL, Outcome.SKIPPED, Outcome.ASSERTION):
        if worst in mine:
            return worst
    return Outcome.PASSED


def plugin_args(plugins: Sequence[str]) -> list[str]:
    return [arg for name in plugins for arg in ("-p", name)]


def config_overrides(root: Path) -> tuple[str, ...]:
    """``-o addopts=...`` (and settings overrides) taking out of the repository's pytest
    configuration at ``root`` what stops or reshapes a harness run (``--cov``, ``--maxfail``,
    ``-x``, ``-n``...: ``suites/pytest_config.py``); empty when nothing needs it. Every pytest run
    of a repository's copy gets them: pytutils' ``--cov=pytutils --maxfail=4`` addopts let
    pytest-cov take the tracer from the harness's per-test coverage (every program
    ``does_not_execute_target``) and stopped runs after 4 failures."""
    return plan_run(read_pytest_ini(root)).args


def pytest_argv(sandbox: Sandbox, paths: Sequence[str], coverage_rc: Path | None = None,
                plugins: Sequence[str] = ()) -> list[str]:
    """The command running pytest on ``paths`` in the sandbox's copy with the outcome plugin
    (under coverage.py with ``coverage_rc``), the repository's configuration overrides first
    (:func:`config_overrides`; overrides among ``paths`` come later and win)."""
    head = [sandbox.python]
    if coverage_rc is not None:
        head += ["-m", "coverage", "run", f"--rcfile={coverage_rc}", "-m", "pytest"]
    else:
        head += ["-m", "pytest"]
    return [*head, "-q", "-p", "no:cacheprovider", "-p", PLUGIN_NAME, *plugin_args(plugins),
            f"--rootdir={sandbox.root}", *config_overrides(sandbox.root), *paths]


def run_with_channel(sandbox: Sandbox, argv: Sequence[str], **kwargs) -> tuple[SandboxRun, ChannelRecords]:
    """Run a program that loads the pytest plugin; its verdict records come over a new channel."""
    channel = ResultChannel()
    try:
        srun = sandbox.run(argv, channel=channel, **kwargs)
    finally:
        records = channel.finish()
    return srun, refuse_malformed(records)


def run_pytest(
    sandbox: Sandbox,
    paths: Sequence[str],
    *,
    coverage_files: Sequence[str] | None = None,
    timeout: float | None = None,
    extra_env: dict[str, str] | None = None,
    plugins: Sequence[str] = (),
    extra_args: Sequence[str] = (),
    data_name: str = "coverage.data",
    workdir: str = "",
) -> PytestRun:
    """Run pytest on ``paths`` (relative to the copy) with the outcome plugin.

    ``coverage_files`` (repo-relative): measure those files with one coverage context per
    test node id and return, per file and line, the node ids that executed it.
    ``extra_env`` values may name ``__CONTROL__``: the sandbox's control folder.
    ``extra_args``: options before the paths (the repository configuration's overrides);
    ``data_name``: the coverage data file in the control folder (one per process of a run);
    ``workdir``: the folder of the copy pytest runs in (``core.repofiles.is_folder_inside``; ``paths`` stay
    relative to the copy's root, node ids to the rootdir).
    """
    rc = None
    data_file = sandbox.control / data_name
    if coverage_files:
        include = "\n".join(f"    {sandbox.root / f}" for f in coverage_files)
        # a fresh name: an earlier process of the same sandbox cannot have planted anything there
        rc = sandbox.write_control(f"coveragerc-{secrets.token_hex(8)}",
                                   f"[run]\ndata_file = {data_file}\ninclude =\n{include}\n")
    env = {k: v.replace("__CONTROL__", str(sandbox.control)) for k, v in (extra_env or {}).items()}
    env["CROSSFILE_TEST_TIMEOUT"] = str(sandbox.limits.test_timeout)
    cwd = sandbox.root / workdir if workdir and is_folder_inside(sandbox.root, workdir) else None
    if cwd is not None:
        paths = [str(sandbox.root / p) for p in paths]
    argv = pytest_argv(sandbox, [*extra_args, *paths], rc, plugins)
    # the measured files' sizes before the run, by the host: what the run writes cannot widen them
    sizes = measured_sizes(sandbox.root, coverage_files) if coverage_files else None
    srun, channel = run_with_channel(sandbox, argv, timeout=timeout, env=env, cwd=cwd)
    outcomes, messages = summarize_outcomes(channel.records)
    contexts = None
    refused: list[tuple[str, str]] = []
    if coverage_files:
        contexts, problem = read_coverage_contexts(sandbox.dir, f"control/{data_name}", sandbox.root, sizes)
        if problem:
            refused.append(problem)
        contexts = attribute_collection(contexts, outcomes)
    oversized = oversized_messages(channel.records)
    if oversized:
        refused.append((f"{hostfs.HOST_FILES_STAGE}/{hostfs.Refusal.TOO_LARGE.value}",
                        f"verdict channel: {oversized} records' messages longer than the plugin sends "
                        f"({RECORD_MESSAGE_MAX_CHARS} characters) cut to their last {RECORD_MESSAGE_MAX_CHARS}"))
    if channel.overflow:  # records (events too) past the channel's byte budget or line cap: not kept
        refused.append((f"{hostfs.HOST_FILES_STAGE}/{CHANNEL_OVERFLOW}",
                        f"verdict channel: {channel.overflow} records over its caps "
                        f"({C.CHANNEL_MAX_BYTES} bytes in all) not kept"))
        # a dropped record may be a failure or a checked value the host would refuse: no test of
        # this run passes (red team 2026-11-29 row 3: the build's runs and the class runs alike)
        for nodeid, outcome in outcomes.items():
            if outcome == Outcome.PASSED:
                outcomes[nodeid] = Outcome.ERROR
                messages[nodeid] = (f"{CHANNEL_OVERFLOW}: the verdict channel dropped {channel.overflow} records "
                                    "past its caps: not a pass")
    running, finished, durable = run_progress(channel.records, coverage=bool(coverage_files))
    dropped = channel.events.get("options_dropped", {}).get("options", [])
    return PytestRun(srun, outcomes, messages, contexts, channel.complete, channel.forged,
                     running, tuple(finished), frozenset(durable),
                     tuple(str(o) for o in dropped if isinstance(o, str))[:50], refused, channel)


def _open_read_only(path: Path, seconds: float) -> sqlite3.Connection:
    """The SQLite file at ``path`` opened read-only and immutable, its queries stopped after
    ``seconds`` (a progress handler): how the host reads a database a sandboxed run wrote."""
    deadline = time.monotonic() + seconds
    con = sqlite3.connect(f"file:{quote(str(path))}?mode=ro&immutable=1", uri=True)
    con.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
    return con


def _repository_path(measured: object, real_root: Path) -> Path | None:
    """A measured file's path relative to the repository (None: outside it)."""
    try:
        return Path(os.path.normpath(str(measured))).relative_to(real_root)
    except ValueError:
        return None


def unsafe_database(path: Path, seconds: float = 10.0) -> tuple[str, str]:
    """(reason, why) the SQLite file at ``path`` (a private copy of what a sandboxed run wrote)
    must not be read by coverage.py on the host: ``unsafe_database`` (its schema runs SQL) or
    ``unreadable`` (not a database, its schema unreadable in time); ("", "") when it holds only
    plain tables and their indexes.

    coverage.py runs its queries on whatever the file defines: a ``file`` that is a view with an
    endless recursive query hung the host (red team 2026-11-27), and a trigger, a virtual table
    or a generated column (computed on read: ``printf('%.*c', 1e9, 'x')``) runs SQL of the
    sandboxed code's making too. The file is opened read-only and immutable; this check's own
    queries stop after ``seconds`` (a progress handler)."""
    try:
        con = _open_read_only(path, seconds)
    except sqlite3.Error as exc:
        return "unreadable", f"not a SQLite database ({exc})"
    try:
        rows = con.execute("select type, name, coalesce(sql, '') from sqlite_master").fetchall()
        for kind, name, sql in rows:
            if kind not in ("table", "index"):
                return "unsafe_database", f"the database defines a {str(kind)[:20]} ({str(name)[:80]})"
            if kind == "table" and sql.lstrip()[:20].upper().replace(" ", "").startswith("CREATEVIRTUAL"):
                return "unsafe_database", f"the database defines a virtual table ({str(name)[:80]})"
        for kind, name, _ in rows:
            if kind == "table":
                quoted = '"' + str(name).replace('"', '""') + '"'
                if any(col[6] for col in con.execute(f"pragma table_xinfo({quoted})")):
                    return "unsafe_database", f"the table {str(name)[:80]} has generated or hidden columns"
    except sqlite3.Error as exc:
        return "unreadable", f"its schema cannot be read ({str(exc)[:200]})"
    finally:
        con.close()
    return "", ""


def measured_sizes(root: Path, files: Iterable[str]) -> dict[str, int]:
    """{repo-relative file: its size in bytes} of the files a run is asked to measure, read by
    the host before the run (a link or anything but a regular file: 0; at most
    ``MAX_FILE_BYTES``, the largest source file a build reads). The coverage rows read back are
    bounded by these, never by the copy after the run: the run could grow a file of the copy, a
    sparse one costing no disk (red team 2026-11-28d row 5)."""
    sizes = {}
    for rel in files:
        key = Path(os.path.normpath(rel)).as_posix()
        sizes[key] = min(_regular_size(root / key), C.MAX_FILE_BYTES)
    return sizes


def _regular_size(path: Path) -> int:
    """The size of ``path`` when it is a regular file (a link is not followed), else 0."""
    try:
        st = os.lstat(path)
    except OSError:
        return 0
    return st.st_size if stat.S_ISREG(st.st_mode) else 0


def line_entries(path: Path, real_root: Path, sizes: dict[str, int] | None = None, seconds: float = 10.0,
                 limit: int = C.COVERAGE_MAX_LINE_ENTRIES) -> int:
    """How many (line, context) entries the coverage database at ``path`` holds for the measured
    files (``sizes``' keys; without it every file of the repository ``real_root``): the set bits
    of their ``line_bits`` rows, each row read alone (:func:`lines_out_of_range` bounded each
    row's length first); stops past ``limit``. Decoding costs host memory per entry, and the
    number of contexts (rows) is the run's choice: the total is what is capped."""
    con = _open_read_only(path, seconds)
    total = 0
    try:
        tables = {row[0] for row in con.execute("select name from sqlite_master where type = 'table'")}
        if not {"file", "line_bits"} <= tables:
            return 0
        for measured, numbits in con.execute("select file.path, line_bits.numbits from line_bits "
                                             "join file on file.id = line_bits.file_id"):
            rel = _repository_path(measured, real_root)
            if rel is None or (sizes is not None and rel.as_posix() not in sizes):
                continue
            if isinstance(numbits, bytes):
                total += int.from_bytes(numbits, "little").bit_count()
            if total > limit:
                return total
    finally:
        con.close()
    return total


def has_arcs(path: Path, seconds: float = 10.0) -> bool:
    """Whether the coverage database at ``path`` holds arc (branch) data: ``meta.has_arcs`` set,
    or any row in ``arc``. coverage.py's ``contexts_by_lineno`` then reads the ``arc`` table,
    whose line numbers :func:`lines_out_of_range` and :func:`line_entries` do not bound (red team
    2026-11-28f row 4: 500,000 arcs of a 9-line file, +0.5 GB on the host); the harness never asks
    for branch coverage, so such a database is the run's making and refused unread."""
    con = _open_read_only(path, seconds)
    try:
        tables = {row[0] for row in con.execute("select name from sqlite_master where type = 'table'")}
        if "meta" in tables:
            row = con.execute("select value from meta where key = 'has_arcs'").fetchone()
            if row is not None and str(row[0]).strip().lower() not in ("", "0", "false", "none"):
                return True
        return "arc" in tables and con.execute("select 1 from arc limit 1").fetchone() is not None
    finally:
        con.close()


def context_names(path: Path, real_root: Path, sizes: dict[str, int] | None = None, seconds: float = 10.0) -> str:
    """Why the context names of the coverage database at ``path`` are refused, or "": a name
    longer than ``COVERAGE_MAX_CONTEXT_CHARS`` (a harness context is a test's node id), or more
    than ``COVERAGE_MAX_CONTEXT_BYTES`` of names over the ``line_bits`` rows of the measured files
    (coverage.py fetches a name again for each row; red team 2026-11-28f row 5). SQL aggregates
    only (``length``): no name is read."""
    con = _open_read_only(path, seconds)
    try:
        tables = {row[0] for row in con.execute("select name from sqlite_master where type = 'table'")}
        if "context" not in tables:
            return ""
        (longest,) = con.execute("select max(length(context)) from context").fetchone()
        if int(longest or 0) > C.COVERAGE_MAX_CONTEXT_CHARS:
            return f"a context name of {int(longest)} characters (more than {C.COVERAGE_MAX_CONTEXT_CHARS})"
        if not {"file", "line_bits"} <= tables:
            return ""
        total = 0
        for measured, chars in con.execute("select file.path, sum(length(context.context)) from line_bits "
                                           "join file on file.id = line_bits.file_id "
                                           "join context on context.id = line_bits.context_id group by file.id"):
            rel = _repository_path(measured, real_root)
            if rel is None or (sizes is not None and rel.as_posix() not in sizes):
                continue
            total += int(chars or 0)
            if total > C.COVERAGE_MAX_CONTEXT_BYTES:
                return f"more than {C.COVERAGE_MAX_CONTEXT_BYTES} characters of context names over the measured files"
    finally:
        con.close()
    return ""


def lines_out_of_range(path: Path, real_root: Path, seconds: float = 10.0, sizes: dict[str, int] | None = None) -> str:
    """Why the coverage database at ``path`` (a private copy, already found plain by
    :func:`unsafe_database`) claims lines past the end of a measured file of the repository, or
    "" when it does not. A ``line_bits`` row holds one bit per line, so a file of ``n`` bytes has at
    most ``n + 1`` lines and a row of at most ``(n + 1) // 8 + 1`` bytes; a longer row names lines
    the file does not have, and decoding it costs host memory and time linear in its bits (red
    team 8 row 5: 100 rows of 10,000 bytes for a 30-line file, about 0.9 GB on the host). Only
    the lengths are read (SQL ``length``), with a time budget; files outside the repository are
    not decoded by the reader and not checked here. With ``sizes`` (:func:`measured_sizes`) a
    file's length is the one recorded there, and files not named there are not decoded by the
    reader and not checked either."""
    try:
        con = _open_read_only(path, seconds)
    except sqlite3.Error as exc:
        return f"not a SQLite database ({exc})"
    try:
        tables = {row[0] for row in con.execute("select name from sqlite_master where type = 'table'")}
        if not {"file", "line_bits"} <= tables:
            return ""  # no line data (an empty run, or arcs only)
        rows = con.execute("select file.path, max(length(line_bits.numbits)) from line_bits "
                           "join file on file.id = line_bits.file_id group by file.id").fetchall()
    except sqlite3.Error as exc:
        return f"its line data cannot be read ({str(exc)[:200]})"
    finally:
        con.close()
    for measured, longest in rows:
        rel = _repository_path(measured, real_root)
        if rel is None or (sizes is not None and rel.as_posix() not in sizes):
            continue
        size = sizes[rel.as_posix()] if sizes is not None else _regular_size(real_root / rel)
        if int(longest or 0) > (size + 1) // 8 + 1:
            return f"{str(rel)[:120]}: a row of {int(longest)} bytes of line bits for a file of {size} bytes"
    return ""


def attribute_collection(contexts: dict[str, dict[int, list[str]]], nodeids: Iterable[str]
                         ) -> dict[str, dict[int, list[str]]]:
    """``contexts`` (:func:`read_coverage_contexts`) with each line a test module's collection
    ran (the plugin's ``COLLECTION_CONTEXT`` + the module's node id) given to every test of that
    module among ``nodeids`` (the tests of the run) instead: importing the module is part of
    each of its tests. sly's test modules define Lexer and Parser subclasses whose metaclasses
    build the lexer and the LALR tables at import: Grammar and LRTable ran for no test and were
    ``not_covered_by_tests``. A collection context of a module none of whose tests reported is
    dropped."""
    by_module: dict[str, list[str]] = {}
    for nodeid in nodeids:
        if "::" in nodeid:
            by_module.setdefault(nodeid.split("::", 1)[0], []).append(nodeid)
    for lines in contexts.values():
        for line, names in lines.items():
            if not any(n.startswith(COLLECTION_CONTEXT) for n in names):
                continue
            out = [n for n in names if not n.startswith(COLLECTION_CONTEXT)]
            seen = set(out)
            for name in names:
                if name.startswith(COLLECTION_CONTEXT):
                    for nodeid in by_module.get(name[len(COLLECTION_CONTEXT):], ()):
                        if nodeid not in seen:
                            seen.add(nodeid)
                            out.append(nodeid)
            lines[line] = out
    return contexts


def read_coverage_contexts(anchor: Path, rel: str, root: Path, sizes: dict[str, int] | None = None
                           ) -> tuple[dict[str, dict[int, list[str]]], tuple[str, str] | None]:
    """coverage.py data the sandboxed run wrote at ``anchor/rel`` -> ({repo-relative file: {line:
    [contexts that executed it]}}, None), or ({}, (reason key, detail)) when it is refused or
    cannot be read (a FIFO, a link, garbage: the run's fault, counted by the caller).

    The data file is copied out of the sandbox folder through the host-side boundary first
    (``sandbox/hostfs.py``), into a folder of the host's own, and coverage.py reads that copy:
    it opens by name, so it never gets a path the sandboxed code controls. A copy that would
    make coverage.py run SQL of the run's making (:func:`unsafe_database`: views, triggers,
    virtual tables, generated columns) is refused first (``host_files/unsafe_database``). With
    ``sizes`` (:func:`measured_sizes`, taken before the run) only those files are read back, each
    bounded by its recorded size; more than ``COVERAGE_MAX_LINE_ENTRIES`` (line, context)
    entries in all is refused unread (``host_files/coverage_too_many_lines``), and so are arc data
    (:func:`has_arcs`, ``host_files/coverage_arcs``) and context names past their bounds
    (:func:`context_names`, ``host_files/coverage_context_names``)."""
    from coverage import CoverageData

    # a folder of the host's own, named like sandbox folders so a killed harness's is swept too
    private = Path(tempfile.mkdtemp(prefix=f"{SANDBOX_PREFIX}{os.getpid()}-coverage-"))
    try:
        copy = private / "coverage.data"
        try:
            hostfs.copy_out(anchor, rel, copy, max_bytes=C.HOST_COPY_MAX_BYTES)
        except hostfs.HostFileRefused as exc:
            if exc.reason is hostfs.Refusal.MISSING:
                return {}, None  # nothing measured (no test ran)
            return {}, (exc.key, f"{rel}: {exc}")
        reason, why = unsafe_database(copy)
        if reason:  # SQL of the sandboxed run's making is never run on the host
            return {}, (f"{hostfs.HOST_FILES_STAGE}/{reason}", f"{rel}: {why}")
        real_root = root.resolve()
        try:
            arcs = has_arcs(copy)
            names = "" if arcs else context_names(copy, real_root, sizes)
        except sqlite3.Error as exc:
            return {}, (f"{hostfs.HOST_FILES_STAGE}/{hostfs.Refusal.UNREADABLE.value}", f"{rel}: {str(exc)[:200]}")
        if arcs:  # the harness measures lines only: arc data is the run's making (line numbers unbounded)
            return {}, (f"{hostfs.HOST_FILES_STAGE}/coverage_arcs", f"{rel}: arc (branch) data, never asked for")
        if names:  # coverage.py copies a context's name for every file's row that names it
            return {}, (f"{hostfs.HOST_FILES_STAGE}/coverage_context_names", f"{rel}: {names}")
        why = lines_out_of_range(copy, real_root, sizes=sizes)
        if why:  # decoding is linear in the bits: rows past the file's end are refused unread
            return {}, (f"{hostfs.HOST_FILES_STAGE}/coverage_lines_out_of_range", f"{rel}: {why}")
        try:
            entries = line_entries(copy, real_root, sizes)
        except sqlite3.Error as exc:
            return {}, (f"{hostfs.HOST_FILES_STAGE}/{hostfs.Refusal.UNREADABLE.value}", f"{rel}: {str(exc)[:200]}")
        if entries > C.COVERAGE_MAX_LINE_ENTRIES:  # as many contexts as the run likes: the total is capped
            return {}, (f"{hostfs.HOST_FILES_STAGE}/coverage_too_many_lines",
                        f"{rel}: more than {C.COVERAGE_MAX_LINE_ENTRIES} (line, context) entries")
        out: dict[str, dict[int, list[str]]] = {}
        try:
            data = CoverageData(basename=str(copy))
            data.read()
            for measured in data.measured_files():
                in_repository = _repository_path(measured, real_root)
                if in_repository is None or (sizes is not None and in_repository.as_posix() not in sizes):
                    continue  # a file nobody asked to measure (one the run made): never decoded
                by_line = data.contexts_by_lineno(measured)
                out[in_repository.as_posix()] = {int(line): [str(c) for c in ctxs if c] for line, ctxs in by_line.items()}
        except Exception as exc:  # noqa: BLE001 - coverage.py/sqlite raise many types on a damaged file
            return {}, (f"{hostfs.HOST_FILES_STAGE}/{hostfs.Refusal.UNREADABLE.value}",
                        f"{rel}: {type(exc).__name__}: {str(exc)[:200]}")
        return out, None
    finally:
        shutil.rmtree(private, ignore_errors=True)
