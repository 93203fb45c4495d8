"""Stubbed variants of a Java file and the attribution of javac's new errors to project names.

Three kinds of stub, all applied together in one variant per round:

- ``empty_class`` (CrossCodeEval, Figure 6): the import of a project class is blanked (spaces
  over the statement, newlines kept) and an empty type of the same name, kind and number of
  type parameters is declared after the end of the file. Every member use through that name
  becomes "cannot find symbol ... location: class Foo" (or "variable x of type Foo"); a
  constructor call with arguments becomes "constructor Foo in class Foo cannot be applied".
  On-demand imports stay (a type declared in the file shadows them); the classes of that
  package the file mentions are declared empty.
- ``static_import``: a static import of a project member is blanked; its uses become "cannot
  find symbol" located in the file's own class.
- ``same_package`` (beyond the paper; the C# method): a class of the file's own package, used
  without any import, is made empty *on the sourcepath* (its members and supertypes blanked in
  the other file's text, held in memory); the checked file itself is unchanged.

Rounds (:class:`StubState`): javac reports no error for a call whose argument or receiver
already failed, so after each round the members behind the reported uses are restored and the
file is checked again: from round 2 on, every stubbed class is its real declaration with only
the members reported so far (see :func:`hollow`).

Nothing moves: the checked file keeps every line and column, so the diff against the original
run and the positions need no mapping; the appended declarations lie past the original's last
row and their rows are ignored.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Iterable

from tree_sitter import Node

from crossfile_datasets.analyzers.javac import split_message
from crossfile_datasets.core.records import Diagnostic, Span
from crossfile_datasets.lang.java.project import JavaProject, TypeRef
from crossfile_datasets.lang.java.syntax import (
    NAME_NODES,
    TYPE_DECLARATIONS,
    JavaFileFacts,
    TypeDecl,
    node_text,
    strip_type_arguments,
)

EMPTY_CLASS = "empty_class"
STATIC_IMPORT = "static_import"
SAME_PACKAGE = "same_package"

CANNOT_FIND_SYMBOL = "cannot find symbol"
_SYMBOL = re.compile(r"^(?P<kind>method|variable|class|interface|enum|record|@interface)\s+(?P<name>[^\s(<]+)")
_LOCATION = re.compile(r"^(?P<kind>class|interface|enum|record|@interface|variable)\s+(?P<name>\S+)(?:\s+of type\s+(?P<type>.+))?$")
_CONSTRUCTOR = re.compile(r"^constructor (?P<name>\S+) in (?:class|enum|record) (?P<type>\S+) cannot be applied to given types")
_KEYWORD = {"class": "class", "record": "class", "interface": "interface", "enum": "enum", "annotation": "@interface"}


@dataclass(frozen=True, eq=False)  # identity: stubs go in sets, their TypeDecl is mutable
class Stub:
    name: str  # the simple name bound in the checked file ("*" for a static on-demand import)
    mode: str  # EMPTY_CLASS | STATIC_IMPORT | SAME_PACKAGE
    ref: TypeRef  # the project type (for a static import: the type holding the members)
    statement: Span | None  # the import statement (None for SAME_PACKAGE)
    stubbed_import: str  # what CrossFileUsage.stubbed_import records
    blanks_statement: bool = True  # False for on-demand imports: the declared type shadows them

    @property
    def is_type(self) -> bool:
        return self.mode != STATIC_IMPORT


@dataclass(frozen=True)
class Attribution:
    """One new diagnostic explained: which stub, which member, where the entity stands."""

    stub: Stub
    imported_name: str
    member: str | None
    offset: int  # char offset of the entity in the checked (= original) text
    definition_file: str
    definition_symbol: str | None
    diagnostic: Diagnostic
    inherited: bool = False  # the member is declared by a project supertype of the stubbed type


def stub_declaration(decl: TypeDecl, keep_public: bool = False) -> str:
    """``interface Shape<T> {}``: same name, kind and type parameters (no bounds, no supertypes)."""
    params = f"<{', '.join(decl.type_params)}>" if decl.type_params else ""
    public = "public " if keep_public and decl.is_public else ""
    return f"{public}{_KEYWORD[decl.kind]} {decl.name}{params} {{}}"


# ---------------------------------------------------------------------------- planning --
def plan_stubs(ff: JavaFileFacts, project: JavaProject) -> tuple[list[Stub], list[str]]:
    """Every stub of ``ff`` (project names it imports or uses from its package), and the names
    left alone because two files define them (ambiguous)."""
    text = ff.file.text
    declared = ff.declared_names
    single = {imp.last for imp in ff.java_imports if not imp.on_demand and not imp.static}
    own_package = set(project.packages.get(ff.package, {}))
    stubs: list[Stub] = []
    ambiguous: list[str] = []
    taken: set[str] = set()
    for imp in ff.java_imports:
        statement_text = text[imp.statement.start : imp.statement.end]
        if imp.static:
            owner_name = imp.name if imp.on_demand else imp.name.rsplit(".", 1)[0]
            owner = project.type(owner_name)
            if owner is None or owner[0] == ff.file.path:
                continue
            if imp.on_demand or imp.last in ff.mentioned:
                stubs.append(Stub("*" if imp.on_demand else imp.last, STATIC_IMPORT, owner, imp.statement, statement_text))
            continue
        if not imp.on_demand:
            if imp.name in project.duplicates:
                ambiguous.append(imp.name)
                continue
            ref = project.type(imp.name)
            if ref is None or ref[0] == ff.file.path or imp.last not in ff.mentioned or imp.last in declared:
                continue
            stubs.append(Stub(imp.last, EMPTY_CLASS, ref, imp.statement, statement_text))
            taken.add(imp.last)
            continue
        owner = project.type(imp.name)
        if owner is not None:  # import a.b.Outer.*: the nested types of Outer
            candidates = [(n, r) for n in sorted(owner[1].members) if (r := project.nested(owner, n)) and n in ff.mentioned]
        else:
            candidates = list(project.package_classes_used(ff, imp.name))
        for name, ref in candidates:
            # single-type imports, the file's own types and its package shadow on-demand imports
            if name in taken or name in single or name in declared or name in own_package or ref[0] == ff.file.path:
                continue
            stubs.append(Stub(name, EMPTY_CLASS, ref, imp.statement, statement_text, blanks_statement=False))
            taken.add(name)
    for name, paths in sorted(project.packages.get(ff.package, {}).items()):
        fqn = f"{ff.package}.{name}" if ff.package else name
        if name in ff.mentioned and ff.file.path not in paths and fqn in project.duplicates:
            ambiguous.append(fqn)
    for name, ref in project.package_classes_used(ff, ff.package):
        if name in single or name in declared:
            continue
        stubs.append(Stub(name, SAME_PACKAGE, ref, None, f"(same package) {stub_declaration(ref[1], keep_public=True)}"))
    return stubs, ambiguous


# ---------------------------------------------------------------------------- variants --
CONSTRUCTOR = "<init>"  # the member name recorded when a constructor use was reported
SUPERTYPE_CLAUSES = frozenset({"superclass", "super_interfaces", "extends_interfaces"})


class StubState:
    """What is still stubbed, round after round.

    Round 1 is the paper's variant (plus the same-package replacement). Each reported use then
    restores *the definition behind it*: from round 2 on, a stubbed class is its real
    declaration with only the members reported so far kept (the others blanked in place, on
    the sourcepath), so a use masked in round 1 by an error of the same or another class
    (``account.deposit(Money.of(5))``, ``Money.of(7).cents()``) is reported in a later round,
    while the uses already found stay quiet. A static import comes back once its names are
    reported (an on-demand one as single imports of those names).
    """

    def __init__(self, stubs: Iterable[Stub]) -> None:
        self.stubs = list(stubs)
        self.round = 1
        self.kept: dict[tuple[str, str], set[str]] = {}  # (file, qualified type) -> members restored
        self.supertypes_kept: set[tuple[str, str]] = set()  # an inherited member was reported
        self.static_names: dict[int, set[str]] = {}  # id(static stub) -> names restored

    @staticmethod
    def key(ref: TypeRef) -> tuple[str, str]:
        return ref[0], ref[1].qualified

    def record(self, a: "Attribution", inherited: bool) -> None:
        """Restore what ``a`` proved used (applies from the next round)."""
        if a.stub.is_type:
            self.kept.setdefault(self.key(a.stub.ref), set()).add(a.member or CONSTRUCTOR)
            if inherited:
                self.supertypes_kept.add(self.key(a.stub.ref))
        else:
            self.static_names.setdefault(id(a.stub), set()).add(a.imported_name)
            self.kept.setdefault(self.key(a.stub.ref), set()).add(a.imported_name)


def _decl_node(ff: JavaFileFacts, decl: TypeDecl) -> Node | None:
    index = ff.file.index
    start, end = index.char_to_byte(decl.span.start), index.char_to_byte(decl.span.end)
    node = ff.tree.root_node.descendant_for_byte_range(start, end)
    while node is not None and not (node.type in TYPE_DECLARATIONS and node.start_byte == start and node.end_byte == end):
        node = node.parent
    return node


def _members(body: Node, src: bytes) -> Iterable[tuple[Node, set[str]]]:
    """Member declarations of a type body with the names each declares (empty: not a member)."""
    for child in body.named_children:
        if "comment" in child.type:
            continue
        if child.type == "enum_body_declarations":
            yield from _members(child, src)
            continue
        names: set[str] = set()
        if child.type in ("field_declaration", "constant_declaration"):
            names = {node_text(d.child_by_field_name("name"), src) for d in child.children_by_field_name("declarator")}
        elif child.type in ("constructor_declaration", "compact_constructor_declaration"):
            names = {CONSTRUCTOR}
        elif child.child_by_field_name("name") is not None:  # methods, enum constants, nested types
            names = {node_text(child.child_by_field_name("name"), src)}
        yield child, names


def hollow(ff: JavaFileFacts, decls: Iterable[tuple[TypeDecl, set[str], bool]], protected: set[tuple[str, str]],
           prune: bool = True) -> str:
    """``ff``'s text where each given type keeps only the ``keep`` members (and its supertypes
    when asked); everything else of it is blanked, so the type keeps its name, kind, modifiers
    and type parameters and no character of the file moves. Nested types in ``protected``
    ((file, qualified name) pairs) are kept: they are hollowed on their own. ``prune``: then
    also blank the imports nothing left in the file can use (:func:`prune_imports`)."""
    src = ff.file.index.data
    path = ff.file.path
    spans: list[tuple[int, int]] = []
    for decl, keep, keep_supertypes in decls:
        node = _decl_node(ff, decl)
        if node is None:
            continue
        if not keep_supertypes:
            spans.extend((c.start_byte, c.end_byte) for c in node.children if c.type in SUPERTYPE_CLAUSES)
        body = node.child_by_field_name("body")
        for member, names in _members(body, src) if body is not None else ():
            if names & keep or (member.type in TYPE_DECLARATIONS and (path, f"{decl.qualified}.{next(iter(names), '')}") in protected):
                continue
            end = member.end_byte
            if member.type == "enum_constant" and member.next_sibling is not None and member.next_sibling.type == ",":
                end = member.next_sibling.end_byte  # "A(1), B" without A must not start with ","
            spans.append((member.start_byte, end))
    index = ff.file.index
    text = blank_spans(ff.file.text, [(index.byte_to_char(start), index.byte_to_char(end)) for start, end in spans])
    return prune_imports(ff, text) if prune else text


_JAVA_WORD = re.compile(r"[\w$]+")


def prune_imports(ff: JavaFileFacts, text: str) -> str:
    """Blank the single-name imports of a hollowed file whose name no longer occurs in it.

    javac completes every class a loaded source file imports, and that class's imports in turn:
    one check read the repository's whole import closure through the hollowed files (400 of 800
    files of a generated repository for one stubbed file). A name that occurs nowhere in the
    file (outside its imports; comments and strings count as occurrences) cannot be resolved
    through its import, so the hollowed declarations mean the same without it. On-demand
    imports (``.*``) load no class and stay."""
    single = [imp for imp in ff.java_imports if not imp.on_demand]
    if not single:
        return text
    rest = blank_spans(text, [(imp.statement.start, imp.statement.end) for imp in ff.java_imports])
    words = set(_JAVA_WORD.findall(rest))
    return blank_spans(text, [(imp.statement.start, imp.statement.end) for imp in single if imp.last not in words])


def blank_spans(text: str, spans: Iterable[tuple[int, int]]) -> str:
    """:func:`blank` over several spans (overlapping or not) in one pass, not one copy per span."""
    pieces: list[str] = []
    last = 0
    for start, end in sorted(spans):
        start = max(start, last)  # blanking twice is blanking once
        if end <= start:
            continue
        pieces.append(text[last:start])
        pieces.append("\n".join(" " * len(part) for part in text[start:end].split("\n")))
        last = end
    pieces.append(text[last:])
    return "".join(pieces)


def blank(text: str, start: int, end: int) -> str:
    """Spaces over ``text[start:end]``, newlines kept, so no other character moves."""
    return text[:start] + "".join("\n" if ch == "\n" else " " for ch in text[start:end]) + text[end:]


def build_variant(
    ff: JavaFileFacts,
    project: JavaProject,
    state: StubState,
    repo_root: str,
    prune: bool = True,
) -> tuple[str, dict[str, str]]:
    """(checked text, {absolute sourcepath file: replaced text}) for the state's current round;
    ``prune``: the replaced files lose the imports they no longer use (:func:`prune_imports`)."""
    text = ff.file.text
    declarations: list[str] = []
    edits: dict[tuple[int, int], str | None] = {}  # statement span -> replacement (None: blank)
    hollowed: dict[str, dict[str, tuple[TypeDecl, set[str], bool]]] = {}  # file -> qualified -> what to keep
    for stub in state.stubs:
        statement = stub.statement
        if stub.mode == STATIC_IMPORT:
            assert statement is not None
            restored = state.static_names.get(id(stub), set())
            if not restored:
                edits[(statement.start, statement.end)] = None
            elif stub.name == "*":
                owner = project.fqn(stub.ref)
                edits[(statement.start, statement.end)] = " ".join(f"import static {owner}.{n};" for n in sorted(restored))
            continue
        if state.round == 1 and stub.mode == EMPTY_CLASS:
            assert statement is not None
            if stub.blanks_statement:
                edits[(statement.start, statement.end)] = None
            declarations.append(stub_declaration(stub.ref[1]))
            continue
        key = StubState.key(stub.ref)
        hollowed.setdefault(stub.ref[0], {})[key[1]] = (stub.ref[1], state.kept.get(key, set()), key in state.supertypes_kept)
    for (start, end), replacement in sorted(edits.items(), reverse=True):
        if replacement is None or "\n" in text[start:end]:
            text = blank(text, start, end)
        else:
            text = text[:start] + replacement + text[end:]
    if declarations:
        text = text + ("" if text.endswith("\n") else "\n") + " ".join(sorted(declarations)) + "\n"
    protected = {StubState.key(s.ref) for s in state.stubs if s.is_type}
    overrides = {
        os.path.abspath(os.path.join(repo_root, path)): hollow(project.facts[path], decls.values(), protected, prune)
        for path, decls in hollowed.items()
    }
    return text, overrides


# ------------------------------------------------------------------------- attribution --
# the reason of a diagnostic whose symbol/location lines could not be read (named by the caller
# once every check has spoken: lang.java.count_unparsed)
UNPARSED = "unparsed_symbol_or_location"


def parse_symbol(symbol: str) -> tuple[str, str] | None:
    """``method f(int)`` -> ("method", "f"); also with the explicit type arguments javac writes
    before a generic method's name (``method <Expression>tokenType(Class<Expression>,String)``
    for ``Parsers.<Expression>tokenType(...)``)."""
    m = _SYMBOL.match(_without_type_arguments(symbol))
    return (m.group("kind"), m.group("name")) if m else None


def _without_type_arguments(symbol: str) -> str:
    """``method <Map<K, V>>f(...)`` -> ``method f(...)``: the balanced ``<...>`` after the kind."""
    head, _, rest = symbol.partition(" ")
    rest = rest.lstrip()
    if not rest.startswith("<"):
        return symbol
    depth = 0
    for at, char in enumerate(rest):
        depth += {"<": 1, ">": -1}.get(char, 0)
        if depth == 0:
            return f"{head} {rest[at + 1:]}"
    return symbol


def parse_location(location: str) -> tuple[str, str] | None:
    """``class a.b.Foo`` -> ("class", "a.b.Foo"); ``variable x of type Foo<T>`` -> ("variable", "Foo<T>")."""
    m = _LOCATION.match(location)
    if m is None:
        return None
    if m.group("kind") == "variable":
        return ("variable", m.group("type")) if m.group("type") else None
    return m.group("kind"), m.group("name")


class Attributor:
    """Explains new diagnostics of one checked file by the stubs active in that round."""

    def __init__(self, ff: JavaFileFacts, project: JavaProject, state: StubState) -> None:
        self.ff = ff
        self.project = project
        self.round = state.round
        self.type_stubs = {s.name: s for s in state.stubs if s.is_type}  # by the name written in the file
        self.by_fqn = {project.fqn(s.ref): s for s in state.stubs if s.is_type}  # by the real class
        self.static_stubs = [s for s in state.stubs if not s.is_type]

    # -- names javac prints -> our objects ------------------------------------------------
    def _relative(self, type_name: str) -> str | None:
        """javac's (fully qualified) type name -> name relative to the file's package, if in it."""
        name = strip_type_arguments(type_name)
        package = self.ff.package
        if package and name.startswith(package + "."):
            return name[len(package) + 1 :]
        if "." not in name or not package:
            return name
        # javac's rich formatter drops package prefixes when they are unambiguous
        return name if self.ff.type_named(name) is not None else None

    def _local_chain(self, decl: TypeDecl, with_enclosing: bool) -> list[TypeDecl]:
        """``decl``, its supertypes declared in the same file, and (optionally) enclosing types."""
        out: list[TypeDecl] = []
        todo = [decl]
        while todo:
            d = todo.pop()
            if d in out:
                continue
            out.append(d)
            for base in d.bases:
                local = next((t for t in self.ff.types if t.name == base.rsplit(".", 1)[-1]), None)
                if local is not None:
                    todo.append(local)
            if with_enclosing and d.enclosing:
                enclosing = self.ff.type_named(d.enclosing)
                if enclosing is not None:
                    todo.append(enclosing)
        return out

    def _member_of(self, stub: Stub, member: str) -> TypeRef | None:
        return self.project.find_member(stub.ref, member)

    def _type(self, type_name: str) -> Stub | TypeDecl | None:
        """The stub a type name in a message stands for, or a type declared in the file."""
        name = strip_type_arguments(type_name)
        stub = self.by_fqn.get(name)
        if stub is not None:
            return stub
        relative = self._relative(name)
        if relative is None:
            return None
        stub = self.type_stubs.get(relative)
        if stub is not None and stub.mode == EMPTY_CLASS and self.round == 1:
            return stub  # the empty class declared in the checked file itself
        return self.ff.type_named(relative)

    # -- the diagnostics --------------------------------------------------------------------
    def attribute(self, d: Diagnostic) -> Attribution | str:
        """An :class:`Attribution`, or the snake_case reason it is not one (counted by the caller)."""
        heading, symbol, location = split_message(d.message)
        ctor = _CONSTRUCTOR.match(heading)
        if ctor is not None:
            return self._constructor(d, ctor.group("type"))
        if CANNOT_FIND_SYMBOL not in heading and CANNOT_FIND_SYMBOL not in d.message:
            return _side_effect(heading)
        sym = parse_symbol(symbol)
        loc = parse_location(location)
        receiver = None
        anonymous: list[str] = []  # the written bases of anonymous classes around an unqualified name
        if sym is not None and loc is None and not location.strip():
            # `super.m(...)` / `this.m(...)`: javac writes no `location:` line (javac 17); the
            # location is the class whose body holds the call (its bases are searched below);
            # nor for an unqualified name in an anonymous class's body (`new Pattern() { ...
            # MISMATCH ... }`): looked up in the anonymous classes' bases, then around them
            receiver = self._self_receiver(d)
            if receiver is None:
                receiver, anonymous = self._around_anonymous(d)
                if receiver is None:
                    return UNPARSED
        elif sym is None or loc is None:
            return UNPARSED
        _, member = sym
        if receiver is not None:
            # qualified (super./this.): no enclosing-class lookup; unqualified in an anonymous body: with it
            loc_kind, found_type = ("class" if anonymous else "variable"), receiver
        else:
            loc_kind, loc_type = loc
            found_type = self._type(loc_type)
        if isinstance(found_type, Stub):
            return self._member_use(d, found_type, member)
        if found_type is None:
            return "location_not_stubbed"
        local = found_type
        unqualified = loc_kind != "variable"
        candidates: list[tuple[Stub, TypeRef | None]] = []
        for base in anonymous:
            base_stub = self.type_stubs.get(base.rsplit(".", 1)[-1])
            if base_stub is not None and all(base_stub is not c for c, _ in candidates):
                candidates.append((base_stub, self._member_of(base_stub, member)))
        for t in self._local_chain(local, with_enclosing=unqualified):
            for base in t.bases:
                base_stub = self.type_stubs.get(base.rsplit(".", 1)[-1])
                if base_stub is not None and all(base_stub is not c for c, _ in candidates):
                    candidates.append((base_stub, self._member_of(base_stub, member)))
        if unqualified:
            for s in self.static_stubs:
                if s.name == member or (s.name == "*" and member in s.ref[1].members):
                    candidates.append((s, self._member_of(s, member)))
        found = [(s, r) for s, r in candidates if r is not None]
        if not found:
            return "member_not_in_project" if candidates else "location_not_stubbed"
        if len({(r[0], r[1].qualified) for _, r in found}) == 1:
            # one definition reached twice (`import static a.U.f;` and `import static a.U.*;`): the
            # single-member import is the one that binds the name
            found.sort(key=lambda item: item[0].name != member)
        elif len(found) > 1:
            return "ambiguous_stub"
        stub, where = found[0]
        if stub.is_type:
            return self._member_use(d, stub, member)
        offset = self.locate(d, member)
        if offset is None:
            return "name_not_located"
        return Attribution(stub, member, None, offset, where[0], f"{where[1].qualified}.{member}", d)

    def _member_use(self, d: Diagnostic, stub: Stub, member: str) -> Attribution | str:
        where = self._member_of(stub, member)
        if where is None:
            return "member_not_in_project"  # a JDK member, or one generated by an annotation processor
        offset = self.locate(d, member)
        if offset is None:
            return "member_not_located"
        inherited = where[1] is not stub.ref[1]
        symbol = None if inherited else f"{stub.ref[1].qualified}.{member}"
        # an inherited member is defined in its supertype's file: javac's reference pass corrects
        # fields and methods, not nested types (`MutableOffset` of `MagicMatcher` reached through
        # `PStringType extends StringType implements MagicMatcher`: simplemagic, held-out 14)
        defined_in = where[0] if where[0] != self.ff.file.path else stub.ref[0]
        return Attribution(stub, stub.name, member, offset, defined_in, symbol, d, inherited)

    def _constructor(self, d: Diagnostic, type_name: str) -> Attribution | str:
        stub = self._type(type_name)
        if not isinstance(stub, Stub):
            return "location_not_stubbed"
        offset = self.locate_constructed_type(d, stub.name)
        if offset is None:
            return "constructor_initializer" if self._in_constructor_invocation(d) else "constructor_name_not_located"
        return Attribution(stub, stub.name, None, offset, stub.ref[0], stub.ref[1].qualified, d)

    # -- positions ----------------------------------------------------------------------------
    def _self_receiver(self, d: Diagnostic) -> TypeDecl | None:
        """For a diagnostic at the ``.`` of ``super.m``/``this.m``: the declared class whose body
        holds the call (None inside an anonymous class body, whose ``this`` is no declared type)."""
        _, leaf = self._leaf_at(d)
        if leaf is None or leaf.type != "." or leaf.parent is None:
            return None
        first = leaf.parent.children[0] if leaf.parent.children else None
        if first is None or first.type not in ("super", "this") or leaf.parent.children[1].start_byte != leaf.start_byte:
            return None
        node = leaf.parent
        while node is not None and node.type not in ("class_body", "enum_body", "interface_body", "record_body"):
            node = node.parent
        if node is None or node.parent is None or node.parent.type not in (
                "class_declaration", "enum_declaration", "interface_declaration", "record_declaration"):
            return None  # an anonymous class (`new T() {...}`) or an enum constant's body
        start = self.ff.file.index.node_start(node.parent)
        return next((t for t in self.ff.types if t.span.start == start), None)

    def _around_anonymous(self, d: Diagnostic) -> tuple[TypeDecl | None, list[str]]:
        """For a diagnostic at an unqualified name inside anonymous class bodies (or enum
        constants' bodies): the declared type around them and the anonymous classes' written
        bases, innermost first; (None, []) elsewhere."""
        _, leaf = self._leaf_at(d)
        if leaf is None or leaf.type != "identifier":
            return None, []
        bases: list[str] = []
        node = leaf.parent
        while node is not None:
            if node.type in ("class_body", "enum_body", "interface_body", "record_body") and node.parent is not None:
                owner = node.parent
                if owner.type in ("class_declaration", "enum_declaration", "interface_declaration", "record_declaration"):
                    if not bases:
                        return None, []  # not inside an anonymous body: javac writes a location there
                    start = self.ff.file.index.node_start(owner)
                    return next((t for t in self.ff.types if t.span.start == start), None), bases
                written = owner.child_by_field_name("type") if owner.type == "object_creation_expression" else None
                if written is not None:
                    bases.append(self.ff.file.index.node_text(written).split("<", 1)[0].strip())
                elif owner.type == "enum_constant":
                    bases.append("")  # the enum itself, which is the declared type around it
            node = node.parent
        return None, []

    def _leaf_at(self, d: Diagnostic):
        index = self.ff.file.index
        row = d.line - 1
        if not 0 <= row < index.num_lines or d.column > len(index.line(row)):
            return None, None
        offset = index.offset(row, d.column)
        byte = index.char_to_byte(offset)
        return offset, self.ff.tree.root_node.descendant_for_byte_range(byte, byte + 1)

    def locate(self, d: Diagnostic, name: str) -> int | None:
        """Where ``name`` stands for a diagnostic javac put at the name or at the ``.``/``::`` before it."""
        offset, leaf = self._leaf_at(d)
        if offset is None or leaf is None:
            return None
        index = self.ff.file.index
        if leaf.type in NAME_NODES and index.node_text(leaf) == name:
            return index.node_start(leaf)
        reference = leaf
        while reference is not None and reference.type != "method_reference" and reference.start_byte == leaf.start_byte:
            reference = reference.parent
        if reference is not None and reference.type == "method_reference" and reference.start_byte == leaf.start_byte:
            # `Type::name`: javac points at the start of the whole reference
            leaf = next((c for c in reference.children if c.type == "::"), leaf)
        if leaf.type in (".", "::") and leaf.parent is not None:
            after = False
            for child in leaf.parent.children:
                if child.start_byte == leaf.start_byte and child.type == leaf.type:
                    after = True
                elif after and child.type in NAME_NODES:
                    return index.node_start(child) if index.node_text(child) == name else None
        return None

    def _in_constructor_invocation(self, d: Diagnostic) -> bool:
        """Whether the diagnostic lies in a ``super(...)`` / ``this(...)`` call: a call of a
        constructor that writes no type name, so no use with a name to complete."""
        _, node = self._leaf_at(d)
        while node is not None and node.type not in ("constructor_body", "class_body"):
            if node.type == "explicit_constructor_invocation":
                return True
            node = node.parent
        return False

    def locate_constructed_type(self, d: Diagnostic, name: str) -> int | None:
        """For ``new a.b.Foo<>(...)`` (javac points at ``new``): where ``Foo`` stands."""
        _, leaf = self._leaf_at(d)
        if leaf is None or leaf.type != "new" or leaf.parent is None:
            return None
        node = leaf.parent.child_by_field_name("type")
        index = self.ff.file.index
        while node is not None and node.type in ("generic_type", "scoped_type_identifier"):
            names = [c for c in node.named_children if c.type in NAME_NODES or c.type in ("generic_type", "scoped_type_identifier")]
            node = names[-1] if node.type == "scoped_type_identifier" and names else (names[0] if names else None)
        if node is not None and node.type in NAME_NODES and index.node_text(node) == name:
            return index.node_start(node)
        return None


# javac messages a stubbed interface causes where no name is used (expiringmap, held-out 13):
# a lambda whose target is a project interface, an @Override of a project interface's method
_SIDE_EFFECTS = (
    ("is not a functional interface", "lambda_of_stubbed_interface"),
    ("method does not override or implement a method from a supertype", "override_of_stubbed_member"),
)


def _side_effect(heading: str) -> str:
    """The reason of a new diagnostic that is no 'cannot find symbol': a named side effect of the
    stubbing, else ``other_error``."""
    return next((reason for text, reason in _SIDE_EFFECTS if text in heading), "other_error")
