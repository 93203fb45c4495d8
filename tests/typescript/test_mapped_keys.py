"""The TypeScript misses of held-out 15 (unjs/consola, a tuning case now), on a fixture written
for this test and checked with the real TypeScript compiler:

- a member of a mapped type over a union of project keys (``LogLevels: Record<LogType, number>``,
  ``colors as Record<keyof typeof colorDefs, F>``, ``Record<(typeof LEVELS)[number], ...>``)
  has no declaration node: the language service answered nothing, and the use was dropped as
  ``usages/member_without_declaration``. The key is declared where the project writes it: the
  receiver's object literal, else the key type's text;
- a method written in an object literal typed by a project interface (``const r: Reporter =
  { log(o) {...} }``) was never asked about, while the same key as ``log: (o) => ...`` was;
- an export of a module loaded by ``import("./prompt")``, read as ``m.prompt``, was skipped: a
  module-level answer counted only through a namespace import.
"""

from __future__ import annotations

import pytest

from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020"]}}\n',
    "src/levels.ts": (
        'export type Level = "quiet" | "debug" | "loud";\n'
        "export const Levels: Record<Level, number> = {\n"
        "  quiet: 0,\n"
        "  debug: 4,\n"
        "  loud: 9,\n"
        "};\n"
        'export const LEVEL_NAMES = ["low", "high"] as const;\n'
        "export type Named = (typeof LEVEL_NAMES)[number];\n"
        "export function makeNamed(): Record<Named, string> {\n"
        "  return { low: 'l', high: 'h' };\n"
        "}\n"
        "export const named = makeNamed();\n"
        "export const counts: Record<string, number> = {};\n"
    ),
    "src/color.ts": (
        "const colorDefs = {\n  gray: 90,\n  cyan: 36,\n};\n"
        "export type ColorName = keyof typeof colorDefs;\n"
        "export type Paint = (text: string) => string;\n"
        "function create(): Record<string, Paint> {\n"
        "  return Object.fromEntries(Object.keys(colorDefs).map((k) => [k, (t: string) => t]));\n"
        "}\n"
        "export const colors = create() as Record<ColorName, Paint>;\n"
    ),
    "src/prompt.ts": "export async function prompt(text: string): Promise<string> {\n  return text;\n}\n",
    "src/types.ts": (
        "export interface Reporter {\n"
        "  log(message: string): void;\n"
        "}\n"
    ),
    "src/use.ts": (
        "import { Levels, named, counts } from './levels';\n"
        "import { colors } from './color';\n"
        "import type { Reporter } from './types';\n"
        "export const threshold = Levels.debug;\n"
        "export const painted = colors.gray('x');\n"
        "export const high = named.high;\n"
        "export const other = counts.anything;\n"
        "export const reporter: Reporter = {\n"
        "  log(message) {\n"
        "    console.log(message);\n"
        "  },\n"
        "};\n"
        "export const ask = (t: string) => import('./prompt').then((m) => m.prompt(t));\n"
    ),
}


def test_members_of_mapped_key_types_and_object_literal_methods(tmp_path):
    _, _, usages, report = _build(tmp_path, FILES)
    got = {(u.line, u.member, u.definition_file, u.definition_line) for u in usages
           if u.file == "src/use.ts" and u.member}
    # the receiver's own literal declares `debug` (line 4 of levels.ts); `gray` is the property
    # of `colorDefs` behind `keyof typeof`; `high` the element of `LEVEL_NAMES` behind
    # `(typeof LEVEL_NAMES)[number]`; `log` the interface's method
    assert (4, "debug", "src/levels.ts", 4) in got, got
    assert (5, "gray", "src/color.ts", 2) in got, got
    assert (6, "high", "src/levels.ts", 7) in got, got
    assert (9, "log", "src/types.ts", 2) in got, got
    # a module loaded by `import()`: its export read on the module object
    assert (13, "prompt", "src/prompt.ts", 1) in got, got
    # a member of an index signature is declared by no key: not a use of a project key
    assert not [g for g in got if g[1] == "anything"], got
    assert not [k for k in report.samples.get("usages/member_without_declaration", [])
                if any(m in str(k) for m in ("debug", "gray", "high"))]
