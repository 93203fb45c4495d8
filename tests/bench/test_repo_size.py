"""bench/bench_repo_size.py: the generated family has the sizes it claims, from one generator."""

from __future__ import annotations

import json

import pytest

from bench.bench_repo_size import MANIFEST, descendants_cpu, generate
from crossfile_datasets.lang import Lang, get_language


@pytest.mark.parametrize("lang", list(Lang))
@pytest.mark.slow
def test_each_size_has_about_that_many_source_files(tmp_path, lang):
    language = get_language(lang)
    for n in (50, 200):
        root = tmp_path / f"{lang.value}{n}"
        generate(lang, root, n)
        files = [p for p in root.rglob("*") if p.is_file() and language.is_source_path(p.name)]
        assert 0.95 * n <= len(files) <= 1.1 * n, (lang, n, len(files))


def test_cpu_is_counted_and_grows():
    before = descendants_cpu()
    sum(i * i for i in range(200_000))
    assert descendants_cpu() > before >= 0


def test_manifest_pins_commits():
    for line in MANIFEST.read_text().splitlines():
        entry = json.loads(line)
        assert len(entry["commit"]) == 40 and entry["url"].startswith("https://github.com/")
        assert Lang(entry["lang"])
