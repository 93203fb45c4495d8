"""Cross-file usages with the real TypeScript compiler on small fixture repositories.

Positives (both modifications, barrels, path aliases, namespaces, JSX, DOM-named classes,
masked uses recovered by later rounds) and negatives (built-ins, same-file members, shadowed
names, packages without node_modules, second uses), plus bad input that must be counted and
never raise: a syntax error, a broken tsconfig, a checker time-out, TypeScript not installed.
"""

from __future__ import annotations

import json

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.analyzers.run import MissingToolError
from crossfile_datasets.analyzers.tsc import run_tsc_project
from crossfile_datasets.core import constants as C
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.typescript.tsconfig import checker_options, load_config
from tests.conftest import write_tree

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

LIB = {
    "tsconfig.json": '{\n  // no "lib": the DOM library must not be used\n  "compilerOptions": {"strict": true, "baseUrl": ".", "paths": {"@lib": ["lib/index.ts"]},},\n}\n',
    "lib/money.ts": (
        "export class Money {\n"
        "  constructor(readonly cents: number) {}\n"
        "  static of(amount: number): Money { return new Money(Math.round(amount * 100)) }\n"
        "  plus(other: Money): Money { return new Money(this.cents + other.cents) }\n"
        "  format(): string { return (this.cents / 100).toFixed(2) }\n"
        "}\n"
    ),
    "lib/http.ts": "export class Request {\n  constructor(readonly url: string) {}\n  header(name: string): string { return name }\n}\n",
    "lib/box.ts": "export class Box<T> {\n  constructor(readonly value: T) {}\n  open(): T { return this.value }\n}\n",
    "lib/util.ts": "export function slug(text: string): string { return text.toLowerCase() }\n",
    "lib/index.ts": 'export * from "./money";\nexport { Request } from "./http";\n',
    "ui/jsx.d.ts": "declare namespace JSX { interface Element { tag: string } interface IntrinsicElements { [t: string]: any } }\n",
    "ui/Badge.tsx": "export function Badge(props: { text: string }): JSX.Element { return <b>{props.text}</b> }\n",
}

MAIN = (
    'import { Money, Request } from "@lib";\n'
    'import { Box } from "../lib/box";\n'
    'import * as util from "../lib/util";\n'
    'import express from "express";\n'
    "\n"
    "const price = Money.of(3);\n"
    "const shown = price.plus(price).format();\n"
    'const request = new Request("/x"); request.header("accept");\n'
    "const biggest = Math.max(1, 2); const doubled = [1, 2].map((x) => x * 2).join(',');\n"
    "class Local { run(): number { return 1 } }\n"
    "const ran = new Local().run();\n"
    "function shadow(Money: number): number { return Money + 1 }\n"
    "const again = Money.of(4);\n"
    "const box: Box<number> = new Box(1); box.open();\n"
    'const s = util.slug("A");\n'
    "const app = express();\n"
    "export { Box };\n"
)

VIEW = 'import { Badge } from "./Badge";\n\nexport const view = <Badge text="hi" />;\n'


def _build(tmp_path, files: dict[str, str], language=None):
    write_tree(tmp_path, files)
    language = language or get_language(Lang.TYPESCRIPT)
    repo = Repository("fixture", tmp_path, str(tmp_path), "", "MIT")
    report = BuildReport()
    sources, _ = list_sources(repo, language, report)
    facts = language.analyze_files(str(tmp_path), sources)
    return language, facts, language.find_usages(repo, facts, report), report


def _keys(usages, file):
    return {(u.line, u.imported_name, u.member, u.mode) for u in usages if u.file == file}


def test_positives_and_negatives(tmp_path):
    _, _, usages, report = _build(tmp_path, {**LIB, "app/main.ts": MAIN, "ui/View.tsx": VIEW})
    got = _keys(usages, "app/main.ts")
    expected_remove = {(6, "Money", None), (8, "Request", None), (14, "Box", None), (13, "Money", None)}
    assert {(l, n, m) for l, n, m, mode in got if mode == "remove"} == expected_remove
    expected_dummy = {(6, "Money", "of"), (7, "Money", "plus"), (7, "Money", "format"), (8, "Request", "header"),
                      (14, "Box", "open"), (15, "util", "slug"), (13, "Money", "of")}
    assert {(l, n, m) for l, n, m, mode in got if mode == "dummy_class"} == expected_dummy
    # nothing on the lines of built-ins, same-file members, shadowed names, the missing package,
    # a re-export of an imported name
    assert not {l for l, *_ in got} & {9, 10, 11, 12, 16, 17}
    assert _keys(usages, "ui/View.tsx") == {(3, "Badge", None, "remove")}

    by_key = {(u.line, u.imported_name, u.member): u for u in usages if u.file == "app/main.ts"}
    of = by_key[(6, "Money", "of")]
    assert (of.column, of.code, of.round, of.definition_file, of.definition_symbol) == (20, "TS2339", 1, "lib/money.ts", "Money.of")
    assert "typeof Money" in of.message
    # masked behind `Money.of(3)` (an error type): recovered by the second and third rounds
    assert by_key[(7, "Money", "plus")].round == 2 and by_key[(7, "Money", "format")].round == 3
    assert by_key[(14, "Box", "open")].round == 2  # `Box<number>` on a non-generic dummy hid it
    # a project class named like a DOM global is missing once its import is removed (no DOM lib)
    assert by_key[(8, "Request", None)].message.startswith("Cannot find name 'Request'.")
    assert by_key[(15, "util", "slug")].definition_file == "lib/util.ts"
    # through a namespace import the removed import's use is the member, not the module
    # (both modes find it at the same place: one usage is kept)
    assert {(u.column, u.member) for u in usages if u.file == "app/main.ts" and u.line == 15} == {(15, "slug")}
    assert by_key[(6, "Money", None)].definition_file == "lib/money.ts"  # chased through the barrel

    firsts = first_uses(usages)
    assert sum(1 for u in firsts if u.file == "app/main.ts" and (u.imported_name, u.member) == ("Money", "of")) == 1
    assert not any(u.line == 13 for u in firsts)  # second uses produce no example
    assert report.metrics["usages_by_round/dummy_class_round_2"] >= 2
    assert report.metrics["checker/tsc_checks"] > 0


def test_bad_input_is_counted_not_fatal(tmp_path):
    files = {
        **LIB,
        "tsconfig.json": '{"compilerOptions": {"strict": true,, "paths": ',  # broken: defaults are used
        "app/ok.ts": 'import { Money } from "../lib/money";\nexport const total = Money.of(1).cents;\n',
        "app/broken.ts": 'import { Money } from "../lib/money";\nconst x = Money.of(;\n',
        "app/plain.js": 'import { Money } from "../lib/money";\nMoney.of(1);\n',
    }
    _, facts, usages, report = _build(tmp_path, files)
    assert report.counts["tsconfig/broken_tsconfig"] == 1
    assert report.counts["files/syntax_error"] == 1
    assert "app/plain.js" not in facts
    assert {u.file for u in usages} == {"app/ok.ts"}
    assert (2, "Money", "of") in {(u.line, u.imported_name, u.member) for u in usages}


def test_typescript_5_forms_the_grammar_lacks_are_not_syntax_errors(tmp_path):
    """``export type * from`` (TypeScript 5.0) and variance modifiers (4.7) parse as errors in
    tree-sitter-typescript 0.23: the entry point holding them was dropped as ``files/syntax_error``
    with all its uses (unjs/ofetch's ``src/index.ts``, held-out 14)."""
    files = {
        **LIB,
        "lib/shapes.ts": "export interface Shape<in out T> { area(): T }\nexport type Unit = 'cm';\n",
        "lib/types.ts": 'export type * from "./shapes";\n',
        "app/entry.ts": (
            'export type * from "../lib/types";\n'
            'import { Money } from "../lib/money";\n'
            'import type { Shape } from "../lib/types";\n'
            "export const price = Money.of(2);\n"
            "export function size<out T>(s: Shape<T>): T { return s.area() }\n"
        ),
    }
    _, facts, usages, report = _build(tmp_path, files)
    assert report.counts["files/syntax_error"] == 0
    assert not any(facts[path].has_syntax_error for path in ("app/entry.ts", "lib/types.ts", "lib/shapes.ts"))
    found = {(line, name, member) for line, name, member, _ in _keys(usages, "app/entry.ts")}
    assert {(4, "Money", "of"), (5, "Shape", "area")} <= found


def test_checker_timeout_is_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(C, "TSC_STARTUP_TIMEOUT", 0.001)
    monkeypatch.setattr(C, "TSC_REQUEST_TIMEOUT", 0.001)
    _, _, usages, report = _build(tmp_path, {**LIB, "app/main.ts": MAIN})
    assert usages == []
    assert report.counts["files/checker_timeout"] == 1


def test_missing_typescript_says_how_to_install(tmp_path, monkeypatch):
    monkeypatch.setenv("CROSSFILE_TYPESCRIPT_DIR", str(tmp_path / "nowhere"))
    with pytest.raises(MissingToolError, match=r"crossfile_datasets.core.toolchain typescript"):
        _build(tmp_path / "repo", {**LIB, "app/main.ts": MAIN})


@pytest.mark.slow
def test_server_agrees_with_one_shot_tsc(tmp_path):
    """The in-memory checker reports exactly what a `tsc -p` process reports for the same file."""
    language, facts, _, _ = _build(tmp_path, {**LIB, "app/main.ts": MAIN})
    ff = facts["app/main.ts"]
    variant = language.stub_variant(ff, "dummy_class")
    (tmp_path / "app" / "main.ts").write_text(variant.text, encoding="utf-8")
    options = checker_options(load_config(tmp_path, "tsconfig.json", []), tmp_path)
    (tmp_path / "tsconfig.check.json").write_text(json.dumps({"compilerOptions": options, "include": ["**/*"]}))
    one_shot = [d.key() for d in run_tsc_project("tsconfig.check.json", cwd=str(tmp_path)) if d.file == "app/main.ts"]
    from crossfile_datasets.lang.typescript import _CheckSession

    session = _CheckSession(language, "fixture", ff.project, facts, BuildReport(), language._shared_server())
    try:
        in_memory = [d.key() for d in session.check("app/main.ts", variant.text)]
    finally:
        session.close()
    assert one_shot and one_shot == in_memory


@pytest.mark.slow
def test_one_node_process_serves_successive_repositories(tmp_path):
    """The warm Node process is reused across repositories; each repository's projects are
    forgotten afterwards, and a repository checked again at the same path sees its new content."""
    from crossfile_datasets.lang.typescript import TypeScriptSupport

    language = TypeScriptSupport()
    first = _build(tmp_path / "one", {**LIB, "app/main.ts": MAIN}, language=language)
    second = _build(tmp_path / "two", {**LIB, "app/main.ts": MAIN}, language=language)
    assert first[2] and [u.line for u in first[2]] == [u.line for u in second[2]]
    assert first[3].metrics["checker/tsc_node_starts"] == 1 and second[3].metrics.get("checker/tsc_node_starts", 0) == 0
    server = language._shared_server()
    assert not server._projects  # forgotten
    shifted = _build(tmp_path / "one", {**LIB, "app/main.ts": "\n" + MAIN}, language=language)  # same path, new text
    assert [u.line for u in shifted[2]] == [u.line + 1 for u in first[2]]
    server.close()


def test_members_of_awaited_values_are_found_when_the_project_lib_names_no_es_library(tmp_path):
    """A ``lib`` of DOM/WebWorker only (unjs/h3): ``Promise`` must exist for the checker or the
    members of ``await load()`` are untyped and lost without a diagnostic (held-out 16)."""
    files = {
        "tsconfig.json": '{"compilerOptions": {"strict": true, "lib": ["WebWorker", "DOM"]}}\n',
        "src/session.ts": (
            "export class Session {\n  constructor(readonly id: string) {}\n"
            "  update(data: string): string { return this.id + data }\n}\n"
            'export async function load(): Promise<Session> { return new Session("a") }\n'
        ),
        "src/main.ts": (
            'import { load } from "./session";\n'
            "export async function run(): Promise<string> {\n"
            "  const session = await load();\n"
            '  return session.update("x");\n'
            "}\n"
        ),
    }
    _, _, usages, _ = _build(tmp_path, files)
    members = {(u.line, u.member) for u in usages if u.file == "src/main.ts" and u.member}
    assert (4, "update") in members
