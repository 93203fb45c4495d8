"""Attacks on the dataset card: text of a repository folder reaching the card's markdown."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner


MONEY = '''class Money:
    def __init__(self, cents):
        self.cents = cents

    def plus(self, other):
        return Money(self.cents + other.cents)

    def show(self):
        return "%d.%02d" % divmod(self.cents, 100)
'''
CART = '''from pkg.money import Money


class Cart:
    def __init__(self):
        self.items = []

    def add(self, name, cents):
        self.items.append((name, cents))
        return self

    def count(self):
        return len(self.items)

    def names(self):
        return [name for name, _ in self.items]

    def total(self):
        total = Money(0)
        for _, cents in self.items:
            total = total.plus(Money(cents))
        return total.show()
'''
# A folder handed over as a checkout (a tarball of a clone, a shared disk): its .git/config is
# the sender's. The origin URL is a hosted URL by core.records.hosted_path (spaces, brackets and
# parentheses are allowed in the path), and it goes into every record's repository_url and, as
# written, into the Repositories table of the card.
ORIGIN = "https://github.com/acme/shop ![build passing](https://tracker.example/pixel.png)"


def _git(repo: Path, *args: str) -> None:
    subprocess.run(["git", "-c", "user.email=a@b.c", "-c", "user.name=a", *args], cwd=repo, check=True,
                   capture_output=True)


@pytest.mark.pylint
@pytest.mark.slow
def test_a_remote_url_cannot_put_markdown_into_the_card(tmp_path):
    """Card injection (completion split; the same table is in the Hub card, and the URL is every
    record's ``repository_url``): rendered with CommonMark + tables, the card shows an ``<img>``
    fetched from the URL's server."""
    markdown_it = pytest.importorskip("markdown_it")
    from crossfile_datasets.builders.cli import app

    repo = tmp_path / "repos" / "shop"
    (repo / "pkg").mkdir(parents=True)
    (repo / "pkg" / "__init__.py").write_text("")
    (repo / "pkg" / "money.py").write_text(MONEY)
    (repo / "pkg" / "cart.py").write_text(CART)
    _git(repo, "init", "-q")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "init")
    _git(repo, "remote", "add", "origin", ORIGIN)
    res = CliRunner().invoke(app, ["--lang", "python", "--repos", str(repo), "--no-cache", "--output", str(tmp_path / "out")])
    if res.exit_code != 0:
        pytest.fail(f"the build failed: {res.output[-2000:]}")
    card = (tmp_path / "out" / "python" / "README.md").read_text(encoding="utf-8")
    if "acme/shop" not in card:
        pytest.fail("the repository is not in the card")
    html = markdown_it.MarkdownIt("commonmark").enable("table").render(card)
    images = [tag.split(">", 1)[0] for tag in html.split("<img")[1:]]
    assert not [tag for tag in images if "tracker.example" in tag], \
        [line for line in card.splitlines() if "tracker" in line]


def _rendered(markdown: str) -> str:
    markdown_it = pytest.importorskip("markdown_it")
    return markdown_it.MarkdownIt("commonmark").enable("table").render(markdown)


HOSTILE_CELLS = [ORIGIN, "https://a.example/x<img src=https://tracker.example/p.png>",
                 "https://a.example/x\n\n![badge](https://tracker.example/p.png)", "https://a.example/`x`|y [l](https://tracker.example)"]


def test_the_hub_card_and_the_repositories_table_escape_repository_text():
    """The same table is in every split's card, the output folder's card and the Hub card (one
    section per language); the failed-repositories table quotes errors that name repository files.
    Rendered (CommonMark + tables), no image, link or HTML comes from any of them, and every row
    keeps its cells."""
    from crossfile_datasets.builders import card as cards

    repositories = {f"r{i}": {"repository": f"r{i}", "url": url, "commit": "a" * 40, "license": "MIT",
                              "splits": {"completion": 3}, "language": "python"}
                    for i, url in enumerate(HOSTILE_CELLS)}
    repositories["plain"] = {"repository": "acme__shop", "url": "https://github.com/acme/shop_x.git",
                             "commit": "b" * 40, "license": "Apache-2.0", "splits": {"completion": 1}}
    section = cards.repositories_section("python", repositories)
    data = cards.DatasetCardData(language=["code"])
    hub = cards.hub_card("acme/benchmarks", data, {"python_repositories": section}, {}, [], repositories)
    class Stats(dict):
        def __missing__(self, key):  # the statistics this test does not look at
            return 0

    failed = cards.language_section("python", Stats({"failed_repositories": [
        {"repository": "r0", "reason": "crashed", "error": f"FileNotFoundError: {ORIGIN}"}]}))
    for text in (section, hub, failed):
        html = _rendered(text)
        assert "tracker.example/p.png\"" not in html and "href=\"https://tracker" not in html, html  # no src, no href
    rows = [line for line in section.splitlines() if line[:3] == "| r" and line[3].isdigit()]
    cells = [re.split(r"(?<!\\)\|", row)[1:-1] for row in rows]  # split at the unescaped pipes
    assert len(rows) == len(HOSTILE_CELLS) and all(len(row) == 5 for row in cells), rows
    assert "| acme\\_\\_shop | https://github.com/acme/shop_x.git | `" + "b" * 40 + "` | Apache-2.0 | 1 |" in section
