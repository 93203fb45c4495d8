"""Shorthand keys of an object literal typed by a project type (issue 28; the shape of
planttheidea/moize's ``expirations.push({ expirationMethod, key, timeoutId: ... })`` onto an
``Expiration[]``, a tuning case since 2026-11-28f; fixture written for this test, checked with the
real TypeScript compiler).

Shorthand keys (``{ key }``) were never asked about: only ``key: value`` pairs were. The language
service declares a shorthand key twice, by the local value first (this file) and by the property
of the object type it is given to: the property is the use.
"""

from __future__ import annotations

import pytest

from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020"]}}\n',
    "src/types.ts": (
        "export type Expiration = {\n"
        "  expirationMethod: () => void;\n"
        "  key: string[];\n"
        "  timeoutId: number;\n"
        "};\n"
    ),
    "src/maxAge.ts": (
        "import type { Expiration } from './types';\n"
        "export function expire(expirations: Expiration[], key: string[]): void {\n"
        "  const expirationMethod = () => {};\n"
        "  const label = 'x';\n"
        "  expirations.push({\n"
        "    expirationMethod,\n"
        "    key,\n"
        "    timeoutId: 3,\n"
        "  });\n"
        "  const loose = { label };\n"
        "  console.log(loose);\n"
        "}\n"
    ),
}


def test_shorthand_keys_are_uses_of_the_property_they_fill(tmp_path):
    _, _, usages, _ = _build(tmp_path, FILES)
    keys = {(u.line, u.member, u.definition_file) for u in usages if u.file == "src/maxAge.ts" and u.member}
    assert {(6, "expirationMethod", "src/types.ts"), (7, "key", "src/types.ts"),
            (8, "timeoutId", "src/types.ts")} <= keys, keys
    assert not [u for u in usages if u.member == "label" or u.definition_file == "src/maxAge.ts"]


# `key` revealed by the stub (TS2353: the dummy `Expiration` got members back in a later round, so
# the literal's excess keys are reported): the service's first answer for the shorthand is the
# local parameter `key`, which made `src/maxAge.ts` the definition (moize `src/maxAge.ts:123`)
REVEALED = {
    **FILES,
    "src/types.ts": "export type Key = string[];\n" + FILES["src/types.ts"].replace("key: string[]", "key: Key"),
    "src/maxAge.ts": FILES["src/maxAge.ts"]
    .replace("import type { Expiration } from './types';", "import type { Expiration, Key } from './types';")
    .replace("key: string[]", "key: Key")
    .replace("  const expirationMethod = () => {};",
             "  clearTimeout(expirations[0].timeoutId);\n  expirations[0].expirationMethod();\n"
             "  const expirationMethod = () => {};"),
}


def test_a_shorthand_key_revealed_by_the_stub_is_defined_by_the_property(tmp_path):
    _, _, usages, _ = _build(tmp_path, REVEALED)
    key = [u for u in usages if u.file == "src/maxAge.ts" and u.member == "key"]
    assert [(u.line, u.definition_file) for u in key] == [(9, "src/types.ts")], key
