"""Parameter types observed while a repository's own test suite runs (``--observe-types``).

Why it exists: Pylint (astroid) cannot type an unannotated parameter, so in
``def build_filter_stack(stack, options): stack.preprocess.append(...)`` the cross-file use of
``FilterStack.preprocess`` is invisible to the stub-and-diff method (on sqlparse, 17 of 36
hand-labeled first uses went through such parameters). The repository's tests know the types:
this module runs the suite once in the sandbox, in the per-repository environment of
``sandbox/suites/python.py``, with the harness plugin's profile function on
(``CROSSFILE_OBSERVE_TYPES``), and returns, per function parameter, the repository classes the
tests passed to it. The Pylint plugin ``crossfile_observed`` then resolves members used on such
parameters (``analyzers/pylint_plugins/crossfile_observed.py``).

It runs repository code, so the builder calls it only with ``--allow-execution``. The record is
the tested code's to forge (a ``conftest.py`` runs in the same interpreter as the observer), so
the host accepts it only from the process it started (the channel's pid check; a second
record makes the run untrusted) and validates every entry against the repository's own sources
(:func:`validate_parameters`): the function must be defined at that line of that file with
that parameter, and every observed class must be a class defined in a file of the repository.
Each observed class also comes with where the tracer saw it first (the calling file and line,
the running test's node id, which must be one that reported an outcome in the run:
:func:`seen_by_the_tracer`): a ``conftest.py`` that adds an entry to the observer's table
without it is refused. That is a cheap forgery sign, not a proof: code in the tested process
can fill the field in too (docs/executable.md, "Threat model").
"""

from __future__ import annotations

import ast
import json
import posixpath
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core.bounded import BoundedLimit, bounded_text_call
from crossfile_datasets.core.enums import StrEnum
from crossfile_datasets.sandbox import Sandbox, SandboxLimits, SandboxRun, hostfs
from crossfile_datasets.sandbox.channel import ChannelRecords
from crossfile_datasets.sandbox.pytest_runs import pytest_argv, run_progress, run_with_channel
from crossfile_datasets.sandbox.suites.python import first_error, python_setup, write_node_ids

FORMAT = 1


class ObservationStatus(StrEnum):
    OK = "ok"  # the suite ran (tests may fail: their calls were observed all the same)
    ENVIRONMENT_FAILED = "environment_failed"
    NO_TESTS = "no_tests"
    COLLECTION_FAILED = "collection_failed"  # no test collected: every test module failed to import
    INCOMPLETE = "incomplete"  # killed, timed out or crashed before the end of the session


@dataclass
class TypeObservations:
    status: ObservationStatus
    parameters: list[dict] = field(default_factory=list)  # {file, line, function, parameter, types}
    tests: int = 0
    detail: str = ""
    refused: int = 0  # entries (or observed classes) that name nothing of the repository: dropped
    refused_samples: list[str] = field(default_factory=list)
    left_out: list[str] = field(default_factory=list)  # tests that ended the test process, run no more

    def to_json(self) -> str:
        return json.dumps({"format": FORMAT, "parameters": self.parameters}, sort_keys=True)


def observe_parameter_types(root: Path, limits: SandboxLimits | None = None) -> TypeObservations:
    """Run the suite of the repository at ``root`` with the type observer; what it saw."""
    setup = python_setup(Path(root))
    if setup.problem:
        return TypeObservations(ObservationStatus.ENVIRONMENT_FAILED, detail=setup.problem)
    limits = limits or SandboxLimits()
    deadline = time.monotonic() + limits.timeout
    left_out: list[str] = []  # tests that ended the test process: the suite runs again without them
    with Sandbox(root, python=setup.python, python_path=setup.python_path or ("",), limits=limits) as box:
        argv = pytest_argv(box, [], None, setup.pytest_plugins)
        while True:
            env = {
                "CROSSFILE_OBSERVE_TYPES": str(box.root.resolve()),
                "CROSSFILE_TEST_TIMEOUT": str(limits.test_timeout),
                "PYTEST_ADDOPTS": "--continue-on-collection-errors",
            }
            if left_out:
                env["CROSSFILE_DESELECT"] = write_node_ids(box, f"observe-deselect-{len(left_out)}.txt", left_out)
            srun, channel = run_with_channel(box, argv, timeout=max(1.0, deadline - time.monotonic()), env=env)
            if channel.events.get("observed_types") is not None and channel.complete:
                break
            culprit = run_progress(channel.records, coverage=False)[0]
            if srun.timed_out or channel.tampered or culprit is None or culprit in left_out \
                    or len(left_out) >= C.OBSERVE_MAX_TESTS_LEFT_OUT \
                    or deadline - time.monotonic() < C.OBSERVE_MIN_RERUN_SECONDS:
                break
            left_out.append(culprit)
    observed = channel.events.get("observed_types")
    tests = int((channel.session_end or {}).get("collected") or 0)
    if observed is None or not channel.complete:
        detail = incomplete_detail(srun, channel, limits.timeout)
        if left_out:
            detail = f"{detail}; after leaving out {len(left_out)} tests that ended the test process"
        return TypeObservations(ObservationStatus.INCOMPLETE, tests=tests, detail=detail[:DETAIL_CHARS],
                                left_out=left_out)
    if tests == 0:
        failed = [r for r in channel.records if r.get("when") == "collect" and r.get("outcome") == "failed"]
        if failed:  # the test modules exist and fail to import (referencing, held-out 19: PEP 696 on 3.11)
            return TypeObservations(ObservationStatus.COLLECTION_FAILED, detail=collection_detail(failed)[:DETAIL_CHARS])
        return TypeObservations(ObservationStatus.NO_TESTS, detail="pytest collected no test")
    raw = observed.get("parameters", [])
    ran = {str(rec.get("nodeid")) for rec in channel.records}
    raw, unseen = seen_by_the_tracer(raw if isinstance(raw, list) else [], ran)
    parameters, refused = validate_parameters(Path(root), setup.python_path or ("",), raw)
    refused = unseen + refused
    return TypeObservations(ObservationStatus.OK, parameters, tests, refused=len(refused), refused_samples=refused[:20],
                            left_out=left_out)


DETAIL_CHARS = 500


def collection_detail(failed: list[dict]) -> str:
    """How many test modules failed at collection, the first of them and its error's last line
    (``TypeError: TypeVar.__init__() got an unexpected keyword argument 'default'``)."""
    first = failed[0]
    lines = [line.strip() for line in str(first.get("message") or "").splitlines() if line.strip()]
    error = next((line for line in reversed(lines) if line.startswith("E ")), lines[-1] if lines else "")
    return f"{len(failed)} test modules failed at collection, none collected; {first.get('nodeid')}: {error}"


def incomplete_detail(srun: SandboxRun, channel: ChannelRecords, timeout: float | None) -> str:
    """Why a type-observation run ended without its session end, for ``stats.json``: what ended
    it (time-out, memory or process limit, a signal, an exit code), how far the suite got (tests
    that reported, the last of them) and the first error line of its output. The last output line
    alone said ``File "<frozen runpy>", line 198 in _run_module_as_main`` for argon2-cffi
    (held-out 15): the bottom frame of a traceback dump, naming neither cause nor test."""
    result = srun.result
    if srun.timed_out:
        ended = f"timed out after {timeout:g} s" if timeout else "timed out"
    elif srun.memory_limit_hit:
        ended = "memory limit hit"
    elif srun.process_limit_hit:
        ended = "process limit hit"
    elif result.returncode is not None and result.returncode < 0:
        ended = f"killed by signal {-result.returncode}"
    else:
        ended = f"exited {result.returncode}" + (" (no session end reported)" if channel.session_end is None else "")
    ran = [str(r.get("nodeid")) for r in channel.records if r.get("nodeid")]
    parts = [ended, f"{len(ran)} tests reported" + (f", the last {ran[-1]}" if ran else "")]
    if channel.tampered:
        parts.append(f"channel: {channel.tampered}")
    error = first_error(f"{result.stderr}\n{result.stdout}")
    if error:
        parts.append(error)
    return "; ".join(parts)[:DETAIL_CHARS]


def seen_by_the_tracer(parameters: list, ran: set[str]) -> tuple[list[dict], list[str]]:
    """The entries' observed classes that come with where the tracer saw them (``seen``: the
    calling file and line, the running test's node id: one that reported an outcome in this
    run, or "" outside a test), without that field; and one line per class refused.

    A cheap forgery sign (red team 2026-11-27, row 10): a ``conftest.py`` that adds a class to
    the observer's table without knowing this field is refused. One that fills it in too is not
    (the table is the tested process's; docs/executable.md, "Threat model")."""
    kept: list[dict] = []
    refused: list[str] = []
    for entry in parameters:
        if not isinstance(entry, dict):
            refused.append(f"not an entry: {str(entry)[:80]}")
            continue
        types, seen = entry.get("types"), entry.get("seen")
        if not isinstance(types, list) or not isinstance(seen, list) or len(seen) != len(types):
            refused.append(f"{entry.get('function')}({entry.get('parameter')}): no call site of the tracer")
            continue
        good = []
        for cls, site in zip(types, seen):
            if isinstance(site, list) and len(site) == 3 and isinstance(site[0], str) and type(site[1]) is int \
                    and isinstance(site[2], str) and (site[2] == "" or site[2] in ran):
                good.append(cls)
            else:
                refused.append(f"{entry.get('function')}({entry.get('parameter')}): {str(cls)[:80]} without the "
                               "tracer's call site")
        if good:
            kept.append({k: v for k, v in entry.items() if k != "seen"} | {"types": good})
    return kept, refused


# What the host validates of one run's record (the record is under the channel's 16 MiB line
# cap; these bound the work on the host whatever it holds): entries past MAX_ENTRIES and
# classes past MAX_TYPES_PER_ENTRY (the observer keeps 8 per parameter) are refused unread.
MAX_ENTRIES = 100_000
MAX_TYPES_PER_ENTRY = 8


class _Sources:
    """The repository's Python files, parsed on demand through the host-side boundary, once
    each, and indexed once: (line, function name) -> parameter names, and the class qualified
    names a module defines. Validating an entry is then a few dictionary look-ups (the red
    team's 30,000 forged entries once walked a 20,000-function module's tree each: hours)."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._functions: dict[str, dict[tuple[int, str], frozenset[str]] | None] = {}
        self._classes: dict[str, frozenset[str] | None] = {}
        self._module_files: dict[tuple[str, tuple[str, ...]], str | None] = {}
        self.unparsed: dict[str, str] = {}  # module -> why it was not indexed (a limit)

    def _load(self, rel: str) -> None:
        """Index one module. The parse and the walks run in a bounded child (``core/bounded.py``):
        a 2 MiB generated table module took +1,003 MB of the builder as a syntax tree (red team
        2026-11-29g row 1); only the two indexes come back. A module past the child's limits is
        indexed as one that does not parse, and its entries are refused naming the limit."""
        self._functions[rel] = self._classes[rel] = None
        try:
            text = hostfs.read_text(self.root, rel, max_bytes=8 * 1024**2)
            # a module may be 8 MiB here (a generated one an honest test names): twice the
            # compile limit, so that a 2 MiB table (about 1 GB as a tree) is still indexed
            indexes = bounded_text_call(_module_indexes, text, memory=2 * C.PYTHON_COMPILE_MAX_BYTES)
        except BoundedLimit as exc:
            self.unparsed[rel] = f"module not parsed ({exc})"
            return
        except (OSError, ValueError):
            return
        if indexes is not None:
            self._functions[rel], self._classes[rel] = indexes

    def functions(self, rel: str) -> dict[tuple[int, str], frozenset[str]] | None:
        if rel not in self._functions:
            self._load(rel)
        return self._functions[rel]

    def classes(self, rel: str) -> frozenset[str] | None:
        if rel not in self._classes:
            self._load(rel)
        return self._classes[rel]

    def module_file(self, module: str, roots: Sequence[str]) -> str | None:
        key = (module, tuple(roots))
        if key not in self._module_files:
            self._module_files[key] = self._find_module(module, roots)
        return self._module_files[key]

    def _find_module(self, module: str, roots: Sequence[str]) -> str | None:
        stem = module.replace(".", "/")
        for root in roots:
            for rel in (f"{stem}.py", f"{stem}/__init__.py"):
                rel = posixpath.join(root, rel) if root else rel
                if hostfs.is_regular_file(self.root, rel):
                    return rel
        return None


def _module_indexes(text: str) -> tuple[dict[tuple[int, str], frozenset[str]], frozenset[str]] | None:
    """(:func:`function_index`, :func:`class_index`) of a module's text, None when it does not
    parse (run in a bounded child)."""
    try:
        tree = ast.parse(text)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    return function_index(tree), class_index(tree)


def function_index(tree: ast.Module) -> dict[tuple[int, str], frozenset[str]]:
    """(line, name) -> parameter names of every function of a module, in one walk; a function
    is found at its ``def`` line and at its first decorator's line. Where two functions share
    a key, the first in walk order wins (as a search of the tree for the key would find)."""
    out: dict[tuple[int, str], frozenset[str]] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            names = frozenset(a.arg for a in (*node.args.posonlyargs, *node.args.args, *node.args.kwonlyargs))
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            for line in (node.lineno, first):
                out.setdefault((line, node.name), names)
    return out


def class_index(tree: ast.Module) -> frozenset[str]:
    """The qualified names (``Outer.Inner``) of the classes a module defines at its top level and
    nested in classes; of two classes with one name in one body, the later one's nested classes
    count (what the module holds once it has run)."""
    out: set[str] = set()
    todo: list[tuple[str, list[ast.stmt]]] = [("", tree.body)]
    while todo:
        prefix, body = todo.pop()
        last: dict[str, ast.ClassDef] = {}
        for node in body:
            if isinstance(node, ast.ClassDef):
                last[node.name] = node
        for name, node in last.items():
            out.add(prefix + name)
            todo.append((f"{prefix}{name}.", node.body))
    return frozenset(out)


def validate_parameters(root: Path, python_path: Sequence[str], parameters: list) -> tuple[list[dict], list[str]]:
    """Keep the observed entries that name a real parameter of a real function of the repository
    at ``root`` and only classes defined in its files; -> (kept entries, what was refused)."""
    sources = _Sources(Path(root))
    kept: list[dict] = []
    refused: list[str] = []
    for index, entry in enumerate(parameters):
        if index >= MAX_ENTRIES:  # not validated: refused, counted with the others
            refused.extend([f"over the {MAX_ENTRIES} entries validated per run"] * (len(parameters) - index))
            break
        if not isinstance(entry, dict):
            refused.append(f"not an entry: {str(entry)[:80]}")
            continue
        file, line, function, parameter, types = (entry.get(k) for k in ("file", "line", "function", "parameter", "types"))
        where = f"{str(file)[:120]}:{line} {str(function)[:60]}({str(parameter)[:40]})"
        if not (isinstance(file, str) and file.endswith(".py") and type(line) is int and isinstance(function, str)
                and isinstance(parameter, str) and isinstance(types, list)):
            refused.append(f"malformed: {where}")
            continue
        functions = sources.functions(file)
        if parameter not in (functions or {}).get((line, function), ()):
            refused.append(f"{sources.unparsed.get(file, 'no such function parameter')}: {where}")
            continue
        good = []
        for number, kind in enumerate(types):
            if number >= MAX_TYPES_PER_ENTRY:
                refused.append(f"over {MAX_TYPES_PER_ENTRY} classes: {where}")
                break
            if not (isinstance(kind, list) and len(kind) == 2 and all(isinstance(x, str) for x in kind)):
                refused.append(f"malformed class: {where}")
                continue
            module_file = sources.module_file(kind[0], python_path)
            classes = sources.classes(module_file) if module_file else None
            if classes is None or kind[1] not in classes:
                refused.append(f"not a class of the repository: {kind[0][:80]}.{kind[1][:80]} at {where}")
                continue
            good.append(list(kind))
        if good:
            kept.append({"file": file, "line": line, "function": function, "parameter": parameter, "types": good})
    return kept, refused
