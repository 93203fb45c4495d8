"""Row 1: ``--observe-types`` (the completion build) validates the observer's record against the
repository's own sources on the host: ``sandbox/type_observation.py`` ``_Sources._load`` reads
each module an entry names with a cap of 8 MiB and parses it whole with ``ast.parse``. Python's
syntax tree is about 500 bytes of memory per byte of a data table (one ``Constant`` node per
two bytes; ``a,a,...``: about 700; ``a;a;...``: about 870), so the cap on bytes is no cap on the
host's memory. No forgery is needed: an honest test that passes a repository class to a function
of a generated module (a postal-code table, 2 MiB here) makes the tracer name that module, and
the host parses it. The rest of the builder never reads such a file (``MAX_FILE_BYTES``, 1 MB:
"generated or data")."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.hostile.redteam11._git import commit_all
from tests.hostile.redteam20._peak_call import measured
from tests.hostile.redteam20._shapes import digit_rows

pytestmark = pytest.mark.slow

TABLES = '''"""Postal codes of the shop (generated)."""


class Codes:
    """A code table."""

    def __init__(self):
        self.rows = {"a": 1}


def lookup(codes, key):
    """The row of ``key``."""
    return codes.rows.get(key)


TABLE = (
'''
TEST = '''from shop.tables import Codes, lookup


def test_lookup():
    assert lookup(Codes(), "a") == 1
'''


def _repository(root: Path, table_bytes: int) -> Path:
    (root / "shop").mkdir(parents=True)
    (root / "tests").mkdir()
    (root / "shop" / "__init__.py").write_text("")
    (root / "shop" / "tables.py").write_text(TABLES + digit_rows(table_bytes) + ")\n")
    (root / "tests" / "test_tables.py").write_text(TEST)
    commit_all(root)
    return root


def _observe(root: Path) -> dict:
    out = measured("observe", str(root), timeout=600, what="the observation")
    # the tracer saw Codes passed to lookup's ``codes`` and the host accepted it: the module was parsed
    if out["status"] != "ok" or [p["function"] for p in out["parameters"]] != ["lookup"]:
        pytest.fail(f"precondition: the observation did not see the call: {out}")
    return out


def test_a_generated_module_named_by_an_observation_cannot_take_the_builders_memory(tmp_path):
    control = _observe(_repository(tmp_path / "small", 2_000))
    attack = _observe(_repository(tmp_path / "large", 2 * 1024**2))
    print(control, attack)
    # a 2 MiB module under the 8 MiB cap: whatever the host keeps of it is a small multiple of it
    assert attack["grown_mb"] - control["grown_mb"] < 64, (control["grown_mb"], attack["grown_mb"])
