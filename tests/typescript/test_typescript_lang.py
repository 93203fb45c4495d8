"""TypeScript parsing, tsconfig reading, import resolution and the statement-end rule
(tree-sitter only: no compiler needed)."""

from __future__ import annotations

from pathlib import Path

from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.typescript.resolve import ModuleResolver
from crossfile_datasets.lang.typescript.tsconfig import TsConfig, checker_options, load_config, parse_jsonc
from tests.conftest import write_tree

TSCONFIG = """{
  // aliases for the app
  "compilerOptions": {
    "baseUrl": "./src", /* everything is under src */
    "paths": { "@core/*": ["core/*", "legacy/*"], "@app": ["app/index.ts"], },
    "rootDirs": ["src", "generated"],
    "url": "http://example.org//not-a-comment",
  },
  "include": ["src"],
}
"""


def _analyze(tmp_path: Path, files: dict[str, str]):
    write_tree(tmp_path, files)
    language = get_language(Lang.TYPESCRIPT)
    repo = Repository("fixture", tmp_path, str(tmp_path), "", "MIT")
    report = BuildReport()
    sources, _ = list_sources(repo, language, report)
    return language, language.analyze_files(str(tmp_path), sources), report


def test_jsonc_comments_trailing_commas_and_strings():
    data = parse_jsonc(TSCONFIG)
    assert data["compilerOptions"]["paths"]["@core/*"] == ["core/*", "legacy/*"]
    assert data["compilerOptions"]["url"] == "http://example.org//not-a-comment"
    assert data["include"] == ["src"]


def test_config_extends_and_paths_are_repository_relative(tmp_path):
    write_tree(tmp_path, {
        "tsconfig.base.json": '{"compilerOptions": {"strict": true, "lib": ["es2022", "DOM"], "baseUrl": "."}}',
        "web/tsconfig.json": '{"extends": "../tsconfig.base.json", "compilerOptions": {"paths": {"@/*": ["src/*"]}}}',
    })
    problems: list = []
    cfg = load_config(tmp_path, "web/tsconfig.json", problems)
    assert problems == []
    assert cfg.options["strict"] is True and cfg.base_url == ""
    assert cfg.paths_base == ""  # paths resolve against the inherited baseUrl (the repository root)
    assert cfg.includes("web/src/a.ts") and not cfg.includes("other/a.ts")


def test_broken_tsconfig_is_a_problem_not_an_exception(tmp_path):
    write_tree(tmp_path, {"tsconfig.json": '{"compilerOptions": {"strict": true,,,'})
    problems: list = []
    cfg = load_config(tmp_path, "tsconfig.json", problems)
    assert cfg.broken and cfg.options == {}
    assert problems[0][0] == "broken_tsconfig"


def test_checker_options_drop_dom_unless_asked(tmp_path):
    plain = checker_options(TsConfig(path="tsconfig.json", directory="", options={"strict": True}), tmp_path)
    assert plain["lib"] == ["esnext"] and plain["noEmit"] is True and plain["jsx"] == "preserve"
    dom = checker_options(TsConfig(path="tsconfig.json", directory="", options={"lib": ["es2020", "dom"], "outDir": "dist"}), tmp_path)
    assert dom["lib"] == ["es2020", "dom"] and "outDir" not in dom


def test_checker_options_add_an_es_library_when_the_project_names_none(tmp_path):
    """unjs/h3's ``lib`` is ``["WebWorker", "DOM", "DOM.Iterable"]``: no ``Promise``/``Record`` for
    the checker, so members of awaited values were lost (held-out 16, TypeScript 0.894)."""
    def lib(names):
        return checker_options(TsConfig(path="tsconfig.json", directory="", options={"lib": names}), tmp_path)["lib"]
    assert lib(["WebWorker", "DOM", "DOM.Iterable"]) == ["esnext", "WebWorker", "DOM", "DOM.Iterable"]
    assert lib(["ES2015.Promise", "DOM"]) == ["ES2015.Promise", "DOM"]
    assert lib(["es5"]) == ["es5"] and lib(["ESNext.Array"]) == ["ESNext.Array"]
    assert lib([]) == ["esnext"]


def test_resolution_relative_paths_baseurl_index_and_js_extension():
    files = ["src/core/log.ts", "src/app/index.ts", "src/app/view.tsx", "generated/api.ts", "types/env.d.ts", "src/x/util.ts"]
    resolver = ModuleResolver(files)
    cfg = TsConfig(path="tsconfig.json", directory="", options={
        "baseUrl": "src", "paths": {"@core/*": ["core/*"], "@app": ["app/index.ts"], "*": ["x/*"]},
        "rootDirs": ["src", "generated"]}, paths_base="src")
    assert resolver.resolve("src/app/view.tsx", "../core/log", cfg) == "src/core/log.ts"
    assert resolver.resolve("src/app/view.tsx", "../core/log.js", cfg) == "src/core/log.ts"
    assert resolver.resolve("src/core/log.ts", "../app", cfg) == "src/app/index.ts"
    assert resolver.resolve("src/core/log.ts", "./view", cfg) is None
    assert resolver.resolve("src/main.ts", "@core/log", cfg) == "src/core/log.ts"
    assert resolver.resolve("src/main.ts", "@app", cfg) == "src/app/index.ts"
    assert resolver.resolve("src/main.ts", "util", cfg) == "src/x/util.ts"  # "*" pattern (shortest prefix)
    assert resolver.resolve("src/main.ts", "app/view", cfg) == "src/app/view.tsx"  # baseUrl
    assert resolver.resolve("src/client.ts", "./api", cfg) == "generated/api.ts"  # rootDirs
    assert resolver.resolve("src/main.ts", "react", cfg) is None
    assert resolver.resolve("src/main.ts", "../../outside", cfg) is None
    assert resolver.resolve("types/a.ts", "./env", None) == "types/env.d.ts"


def test_every_import_form_and_barrel_chasing(tmp_path):
    _, facts, _ = _analyze(tmp_path, {
        "tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@lib": ["lib/index.ts"]}}}',
        "lib/shapes.ts": "export class Shape {}\nexport default class Circle extends Shape {}\nexport function area() { return 1 }\n",
        "lib/colors.ts": "export enum Color { Red }\nexport type Hex = string;\n",
        "lib/index.ts": 'export * from "./shapes";\nexport { Color as Colour } from "./colors";\nexport * as colors from "./colors";\n',
        "lib/legacy.ts": "class Legacy {}\nexport = Legacy;\n",
        "lib/types.d.ts": "export interface Options { verbose: boolean }\n",
        "app.ts": (
            'import Circle, { Shape, area as computeArea } from "./lib/shapes";\n'
            'import { Colour, colors } from "@lib";\n'
            'import type { Options } from "./lib/types";\n'
            'import * as lib from "@lib";\n'
            'import "./lib/colors";\n'
            'import Legacy = require("./lib/legacy");\n'
            'import { readFile } from "fs";\n'
            "export const x = 1;\n"
        ),
        "script.js": "import { Shape } from './lib/shapes';\n",
    })
    assert "script.js" not in facts and "lib/types.d.ts" not in facts  # not sources
    got = {b.local_name: (b.imported_name, b.kind, b.target_file, b.target_symbol) for b in facts["app.ts"].imports}
    assert got["Circle"] == ("default", "symbol", "lib/shapes.ts", "Circle")
    assert got["Shape"] == ("Shape", "symbol", "lib/shapes.ts", "Shape")
    assert got["computeArea"] == ("area", "symbol", "lib/shapes.ts", "area")
    assert got["Colour"] == ("Colour", "symbol", "lib/colors.ts", "Color")  # renamed re-export
    assert got["colors"] == ("colors", "namespace", "lib/colors.ts", None)  # `export * as`
    assert got["Options"] == ("Options", "symbol", "lib/types.d.ts", "Options")
    assert got["lib"] == ("*", "namespace", "lib/index.ts", None)
    assert got[""] == ("", "module", "lib/colors.ts", None)  # side-effect import
    assert got["Legacy"][1:3] == ("namespace", "lib/legacy.ts")
    assert got["readFile"][2] is None  # a package: external
    rows = facts["app.ts"].import_rows
    assert rows == frozenset(range(7)) and 7 not in rows
    assert facts["lib/index.ts"].import_rows == frozenset({0, 1, 2})  # re-exports are import-like lines


def test_definitions_with_signatures(tmp_path):
    _, facts, _ = _analyze(tmp_path, {"m.ts": (
        "export abstract class Repo<T, K = string> extends Base implements Store<T> {\n"
        "  constructor(private readonly db: Db, public name?: string) { super() }\n"
        "  @cached() async find(id: K): Promise<T | undefined> { return undefined }\n"
        "  static create(): Repo<any> { throw new Error() }\n"
        "  abstract save(item: T): void;\n"
        "  count = 0;\n"
        "}\n"
        "export interface Store<T> { get(id: string): T; size: number }\n"
        "export enum Kind { A = 'a', B = 'b' }\n"
        "export type Id = string | number;\n"
        "export const LIMIT = 10, other = 2;\n"
        "export function helper<T>(x: T): T { return x }\n"
        "namespace Geo { export function dist(): number { return 0 } }\n"
    )})
    defs = {d.qualified_name: d for d in facts["m.ts"].definitions}
    assert defs["Repo"].kind == "class" and defs["Repo"].bases == ("Base", "Store")
    assert defs["Repo"].signature == "abstract class Repo<T, K = string> extends Base implements Store<T>"
    assert defs["Repo.find"].signature == "async find(id: K): Promise<T | undefined>"
    assert defs["Repo.create"].signature == "static create(): Repo<any>"
    assert defs["Repo.save"].kind == "method"
    assert defs["Repo.count"].signature == "count: any"
    assert defs["Repo.db"].kind == "field" and defs["Repo.db"].signature == "db: Db"
    assert defs["Repo.name"].signature == "name?: string"
    assert defs["Store.get"].kind == "method" and defs["Store.size"].kind == "field"
    assert defs["Kind"].kind == "enum" and "Kind.B" in defs
    assert defs["Id"].kind == "type_alias"
    assert defs["LIMIT"].kind == "constant" and "other" in defs
    assert defs["helper"].signature == "function helper<T>(x: T): T"
    assert defs["Geo"].kind == "namespace" and "Geo.dist" in defs
    assert defs["Repo"].span.start_row == 0 and defs["Repo"].span.end_row == 6
    assert facts["m.ts"].syntax.type_params["Repo"] == 2


def test_statement_end_rule(tmp_path):
    language, facts, _ = _analyze(tmp_path, {"a.ts": (
        "const total = Money.of(3).plus(other);\n"
        "if (Config.enabled) {\n"
        "const label = `x${Shape.name}y`; const z = 1;\n"
        "const noSemi = Store.create(1)\n"
        "let next = { a: 1 }\n"
        "// Shape.comment; {\n"
        "callMe(Widget.size,\n"
        "  2)\n"
        "}\n"
        "class Editor {\n  readonly draft: Cell<Draft>;\n  size = Layout.width\n  other = 1;\n}\n"
    )})
    ff = facts["a.ts"]
    text = ff.file.text

    def gt(needle: str) -> str:
        offset = text.index(needle)
        return text[offset : language.statement_end(ff, offset)]

    assert gt("Money") == "Money.of(3).plus(other);"
    assert gt("Config") == "Config.enabled) {"
    assert gt("Shape.name") == "Shape.name}y`;"  # the `}` inside a template string is not a token
    assert gt("Store") == "Store.create(1)"  # no semicolon: the statement ends first
    assert gt("Widget") == "Widget.size,\n  2)"
    assert gt("Cell") == "Cell<Draft>;"  # a class field's `;` belongs to the class body
    assert gt("Layout") == "Layout.width"


def test_tsx_grammar_for_tsx_files(tmp_path):
    _, facts, _ = _analyze(tmp_path, {
        "ui/Button.tsx": "export function Button(p: { label: string }): any { return <b>{p.label}</b> }\n",
        "ui/cast.ts": "const n = <number>(1 as unknown);\nexport { n };\n",
    })
    assert not facts["ui/Button.tsx"].has_syntax_error
    assert not facts["ui/cast.ts"].has_syntax_error  # `<T>x` casts only parse with the .ts grammar


def test_renames_and_defaults_are_chased_through_several_files(tmp_path):
    _, facts, _ = _analyze(tmp_path, {
        "a/impl.ts": "export function makeShape() { return 1 }\nexport default class Thing {}\n",
        "a/mid.ts": 'import { makeShape as build } from "./impl";\nimport Thing from "./impl";\n'
                    'export { build, Thing as Item };\nexport default build;\n',
        "a/top.ts": 'export { build as create, Item } from "./mid";\nexport { default as mk } from "./mid";\n'
                    'export * from "fs";\n',
        "z.ts": 'import { create, Item, mk, readFile } from "./a/top";\nimport mdef from "./a/mid";\n',
    })
    got = {b.local_name: (b.target_file, b.target_symbol) for b in facts["z.ts"].imports}
    assert got["create"] == ("a/impl.ts", "makeShape")
    assert got["Item"] == ("a/impl.ts", "Thing")
    assert got["mk"] == ("a/impl.ts", "makeShape")
    assert got["mdef"] == ("a/impl.ts", "makeShape")
    assert got["readFile"] == ("a/top.ts", "readFile")  # re-exported from a package: left at the barrel


def test_newer_syntax_is_blanked_for_the_parser_only_where_the_grammar_fails():
    from crossfile_datasets.lang.typescript.syntax import newer_syntax_blanked

    language = get_language(Lang.TYPESCRIPT)
    source = 'const s = "é <in T>";\nexport type * as ns from "./b";\ninterface I<in out T> { x: T }\n'
    plain_tree = super(type(language), language).parse(source, "a.ts")  # the grammar as shipped
    assert plain_tree.root_node.has_error
    blanked = newer_syntax_blanked(source.encode(), plain_tree.root_node)
    assert blanked == source.encode().replace(b"export type *", b"export      *").replace(b"<in out T>", b"<       T>")
    assert not language.parse(source, "a.ts").root_node.has_error
    # an error of another kind is left alone: the file stays a syntax error
    broken = "export type * from './a';\nconst = ;\n"
    assert language.parse(broken, "a.ts").root_node.has_error
    assert newer_syntax_blanked(b"const = ;\n", language.parse("const = ;\n", "a.ts").root_node) is None
