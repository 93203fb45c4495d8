"""The language protocol and the helpers every language shares.

A :class:`LanguageSupport` bundles what the pipeline needs to know about one language: how to
parse it (tree-sitter), which files are sources, what a file imports and defines, where a
statement ends, which checker finds cross-file uses, and the per-language thresholds. The
pipeline (``builders``) never branches on the language; it only calls this protocol.

Text conventions, used everywhere downstream:
- a :class:`SourceFile` holds text decoded from UTF-8 with the BOM removed and CRLF/CR turned
  into LF; checkers are run on that normalized text, so checker positions and our positions
  always agree;
- offsets are ``str`` indices (characters), lines are 0-based ``row`` internally and 1-based
  ``line`` only in exported usages; columns are 0-based characters. Tree-sitter reports
  bytes, :class:`TextIndex` converts.
"""

from __future__ import annotations

import abc
import fnmatch
import re
import time
from typing import TYPE_CHECKING, ClassVar, Iterator, Sequence

from crossfile_datasets.core import constants as C
from crossfile_datasets.core import deadline as repository_deadline
from crossfile_datasets.core.bounded import limit_child, wait_child
from crossfile_datasets.core.records import FileFacts, SourceFile
from tree_sitter import Language, Node, Parser, Tree

# Folder names that hold tests in every language we support (case-insensitive): test/, tests/,
# __tests__/, testing/, spec(s)/, and .NET test projects named like Foo.Tests / Foo.UnitTests.
_TEST_FOLDER = re.compile(r"(?i)^(?:tests?|__tests__|testing|specs?|(?:.+[._])?(?:unit|integration)?tests?)$")

if TYPE_CHECKING:  # pragma: no cover
    from crossfile_datasets.core.records import CrossFileUsage, Repository
    from crossfile_datasets.core.report import BuildReport
    from crossfile_datasets.lang import Lang
    from crossfile_datasets.lang.classes import ClassInfo, ClassMeasures, Thresholds, WrongClass


def strip_type_arguments(text: str) -> str:
    """A written type without generics, arrays and spaces (Java, C#):
    ``Map<K, List<V>>[]`` -> ``Map``; ``a.b.Outer<T>.Inner`` -> ``a.b.Outer.Inner``."""
    out, depth = [], 0
    for ch in text:
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif depth == 0 and not ch.isspace() and ch not in "[]":
            out.append(ch)
    return "".join(out).strip(".")


def iter_leaves(node: Node) -> Iterator[Node]:
    """Leaves of the tree in source order (comments included), without recursion limits."""
    cursor = node.walk()
    visited_children = False
    while True:
        if not visited_children:
            if cursor.node.child_count == 0:
                yield cursor.node
                visited_children = True
            elif not cursor.goto_first_child():
                visited_children = True
            continue
        if cursor.goto_next_sibling():
            visited_children = False
        elif not cursor.goto_parent():
            return


def iter_nodes(node: Node) -> Iterator[Node]:
    """All nodes in pre-order."""
    stack = [node]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(reversed(n.children))


def iter_nodes_in(root: Node, start_byte: int, end_byte: int) -> Iterator[Node]:
    """Nodes overlapping ``[start_byte, end_byte]`` (subtrees outside it are not entered)."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.end_byte < start_byte or node.start_byte > end_byte:
            continue
        yield node
        stack.extend(node.children)


def iter_leaves_in(root: Node, start_byte: int, end_byte: int) -> Iterator[Node]:
    """Leaves overlapping ``[start_byte, end_byte]`` in source order; subtrees outside the range
    are not entered, so a line's tokens cost the line's depth, not the file's length."""
    stack = [root]
    while stack:
        node = stack.pop()
        if node.end_byte < start_byte or node.start_byte > end_byte:
            continue
        if node.child_count == 0:
            yield node
        else:
            stack.extend(reversed(node.children))


def leaves_after(node: Node | None) -> Iterator[Node]:
    """Leaf tokens that start after ``node`` ends, in source order."""
    while node is not None:
        sibling = node.next_sibling
        while sibling is None:
            node = node.parent
            if node is None:
                return
            sibling = node.next_sibling
        yield from iter_leaves(sibling)
        node = sibling


# CrossCodeEval's statement end for Java, TypeScript and C#: the first of these tokens.
STATEMENT_DELIMITERS = frozenset({";", "{", "}"})


def end_after_first_delimiter(facts: "FileFacts", offset: int) -> int:
    """Char offset just after the first real ``;``/``{``/``}`` token after the token at
    ``offset`` (zero-width tokens that tree-sitter inserts on error recovery do not count);
    the end of the line when there is none."""
    index = facts.file.index
    byte = index.char_to_byte(offset)
    node = facts.tree.root_node.descendant_for_byte_range(byte, byte)
    for leaf in leaves_after(node):
        if leaf.type in STATEMENT_DELIMITERS and leaf.end_byte > leaf.start_byte:
            return index.node_end(leaf)
    row, _ = index.row_col(offset)
    return index.line_starts[row] + len(index.line(row))


# ------------------------------------------------------------------------ parse budget --
class ParseTimeout(Exception):
    """A tree-sitter parse went past its budget (``files/parse_timeout``)."""


_READ_CHUNK = 4096  # bytes handed to the lexer per read callback: small enough to see it re-read


def _budgeted(parser: Parser, data: bytes, old_tree: Tree | None) -> tuple[Tree, int]:
    served = 0
    limit = C.PARSE_READ_FACTOR * len(data) + C.PARSE_MIN_READ_BYTES
    deadline = time.process_time() + C.PARSE_MAX_SECONDS
    over = False

    def read(offset: int, _point) -> bytes:
        nonlocal served, over
        if over or served > limit:
            over = True
            return b""  # the lexer sees the end of the text: the parse ends at once
        chunk = data[offset:offset + _READ_CHUNK]
        served += len(chunk)
        return chunk

    calls = 0

    def progress(_offset: int, _has_error: bool) -> bool:
        nonlocal over, calls
        calls += 1
        if not calls & 255:  # the clock every 256 calls: the callback runs every 100 parse operations
            over = over or time.process_time() > deadline
        return over  # True cancels the parse

    try:
        tree = parser.parse(read, progress_callback=progress) if old_tree is None else \
            parser.parse(read, old_tree, progress_callback=progress)
    except ValueError:  # "Parsing failed": cancelled by ``progress``
        over = True
    if over:
        parser.reset()  # a cancelled parse would otherwise resume on the parser's next call
        raise ParseTimeout(f"over {C.PARSE_READ_FACTOR} x {len(data)} + {C.PARSE_MIN_READ_BYTES} bytes read "
                           f"or {C.PARSE_MAX_SECONDS} s of CPU")
    return tree, served


_STATEMENT_BREAK = re.compile(rb"[;{}]")


def needs_guard(data: bytes) -> bool:
    """Whether a parse of ``data`` first goes through :func:`_guarded` (a forked child under a
    CPU-time limit): a large text, or a run of ``<`` that no ``;``, ``{`` or ``}`` breaks (the
    shapes on which three grammars are quadratic inside one parse step)."""
    if len(data) > C.PARSE_GUARD_MIN_BYTES:
        return True
    if data.count(b"<") < C.PARSE_GUARD_ANGLES:
        return False
    return any(piece.count(b"<") >= C.PARSE_GUARD_ANGLES for piece in _STATEMENT_BREAK.split(data))


def guard_seconds(size: int) -> float:
    """The CPU time a guarded parse of ``size`` bytes may take (never more than PARSE_MAX_SECONDS)."""
    return min(C.PARSE_MAX_SECONDS, C.PARSE_GUARD_FLOOR_SECONDS + C.PARSE_GUARD_SECONDS_PER_MB * size / 1e6)


def _guarded(parser: Parser, data: bytes, old_tree: Tree | None) -> bool:
    """Parse ``data`` once in a forked child that the kernel ends past :func:`guard_seconds` of
    CPU time (``ITIMER_PROF``, whose default action ends the process even inside tree-sitter's C
    code, where neither a Python signal handler nor the progress callback runs); True when it
    finished in time. The parent waits without spending CPU time and judges by the child's CPU
    time only (``core/bounded.py`` ``wait_child``: a child killed past four times the budget of
    wall-clock time refused an honest 0.98 MB generation at load 20, red team 2026-11-29g)."""
    import os

    pid = os.fork()
    if pid == 0:  # the child: parse, say nothing, end
        try:
            limit_child(guard_seconds(len(data)), 0)
            parser.parse(data, old_tree) if old_tree is not None else parser.parse(data)
        finally:
            os._exit(0)
    status, _ = wait_child(pid)
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


def bounded_parse(parser: Parser, data: bytes, old_tree: Tree | None = None) -> Tree:
    """``parser.parse(data, old_tree)`` within a budget, or :class:`ParseTimeout`.

    Why: tree-sitter has no time limit of its own here (py-tree-sitter 0.26 dropped
    ``timeout_micros``), and some grammars take quadratic time on text anyone can write:
    tree-sitter-python's scanner re-reads a block of indented comment lines at every line
    (4,000 lines of ``    #``: 0.8 s against 0.01 s for as many statements; a 1 MB file about
    two hours; red team 2026-11-27c, row 5), on the host, in every split's analysis and the
    completion evaluation. The text is handed to the lexer in small chunks through a read
    callback and the bytes it asks for are counted: a parse may read ``PARSE_READ_FACTOR``
    times the text plus ``PARSE_MIN_READ_BYTES`` (a deterministic budget: the same files pass on
    any machine; real files read about once, ``bench/bench_parse_budget.py``), and a progress
    callback (called every hundred parse operations; it looks at the clock every 256 calls)
    cancels it after ``PARSE_MAX_SECONDS`` of CPU time, a backstop for costs the reads do not
    show. Cost: about 5% of the parse time on real files (``bench/bench_parse_budget.py``).

    Neither counts the quadratic step of tree-sitter-java, -c-sharp and -typescript on runs of
    ``<`` (red team 2026-11-27e, row 3: ``F<`` repeated, 16 kB 1.5-2.5 s, all of it in one
    parse step, where no callback is called): a text :func:`needs_guard` flags (over
    ``PARSE_GUARD_MIN_BYTES``, or a run of ``PARSE_GUARD_ANGLES`` ``<``) is first parsed in a
    forked child under a CPU-time limit (:func:`_guarded`), and only parsed here when that child
    finished."""
    repository_deadline.check("parsing")  # the one place every split's analysis passes per file
    if needs_guard(data) and not _guarded(parser, data, old_tree):
        raise ParseTimeout(f"over {guard_seconds(len(data)):.2f} s of CPU for {len(data)} bytes (guarded parse)")
    return _budgeted(parser, data, old_tree)[0]


def guarded_parse(parser: Parser, data: bytes, old_tree: Tree | None = None) -> Tree:
    """A plain ``parser.parse(data, old_tree)`` (the tree keeps its text: ``node.text`` works,
    which a tree parsed through :func:`bounded_parse`'s read callback does not guarantee), after
    the forked guard for the texts :func:`needs_guard` flags; :class:`ParseTimeout` past it. For
    the completion evaluation's parses of ``prompt + completion`` (harness/)."""
    repository_deadline.check("parsing")
    if needs_guard(data) and not _guarded(parser, data, old_tree):
        raise ParseTimeout(f"over {guard_seconds(len(data)):.2f} s of CPU for {len(data)} bytes (guarded parse)")
    return parser.parse(data, old_tree) if old_tree is not None else parser.parse(data)


def parse_reads(parser: Parser, data: bytes) -> int:
    """The bytes a bounded parse of ``data`` read (what the budget counts; for the bench)."""
    return _budgeted(parser, data, None)[1]


class LanguageSupport(abc.ABC):
    """Everything the pipeline needs to know about one language."""

    lang: ClassVar["Lang"]
    display_name: ClassVar[str]
    extensions: ClassVar[tuple[str, ...]]
    comment_prefix: ClassVar[str]  # line comment marker used when rendering retrieved context
    min_prompt_lines: ClassVar[int]  # minimum non-empty, non-import prompt lines (CrossCodeEval)
    checker_name: ClassVar[str]  # the tool named in CrossFileUsage.tool
    required_binaries: ClassVar[dict[str, str]]  # binary -> install hint
    # Tokens that end a reference (CrossCodeEval: `;`, `{`, `}` outside Python); see cursor_candidates.
    cursor_stop_tokens: ClassVar[frozenset[str]] = frozenset()
    # Statements end where the code parses at a line end (Python), not at a delimiter token
    # (STATEMENT_DELIMITERS): the completion metrics' statement cut (harness/postprocess.py).
    statements_end_at_line_ends: ClassVar[bool] = False
    # A line's leading whitespace is syntax (Python: the block a statement belongs to): the
    # completion exact match keeps it (harness/scoring.py, red team 2026-11-27f row 3).
    indentation_is_syntax: ClassVar[bool] = False
    # File-name globs of test files in this language's conventions (is_test_path adds the
    # folder conventions every language shares).
    test_file_globs: ClassVar[tuple[str, ...]] = ()
    # The reserved words of the language specification. Scoring (harness/syntax.py) does not
    # count one that tree-sitter's error recovery turned into a plain identifier; contextual
    # words ("get", "value", "from", "type") are ordinary names in most positions: not listed.
    reserved_words: ClassVar[frozenset[str]]

    def compiles(self, text: str) -> bool | None:
        """Whether the language's own compiler accepts ``text`` as a whole file (no code is
        run), or ``None`` where this process cannot tell (no in-process compiler). The
        completion exact match refuses a prediction that does not compile where the
        groundtruth does (harness/scoring.py)."""
        return None

    # -- parsing -------------------------------------------------------------------
    @abc.abstractmethod
    def ts_language(self, path: str = "") -> Language:
        """The tree-sitter language for ``path`` (TypeScript: TSX for .tsx)."""

    def parse(self, text: str, path: str = "") -> Tree:
        """The file's tree, parsed within the budget (:func:`bounded_parse`; raises
        :class:`ParseTimeout`)."""
        return bounded_parse(Parser(self.ts_language(path)), text.encode("utf-8"))

    def parse_source(self, text: str, path: str = "") -> tuple[Tree, bool]:
        """(tree, timed out) for a repository file's analysis: a file past the parse budget
        gets the tree of an empty file (no definitions, no imports) and ``True``; its facts are
        marked (``FileFacts.parse_timeout``) and ``lang.sources.analyze_sources`` drops and counts
        it (``files/parse_timeout``)."""
        try:
            return self.parse(text, path), False
        except ParseTimeout:
            return Parser(self.ts_language(path)).parse(b""), True

    def is_source_path(self, path: str) -> bool:
        """Whether a (relative, '/') path is a source file of this language worth examples."""
        return path.endswith(self.extensions)

    def is_test_path(self, path: str) -> bool:
        """Whether a (relative, '/') path is a test file: its name matches the language's test
        globs, or a folder on its path is a test folder (``test/``, ``tests/``, ``__tests__/``,
        ``spec/``, ``src/test/``, C#'s ``Foo.Tests/``). Examples from tests are flagged
        (``is_test_file``) and can be left out with ``--exclude-tests``."""
        *folders, name = path.split("/")
        if any(fnmatch.fnmatchcase(name, glob) for glob in self.test_file_globs):
            return True
        return any(_TEST_FOLDER.match(folder) for folder in folders)

    # -- project knowledge -------------------------------------------------------------
    @abc.abstractmethod
    def analyze_files(self, repo_root: str, files: Sequence[SourceFile]) -> dict[str, FileFacts]:
        """Parse every file and resolve its imports against the project (keyed by path)."""

    # -- cross-file usages ---------------------------------------------------------------
    @abc.abstractmethod
    def find_usages(
        self,
        repo: "Repository",
        facts: dict[str, FileFacts],
        report: "BuildReport",
    ) -> list["CrossFileUsage"]:
        """Run the checker workflow (stub -> check -> diff) and return every cross-file use.

        Files the checker cannot handle are counted in ``report`` and contribute nothing.
        """

    # -- class-level split: which classes become tasks ------------------------------------
    # A public top-level class must live in a file named after it (Java: javac refuses "class
    # rECIPE is public, should be declared in a file named rECIPE.java"): renaming the class
    # (the paraphrased variant) renames its file.
    file_named_after_public_class: ClassVar[bool] = False

    def class_task_shortfall(self, measures: "ClassMeasures", thresholds: "Thresholds") -> tuple[str, str] | None:
        """Why a class measured as ``measures`` is not a fair task under the paper's rule for
        this language -- (reason, detail), the reason one of the class split's named
        ``classes/`` drops -- or None when it is. A language without class tasks raises
        ``LookupError("class_tasks_unavailable: <language>")``."""
        raise LookupError(f"class_tasks_unavailable: {self.lang.value}")

    # -- class-level split: wrong classes (the wrong-class gate) -----------------------
    def names_class_in(self, ff: "FileFacts", name: str, package: str) -> bool | None:
        """Whether the simple name ``name``, written in the (test) file ``ff``, names the project's
        class ``name`` of ``package`` (the language's scope rules, not the spelling): the
        class-level builder does not take a test whose file writes the name for another class
        (``tests/names_another_class``). None: the language does not resolve it (any use counts)."""
        return None

    def throwing_stub(self, info: "ClassInfo") -> str:
        """The class ``info`` as written (signature, annotations/decorators, documentation,
        fields) with every method's body replaced by one that throws; the class-level builder
        drops every EXPECTED_TO_PASS test it still passes. A language without one raises
        ``LookupError("wrong_classes_unavailable: <language>")`` (counted, the gate skipped)."""
        raise LookupError(f"wrong_classes_unavailable: {self.lang.value}")

    def method_mutants(self, info: "ClassInfo", methods: Sequence[str], *, limit: int,
                       seed: int = 0, checks: bool = False) -> list["WrongClass"]:
        """Up to ``limit`` versions of the class ``info``, each with one small change (the
        executable split's operators: an operator, a constant, a return value, a branch, a
        removed statement) inside one of ``methods`` (round robin over them), none equivalent
        to the original. Same ``LookupError`` as :meth:`throwing_stub` when unsupported.
        ``checks``: also change the sites the language leaves alone because only an input the
        method rejects could tell (Java's leading argument checks); the gate asks for them only
        to learn whether a class without a mutant had any site at all."""
        raise LookupError(f"wrong_classes_unavailable: {self.lang.value}")

    def disguised_control(self, info: "ClassInfo", caught: Sequence["WrongClass"], rng) -> str | None:
        """A wrong version of the class ``info`` that looks like an answer: made from one or two
        of the ``caught`` mutants (the tests failed them) with changes that keep what the class
        does (reformatted, locals renamed, methods reordered), drawn from ``rng``. The class
        gate refuses a task whose tests pass one. None when the language has none (Java, C#:
        docs/classlevel.md says what stays trusted there) or it cannot be made."""
        return None

    # -- class-level split: placing a generated class ----------------------------------------
    # Lines of a generated answer that belong above the class, not in it: imports (hoisted into
    # the file's import block) and the file's own package / namespace line (dropped). None: the
    # language does not hoist (Python overrides place_class).
    import_line: ClassVar[re.Pattern[str] | None] = None
    package_line: ClassVar[re.Pattern[str] | None] = None

    def place_class(self, file_without_class: str, offset: int, code: str) -> str:
        """``file_without_class`` with the class ``code`` (a model's answer, its fence removed) at
        ``offset``. The answer's leading import lines join the file's imports (after its last
        import or package line before ``offset``, once each); its package line and blank lines
        above the class are dropped. A language without ``import_line`` raises
        ``LookupError("class_placement_unavailable: <language>")``."""
        imports, body = self.split_class_answer(code)
        text = file_without_class[:offset] + body + file_without_class[offset:]
        existing = {line.strip() for line in text.split("\n")}
        new = [line for line in dict.fromkeys(imports) if line not in existing]
        if not new:
            return text
        lines = text.split("\n")
        cut = 0  # after the last import / package line before the insertion point, else the top
        for i, line in enumerate(lines[: file_without_class[:offset].count("\n")]):
            if self._header_line(line):
                cut = i + 1
        return "\n".join(lines[:cut] + new + lines[cut:])

    def split_class_answer(self, code: str) -> tuple[list[str], str]:
        """A class answer's leading import lines (each stripped) and the rest, the text
        :meth:`place_class` puts at the insertion point (its package line and the blank lines
        above the class dropped). Same ``LookupError`` as :meth:`place_class`."""
        if self.import_line is None:
            raise LookupError(f"class_placement_unavailable: {self.lang.value}")
        imports, body, head = [], [], True
        for line in code.split("\n"):
            if head and (self._header_line(line) or not line.strip()):
                if self.import_line.match(" ".join(line.split())):
                    imports.append(line.strip())
                continue
            head = False
            body.append(line)
        return imports, "\n".join(body).strip("\n")

    def empty_class(self, signature: str) -> str:
        """The class with its ``signature`` and nothing else: what a generation that gets the
        class wrong scores against (the class split's emptied-class gate). Brace languages:
        ``public class Cart { }``."""
        return signature.rstrip() + " { }\n"

    def _header_line(self, line: str) -> bool:
        # Matched with every blank run collapsed to one space (the patterns only see blanks as
        # `\s` classes, so the verdict is the same): a pattern backtracking over a long blank
        # run of a model's answer ran quadratically on the host (red team 2, row 4).
        line = " ".join(line.split())
        return bool((self.import_line and self.import_line.match(line))
                    or (self.package_line and self.package_line.match(line)))

    def checker_fingerprint(self) -> str:
        """What identifies this language's checker for the result cache (tool versions,
        wrappers, our own analysis code): any change must invalidate cached usages.

        The default covers the required binaries (resolved path, size, mtime: an upgrade
        changes them) and the source of the language package; languages add versions.
        """
        import hashlib
        import inspect
        import os
        import shutil
        from pathlib import Path

        digest = hashlib.sha256(self.checker_name.encode())
        for binary in sorted(self.required_binaries):
            found = shutil.which(binary)
            if found:
                real = os.path.realpath(found)
                st = os.stat(real)
                digest.update(f"{binary}={real}:{st.st_size}:{st.st_mtime_ns}".encode())
        # our own analysis code: the language package (with its Java/JS/C# helper programs),
        # the shared analyzers, the records and text rules of core/, and this module
        package_dir = Path(inspect.getfile(type(self))).parent
        analyzers_dir = package_dir.parents[1] / "analyzers"
        core_dir = package_dir.parents[1] / "core"
        sources = [*package_dir.rglob("*"), *analyzers_dir.glob("*.py"), *core_dir.glob("*.py"), Path(__file__)]
        for path in sorted(set(sources)):
            if path.suffix in (".py", ".java", ".js", ".mjs", ".cjs", ".cs", ".json") and "node_modules" not in path.parts:
                digest.update(path.name.encode() + path.read_bytes())
        return digest.hexdigest()

    def set_checker_parallelism(self, processes: int) -> None:
        """How many checker processes this language may run at once inside one repository.

        The pipeline gives each worker process its share of the machine's cores, so that
        ``--workers 2`` on 2 cores does not run 2 x 2 compilers. Languages that check one
        file at a time ignore it.
        """

    def check_tools(self) -> None:
        """Raise :class:`crossfile_datasets.analyzers.run.MissingToolError` when a required binary is missing."""
        from crossfile_datasets.analyzers.run import require_binary

        for binary, hint in self.required_binaries.items():
            require_binary(binary, hint)

    # -- repository tools ------------------------------------------------------------------
    @abc.abstractmethod
    def import_statement(
        self,
        *,
        name: str,
        qualified_name: str,
        kind: str,
        path: str,
        package: str,
        namespace: str = "",
        from_file: str | None = None,
    ) -> str | None:
        """The statement that brings a project definition into scope in a file of this
        language (RepoClassBench's ``get_imports`` tool), or None when the language has none.

        The definition as the repository graph records it: ``name``, ``qualified_name`` (with a
        dot when nested), ``kind`` (``class``, ``function``, ...), ``namespace`` (C#) and its
        file ``path``, whose ``package`` is the module / Java package / C# namespace.
        ``from_file``: the file that will hold the statement, when known (TypeScript's module
        specifiers are relative to it).
        """

    # -- examples --------------------------------------------------------------------------
    @abc.abstractmethod
    def statement_end(self, facts: FileFacts, offset: int) -> int:
        """Char offset where the statement containing ``offset`` ends (exclusive)."""

    def cursor_candidates(self, facts: FileFacts, entity_offset: int) -> list[int]:
        """Offsets of tree-sitter tokens on the entity's line that start at or before it.

        Comments are skipped, and so is every token up to a statement delimiter
        (:attr:`cursor_stop_tokens`) that precedes the entity: the reference ends at the first
        delimiter after the cursor, so a cursor before one would cut the reference before the
        cross-file entity (and evaluation, which cuts predictions the same way, could never
        match it). Positions strictly inside a string literal are skipped too: every grammar
        splits literals into quote and content tokens, and a completion never starts in the
        middle of `"text"`; the code of a substitution the entity itself is written in (`${a.b}`,
        f"{a.b}") is code. The list is sorted and contains the entity itself when it is a token.
        """
        index = facts.file.index
        row, _ = index.row_col(entity_offset)
        line_start = index.line_starts[row]
        out: list[int] = []
        root = facts.tree.root_node
        # only the entity's line: walking the whole file for every example made the cost of a
        # repository grow with (examples x file length)
        next_line = index.line_starts[row + 1] if row + 1 < len(index.line_starts) else len(facts.file.text)
        for leaf in iter_leaves_in(root, index.char_to_byte(line_start), index.char_to_byte(next_line)):
            if leaf.end_point[0] < row:
                continue
            if leaf.start_point[0] > row:
                break
            start = index.node_start(leaf)
            if start < line_start or start > entity_offset:
                continue
            if "comment" in leaf.type or leaf.end_byte == leaf.start_byte:
                continue
            if leaf.type in self.cursor_stop_tokens and start < entity_offset:
                out.clear()
                continue
            out.append(start)
        # (start, end, is code): literals, and the code substitutions inside them (`${x.y}`,
        # f"{x.y}") the entity is written in, which are the entity's code (a line opening inside
        # a template literal had no cursor: unjs/citty, held-out 18)
        spans = [
            (start, end, code)
            for n in iter_nodes_in(root, index.char_to_byte(line_start), index.char_to_byte(entity_offset))
            if n.type in STRING_NODE_TYPES or n.type in SUBSTITUTION_NODE_TYPES
            for start, end, code in [(index.node_start(n), index.node_end(n), n.type in SUBSTITUTION_NODE_TYPES)]
            if not code or start < entity_offset < end
        ]

        def in_text(c: int) -> bool:
            around = [(s, code) for s, e, code in spans if s < c < e]
            return bool(around) and not max(around)[1]  # the innermost span around c is a literal

        return sorted({c for c in out if not in_text(c)})

    def prompt_code_lines(self, facts: FileFacts, prompt: str) -> int:
        """Non-empty prompt lines that are neither imports nor package/using declarations."""
        count = 0
        for row, line in enumerate(prompt.split("\n")):
            if line.strip() and row not in facts.import_rows:
                count += 1
        return count

    def string_literal_chars(self, facts: FileFacts, start: int, end: int) -> int:
        """How many characters of ``[start, end)`` lie inside string literals.

        Only subtrees overlapping the range are visited, and an outermost literal is counted
        once: literals nested in it (an f-string's or interpolated string's parts) are inside it.
        """
        index = facts.file.index
        byte_start, byte_end = index.char_to_byte(start), index.char_to_byte(end)
        total = 0
        stack = [facts.tree.root_node]
        while stack:
            node = stack.pop()
            if node.end_byte <= byte_start or node.start_byte >= byte_end:
                continue
            if node.type in STRING_NODE_TYPES:
                total += max(0, min(end, index.node_end(node)) - max(start, index.node_start(node)))
                continue
            stack.extend(node.children)
        return total


# Tree-sitter node types of string literals across the four grammars (outermost literal nodes).
# code inside a literal: TypeScript's `${...}`, Python's f-string and C#'s interpolations
SUBSTITUTION_NODE_TYPES = frozenset({"template_substitution", "interpolation"})
STRING_NODE_TYPES = frozenset(
    {
        "string",  # python, typescript
        "string_literal",  # java, c#
        "text_block",  # java
        "template_string",  # typescript
        "verbatim_string_literal",  # c#
        "raw_string_literal",  # c#
        "interpolated_string_expression",  # c#
        "character_literal",
    }
)
