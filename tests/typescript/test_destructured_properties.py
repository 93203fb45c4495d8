"""The TypeScript miss of the held-out batch of 2026-11-27b (immerjs/immer, a tuning case now),
on a fixture written for this test and checked with the real TypeScript compiler: a property
taken by object destructuring is a use of the property, also in a callback whose parameter is
typed only by its context (``scope.callbacks.push(function done(root) { const {plugin} = root })``)
and in a destructured parameter; ``{ name: alias }`` was found, the shorthand ``{ name }`` was not.
"""

from __future__ import annotations

import pytest

from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020"]}}\n',
    "src/scope.ts": (
        "export interface Plugin { emit(path: string[]): void }\n"
        "export interface Scope {\n"
        "  plugin?: Plugin;\n"
        "  drafts: number;\n"
        "  callbacks: ((root: Scope) => void)[];\n"
        "}\n"
        "export function newScope(): Scope {\n"
        "  return { drafts: 0, callbacks: [] };\n"
        "}\n"
    ),
    "src/finish.ts": (
        "import { newScope } from './scope';\n"
        "export function finish(): number {\n"
        "  const scope = newScope();\n"
        "  scope.callbacks.push(function done(root) {\n"
        "    const {plugin} = root;\n"                               # 5: plugin (shorthand)
        "    if (plugin) plugin.emit([]);\n"                         # 6: emit
        "  });\n"
        "  const {drafts: count} = scope;\n"                         # 8: drafts (renamed)
        "  return count;\n"
        "}\n"
        "export function total({drafts}: ReturnType<typeof newScope>): number {\n"  # 11: drafts (parameter)
        "  const {length} = [1, 2];\n"                               # 12: an array's own member: not the project's
        "  return drafts + length;\n"
        "}\n"
    ),
}


def test_destructured_properties_are_uses_of_the_property(tmp_path):
    _, _, usages, _ = _build(tmp_path, FILES)
    members = {(u.line, u.member, u.definition_file) for u in usages if u.file == "src/finish.ts" and u.member}
    assert {(5, "plugin", "src/scope.ts"), (8, "drafts", "src/scope.ts"),
            (11, "drafts", "src/scope.ts")} <= members, members
    assert not [m for m in members if m[1] == "length"], members
