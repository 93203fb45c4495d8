"""Stand-in declarations for the packages a TypeScript project imports but the checker lacks.

The checker sees the repository's files and TypeScript's own library, never ``node_modules``: an
import of a package resolves nowhere (TS2307) and its names are ``any``. ``any`` absorbs every
type it meets, so a project type that intersects one of them is ``any`` too: planttheidea/moize's
``Moized = Memoized<F> & {cache; options; set; ...}`` (``Memoized`` from the absent
``micro-memoize``) made ``memoized.cache`` a member of ``any``, declared nowhere, and no use
(2026-11-28e held-out, a tuning case since 2026-11-28f).

So each absent package gets a stand-in module in the checker's file system only (under the
repository's ``node_modules/@types``, which the walker never sends): a name every import of which is
type-only (``import type``, an inline ``type``, any import in a ``.d.ts`` file) becomes a type
``unknown`` (``unknown & X`` is ``X``), with enough defaulted type parameters for any use;
a name imported as a value stays ``any``, as a value and as a type, and a default import is an
``any`` value: what the checker saw without the stand-in. A package imported whole
(``import * as ns``, ``import x = require(...)``) or re-exported gets no stand-in: a namespace of
unknown members stays ``any``.
"""

from __future__ import annotations

import posixpath
import re
from typing import Iterable

from crossfile_datasets.lang.typescript.syntax import RawImport

# the type-declaration folder every module resolution (classic, node10, bundler) looks in for a
# bare specifier; ``node_modules/<pkg>`` alone is never looked at by ``classic`` (the default
# when ``module`` is an ES module kind)
STANDIN_FOLDER = "node_modules/@types"
# type parameters a stand-in type accepts (each defaulted): more than any real alias takes
STANDIN_TYPE_PARAMETERS = 8
_PACKAGE = re.compile(r"^(?:@[A-Za-z0-9_.~-]+/)?[A-Za-z0-9_.~-]+(?:/[A-Za-z0-9_.~-]+)*$")
_IDENTIFIER = re.compile(r"^[A-Za-z_$][A-Za-z0-9_$]*$")


def _absent(specifier: str) -> bool:
    """A bare package specifier (``pkg``, ``@scope/pkg``, ``pkg/sub``), not a path nor ``node:``."""
    return (not specifier.startswith((".", "/")) and ".." not in specifier.split("/")
            and bool(_PACKAGE.match(specifier)))


def _types_name(specifier: str) -> str:
    """The folder of a package's types under ``@types``: ``@scope/pkg/sub`` -> ``scope__pkg/sub``."""
    if specifier.startswith("@"):
        scope, rest = specifier[1:].split("/", 1)
        package, _, sub = rest.partition("/")
        return f"{scope}__{package}" + (f"/{sub}" if sub else "")
    return specifier


def stand_ins(imports: Iterable[tuple[str, RawImport, bool]], reexported: Iterable[str] = ()) -> dict[str, str]:
    """``{repository path: text}`` of the stand-in modules. ``imports``: (importing file, raw
    import, whether it resolved to a project file), over every source and declaration file;
    ``reexported``: the specifiers of ``export ... from`` statements (no stand-in for them)."""
    whole: set[str] = set(reexported)
    names: dict[str, dict[str, bool]] = {}  # specifier -> imported name -> every import type-only
    for path, raw, resolved in imports:
        if resolved or not _absent(raw.specifier):
            continue
        seen = names.setdefault(raw.specifier, {})
        if raw.kind == "namespace":
            whole.add(raw.specifier)
        elif raw.kind == "symbol":
            type_only = raw.type_only or path.endswith((".d.ts", ".d.mts", ".d.cts"))
            seen[raw.imported_name] = seen.get(raw.imported_name, True) and type_only
    out = {}
    for specifier, imported in sorted(names.items()):
        if specifier in whole or not any(type_only for type_only in imported.values()):
            continue  # nothing would change: every name stays `any`
        params = ", ".join(f"T{i} = any" for i in range(STANDIN_TYPE_PARAMETERS))
        lines = ["// a stand-in of an absent package (crossfile-datasets): its types unknown, its values any"]
        for name, type_only in sorted(imported.items()):
            if name == "default":
                lines.append("declare const __standin_default: any;\nexport default __standin_default;")
            elif not _IDENTIFIER.match(name):
                continue
            elif type_only:
                lines.append(f"export type {name}<{params}> = unknown;")
            else:
                lines.append(f"export declare const {name}: any;\nexport type {name}<{params}> = any;")
        out[posixpath.join(STANDIN_FOLDER, _types_name(specifier), "index.d.ts")] = "\n".join(lines) + "\n"
    return out
