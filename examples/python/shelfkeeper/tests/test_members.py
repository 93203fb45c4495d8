import pytest

from shelfkeeper.errors import UnknownMember
from shelfkeeper.members import MemberRegistry


def test_register_makes_ids_from_initials():
    registry = MemberRegistry()
    ada = registry.register("ada king lovelace")
    alan = registry.register("Alan Turing")
    assert (ada.member_id, ada.name) == ("AKL-0001", "Ada King Lovelace")
    assert alan.member_id == "AT-0002" and alan.max_loans == 3


def test_get_and_rename(registry):
    member = registry.register("grace hopper")
    assert registry.get(member.member_id) is member
    registry.rename(member.member_id, "grace brewster hopper")
    assert registry.get("GH-0001").name == "Grace Brewster Hopper"
    with pytest.raises(UnknownMember):
        registry.rename("XX-9999", "nobody")
