"""Stand-ins for types of missing assemblies (NuGet packages), learnt from mcs's errors.

A repository is compiled without its NuGet packages. Blanking out their ``using`` directives
is not enough: mcs skips every method body when a declaration names a missing type (a base
class ``ControllerBase``, a property of type ``JsonSerializerSettings``), and inside bodies
it does not check the arguments of a call on a missing name (``Assert.AreEqual(1,
loan.Book.Copies)`` hides the use of ``Copies``). So the preparation declares, in one extra
file, an empty global type for every missing type name, and then gives those types the members
the code calls on them: static/instance methods taking ``params object[]`` (and an overload
whose first parameter takes a lambda, ``() => ...``) and returning ``dynamic`` (so arguments,
lambda bodies included, are still checked and whatever follows is not) or, written with one
type argument, that type argument (``GetInstance<IMediator>()``: what follows is checked
against the type it names), ``dynamic`` fields, and a ``params`` constructor. Every stand-in sits on its own line of the file, so an error mcs
reports in it names the stand-in to withdraw.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from crossfile_datasets.core.records import Diagnostic
from crossfile_datasets.analyzers.mcs import MISSING_MEMBER, NO_CONSTRUCTOR, NO_NAME, NO_TYPE, NOT_IN_NAMESPACE
from crossfile_datasets.core.records import FileFacts

_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


# a first parameter a lambda without parameters converts to (``Assert.That(() => x.Run(),
# Throws...)``): ``params object[]`` alone takes no lambda, so mcs failed at the call and never
# checked the lambda's body. Not ``Action`` too: a ``null`` argument would then be ambiguous.
_LAMBDA = "global::System.Func<object>"
# the lambda parameter of a member seen called with an ``async`` lambda (xUnit's
# ``Assert.ThrowsAsync<E>(async () => await session.Commit())``): an async lambda converts to no
# ``Func<object>`` (mcs's CS4010 at the lambda, nothing inside it bound: CQRSlite, held-out 19),
# and beside ``Func<object>`` mcs still reports CS4010 when the body has an error, so it replaces it
_ASYNC_LAMBDA = "global::System.Func<global::System.Threading.Tasks.Task>"
_NOT_ASYNC_DELEGATE = re.compile(r"^Cannot convert async lambda expression to delegate type `System\.Func<object>'")


@dataclass(frozen=True)
class StubMember:
    name: str
    static: bool
    method: bool  # else a field (or a property on an interface)
    arity: int = 0  # generic method arity


@dataclass
class StubType:
    name: str
    arity: int
    kind: str  # "class" | "interface" | "attribute"
    members: set[StubMember] = field(default_factory=set)
    constructor: bool = False
    async_lambdas: set[str] = field(default_factory=set)  # methods called with an `async` lambda
    namespace: str = ""  # the namespace of a type written by its full name ("" : global)

    @property
    def full_name(self) -> str:
        return f"{self.namespace}.{self.name}" if self.namespace else self.name

    def members_to_render(self) -> list[StubMember]:
        """One member per name (and generic arity): a name written both as a call and as a method
        group (``Check(Assert.AreEqual, v)``, read as a field) is a method, and one written
        both through the type and through an instance is static (an interface's, whose static
        members are not rendered, an instance one). Two members of one name and signature are
        CS0102/CS0111, which made the whole members pass be undone, so no call on any stand-in
        of the unit had its arguments checked."""
        methods = {m.name for m in self.members if m.method}
        static = {(m.name, m.method, m.arity) for m in self.members if m.static} if self.kind != "interface" else set()
        out = {m for m in self.members if m.method or m.name not in methods}
        return [m for m in out if m.static or (m.name, m.method, m.arity) not in static]

    def render(self) -> str:
        if self.namespace:
            return f"namespace {self.namespace} {{ {self._render_type().rstrip()} }}\n"
        return self._render_type()

    def _render_type(self) -> str:
        if self.kind == "attribute":
            return self._render_attribute()
        params = f"<{', '.join(f'T{i}' for i in range(1, self.arity + 1))}>" if self.arity else ""
        parts = []
        for m in sorted(self.members_to_render(), key=lambda m: (m.name, m.static, m.method, m.arity)):
            lam = _ASYNC_LAMBDA if m.name in self.async_lambdas else _LAMBDA
            generic = f"<{', '.join(f'M{i}' for i in range(1, m.arity + 1))}>" if m.arity else ""
            # one type argument: the value it names (`GetInstance<IMediator>()`, `Mock.Of<T>()`,
            # `Deserialize<T>(s)`), so the members of what it returns are checked
            returns = "M1" if m.arity == 1 else "dynamic"
            if self.kind == "interface":
                if m.static:
                    continue
                if m.method:
                    parts.append(f"{returns} {m.name}{generic}(params object[] args);")
                    parts.append(f"{returns} {m.name}{generic}({lam} crossfileCall, params object[] args);")
                else:
                    parts.append(f"dynamic {m.name} {{ get; set; }}")
                continue
            static = "static " if m.static else ""
            if m.method:
                body = "{ return default(M1); }" if m.arity == 1 else "{ return null; }"
                parts.append(f"public {static}{returns} {m.name}{generic}(params object[] args) {body}")
                parts.append(f"public {static}{returns} {m.name}{generic}({lam} crossfileCall, params object[] args) "
                             f"{body}")
            else:
                parts.append(f"public {static}dynamic {m.name};")
        if self.constructor and self.kind == "class":
            parts.append(f"public {self.name}(params object[] args) {{ }}")
        return f"public {self.kind} {self.name}{params} {{ {' '.join(parts)} }}\n"

    def _render_attribute(self) -> str:
        """An attribute class any target may carry, repeated, with any positional arguments and
        its named ones as ``object`` fields (``dynamic`` is no attribute parameter type)."""
        fields = "".join(f" public object {m.name};" for m in sorted(self.members, key=lambda m: m.name) if not m.method)
        return (f"[global::System.AttributeUsage(global::System.AttributeTargets.All, AllowMultiple = true)] "
                f"public class {self.name} : global::System.Attribute {{ public {self.name}(params object[] args) {{ }}"
                f"{fields} }}\n")


class ExternalStubs:
    """The stand-in types of one compilation unit (module docstring)."""

    def __init__(self, project_names: Iterable[str]) -> None:
        self.project_names = set(project_names)
        self.types: dict[tuple[str, int], StubType] = {}
        self.rejected: set[tuple[str, int]] = set()

    def __bool__(self) -> bool:
        return bool(self.types)

    def names(self) -> list[str]:
        return sorted({name for name, _ in self.types})

    def render(self) -> str:
        return "".join(self.types[k].render() for k in sorted(self.types))

    def snapshot(self) -> dict[tuple[str, int], StubType]:
        return {k: StubType(t.name, t.arity, t.kind, set(t.members), t.constructor, set(t.async_lambdas), t.namespace)
                for k, t in self.types.items()}

    def restore(self, snapshot: dict[tuple[str, int], StubType]) -> None:
        self.types = snapshot

    def declare(self, name: str, arity: int, namespace: str = "") -> bool:
        """A stand-in type ``name`` (in ``namespace``, "" for the global one)."""
        key = (f"{namespace}.{name}" if namespace else name, arity)
        if (name in self.project_names and not namespace) or key in self.types or key in self.rejected \
                or not _IDENTIFIER.match(name) or not all(_IDENTIFIER.match(p) for p in namespace.split(".") if namespace):
            return False
        self.types[key] = StubType(name, arity, "interface" if re.match(r"^I[A-Z]", name) else "class",
                                   namespace=namespace)
        return True

    def namespaces(self) -> set[str]:
        return {t.namespace for t in self.types.values() if t.namespace}

    def declare_attribute(self, written: str) -> bool:
        """An attribute class for ``[written(...)]`` (``written`` + ``Attribute``, as mcs looks it up)."""
        name = written if written.endswith("Attribute") else f"{written}Attribute"
        key = (name, 0)
        if name in self.project_names or key in self.types or key in self.rejected or not _IDENTIFIER.match(name):
            return False
        self.types[key] = StubType(name, 0, "attribute")
        return True

    def reject_line(self, line: int) -> bool:
        """mcs reported an error on ``line`` (1-based) of the rendered file: withdraw that type."""
        keys = sorted(self.types)
        if 0 < line <= len(keys):
            self.rejected.add(keys[line - 1])
            del self.types[keys[line - 1]]
            return True
        return False

    def _stub(self, type_text: str) -> StubType | None:
        candidates = [t for (name, _), t in self.types.items() if name == type_text]
        return candidates[0] if len(candidates) == 1 else None

    def _learn_missing_type(self, ff: FileFacts, d: Diagnostic, with_members: bool) -> bool | None:
        """CS0246/CS0234 of a type the unit lacks: whether a stand-in was declared; None when
        ``d`` is no such error."""
        m = NO_TYPE.match(d.message)
        if m and d.code == "CS0246" and "." not in m["name"]:
            if is_attribute_name(ff, d.line, d.column):
                # attributes never block mcs, so their stand-ins wait for the members passes;
                # unknown, mcs checks none of its arguments (xunit's `[InlineData(...,
                # ImageFormat.Rgb24)]`: Pfim's enum members never seen)
                return self.declare_attribute(m["name"]) if with_members else False
            if in_attribute(ff, d.line, d.column):
                return False
            qualified = qualified_type_at(ff, d.line, d.column)
            if qualified is not None:  # `NAudio.Wave.WaveFormat`: the type in its namespace
                namespace, name = qualified
                return self.declare(name, written_arity(ff, d.line, d.column, last_of_qualified=True), namespace)
            return self.declare(m["name"], written_arity(ff, d.line, d.column))
        m = NOT_IN_NAMESPACE.match(d.message)
        if m and d.code == "CS0234":
            # the next type of a namespace a stand-in opened (`NAudio.Wave.Mp3Frame`); never
            # one of the project's own namespaces
            if m["namespace"] not in self.namespaces() or "." in m["name"]:
                return False
            return self.declare(m["name"], written_arity(ff, d.line, d.column), m["namespace"])
        return None

    def learn(self, diags: Iterable[Diagnostic], facts: Mapping[str, FileFacts], with_members: bool) -> bool:
        """Declare what ``diags`` (errors of unit files) show missing; True when anything changed."""
        changed = False
        for d in diags:
            ff = facts.get(d.file)
            if ff is None:
                continue
            declared = self._learn_missing_type(ff, d, with_members)
            if declared is not None:
                changed |= declared
                continue
            if not with_members:
                continue
            m = NO_NAME.match(d.message)
            if m and d.code == "CS0103" and m["name"][:1].isupper() and _followed_by(ff, d, m["name"], "."):
                changed |= self.declare(m["name"], 0)  # a static receiver: `Assert.AreEqual(...)`
                continue
            m = MISSING_MEMBER.match(d.message) if d.code in ("CS0117", "CS1061") else None
            if m:
                stub = self._stub(m["type"].split("<")[0])
                if stub is not None and m["member"] != stub.name:
                    method = _followed_by(ff, d, m["member"], "(") or _followed_by(ff, d, m["member"], "<")
                    member = StubMember(m["member"], d.code == "CS0117", method,
                                        written_arity(ff, d.line, d.column) if method else 0)
                    if member not in stub.members:
                        stub.members.add(member)
                        changed = True
                continue
            if d.code == "CS4010" and _NOT_ASYNC_DELEGATE.match(d.message):
                changed |= self._takes_async_lambda(ff, d)
                continue
            m = NO_CONSTRUCTOR.match(d.message)
            if m and d.code == "CS1729":
                stub = self._stub(m["type"].split("<")[0])
                if stub is not None and not stub.constructor:
                    stub.constructor = True
                    changed = True
        return changed


    def _takes_async_lambda(self, ff: FileFacts, d: Diagnostic) -> bool:
        """The stand-in method whose first argument is the ``async`` lambda at ``d`` gets an
        ``_ASYNC_LAMBDA`` parameter (one stand-in type declaring a method of that name)."""
        node = node_at(ff, d.line, d.column)
        while node is not None and node.type != "lambda_expression":
            node = node.parent
        argument = node.parent if node is not None else None
        call = argument.parent.parent if argument is not None and argument.parent is not None else None
        if argument is None or argument.type != "argument" or call is None or call.type != "invocation_expression":
            return False
        function = call.child_by_field_name("function")
        name = function.child_by_field_name("name") if function is not None and \
            function.type == "member_access_expression" else function
        if name is not None and name.type == "generic_name":
            name = name.named_children[0]
        if name is None or name.type != "identifier":
            return False
        member = ff.file.index.node_text(name)
        owners = [t for t in self.types.values() if any(m.method and m.name == member for m in t.members)]
        if len(owners) != 1 or member in owners[0].async_lambdas:
            return False
        owners[0].async_lambdas.add(member)
        return True


def _followed_by(ff: FileFacts, d: Diagnostic, name: str, what: str) -> bool:
    index = ff.file.index
    row = d.line - 1
    if not 0 <= row < index.num_lines:
        return False
    line = index.line(row)
    at = line.find(name, d.column)
    return at >= 0 and line[at + len(name):].lstrip().startswith(what)


def node_at(ff: FileFacts, line: int, column: int):
    """The smallest node at (1-based line, 0-based character column, clamped to the line), None
    for a line outside the file."""
    index = ff.file.index
    row = line - 1
    if not 0 <= row < index.num_lines:
        return None
    col = min(column, len(index.line(row)))
    byte = index.char_to_byte(index.offset(row, col))
    return ff.tree.root_node.descendant_for_byte_range(byte, byte)


def in_attribute(ff: FileFacts, line: int, column: int) -> bool:
    node = node_at(ff, line, column)
    while node is not None:
        if node.type == "attribute":
            return True
        node = node.parent
    return False


def is_attribute_name(ff: FileFacts, line: int, column: int) -> bool:
    """Whether the name at (1-based line, 0-based column) is an attribute's own name (``Fact`` of
    ``[Fact]``), not a name inside its arguments."""
    node = node_at(ff, line, column)
    return (node is not None and node.parent is not None and node.parent.type == "attribute"
            and node.parent.child_by_field_name("name") == node)


def qualified_type_at(ff: FileFacts, line: int, column: int) -> tuple[str, str] | None:
    """``(namespace, name)`` of the qualified type name whose first part is written at (1-based
    line, 0-based column): ``("NAudio.Wave", "WaveFormat")`` for ``NAudio.Wave.WaveFormat``; None
    for a simple name or anything that is not a qualified name of identifiers."""
    node = node_at(ff, line, column)
    if node is None or node.type != "identifier":
        return None
    top = node
    while top.parent is not None and top.parent.type == "qualified_name":
        if top.parent.child_by_field_name("qualifier") != top:
            return None  # not the first part
        top = top.parent
    if top is node:
        return None
    last = top.child_by_field_name("name")
    if last is not None and last.type == "generic_name":
        last = last.named_children[0] if last.named_children else None
    parts = [ff.file.index.node_text(top.child_by_field_name("qualifier")), ff.file.index.node_text(last)] \
        if last is not None else []
    namespace = "".join(parts[0].split()) if parts else ""
    if not parts or not all(_IDENTIFIER.match(p) for p in [*namespace.split("."), parts[1]]):
        return None
    return namespace, parts[1]


def written_arity(ff: FileFacts, line: int, column: int, last_of_qualified: bool = False) -> int:
    """Number of type arguments of the generic name written at (1-based line, 0-based column)
    (``last_of_qualified``: of the last part of the qualified name whose first part is there)."""
    node = node_at(ff, line, column)
    if last_of_qualified and node is not None:
        while node.parent is not None and node.parent.type == "qualified_name" \
                and node.parent.child_by_field_name("qualifier") == node:
            node = node.parent
        if node.type == "qualified_name":
            node = node.child_by_field_name("name")
    if node is not None and node.type == "identifier" and node.parent is not None and node.parent.type == "generic_name":
        node = node.parent
    if node is not None and node.type == "generic_name":
        args = next((c for c in node.children if c.type == "type_argument_list"), None)
        if args is not None:
            return sum(1 for c in args.children if c.type == ",") + 1
    return 0
