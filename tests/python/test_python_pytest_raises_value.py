"""Members of the exception caught by ``with pytest.raises(E) as ei:`` (issue 28; the shape of
pyca/service-identity's ``ei.value.errors``, a tuning case since 2026-11-28e; fixture written
for this test). ``ei.value`` is typed ``E`` through pytest's generic ``ExceptionInfo[E]``, which
astroid cannot follow, so ``ei.value.problems`` was no use of E at all. It is now an instance of
E when every assignment of ``ei`` reaching the read is such a ``with`` target of one class."""

from __future__ import annotations

import pytest

from tests.python.helpers import usages_of

ERRORS = (
    "class CheckFailed(Exception):\n"
    "    def __init__(self, problems):\n"
    "        super().__init__(problems)\n"
    "        self.problems = problems\n"
    "    def first(self):\n"
    "        return self.problems[0]\n"
    "class Other(Exception):\n"
    "    code = 3\n"
)
USE = (
    "import pytest\n"
    "from pytest import raises\n"
    "from pkg.errors import CheckFailed, Other\n"
    "def check(x):\n"
    "    raise CheckFailed([x])\n"
    "def test_one():\n"
    "    with pytest.raises(CheckFailed) as ei:\n"
    "        check(1)\n"
    "    assert ei.value.problems == [1]\n"          # 9: problems
    "    assert ei.value.args\n"                      # 10: BaseException's args, no use
    "def test_two():\n"
    "    with raises(CheckFailed, match='x') as info:\n"
    "        check(2)\n"
    "    assert info.value.first() == 2\n"           # 14: first
    "def test_tuple():\n"
    "    with pytest.raises((CheckFailed, Other)) as ei:\n"
    "        check(3)\n"
    "    assert ei.value.problems\n"                  # 18: a tuple says no one class: not typed
    "def test_rebound():\n"
    "    with pytest.raises(CheckFailed) as ei:\n"
    "        check(4)\n"
    "    with pytest.raises(Other) as ei:\n"
    "        raise Other()\n"
    "    assert ei.value.code == 3\n"                 # 24: code of Other, the assignment that reaches it
)


@pytest.mark.pylint
@pytest.mark.slow
def test_members_of_the_value_of_pytest_raises(tmp_path):
    usages, report, _ = usages_of(tmp_path / "repo", {"pkg/__init__.py": "", "pkg/errors.py": ERRORS,
                                                      "tests/test_x.py": USE})
    assert not [k for k in report.counts if k.startswith("files/checker")], dict(report.counts)
    found = {(u.line, u.member): u.imported_name for u in usages if u.file == "tests/test_x.py" and u.member}
    assert found == {(9, "problems"): "CheckFailed", (14, "first"): "CheckFailed", (24, "code"): "Other"}
