"""What the class-level split knows about one class: the paper's task metadata.

Why it exists: candidate selection, the task record, the offline skeleton descriptions, the
paraphraser and the evaluation (which puts a generated class back where the original was) all
need the same facts about a class -- its span, signature, decorators, bases, member variables,
methods with their documentation and bodies, and the file's imports. Each language fills these
records from its tree-sitter tree with one extractor (``lang/<x>/classes.py``), named in
:data:`EXTRACTORS` like the language registry, so the split and the evaluation stay
language-agnostic. It lives in ``lang/`` because it only reads syntax trees.

Spans are 0-based byte offsets into the file's decoded (LF, no BOM) text, as ``core.records.Span``;
lines in the records are 1-based.
"""
from __future__ import annotations

import importlib
from dataclasses import asdict, dataclass
from typing import Callable

from tree_sitter import Node

from crossfile_datasets.core.constants import CLASS_MIN_FACADE_TESTS
from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.lang import Lang


@dataclass(frozen=True)
class MemberVariable:
    name: str
    declaration: str  # the whole declaration as written ("self.items = []", "private int count = 0;")
    type: str = ""  # the declared type as written, when the language writes one
    initializer: str = ""  # the initializer expression as written, "" when none
    is_static: bool = False


@dataclass(frozen=True)
class MethodInfo:
    name: str
    signature: str  # from the start of the declaration (after decorators) to the body, whitespace kept
    decorators: tuple[str, ...] = ()  # Python decorators / Java annotations / C# attributes, as written
    docstring: str = ""  # docstring / Javadoc / XML doc comment, as written
    body: str = ""  # the body as written (Python: the indented block; Java/C#: braces included)
    start_line: int = 0  # 1-based, first line of the declaration (decorators included)
    end_line: int = 0  # 1-based, inclusive
    is_constructor: bool = False
    is_static: bool = False
    is_abstract: bool = False  # no body (abstract, interface, extern, partial)


@dataclass(frozen=True)
class ClassInfo:
    language: str
    file: str  # relative path, '/' separators
    name: str
    qualified_name: str  # dotted within the file (top-level classes: == name)
    start_byte: int  # the whole class, decorators / annotations / attributes / doc comment included
    end_byte: int
    start_line: int  # 1-based
    end_line: int  # 1-based, inclusive
    signature: str  # "class Foo(Base):", "public final class Foo<T> extends Base implements I"
    decorators: tuple[str, ...] = ()
    bases: tuple[str, ...] = ()  # parent classes and interfaces as written
    docstring: str = ""
    member_variables: tuple[MemberVariable, ...] = ()
    methods: tuple[MethodInfo, ...] = ()
    kind: str = "class"  # class | record | struct | enum | interface (only classes become tasks)
    source: str = ""  # the class text (start_byte:end_byte)
    # C#: the class text as the compiler reads it (inactive #if branches and the directives blanked,
    # every UTF-8 byte offset as in ``source``); "" when it is ``source`` itself
    compiled_source: str = ""

    def to_dict(self) -> dict:
        return asdict(self)

    @property
    def report_name(self) -> str:
        """``qualified_name`` with the type parameters its signature declares (``Queue<TItem,
        TPriority>``): the name in report keys, where same-named classes of another arity in one
        file are told apart (held-out 14: priority-queue's two ``SimplePriorityQueue``)."""
        return self.qualified_name + type_parameters(self.signature, self.name)


def type_parameters(signature: str, name: str) -> str:
    """The type parameter list written after ``name`` in a Java or C# class signature
    (``<TItem, TPriority>``, blanks folded; nested brackets kept whole), "" when none (pure)."""
    at = signature.find(name + "<")
    while at > 0 and (signature[at - 1].isalnum() or signature[at - 1] in "_$"):
        at = signature.find(name + "<", at + 1)  # a longer name ending in ``name``
    if at < 0:
        return ""
    start = at + len(name)
    depth = 0
    for i in range(start, len(signature)):
        depth += {"<": 1, ">": -1}.get(signature[i], 0)
        if depth == 0:
            return " ".join(signature[start:i + 1].split()).replace("< ", "<").replace(" >", ">")
    return ""


@dataclass(frozen=True)
class Thresholds:
    """The paper's per-language selection thresholds (build options: ``--min-methods``,
    ``--min-method-share``, ``--min-file-coverage``, ...); each language's
    ``LanguageSupport.class_task_shortfall`` reads the ones that are its own."""

    python_min_methods: int = 2
    java_min_method_share: float = 2 / 3
    java_min_external: int = 1
    csharp_min_file_coverage: float = 0.30
    csharp_min_external: int = 1
    # with per-test coverage: a class no passing test names is taken when this many execute it
    # (reached through a facade; ours, CLASS_MIN_FACADE_TESTS)
    min_facade_tests: int = CLASS_MIN_FACADE_TESTS

    def to_dict(self) -> dict:
        return asdict(self)


@dataclass(frozen=True)
class ClassMeasures:
    """What the class split measured of one candidate class against its EXPECTED_TO_PASS tests:
    the inputs of the language's selection rule (``LanguageSupport.class_task_shortfall``)."""

    methods: int  # the class's methods
    covered: tuple[str, ...]  # methods whose bodies the tests execute
    referenced: tuple[str, ...]  # methods the test bodies name (the constructor by the class name)
    with_references: tuple[str, ...]  # methods that make an external reference
    external_references: int  # the class's external references
    file_coverage: float  # share of the file's code lines the tests cover (candidates.code_lines)
    # methods named or run by the tests, each counted once, overloads apart (the names above
    # repeat an overloaded name); -1: not measured (then the distinct names of covered/referenced)
    used: int = -1


@dataclass(frozen=True)
class WrongClass:
    """A wrong version of a task's class, to check that the task's tests judge the class
    (``LanguageSupport.throwing_stub`` / ``method_mutants``; the class-level split's wrong-class
    gate). ``source`` replaces the whole class, as a generation would."""

    kind: str  # "throwing_stub" | "mutant"
    source: str
    method: str = ""  # the method changed ("" = every method)
    description: str = ""  # what changed ("total: line 12: Add -> Subtract (arithmetic)")


def round_robin(queues: list[list[WrongClass]], limit: int) -> list[WrongClass]:
    """Up to ``limit`` wrong classes taken one per queue in turn (one queue per method)."""
    out: list[WrongClass] = []
    while len(out) < limit and any(queues):
        for queue in queues:
            if queue and len(out) < limit:
                out.append(queue.pop(0))
    return out


class NodeReader:
    """The character offsets and text of a file's tree-sitter nodes, as the extractors read them
    (``core.text.TextIndex``'s conversions; a missing node reads as "")."""

    def __init__(self, ff: FileFacts) -> None:
        self.ff = ff
        self.index = ff.file.index
        self.text = ff.file.text

    def start(self, node: Node) -> int:
        return self.index.node_start(node)

    def end(self, node: Node) -> int:
        return self.index.node_end(node)

    def of(self, node: Node | None) -> str:
        return "" if node is None else self.index.node_text(node)


# (file facts) -> its top-level classes (nested classes stay inside their outer class)
ClassExtractor = Callable[[FileFacts], list[ClassInfo]]
# Lang -> "module:function" of its ClassExtractor (imported on first use)
EXTRACTORS: dict[Lang, str] = {
    Lang.PYTHON: "crossfile_datasets.lang.python.classes:extract_classes",
    Lang.JAVA: "crossfile_datasets.lang.java.classes:extract_classes",
    Lang.CSHARP: "crossfile_datasets.lang.csharp.classes:extract_classes",
}


# Lang -> "module:function" naming the top-level types of a file that conditional compilation
# leaves out ((name, kind) pairs): the extractor never sees them; the class build counts them
COMPILED_OUT: dict[Lang, str] = {
    Lang.CSHARP: "crossfile_datasets.lang.csharp.classes:compiled_out_types",
}


def compiled_out_types(lang: Lang, ff: FileFacts) -> list[tuple[str, str]]:
    """(name, kind) of the file's top-level types in a conditional branch its build leaves out
    (``COMPILED_OUT``; none for a language without conditional compilation)."""
    target = COMPILED_OUT.get(Lang(lang))
    if target is None:
        return []
    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)(ff)


# Lang -> "module:function" naming the type headers of a file the parser left out of any
# declaration ((name, kind, line) triples): the extractor never sees those types; the class build counts them
UNPARSED: dict[Lang, str] = {
    Lang.CSHARP: "crossfile_datasets.lang.csharp.classes:unparsed_types",
}


def unparsed_types(lang: Lang, ff: FileFacts) -> list[tuple[str, str, int]]:
    """(name, kind, line) of the file's type headers no declaration holds (``UNPARSED``; none for
    a language without an entry)."""
    target = UNPARSED.get(Lang(lang))
    if target is None:
        return []
    module, _, func = target.partition(":")
    return getattr(importlib.import_module(module), func)(ff)


def extractor_for(lang: Lang) -> ClassExtractor:
    lang = Lang(lang)
    if lang not in EXTRACTORS:
        raise LookupError(f"class_extractor_unavailable: {lang.value}")
    module_name, _, attr = EXTRACTORS[lang].partition(":")
    return getattr(importlib.import_module(module_name), attr)

