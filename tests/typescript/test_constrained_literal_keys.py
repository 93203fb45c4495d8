"""Keys of an object literal given to a parameter typed by a type parameter constrained by a
project options type (issue 28; the shape of planttheidea/moize's ``moizer({ maxArgs: 2,
isShallowEqual: true, ...options, isReact: false })`` with ``moizer: Moize`` and the call
signature ``<PassedOptions extends Options<Moizeable>>(options: PassedOptions)``, a tuning case
since 2026-11-28f; fixture written for this test, checked with the real TypeScript compiler).

Once ``PassedOptions`` is inferred from the literal, the language service says the literal itself
declares each key: no other file, no use. The key fills the constraint's property: the
contextual type without inference from the literal (as completions see it) declares it.
"""

from __future__ import annotations

import pytest

from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020"]}}\n',
    "src/types.ts": (
        "export type Options = Partial<{\n"
        "  maxArgs: number;\n"
        "  isReact: boolean;\n"
        "}>;\n"
        "export interface Moize {\n"
        "  <PassedOptions extends Options>(options: PassedOptions): PassedOptions;\n"
        "}\n"
        "export function loose<T>(value: T): T {\n"
        "  return value;\n"
        "}\n"
    ),
    "src/component.ts": (
        "import type { Moize, Options } from './types';\n"
        "import { loose } from './types';\n"
        "export function create(moizer: Moize, options: Options) {\n"
        "  const made = moizer({\n"
        "    maxArgs: 2,\n"
        "    ...options,\n"
        "    isReact: false,\n"
        "  });\n"
        "  return [made, loose({ maxArgs: 3 })];\n"
        "}\n"
    ),
}


def test_keys_given_to_a_constrained_type_parameter_are_uses(tmp_path):
    _, _, usages, _ = _build(tmp_path, FILES)
    keys = {(u.line, u.member, u.definition_file) for u in usages if u.file == "src/component.ts" and u.member}
    assert {(5, "maxArgs", "src/types.ts"), (7, "isReact", "src/types.ts")} <= keys, keys
    assert not [u for u in usages if u.file == "src/component.ts" and u.line == 9 and u.member]  # unconstrained T
