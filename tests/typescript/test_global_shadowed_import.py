"""A project class named like a global of a `lib` the tsconfig asks for (swan-io/boxed @ 82ee4bb,
issue 28: `import { Option } from "./OptionResult"` with `"lib": [..., "dom"]`). With the import
removed, `Option` silently means DOM's `Option` (the HTMLOptionElement constructor), and tsc's
TS2339 on `Option.Some` names that constructor's type: 211 such diagnostics were counted as the
loss `usages/unattributed_TS2339` on boxed, though every use was found (by the dummy-class
variant and the language service's references). The receiver written before the member is the
stubbed name: the diagnostic is attributed to it, and the name's own uses are still asked of
the references (removing the import did not reveal them)."""
from __future__ import annotations

import pytest

from tests.typescript.test_typescript_tsc import _build

pytestmark = [pytest.mark.tsc, pytest.mark.usefixtures("typescript_tool")]

FILES = {
    "tsconfig.json": '{"compilerOptions": {"strict": true, "target": "es2020", "lib": ["es2020", "dom"]}}\n',
    "src/OptionResult.ts": (
        "export class Option<A> {\n"
        "  static Some = <A>(value: A): Option<A> => new Option<A>(value);\n"
        "  static None = <A>(): Option<A> => new Option<A>(undefined);\n"
        "  constructor(readonly value: A | undefined) {}\n"
        "  map<B>(f: (a: A) => B): Option<B> { return new Option(this.value === undefined ? undefined : f(this.value)); }\n"
        "}\n"
    ),
    "src/Array.ts": (
        'import { Option } from "./OptionResult";\n'
        "export const first = <A>(xs: A[]): Option<A> =>\n"
        "  xs.length > 0 ? Option.Some(xs[0] as A) : Option.None();\n"
        "export const keep = <A>(o: Option<A>): Option<A> => o.map((a) => a);\n"
    ),
}


@pytest.mark.slow
def test_members_of_a_name_shadowed_by_a_lib_global_are_no_loss(tmp_path):
    _, _, usages, report = _build(tmp_path, FILES)
    got = {(u.line, u.column, u.imported_name, u.member) for u in usages if u.file == "src/Array.ts"}
    assert {(3, 25, "Option", "Some"), (3, 51, "Option", "None"), (4, 54, "Option", "map")} <= got
    # the name's own uses (types, qualifiers): still found through the references
    assert {(2, 35, "Option", None), (3, 18, "Option", None), (3, 44, "Option", None)} <= got
    assert "usages/unattributed_TS2339" not in report.counts
