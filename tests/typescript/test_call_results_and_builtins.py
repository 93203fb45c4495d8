"""Members of values the file never names the type of, and members a project class inherits
from the ES library (issue 28, found on a schema-validation library: ``lazy(mapper).validate``,
``object({...}).validate``, a ``Result`` narrowed to ``Failure``, ``store.size`` on a class
extending ``Map``, ``err.message`` on a class extending ``Error``, the span of
``Schema.prototype.clone``). The fixture repository is written for these tests and checked with
the real TypeScript compiler.
"""

from __future__ import annotations

import pytest

from crossfile_datasets.analyzers.graph import build_graph, definition_node_for_usage, definition_span
from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020"}}\n',
    "src/lazy.ts": (
        "export class Lazy {\n"
        "  constructor(readonly build: () => number) {}\n"
        "  validate(value: number): boolean { return value === this.build() }\n"
        "  describe(): string { return 'lazy' }\n"
        "}\n"
        "export function lazy(build: () => number): Lazy {\n"
        "  return new Lazy(build);\n"
        "}\n"
    ),
    "src/result.ts": (
        "export interface Success { ok: true; value: number }\n"
        "export interface Failure { ok: false; error: string }\n"
        "export type Result = Success | Failure;\n"
        "export function run(n: number): Result {\n"
        "  return n > 0 ? { ok: true, value: n } : { ok: false, error: 'negative' };\n"
        "}\n"
    ),
    "src/store.ts": (
        "export class MemoryStore extends Map<string, number> {\n"
        "  total(): number { let t = 0; this.forEach((v) => { t += v; }); return t }\n"
        "}\n"
        "export class StoreError extends Error {\n"
        "  readonly code = 7;\n"
        "}\n"
    ),
    "src/schema.ts": (
        "export default class Schema {\n"
        "  clone(): Schema { return new Schema() }\n"
        "}\n"
    ),
    "src/mixed.ts": "import Schema from './schema';\nexport default class Mixed extends Schema {}\n",
    "src/arrays.ts": "export function frequency(items: number[], x: number): number {\n  return items.filter((i) => i === x).length;\n}\n",
    "src/index.ts": "import * as _arrays from './arrays';\nexport var arrays = _arrays;\n",
    "app/main.ts": (
        "import { lazy } from '../src/lazy';\n"
        "import { run } from '../src/result';\n"
        "import { MemoryStore, StoreError } from '../src/store';\n"
        "import Mixed from '../src/mixed';\n"
        "import * as lib from '../src/index';\n"
        "\n"
        "export function check(n: number): string {\n"
        "  const ok = lazy(() => n).validate(n);\n"                    # 8: validate of a call's value
        "  const result = run(n);\n"
        "  if (!result.ok) {\n"                                        # 10: ok (a union member)
        "    return result.error;\n"                                   # 11: error (narrowed to Failure)
        "  }\n"
        "  const store = new MemoryStore();\n"
        "  store.set('a', 1);\n"                                       # 14: Map's, not the project's
        "  const err = new StoreError('x');\n"
        "  const text = err.message + err.code + store.size + store.total();\n"  # 16
        "  const base = Mixed.prototype.clone;\n"                     # 17
        "  const times = lib.arrays.frequency([n], n);\n"              # 18: through a barrel variable
        "  return `${ok} ${text} ${base} ${times}`;\n"
        "}\n"
        "export function misuse(): boolean {\n"
        "  // @ts-expect-error testing a wrong argument\n"
        "  return lazy('x').validate(1);\n"                          # 23: lazy under a directive
        "}\n"
    ),
}


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    _, facts, usages, report = _build(tmp_path_factory.mktemp("ts28"), FILES)
    return facts, [u for u in usages if u.file == "app/main.ts"], report


def test_members_of_call_results_and_narrowed_unions(built):
    _, usages, _ = built
    found = {(u.line, u.member, u.definition_file, u.definition_symbol) for u in usages if u.member}
    assert (8, "validate", "src/lazy.ts", "Lazy.validate") in found
    assert (11, "error", "src/result.ts", "Failure.error") in found
    validate = next(u for u in usages if u.member == "validate")
    assert validate.imported_name == "Lazy" and validate.mode == "definition"
    # a `// @ts-expect-error` line above silences every error of the line, the removed import's too
    assert any(u.line == 23 and u.imported_name == "lazy" and u.member is None for u in usages)
    frequency = next(u for u in usages if u.member == "frequency")
    assert (frequency.line, frequency.imported_name, frequency.definition_file) == (18, "lib", "src/arrays.ts")


def test_members_inherited_from_the_library_are_not_cross_file(built):
    _, usages, report = built
    members = {(u.line, u.member) for u in usages if u.member}
    assert (14, "set") not in members and (16, "message") not in members and (16, "size") not in members
    assert (16, "code") in members and (16, "total") in members
    assert report.counts["usages/member_of_external_base"] >= 2


def test_definition_span_of_a_member_read_through_prototype(built):
    facts, usages, _ = built
    clone = next(u for u in usages if u.member == "clone")
    graph = build_graph("ts28", "typescript", facts, usages)
    span = definition_span(graph, definition_node_for_usage(graph, clone), clone.definition_line)
    assert (clone.definition_file, clone.definition_symbol) == ("src/schema.ts", "Schema.clone")
    assert span is not None and span["start_line"] == 2
