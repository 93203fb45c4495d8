"""Attacks on the dataset card: text of a repository folder reaching the card's markdown."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from typer.testing import CliRunner

pytestmark = [pytest.mark.pylint, pytest.mark.slow]

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


@pytest.mark.xfail(strict=True, reason="red team 2026-11-27b: a local checkout's origin URL is rendered into the "
                                       "card's Repositories table as markdown: an image from any server (a "
                                       "tracking pixel, a fake badge) shows on the dataset's page", raises=AssertionError)
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
