"""A new diagnostic no stubbed import of its file explains is a loss only when nothing else
found its use. argon2-cffi (held-out 15, a tuning case now) counted 49 ``unattributed_E1101``
losses, ``Instance of 'Parameters' has no 'salt_len' member`` on ``default_params.salt_len``
where ``default_params = get_default_parameters()``, while every one of those uses was in
``usages.jsonl``, found by another check: the count named a loss where none was."""

from __future__ import annotations

from crossfile_datasets.analyzers.crossfile import usage_at
from crossfile_datasets.core.report import BuildReport
from crossfile_datasets.lang.python import _count_unattributed


def _use(file, row, name, member=None):
    return usage_at("r", file, row, 0, imported_name=name, member=member, stubbed_import="", tool="pylint",
                    code="E1101", message="", mode="empty_class")


def test_an_unattributed_diagnostic_whose_use_was_found_is_a_note_not_a_loss():
    report = BuildReport()
    pending = [
        ("pkg/hasher.py", 22, "E1101", "Instance of 'Parameters' has no 'salt_len' member"),
        ("pkg/hasher.py", 23, "E1101", "Instance of 'Parameters' has no 'hash_len' member"),
        ("pkg/cli.py", 5, "E0602", "Undefined variable 'Hasher'"),
        ("pkg/cli.py", 9, "E0602", "Undefined variable 'gone'"),
        ("pkg/cli.py", 12, "E1120", "No value for argument 'x'"),
    ]
    # found: salt_len at line 22 (a member), Hasher at line 5 (a name); hash_len at another line
    usages = [_use("pkg/hasher.py", 21, "Parameters", "salt_len"), _use("pkg/hasher.py", 40, "Parameters", "hash_len"),
              _use("pkg/cli.py", 4, "Hasher")]
    _count_unattributed(pending, usages, report)
    assert report.counts["usages/unattributed_found_elsewhere"] == 2
    assert report.counts["usages/unattributed_E1101"] == 1  # hash_len: not at its line
    assert report.counts["usages/unattributed_E0602"] == 1  # gone
    assert report.counts["usages/unattributed_E1120"] == 1  # no name to look for: a loss
    assert any(s.startswith("pkg/hasher.py:22: E1101") for s in report.samples["usages/unattributed_found_elsewhere"])
