"""The TypeScript misses of the held-out batch of 2026-11-26 (connor4312/cockatiel, a tuning case
now), on a fixture written for this test and checked with the real TypeScript compiler:

- object-literal keys typed by a project interface the calling file never imports, passed to
  a project constructor (``new Retry({ attempts: n })``, also in a conditional expression):
  the language service says where each key is declared; they were dropped unless the file
  imported the interface;
- a member of a const whose declared type the project's ``lib`` lacks (``AbortSignal`` without
  the DOM library): the original's receiver is an error type, the dummy class of the stub makes
  ``signal.aborted`` an error, and nothing declares ``aborted``; it was reported as a use.
"""

from __future__ import annotations

import pytest

from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020"]}}\n',
    "src/signals.ts": "export const quietSignal: AbortSignal = new AbortController().signal;\n",
    "src/retry.ts": (
        "import { quietSignal } from './signals';\n"
        "export interface RetryOptions {\n  attempts: number;\n  delay?: number;\n}\n"
        "export interface WaitOptions { strategy: string; strict: boolean }\n"
        "export class Retry {\n"
        "  constructor(readonly options: RetryOptions) {}\n"
        "  run(signal = quietSignal): boolean {\n"
        "    return !signal.aborted && this.options.attempts > 0;\n"
        "  }\n"
        "}\n"
        "export class Wait {\n  constructor(readonly ms: number, readonly options: WaitOptions | string) {}\n}\n"
    ),
    "src/policy.ts": (
        "import { Retry, Wait } from './retry';\n"
        "export function retry(n: number): Retry {\n"
        "  return new Retry({ attempts: n, delay: 5 });\n"
        "}\n"
        "export function wait(ms: number, how: string | { strategy: string; strict: boolean }): Wait {\n"
        "  return new Wait(ms, typeof how === 'string' ? { strategy: how, strict: false } : how);\n"
        "}\n"
    ),
}


def test_literal_keys_of_an_unimported_project_interface_and_no_undeclared_member(tmp_path):
    _, _, usages, report = _build(tmp_path, FILES)
    keys = {(u.line, u.member, u.definition_file) for u in usages if u.file == "src/policy.ts" and u.member}
    assert keys == {(3, "attempts", "src/retry.ts"), (3, "delay", "src/retry.ts"),
                    (6, "strategy", "src/retry.ts"), (6, "strict", "src/retry.ts")}, keys
    assert not [u for u in usages if u.member == "aborted"]
    assert report.counts["usages/member_without_declaration"] == 1
