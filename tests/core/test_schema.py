"""The published schemas are derived from one typed record per split (builders/schema.py)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import datasets
import pytest

from crossfile_datasets.builders import schema
from crossfile_datasets.builders.schema import (
    RECORDS,
    Provenance,
    Spliced,
    columns_of,
    features_of,
    records_dataset,
)
from crossfile_datasets.core.records import Repository


@dataclass
class _Inner:
    n: int
    tags: list[str]


@dataclass
class _Outer:
    name: str
    where: Spliced[Provenance]
    inner: _Inner
    many: list[_Inner]
    score: float
    ok: bool


def test_features_follow_the_annotations_in_field_order():
    string = datasets.Value("string")
    features = features_of(_Outer)
    assert list(features) == ["name", *columns_of(Provenance), "inner", "many", "score", "ok"]
    assert features["inner"] == {"n": datasets.Value("int32"), "tags": datasets.List(string)}
    assert features["many"] == datasets.List({"n": datasets.Value("int32"), "tags": datasets.List(string)})
    assert features["score"] == datasets.Value("float64") and features["ok"] == datasets.Value("bool")
    assert all(features[c] == string for c in columns_of(Provenance))


def test_a_type_with_no_feature_is_refused_by_name():
    @dataclass
    class Bad:
        mapping: dict[str, int]

    with pytest.raises(TypeError, match="Bad.mapping"):
        features_of(Bad)


@pytest.mark.parametrize("split", sorted(RECORDS))
def test_every_split_record_gives_features_and_an_empty_dataset(split):
    features = features_of(RECORDS[split])
    empty = records_dataset([], features)
    assert empty.num_rows == 0 and empty.features == features


def test_provenance_columns_sit_together_in_the_same_order_in_every_split_that_has_them():
    names = columns_of(Provenance)
    for split in ("executable", "instruct", "classlevel"):
        cols = columns_of(RECORDS[split])
        start = cols.index(names[0])
        assert cols[start:start + len(names)] == names, split
    completion = columns_of(RECORDS["completion"])
    assert "snapshot" in completion and "snapshot_sha256" not in completion  # CrossCodeEval's names


def test_provenance_of_a_repository():
    repo = Repository("acme", Path("/x"), "https://github.com/acme/acme", "abc", "MIT", True, "f" * 64)
    assert Provenance.of(repo, "java").columns() == {
        "language": "java", "repository": "acme", "repository_url": "https://github.com/acme/acme",
        "commit": "abc", "license": "MIT", "snapshot_sha256": "f" * 64}
    assert Provenance.of(repo, "python", "e" * 64).snapshot_sha256 == "e" * 64


def test_the_repoexec_layout_has_string_prompts():
    features = schema.repoexec_features()
    assert features["prompt"] == datasets.Value("string")
    assert list(features) == columns_of(schema.ExecutableRecord)
