"""A repository's Java types: source roots, fully qualified names, name resolution, members.

javac finds a class on the sourcepath by its package directories, so a repository's source roots
are the folders a file's path has left once its package directories are taken off
(``mod/src/main/java`` for ``mod/src/main/java/a/b/C.java`` declaring ``package a.b``). Maven and
Gradle layouts, several roots per repository (``src/main/java`` + ``src/test/java``, modules) and
plain layouts all come out of that rule; files whose path does not match their package give no
root (javac cannot find them either).

Names are resolved like javac does for the cases that matter here: types declared in the file,
single-type imports, the file's own package (any root), on-demand imports, then fully qualified
names; nested types by their enclosing type. A fully qualified name defined by two files is
ambiguous (two modules with the same class): it is never resolved.
"""

from __future__ import annotations

from typing import Iterator, Mapping

from crossfile_datasets.core.records import ImportBinding
from crossfile_datasets.lang.java.syntax import JavaFileFacts, TypeDecl, strip_type_arguments

TypeRef = tuple[str, TypeDecl]  # (repo-relative path of the defining file, the declaration)


def source_root(path: str, package: str) -> str | None:
    """The source root of ``path`` declaring ``package`` ('' = repository root), None on mismatch."""
    directory = path.rsplit("/", 1)[0] if "/" in path else ""
    if not package:
        return directory
    suffix = package.replace(".", "/")
    if directory == suffix:
        return ""
    if directory.endswith("/" + suffix):
        return directory[: -len(suffix) - 1]
    return None


class JavaProject:
    def __init__(self, facts: Mapping[str, JavaFileFacts]) -> None:
        self.facts = facts
        self.types: dict[str, list[TypeRef]] = {}  # FQN ("a.b.Outer.Inner") -> definitions
        self.packages: dict[str, dict[str, list[str]]] = {}  # package -> top-level simple name -> files
        roots: set[str] = set()
        self.mismatched: list[str] = []
        for path, ff in sorted(facts.items()):
            for t in ff.types:
                fqn = f"{ff.package}.{t.qualified}" if ff.package else t.qualified
                self.types.setdefault(fqn, []).append((path, t))
                if t.top_level:
                    self.packages.setdefault(ff.package, {}).setdefault(t.name, []).append(path)
            root = source_root(path, ff.package)
            if root is None:
                self.mismatched.append(path)
            else:
                roots.add(root)
        self.roots = sorted(roots)
        self.duplicates = {fqn for fqn, refs in self.types.items() if len({p for p, _ in refs}) > 1}
        self.duplicate_files = {p for fqn in self.duplicates for p, _ in self.types[fqn]}

    # ------------------------------------------------------------------------- lookups --
    def type(self, fqn: str) -> TypeRef | None:
        """The unique definition of ``fqn`` (None when unknown or defined twice)."""
        refs = self.types.get(fqn)
        if not refs or fqn in self.duplicates:
            return None
        return refs[0]

    def fqn(self, ref: TypeRef) -> str:
        package = self.facts[ref[0]].package
        return f"{package}.{ref[1].qualified}" if package else ref[1].qualified

    def nested(self, ref: TypeRef, name: str) -> TypeRef | None:
        path, decl = ref
        inner = self.facts[path].type_named(f"{decl.qualified}.{name}")
        return (path, inner) if inner is not None else None

    def package_type(self, package: str, name: str) -> TypeRef | None:
        return self.type(f"{package}.{name}" if package else name)

    def resolve_type(self, ff: JavaFileFacts, written: str) -> TypeRef | None:
        """The project type a name written in ``ff`` denotes ("Foo", "Outer.Inner", "a.b.Foo")."""
        parts = strip_type_arguments(written).split(".")
        head, rest = parts[0], parts[1:]
        ref = self._resolve_simple(ff, head)
        if ref is None and rest:  # fully qualified: the longest prefix that is a project type
            for k in range(len(parts), 1, -1):
                ref = self.type(".".join(parts[:k]))
                if ref is not None:
                    rest = parts[k:]
                    break
        for seg in rest:
            if ref is None:
                return None
            ref = self.nested(ref, seg)
        return ref

    def _resolve_simple(self, ff: JavaFileFacts, name: str) -> TypeRef | None:
        for t in ff.types:
            if t.name == name:
                return ff.file.path, t
        for imp in ff.java_imports:
            if not imp.static and not imp.on_demand and imp.last == name:
                return self.resolve_import_name(imp.name)
        ref = self.package_type(ff.package, name)
        if ref is not None:
            return ref
        for imp in ff.java_imports:
            if imp.on_demand and not imp.static:
                outer = self.resolve_import_name(imp.name)
                ref = self.nested(outer, name) if outer is not None else self.type(f"{imp.name}.{name}")
                if ref is not None:
                    return ref
        return None

    def resolve_import_name(self, dotted: str) -> TypeRef | None:
        """``a.b.Outer.Inner`` -> the (possibly nested) type, whatever part is the package."""
        return self.type(dotted)

    def find_member(self, ref: TypeRef, member: str, _depth: int = 0) -> TypeRef | None:
        """The project type declaring ``member``: ``ref`` itself or a project supertype of it."""
        path, decl = ref
        if member in decl.members:
            return ref
        if _depth > 12:
            return None
        for base in decl.bases:
            base_ref = self.resolve_type(self.facts[path], base)
            if base_ref is not None and base_ref != ref:
                hit = self.find_member(base_ref, member, _depth + 1)
                if hit is not None:
                    return hit
        return None

    def package_classes_used(self, ff: JavaFileFacts, package: str) -> Iterator[tuple[str, TypeRef]]:
        """Top-level types of ``package`` (other files) whose simple name ``ff`` mentions."""
        for name, paths in sorted(self.packages.get(package, {}).items()):
            if name in ff.mentioned and ff.file.path not in paths:
                ref = self.package_type(package, name)
                if ref is not None:
                    yield name, ref

    # ------------------------------------------------------------------------- imports --
    def import_bindings(self, ff: JavaFileFacts) -> list[ImportBinding]:
        """Every import of ``ff`` as bindings; project targets resolved (see ``ImportBinding``).

        An on-demand import of a project package also yields one ``symbol`` binding per class of
        that package the file mentions (and that no closer declaration shadows), so the graph
        and the retrievers see which project files it really draws on.
        """
        out: list[ImportBinding] = []
        single = {imp.last for imp in ff.java_imports if not imp.on_demand and not imp.static}
        shadowing = single | ff.declared_names | set(self.packages.get(ff.package, {}))
        for imp in ff.java_imports:
            module = imp.name.rsplit(".", 1)[0] if "." in imp.name else ""
            if not imp.on_demand:
                if imp.static:
                    owner = self.resolve_import_name(module)
                    member = owner and self.find_member(owner, imp.last)
                    symbol = f"{member[1].qualified}.{imp.last}" if member else None
                    target = (member or owner)[0] if (member or owner) else None
                    out.append(ImportBinding(imp.last, imp.name, module, "symbol", imp.statement, target, symbol if target else None))
                else:
                    ref = self.resolve_import_name(imp.name)
                    out.append(ImportBinding(imp.last, imp.name, module, "symbol", imp.statement,
                                             ref[0] if ref else None, ref[1].qualified if ref else None))
                continue
            owner = self.resolve_import_name(imp.name)
            out.append(ImportBinding("*", f"{imp.name}.*", imp.name, "wildcard", imp.statement,
                                     owner[0] if owner else None, owner[1].qualified if owner else None))
            if owner is None and not imp.static and imp.name in self.packages:
                for name, ref in self.package_classes_used(ff, imp.name):
                    if name not in shadowing:
                        out.append(ImportBinding(name, f"{imp.name}.{name}", imp.name, "symbol", imp.statement,
                                                 ref[0], ref[1].qualified))
        return out
