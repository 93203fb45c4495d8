"""Cross-file usages and examples from a fixture repository, with the real Pylint."""

from __future__ import annotations

import re

import pytest

from crossfile_datasets.analyzers.crossfile import first_uses
from crossfile_datasets.builders.completion.shards import BuildSettings
from crossfile_datasets.builders.completion.pipeline import build_repository
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.builders.repos import RepoSpec, resolve
from crossfile_datasets.lang.sources import list_sources
from crossfile_datasets.lang import Lang, get_language
from tests.conftest import write_tree

pytestmark = pytest.mark.pylint

BODY = "\n".join(f"    step_{i} = {i} * 2" for i in range(12))  # enough non-import prompt lines

FIXTURE = {
    "LICENSE": "MIT License\n\nPermission is hereby granted, free of charge, to any person ...",
    "shop/__init__.py": "",
    "shop/catalog.py": (
        "class Catalog:\n"
        "    def __init__(self):\n"
        "        self.items = {}\n"
        "    def lookup_price(self, sku):\n"
        "        return self.items.get(sku, 0)\n"
        "    def register_item(self, sku, price):\n"
        "        self.items[sku] = price\n"
        "def make_catalog():\n"
        "    return Catalog()\n"
        "DEFAULT_CURRENCY = 'EUR'\n"
    ),
    "shop/cart.py": (
        "import os\n"
        "import json as jsonlib\n"
        "from collections import OrderedDict\n"
        "from shop.catalog import Catalog, make_catalog, DEFAULT_CURRENCY\n"
        "from . import catalog as catalog_module\n"
        "\n"
        "def local_helper(x):\n"
        "    return x + 1\n"
        "\n"
        "class Cart(Catalog):\n"
        "    pass\n"
        "\n"
        "def checkout(skus):\n"
        f"{BODY}\n"
        "    cat = Catalog()\n"                                  # positive: bare name (E0602)
        "    price = cat.lookup_price(skus[0])\n"               # positive: instance member (E1101)
        "    again = cat.lookup_price(skus[1])\n"               # second use: no new example
        "    other = make_catalog()\n"                          # positive: function
        "    label = DEFAULT_CURRENCY.lower()\n"                # positive
        "    sep = os.path.join('a', 'b')\n"                    # stdlib: nothing
        "    dumped = jsonlib.dumps({'a': price})\n"            # stdlib alias: nothing
        "    ordered = OrderedDict()\n"                         # stdlib: nothing
        "    bumped = local_helper(price)\n"                    # same file: nothing
        "    cart = Cart()\n"
        "    cart.register_item('x', 3)\n"                      # subclass of stubbed base: attributed to Catalog
        "    fresh = catalog_module.make_catalog()\n"           # module member
        "    return price, again, other, label, sep, dumped, ordered, bumped, fresh\n"
        "\n"
        "def shadowed(Catalog):\n"
        f"{BODY}\n"
        "    return Catalog.lookup_price('x')\n"                # shadowed by a parameter: nothing
        "\n"
        "def third_party():\n"
        "    import requests\n"
        f"{BODY}\n"
        "    return requests.get('http://localhost')\n"        # third party: nothing
    ),
}


@pytest.fixture()
def shop(tmp_path):
    return resolve(RepoSpec(path=str(write_tree(tmp_path / "shop_repo", FIXTURE))))


@pytest.mark.slow
def test_usages_positive_and_negative(shop):
    language = get_language(Lang.PYTHON)
    report = BuildReport()
    files, _ = list_sources(shop, language, report)
    facts = language.analyze_files(str(shop.root), files)
    usages = language.find_usages(shop, facts, report)
    found = {(u.imported_name, u.member) for u in usages}
    assert ("Catalog", None) in found
    assert ("Catalog", "lookup_price") in found
    assert ("Catalog", "register_item") in found  # via the subclass Cart
    assert ("make_catalog", None) in found
    assert ("DEFAULT_CURRENCY", None) in found
    assert ("catalog_module", "make_catalog") in found
    names = {u.imported_name for u in usages}
    assert not names & {"os", "jsonlib", "OrderedDict", "local_helper", "requests"}
    text = facts["shop/cart.py"].file.text.split("\n")
    for u in usages:
        assert u.file == "shop/cart.py" and u.definition_file == "shop/catalog.py"
        entity = u.member or u.imported_name
        assert text[u.line - 1][u.column : u.column + len(entity)] == entity
        assert not text[u.line - 1].startswith("    return Catalog.lookup_price")  # shadowed
    lookup_lines = sorted(u.line for u in usages if u.member == "lookup_price")
    assert len(lookup_lines) == 2  # both uses are usages ...
    firsts = [u for u in first_uses(usages) if u.member == "lookup_price"]
    assert [u.line for u in firsts] == lookup_lines[:1]  # ... but only the first makes an example


@pytest.mark.slow
def test_examples_contain_the_flagged_entity_defined_in_another_file(shop, tmp_path):
    data = build_repository(Lang.PYTHON, shop, BuildSettings(output=tmp_path / "out", retrievers=()))
    assert data["examples"], data["report"]
    catalog = (shop.root / "shop/catalog.py").read_text()
    for record in data["examples"]:
        assert record["crossfile_usages"]
        first = record["crossfile_usages"][0]
        entity = first["member"] or first["imported_name"]
        assert entity in record["groundtruth"]
        assert first["definition_file"] == "shop/catalog.py"
        defined = first["member"] or first["imported_name"]
        if first["imported_name"] != "catalog_module":
            assert re.search(rf"\b{re.escape(defined)}\b", catalog)
        assert record["prompt"] + record["groundtruth"] + record["right_context"] == (shop.root / record["metadata"]["file"]).read_text()
        assert record["metadata"]["task_id"].startswith("shop_repo/python/")


def test_pylint_failures_are_counted_not_fatal(shop, tmp_path, monkeypatch):
    """A Pylint that hangs on one file: that file is skipped with a reason, the rest is built."""
    wrapper = tmp_path / "fake_pylint.sh"
    wrapper.write_text(
        "#!/bin/sh\n"
        'for a in "$@"; do case "$a" in *cart.py) sleep 30;; esac; done\n'
        f'exec {__import__("sys").executable} -m pylint "$@"\n'
    )
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    from crossfile_datasets.analyzers.pylint import PylintChecker
    from crossfile_datasets.lang.python import PythonSupport

    language = PythonSupport(PylintChecker(batch_timeout=3, file_timeout=2, load=lambda: 1.0))
    report = BuildReport()
    files, _ = list_sources(shop, language, report)
    facts = language.analyze_files(str(shop.root), files)
    assert language.find_usages(shop, facts, report) == []
    assert report.counts["files/checker_timeout"] == 1
    [sample] = report.samples["files/checker_timeout"]
    assert sample.startswith("shop/cart.py: ") and "timed out after 2 s on 1 file(s)" in sample, sample


def test_pylint_crash_output_is_a_counted_failure(shop, tmp_path, monkeypatch):
    wrapper = tmp_path / "crashing_pylint.sh"
    wrapper.write_text("#!/bin/sh\necho 'Traceback (most recent call last):' >&1\nexit 1\n")
    wrapper.chmod(0o755)
    monkeypatch.setenv("CROSSFILE_PYLINT", str(wrapper))
    language = get_language(Lang.PYTHON)
    report = BuildReport()
    files, _ = list_sources(shop, language, report)
    facts = language.analyze_files(str(shop.root), files)
    assert language.find_usages(shop, facts, report) == []
    assert report.counts["files/checker_crash"] == 1
