"""End-to-end cross-file uses with the real javac, on small repositories written here.

One module-scoped build of the main fixture (one helper JVM) serves most assertions; the
bad-input cases use their own small repositories.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.core.records import Repository
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language
from crossfile_datasets.lang.java import JavaSupport
from tests.conftest import require_tool, write_tree

pytestmark = pytest.mark.javac

MAIN = "core/src/main/java/com/acme"
TEST = "core/src/test/java/com/acme"

FIXTURE = {
    f"{MAIN}/model/Money.java": """package com.acme.model;

public class Money {
    public static final Money ZERO = new Money(0);
    private final long cents;

    public Money(long cents) {
        this.cents = cents;
    }

    public static Money of(long cents) {
        return new Money(cents);
    }

    public long cents() {
        return cents;
    }

    public Money plus(Money other) {
        return new Money(cents + other.cents);
    }
}
""",
    f"{MAIN}/model/Account.java": """package com.acme.model;

import java.util.ArrayList;

public class Account extends ArrayList<String> {
    private Money balance = Money.ZERO;

    public void deposit(Money amount) {
        balance = balance.plus(amount);
        add("deposit " + amount.cents());
    }

    public Money balance() {
        return balance;
    }

    public static class Statement {
        public String render() {
            return "statement";
        }
    }
}
""",
    f"{MAIN}/util/Texts.java": """package com.acme.util;

public final class Texts {
    public static final String SEPARATOR = " | ";

    public static String shout(String text) {
        return text.toUpperCase();
    }

    public static int width(String text) {
        return text.length();
    }
}
""",
    f"{MAIN}/app/Helper.java": """package com.acme.app;

class Helper {
    static int twice(int x) {
        return 2 * x;
    }

    String name() {
        return "helper";
    }
}
""",
    f"{MAIN}/app/Base.java": """package com.acme.app;

import com.acme.model.Money;

public abstract class Base {
    protected Money fee = Money.of(1);

    protected long feeCents() {
        return fee.cents();
    }
}
""",
    f"{MAIN}/app/Shop.java": """package com.acme.app;

import static com.acme.util.Texts.shout;
import static com.acme.util.Texts.*;

import com.acme.model.Account;
import com.acme.model.Account.Statement;
import com.acme.model.Money;
import java.util.ArrayList;
import java.util.List;

public class Shop extends Base {
\tprivate final List<Account> accounts = new ArrayList<>();

\tString run(Account account) {
\t\tString header = String.format("%s", shout("shop") + SEPARATOR);
\t\tList<Integer> numbers = List.of(1, 2);
\t\taccount.deposit(Money.of(5));
\t\tMoney price = new Money(3).plus(Money.ZERO);
\t\tlong total = account.balance().cents() + Money.of(7).cents();
\t\tint doubled = Helper.twice(numbers.size()) + local(2) + width(header);
\t\tString name = new Helper().name() + new Statement().render() + "\u00e9\U0001F600" + account.size();
\t\treturn header + price + total + doubled + name + feeCents() + new Local().size();
\t}

\tprivate int local(int x) {
\t\treturn x + 1;
\t}

\tstatic class Local extends ArrayList<String> {
\t}
}
""",
    f"{TEST}/app/ShopCheck.java": """package com.acme.app;

import com.acme.model.Account;

class ShopCheck {
    String check() {
        Shop shop = new Shop();
        return shop.run(new Account()) + Helper.twice(1);
    }
}
""",
}


def build(root: Path, files: dict[str, str], language: JavaSupport | None = None):
    write_tree(root, files)
    java = language or get_language(Lang.JAVA)
    repo = Repository(root.name, root, str(root), "", "MIT")
    report = BuildReport()
    sources, _ = list_sources(repo, java, report)
    facts = java.analyze_files(str(root), sources)
    return facts, java.find_usages(repo, facts, report), report


@pytest.fixture(scope="module")
def shop(tmp_path_factory):
    require_tool("javac")
    root = tmp_path_factory.mktemp("shop")
    facts, usages, report = build(root, FIXTURE)
    return facts, usages, report


def uses_in(usages, file_suffix: str) -> set[tuple]:
    return {(u.imported_name, u.member, u.mode) for u in usages if u.file.endswith(file_suffix)}


def test_every_use_points_at_its_name_and_is_defined_in_another_project_file(shop):
    facts, usages, _ = shop
    assert usages
    for u in usages:
        line = facts[u.file].file.index.line(u.line - 1)
        entity = u.member or u.imported_name
        assert line[u.column : u.column + len(entity)] == entity, u
        assert re.fullmatch(r"\w+", entity)
        assert u.definition_file != u.file and u.definition_file in facts
        # the member (or the class / static member itself) is declared in a project file
        defined = {d.name for path, ff in facts.items() if path != u.file for d in ff.definitions}
        assert entity in defined, u
        if u.definition_symbol:
            symbols = {d.qualified_name for d in facts[u.definition_file].definitions}
            assert u.definition_symbol in symbols, u
        assert u.tool == "javac" and u.stubbed_import


def test_uses_found_in_the_shop(shop):
    _, usages, _ = shop
    found = uses_in(usages, "app/Shop.java")
    expected = {
        ("shout", None, "static_import"),  # static single import (also reachable through Texts.*)
        ("SEPARATOR", None, "static_import"),  # static on-demand import
        ("width", None, "static_import"),
        ("Money", "of", "empty_class"),
        ("Money", "ZERO", "empty_class"),
        ("Money", None, "empty_class"),  # new Money(3): the constructor takes arguments
        ("Account", "balance", "empty_class"),
        ("Statement", "render", "empty_class"),  # an imported nested class
        ("Helper", "twice", "same_package"),  # no import: the class was replaced on the sourcepath
        ("Helper", "name", "same_package"),
        ("Base", "feeCents", "same_package"),  # inherited from a project base class, unqualified
    }
    assert expected <= found, expected - found
    # every use of cents is masked in the stub round (`balance().cents()`, `of(7).cents()`)
    assert ("Money", "cents", "resolved") in found
    by_key = {(u.imported_name, u.member): u for u in first_uses(usages) if u.file.endswith("app/Shop.java")}
    # masked by Money.of(5) in the stub round: javac's resolution of the unmodified file finds it
    assert (by_key[("Account", "deposit")].mode, by_key[("Account", "deposit")].round) == ("resolved", 0)
    assert by_key[("Money", "of")].round == 1
    assert by_key[("Statement", "render")].definition_symbol == "Account.Statement.render"
    assert by_key[("shout", None)].definition_symbol == "Texts.shout"
    assert by_key[("Helper", "twice")].definition_file.endswith("app/Helper.java")


def test_jdk_members_same_file_members_and_inherited_jdk_members_give_nothing(shop):
    _, usages, report = shop
    names = {(u.imported_name, u.member) for u in usages if u.file.endswith("app/Shop.java")}
    members = {m for _, m in names}
    assert not {"format", "size", "local", "toUpperCase"} & members
    assert not {n for n, _ in names} & {"String", "List", "ArrayList", "Local", "local", "Integer"}
    # account.size() is inherited from ArrayList: javac reports it on the empty Account, but
    # the member is not declared in the project
    assert report.counts["usages/member_not_in_project"] >= 1


def test_first_uses_keep_only_the_first_of_repeated_uses(shop):
    _, usages, _ = shop
    of_uses = sorted((u.line, u.column) for u in usages if u.file.endswith("app/Shop.java") and u.member == "of")
    assert len(of_uses) == 2  # Money.of(5) and Money.of(7)
    firsts = [u for u in first_uses(usages) if u.file.endswith("app/Shop.java") and u.member == "of"]
    assert [(u.line, u.column) for u in firsts] == [of_uses[0]]


def test_same_package_uses_across_source_roots(shop):
    _, usages, _ = shop
    found = uses_in(usages, "app/ShopCheck.java")
    assert {("Shop", "run", "same_package"), ("Helper", "twice", "same_package")} <= found
    # new Account() takes no arguments: the empty class accepts it, nothing to report
    assert ("Account", None, "empty_class") not in found


def test_positions_after_tabs_and_astral_characters(shop):
    facts, usages, _ = shop
    shop_file = next(p for p in facts if p.endswith("app/Shop.java"))
    line_no = next(i for i, line in enumerate(facts[shop_file].file.text.split("\n"), 1) if "feeCents()" in line and "return" in line)
    render = [u for u in usages if u.file == shop_file and u.member == "render"]
    line = facts[shop_file].file.index.line(render[0].line - 1)
    assert line.startswith("\t\t") and "\U0001F600" in line
    fee = [u for u in usages if u.file == shop_file and u.member == "feeCents"]
    assert fee and fee[0].line == line_no


def test_bad_inputs_are_counted_not_fatal(tmp_path):
    require_tool("javac")
    files = {
        f"{MAIN}/model/Money.java": FIXTURE[f"{MAIN}/model/Money.java"],
        # the same class in a second source root: ambiguous, both files skipped
        "other/src/main/java/com/acme/model/Money.java": FIXTURE[f"{MAIN}/model/Money.java"],
        f"{MAIN}/util/Texts.java": FIXTURE[f"{MAIN}/util/Texts.java"],
        f"{MAIN}/module-info.java": "module com.acme { requires java.base; }\n",
        f"{MAIN}/app/Broken.java": "package com.acme.app;\nclass Broken { void f( { }\n",
        f"{MAIN}/app/Lombok.java": "package com.acme.app;\nimport lombok.Getter;\nimport com.acme.util.Texts;\n"
                                    "class Lombok { @Getter int x; String f() { return Texts.shout(\"a\"); } }\n",
        # javac 17 cannot parse a switch pattern (a preview feature there)
        f"{MAIN}/app/TooNew.java": "package com.acme.app;\nimport com.acme.util.Texts;\nclass TooNew {\n"
                                   "  String f(Object o) { return switch (o) { case Integer i -> Texts.shout(\"i\"); default -> \"\"; }; }\n}\n",
        # needs a third-party jar: its errors exist before stubbing and are diffed away
        f"{MAIN}/app/WithJunit.java": "package com.acme.app;\nimport org.junit.jupiter.api.Test;\nimport com.acme.util.Texts;\n"
                                      "class WithJunit {\n  @Test void t() { String s = Texts.shout(\"x\") + Texts.SEPARATOR; }\n}\n",
        # java.sql is outside java.base: visible only because module-info.java is not obeyed
        f"{MAIN}/app/Sql.java": "package com.acme.app;\nimport com.acme.util.Texts;\n"
                                "class Sql { java.sql.Connection c; int f() { return Texts.width(\"q\"); } }\n",
        f"{MAIN}/app/UsesMoney.java": "package com.acme.app;\nimport com.acme.model.Money;\n"
                                      "class UsesMoney { long f() { return Money.of(1).cents(); } }\n",
    }
    _, usages, report = build(tmp_path / "bad", files)
    counts = report.counts
    assert counts["files/duplicate_class"] == 2
    assert counts["files/module_info"] == 1
    assert counts["files/syntax_error"] == 1
    assert counts["files/lombok_annotations"] == 1
    assert counts["files/javac_syntax_error"] == 1
    assert counts["usages/ambiguous_class"] == 1  # UsesMoney's import of the duplicated class
    assert counts["checker/preexisting_errors"] == 1  # WithJunit only
    assert {(u.file.rsplit("/", 1)[-1], u.imported_name, u.member) for u in usages} == {
        ("WithJunit.java", "Texts", "shout"),
        ("WithJunit.java", "Texts", "SEPARATOR"),
        ("WithJunit.java", "Texts", None),  # the static qualifier: a use of the class
        ("Sql.java", "Texts", "width"),
        ("Sql.java", "Texts", None),
    }


DEEP = 60_000  # parentheses: javac's recursive parser overflows its stack on this


def nested_parentheses(depth: int) -> str:
    """``((((1))))`` spread over short lines (one long line would be taken for minified code)."""
    opening = "\n".join("(" * 100 for _ in range(depth // 100))
    closing = "\n".join(")" * 100 for _ in range(depth // 100))
    return f"{opening}1{closing}"


def test_javac_crash_and_timeout_are_counted(tmp_path):
    require_tool("javac")
    files = {
        f"{MAIN}/util/Texts.java": FIXTURE[f"{MAIN}/util/Texts.java"],
        f"{MAIN}/app/Deep.java": "package com.acme.app;\nimport com.acme.util.Texts;\nclass Deep {\n"
                                 f"  int f() {{ return Texts.width(\"a\") + {nested_parentheses(DEEP)}; }}\n}}\n",
        f"{MAIN}/app/Fine.java": "package com.acme.app;\nimport com.acme.util.Texts;\nclass Fine { int f() { return Texts.width(\"a\"); } }\n",
    }
    _, usages, report = build(tmp_path / "crash", files)
    assert report.counts["files/checker_crash"] == 1
    assert "StackOverflowError" in report.samples["files/checker_crash"][0]
    # the crash did not stop the others
    assert {(u.file.rsplit("/", 1)[-1], u.member) for u in usages} == {("Fine.java", "width"), ("Fine.java", None)}

    _, usages, report = build(tmp_path / "timeout", {k: v for k, v in files.items() if "Deep" not in k},
                              JavaSupport(request_timeout=0.001))
    assert usages == []
    assert report.counts["files/checker_timeout"] == 1
