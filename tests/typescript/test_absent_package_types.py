"""Members of a project type that intersects a type of an absent package (issue 28; the shape of
planttheidea/moize's ``Moized = Memoized<F> & {cache; options; set}``, ``Memoized`` from the
uninstalled ``micro-memoize``, a tuning case since 2026-11-28f; fixture written for this test,
checked with the real TypeScript compiler).

The checker has no ``node_modules``: ``Memoized`` was ``any``, ``any & {...}`` is ``any``, so
``memoized.cache`` was declared nowhere (``usages/member_without_declaration``) and no use. The
absent package now has a stand-in module (``lang/typescript/standins.py``) whose type-only names
are ``unknown``: the intersection is the project's object type again.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.lang.typescript.standins import stand_ins
from crossfile_datasets.lang.typescript.syntax import RawImport
from crossfile_datasets.core.records import Span
from tests.typescript.test_typescript_tsc import _build

SPAN = Span(0, 0, 0, 0, 0, 0)


def _raw(local: str, imported: str, kind: str, spec: str, type_only: bool = False) -> RawImport:
    return RawImport(local, imported, kind, spec, SPAN, type_only)


def test_stand_ins_declare_type_only_names_unknown_and_values_any():
    got = stand_ins([
        ("index.d.ts", _raw("BaseMemoized", "Memoized", "symbol", "micro-memoize"), False),
        ("src/a.ts", _raw("memoize", "default", "symbol", "micro-memoize"), False),
        ("src/a.ts", _raw("Options", "Options", "symbol", "micro-memoize", type_only=True), False),
        ("src/a.ts", _raw("Options", "Options", "symbol", "micro-memoize"), False),  # also a value import
        ("src/b.ts", _raw("React", "*", "namespace", "react"), False),
        ("src/b.ts", _raw("FC", "FC", "symbol", "react", type_only=True), False),  # imported whole too: none
        ("src/c.ts", _raw("equal", "deepEqual", "symbol", "fast-equals"), False),  # values only: none
        ("src/c.ts", _raw("Local", "Local", "symbol", "./local", type_only=True), True),
        ("src/c.ts", _raw("Hook", "Hook", "symbol", "@scope/pkg/sub", type_only=True), False),
        ("src/c.ts", _raw("Url", "URL", "symbol", "node:url", type_only=True), False),  # not a folder name
        ("src/c.ts", _raw("Thing", "Thing", "symbol", "re-exported", type_only=True), False),
    ], reexported=["re-exported"])
    assert sorted(got) == ["node_modules/@types/micro-memoize/index.d.ts", "node_modules/@types/scope__pkg/sub/index.d.ts"]
    memo = got["node_modules/@types/micro-memoize/index.d.ts"]
    assert "export type Memoized<T0 = any," in memo and "> = unknown;" in memo
    assert "export declare const Options: any;" in memo and "export default __standin_default;" in memo
    assert "export type Options<T0 = any, T1 = any, T2 = any, T3 = any, T4 = any, T5 = any, T6 = any, T7 = any> = any;" in memo


FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020"]}}\n',
    "index.d.ts": (
        "import { Memoized as BaseMemoized } from 'micro-memoize';\n"
        "export type Options = { maxSize?: number };\n"
        "export type Moized<F = any> = BaseMemoized<F> & {\n"
        "  cache: string[];\n"
        "  options: Options;\n"
        "  set: (key: string) => void;\n"
        "};\n"
    ),
    "src/maxSize.ts": (
        "import memoize from 'micro-memoize';\n"
        "import type { Moized } from '../index.d';\n"
        "export function sizeOf(moized: Moized): number {\n"
        "  moized.set('k');\n"
        "  const { options: { maxSize } } = moized;\n"
        "  return moized.cache.length + (maxSize || 0) + memoize.anything;\n"
        "}\n"
    ),
}


@pytest.mark.tsc
@pytest.mark.usefixtures("typescript_tool")
def test_members_of_an_intersection_with_an_absent_package_type(tmp_path):
    _, _, usages, report = _build(tmp_path, FILES)
    got = {(u.line, u.member, u.definition_file) for u in usages if u.file == "src/maxSize.ts" and u.member}
    assert {(4, "set", "index.d.ts"), (6, "cache", "index.d.ts")} <= got, got
    assert not [u for u in usages if u.member == "anything"]  # the default import stays `any`
    assert report.metrics["checker/tsc_package_stand_ins"] == 1
