"""Provenance and seeds (issue 16.5): no machine path in ``repository_url``; the same
repository gives the same examples whether it is given as one folder, another folder or a clone.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from crossfile_datasets.builders.repos import RepoSpec, public_url, resolve
from crossfile_datasets.core.records import hosted_path


@pytest.mark.parametrize("url, path", [
    ("https://github.com/Owner/Name.git", "owner/name"),
    ("https://github.com/owner/name", "owner/name"),
    ("git@github.com:Owner/Name.git", "owner/name"),
    ("ssh://git@host.example:22/o/n.git", "o/n"),
    ("https://user:secret@host.example/a/b/", "a/b"),
    ("/home/me/src/name", ""),
    ("file:///home/me/src/name", ""),
    ("name", ""),
])
def test_hosted_path(url, path):
    assert hosted_path(url) == path


def test_public_url_drops_credentials():
    assert public_url("https://user:secret@host.example/a/b.git\n") == "https://host.example/a/b.git"
    assert public_url("git@host.example:a/b.git") == "git@host.example:a/b.git"


@pytest.mark.parametrize("url", [
    "https://user:tok3n@github.com/acme/shop.git",
    "https://github.com/acme/shop.git?private_token=tok3n",
    "https://github.com/acme/shop.git#tok3n",
    "https://user:p@ss-tok3n@github.com/acme/shop.git",  # a password holding an unescaped @
    "ssh://tok3n@github.com/acme/shop.git",
    "git@github.com:acme/shop.git?tok3n",
])
def test_credentials_and_queries_of_a_remote_never_reach_a_record(tmp_path, url):
    """``repository_url`` is published with every record (only the cards escaped it): a remote's
    credentials (up to the authority's last ``@``), query and fragment are dropped."""
    assert "tok3n" not in public_url(url) and "github.com" in public_url(url)
    assert public_url(url).endswith("acme/shop.git")
    checkout = _shop(tmp_path / "checkout")
    _git(checkout, "init", "-q")
    _git(checkout, "remote", "add", "origin", url)
    repo = resolve(RepoSpec(path=str(checkout)))
    assert "tok3n" not in repo.url and repo.canonical_id == "acme/shop", repo.url


def _git(root: Path, *args: str) -> None:
    subprocess.run(["git", "-C", str(root), *args], check=True, capture_output=True)


def _shop(root: Path) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "pricing.py").write_text(
        "def net_price(amount, rate):\n    return round(amount * (1 - rate), 2)\n\n\n"
        "class Basket:\n    def __init__(self):\n        self.items = []\n\n    def add(self, item):\n"
        "        self.items.append(item)\n        return self\n")
    filler = "".join(f"counter_{i} = {i} * 3\n" for i in range(12))
    (root / "shop" / "cart.py").write_text(
        "from shop.pricing import Basket, net_price\n\n" + filler + "\n\ndef total(items):\n"
        "    basket = Basket()\n    for item in items:\n        basket.add(item)\n"
        "    value = sum(basket.items)\n    return net_price(value, 0.1)\n")
    return root


def test_repository_url_is_never_a_machine_path(tmp_path):
    plain = _shop(tmp_path / "plain")
    assert resolve(RepoSpec(path=str(plain))).url == "plain"
    cloned = _shop(tmp_path / "cloned")
    _git(cloned, "init", "-q")
    _git(cloned, "remote", "add", "origin", "https://user:secret@host.example/Team/Shop.git")
    repo = resolve(RepoSpec(path=str(cloned)))
    assert repo.url == "https://host.example/Team/Shop.git"
    assert repo.canonical_id == "team/shop"
    local_remote = _shop(tmp_path / "local-remote")
    _git(local_remote, "init", "-q")
    _git(local_remote, "remote", "add", "origin", str(cloned))
    assert resolve(RepoSpec(path=str(local_remote))).url == "local-remote"


def _examples(output: Path) -> list[tuple]:
    rows = [json.loads(l) for l in (output / "python" / "line_completion.jsonl").read_text().splitlines()]
    return sorted((r["metadata"]["file"], r["prompt"], r["groundtruth"]) for r in rows)


@pytest.mark.pylint
@pytest.mark.slow
def test_same_repository_under_two_names_gives_the_same_examples(tmp_path):
    from typer.testing import CliRunner

    from crossfile_datasets.builders.cli import app

    first = _shop(tmp_path / "a" / "shop-main")
    second = tmp_path / "b" / "copy-of-shop"
    shutil.copytree(first, second)
    runner = CliRunner()
    outputs = []
    for folder in ("a", "b"):
        out = tmp_path / f"out-{folder}"
        res = runner.invoke(app, ["--lang", "python", "--repos-dir", str(tmp_path / folder), "--retrievers", "",
                                  "--no-cache", "--output", str(out)])
        assert res.exit_code == 0, res.output
        outputs.append(_examples(out))
    assert outputs[0] and outputs[0] == outputs[1]
    for out in ("out-a", "out-b"):
        for line in (tmp_path / out / "python" / "line_completion.jsonl").read_text().splitlines():
            assert str(tmp_path) not in json.loads(line)["repository_url"]
