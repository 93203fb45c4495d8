"""A class-level string annotation of a `TYPE_CHECKING` import (pypa/installer @ 625ddd1,
`destinations.py:111` `script_kind: "LauncherKind"`, issue 28): Pylint's E0602 in the stubbed
variant points at the string's quote, not at the name, and the use was counted
`usages/name_not_located`. The name is now located inside the string."""
from __future__ import annotations

import pytest

from crossfile_datasets.lang.python import _name_in_string
from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "pkg/__init__.py": "",
    "pkg/kinds.py": "LauncherKind = str\nclass Scheme:\n    pass\n",
    "pkg/script.py": (
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    from pkg.kinds import LauncherKind\n"
        "class Script:\n"
        "    script_kind: \"LauncherKind\"\n"      # line 5
        "    def __init__(self, kind):\n"
        "        self.script_kind = kind\n"
    ),
}


def test_name_inside_a_one_line_string():
    line = '    script_kind: "LauncherKind"'
    assert _name_in_string(line, line.index('"'), "LauncherKind") == line.index("LauncherKind")
    line = "x: 'Optional[Scheme]' = None"
    assert _name_in_string(line, line.index("'"), "Scheme") == line.index("Scheme")
    assert _name_in_string("x: 'SchemeX'", 3, "Scheme") is None  # not a whole identifier
    assert _name_in_string("x: 'a.Scheme'", 3, "Scheme") is None  # a member, not the name
    assert _name_in_string("x: 'Dict[Scheme, Scheme]'", 3, "Scheme") is None  # which one: unsaid
    assert _name_in_string("x: Scheme", 3, "Scheme") is None  # no string there


@pytest.mark.slow
def test_class_level_string_annotation_is_located(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", FIXTURE)
    got = {(u.file, u.line, u.column, u.imported_name, u.definition_file) for u in usages}
    assert ("pkg/script.py", 5, 18, "LauncherKind", "pkg/kinds.py") in got
    assert "usages/name_not_located" not in report.counts
