"""Deep nesting and checker faults must cost one file, never the repository (issue 15, items 3-4).

Fixture repositories generated here (written for this project): 1500 nested namespaces, 1500
classes nested in methods, a file
of 3000 nested parentheses one per line (parsing it overflows the TypeScript compiler's stack,
and every file of its program with it), a tsconfig nested thousands of levels deep, and a
checker process whose heap cap is too small to load the compiler.
"""

from __future__ import annotations

import pytest

import crossfile_datasets.analyzers.tsc as tsc
from crossfile_datasets.lang.typescript import TypeScriptSupport
from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

MONEY = "export class Money {\n  static of(n: number): Money { return new Money() }\n  plus(): number { return 1 }\n}\n"
MAIN = 'import { Money } from "../lib/money";\nexport const m = Money.of(1).plus();\n'


def _deep_files(nesting: int = 1500, parens: int = 3000) -> dict[str, str]:
    return {
        "lib/money.ts": MONEY,
        "lib/deep.ts": "".join(f"export namespace N{i} {{\n" for i in range(nesting)) + "export const x = 1;\n" + "}\n" * nesting,
        "lib/classes.ts": "export function f() {\n" + "".join(f"class C{i} {{ m{i}() {{\n" for i in range(nesting))
                          + "return 1;\n" + "} }\n" * nesting + "}\n",
        "app/main.ts": MAIN,
        "app/parens.ts": 'import { Money } from "../lib/money";\nexport const p = ' + "(\n" * parens + "Money.of(1)" + ")\n" * parens + ";\n",
    }


@pytest.mark.slow
def test_deep_nesting_and_a_file_that_crashes_the_checker_cost_only_themselves(tmp_path):
    files = {**_deep_files(), "tsconfig.json": '{"compilerOptions": {"strict": true}, "x": ' + "[" * 3000 + "]" * 3000 + "}\n"}
    language, facts, usages, report = _build(tmp_path, files)
    assert "lib/deep.ts" in facts and any(d.qualified_name.endswith("N1499.x") for d in facts["lib/deep.ts"].definitions)
    assert report.counts["tsconfig/broken_tsconfig"] == 1  # read iteratively or counted, never a RecursionError
    # the culprit is left out of the program and counted once; the other files keep their uses
    assert report.counts["files/crashes_checker"] >= 1
    assert "files/checker_crash" not in report.counts
    assert {(u.line, u.imported_name, u.member) for u in usages if u.file == "app/main.ts"} >= {
        (2, "Money", None), (2, "Money", "of"), (2, "Money", "plus")}
    assert not any(u.file == "app/parens.ts" for u in usages)


def test_checker_heap_is_capped_and_its_failure_counted(tmp_path, monkeypatch):
    monkeypatch.setattr(tsc, "NODE_HEAP_MB", 8)  # too small to even load the compiler
    language = TypeScriptSupport()
    _, _, usages, report = _build(tmp_path, {"tsconfig.json": "{}", "lib/money.ts": MONEY, "app/main.ts": MAIN},
                                  language=language)
    language._shared_server().close()
    assert usages == []
    assert report.counts["files/checker_crash"] == 1
    assert "--max-old-space-size=8" in language._shared_server().process.argv
