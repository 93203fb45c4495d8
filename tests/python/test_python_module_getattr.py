"""A name a module provides only through a module-level ``__getattr__`` (PEP 562) has no
definition in the project: a use of it is no cross-file use (mdformat's deprecated
``mdformat.codepoints.ASCII_WHITESPACE``, listed in ``__all__`` and returned by
``__getattr__``). Names the module binds are still found, through the package and directly.
Checked with the real Pylint and our plugins."""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

pytestmark = pytest.mark.pylint

FIXTURE = {
    "fmt/__init__.py": (
        '__all__ = ("text",)\n'
        "from fmt._api import text\n"
    ),
    "fmt/_api.py": (
        "def text(value: str) -> str:\n"
        "    return value.strip()\n"
    ),
    "fmt/codes/__init__.py": (
        '__all__ = ("CTRL", "OLD_SPACE")\n'
        "CTRL = frozenset(chr(i) for i in range(32))\n"
        "def __getattr__(name: str) -> frozenset:\n"
        '    if name == "OLD_SPACE":\n'
        "        return frozenset(' ')\n"
        "    raise AttributeError(name)\n"
    ),
    "tests/__init__.py": "",
    "tests/test_api.py": (
        "import fmt\n"
        "import fmt.codes\n"
        "from fmt import codes\n"
        "def test_text():\n"
        "    assert fmt.text(' a ') == 'a'\n"
        "def test_codes():\n"
        "    assert '\\x01' in fmt.codes.CTRL\n"                 # 7: CTRL
        "    assert ' ' in fmt.codes.OLD_SPACE\n"                # 8: OLD_SPACE (no definition)
        "    assert ' ' in codes.OLD_SPACE\n"                    # 9: OLD_SPACE (no definition)
    ),
}


@pytest.fixture(scope="module")
def found(tmp_path_factory):
    usages, report, _ = usages_of(tmp_path_factory.mktemp("getattr") / "repo", FIXTURE)
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    return usages, report


@pytest.mark.slow
def test_a_name_only_module_getattr_provides_is_no_cross_file_use(found):
    usages, report = found
    seen = {(u.line, u.member or u.imported_name) for u in usages if u.file == "tests/test_api.py"}
    assert (7, "CTRL") in seen
    assert not {key for key in seen if key[1] == "OLD_SPACE"}, seen
    assert report.counts.get("usages/module_getattr_member", 0) >= 1, dict(report.counts)
