"""Python's class extractor for the class-level split: top-level classes as ``lang.classes`` records.

Why it exists: the class-level split (RepoClassBench) needs, per class, the paper's metadata --
signature, decorators, bases, docstring, member variables with their initializers, and per
method its signature, decorators, docstring and body -- read from the same tree-sitter tree the
rest of the Python support parses (``FileFacts.tree``), so spans agree with the graph and the
completion split.

Conventions (``lang/classes.py``): ``start_byte``/``end_byte`` are character offsets into the
decoded text (the unit of ``core.records.Span``), so ``text[start_byte:end_byte]`` is the class
as written, decorators included. Member variables are the class body's assignments (class
attributes, ``is_static=True``) and the ``self.<name> = ...`` assignments of its methods (first
one wins, ``__init__`` first, since that is where Python declares instance state). A method's
``body`` is its block from the start of the block's first line (indentation kept), so it can be
pasted under the signature as is.
"""

from __future__ import annotations

from tree_sitter import Node

from crossfile_datasets.core.records import FileFacts
from crossfile_datasets.lang.classes import (
    ClassInfo,
    MemberVariable,
    MethodInfo,
    NodeReader,
)

_STATIC_DECORATORS = frozenset({"staticmethod", "classmethod"})
_ABSTRACT_DECORATORS = frozenset({"abstractmethod", "abc.abstractmethod", "abstractproperty"})


class _Reader(NodeReader):
    """:class:`NodeReader` with the lines and blocks Python's extractor needs."""

    def line(self, node: Node) -> int:
        return node.start_point[0] + 1

    def end_line(self, node: Node) -> int:
        return node.end_point[0] + 1

    def block_text(self, block: Node, header: Node) -> str:
        """The block as written; from its first line's start when it is on its own line."""
        start = self.start(block)
        if block.start_point[0] > header.start_point[0]:
            start = self.index.line_starts[block.start_point[0]]
        return self.text[start:self.end(block)]


def _unwrap(node: Node) -> tuple[Node, list[Node]]:
    """(definition, decorators) of a possibly decorated definition."""
    if node.type == "decorated_definition":
        definition = node.child_by_field_name("definition")
        return definition, [c for c in node.named_children if c.type == "decorator"]
    return node, []


def _docstring(body: Node | None, r: _Reader) -> str:
    if body is None:
        return ""
    for child in body.named_children:
        if child.type == "comment":
            continue
        if child.type == "expression_statement" and len(child.named_children) == 1 \
                and child.named_children[0].type in ("string", "concatenated_string"):
            return r.of(child.named_children[0])
        return ""
    return ""


def _decorator_name(text: str) -> str:
    return text.lstrip("@").split("(", 1)[0].strip()


def _method(node: Node, r: _Reader) -> MethodInfo:
    definition, decorators = _unwrap(node)
    body = definition.child_by_field_name("body")
    header_end = r.start(body) if body is not None else r.end(definition)
    signature = r.text[r.start(definition):header_end].rstrip()
    decorator_texts = tuple(r.of(d) for d in decorators)
    names = {_decorator_name(d) for d in decorator_texts}
    name = r.of(definition.child_by_field_name("name"))
    return MethodInfo(
        name=name,
        signature=signature,
        decorators=decorator_texts,
        docstring=_docstring(body, r),
        body=r.block_text(body, definition) if body is not None else "",
        start_line=r.line(node),
        end_line=r.end_line(node),
        is_constructor=name == "__init__",
        is_static=bool(names & _STATIC_DECORATORS),
        is_abstract=bool(names & _ABSTRACT_DECORATORS) or any(n.endswith(".abstractmethod") for n in names),
    )


def _assignment_of(statement: Node) -> Node | None:
    if statement.type != "expression_statement" or not statement.named_children:
        return None
    first = statement.named_children[0]
    return first if first.type == "assignment" else None


def _class_variables(body: Node, r: _Reader) -> list[MemberVariable]:
    out = []
    for child in body.named_children:
        assign = _assignment_of(child)
        if assign is None:
            continue
        left = assign.child_by_field_name("left")
        if left is None or left.type != "identifier":
            continue
        out.append(MemberVariable(
            name=r.of(left), declaration=r.of(assign), type=r.of(assign.child_by_field_name("type")),
            initializer=r.of(assign.child_by_field_name("right")), is_static=True))
    return out


def _self_name(definition: Node, r: _Reader) -> str | None:
    params = definition.child_by_field_name("parameters")
    if params is None:
        return None
    for p in params.named_children:
        if p.type == "identifier":
            return r.of(p)
        if p.type in ("typed_parameter", "default_parameter", "typed_default_parameter"):
            ident = next((c for c in p.named_children if c.type == "identifier"), None)
            return r.of(ident) if ident is not None else None
        return None
    return None


def _instance_variables(methods: list[Node], r: _Reader, known: set[str]) -> list[MemberVariable]:
    out = []
    ordered = sorted(methods, key=lambda m: _unwrap(m)[0].child_by_field_name("name") is None
                     or r.of(_unwrap(m)[0].child_by_field_name("name")) != "__init__")
    for node in ordered:
        definition, decorators = _unwrap(node)
        if any(_decorator_name(r.of(d)) in _STATIC_DECORATORS for d in decorators):
            continue
        receiver = _self_name(definition, r)
        body = definition.child_by_field_name("body")
        if receiver is None or body is None:
            continue
        stack = [body]
        while stack:  # nested functions and classes have their own `self`
            n = stack.pop()
            for child in reversed(n.children):
                if child.type in ("function_definition", "class_definition", "lambda"):
                    continue
                if child.type == "assignment":
                    left = child.child_by_field_name("left")
                    if left is not None and left.type == "attribute":
                        obj, attr = left.child_by_field_name("object"), left.child_by_field_name("attribute")
                        if obj is not None and obj.type == "identifier" and r.of(obj) == receiver:
                            name = r.of(attr)
                            if name not in known:
                                known.add(name)
                                out.append(MemberVariable(
                                    name=name, declaration=r.of(child), type=r.of(child.child_by_field_name("type")),
                                    initializer=r.of(child.child_by_field_name("right"))))
                stack.append(child)
    return out


def _class(node: Node, r: _Reader) -> ClassInfo | None:
    definition, decorators = _unwrap(node)
    if definition is None or definition.type != "class_definition":
        return None
    body = definition.child_by_field_name("body")
    name = r.of(definition.child_by_field_name("name"))
    header_end = r.start(body) if body is not None else r.end(definition)
    signature = r.text[r.start(definition):header_end].rstrip()
    sup = definition.child_by_field_name("superclasses")
    bases = tuple(r.of(a) for a in sup.named_children if a.type != "comment") if sup is not None else ()
    method_nodes = [c for c in (body.named_children if body is not None else [])
                    if _unwrap(c)[0] is not None and _unwrap(c)[0].type == "function_definition"]
    variables = _class_variables(body, r) if body is not None else []
    variables += _instance_variables(method_nodes, r, {v.name for v in variables})
    start, end = r.start(node), r.end(node)
    return ClassInfo(
        language="python", file=r.ff.file.path, name=name, qualified_name=name,
        start_byte=start, end_byte=end, start_line=r.line(node), end_line=r.end_line(node),
        signature=signature, decorators=tuple(r.of(d) for d in decorators), bases=bases,
        docstring=_docstring(body, r), member_variables=tuple(variables),
        methods=tuple(_method(m, r) for m in method_nodes), kind="class", source=r.text[start:end],
    )


def extract_classes(ff: FileFacts) -> list[ClassInfo]:
    """The file's top-level classes (module level, decorated or not), in source order."""
    r = _Reader(ff)
    out = []
    for child in ff.tree.root_node.named_children:
        if child.type in ("class_definition", "decorated_definition"):
            info = _class(child, r)
            if info is not None:
                out.append(info)
    return out
