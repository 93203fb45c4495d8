"""The member registry."""
from shelfkeeper.errors import UnknownMember
from shelfkeeper.models import Member
from shelfkeeper.text import initials, title_case


class MemberRegistry:
    """Registered members by id; ids are the name's initials plus a running number."""

    def __init__(self, max_loans=3):
        self.members = {}
        self.max_loans = max_loans
        self._next = 1

    def register(self, name):
        """Register a member and return it."""
        member_id = f"{initials(name)}-{self._next:04d}"
        self._next += 1
        member = Member(member_id, title_case(name), self.max_loans)
        self.members[member_id] = member
        return member

    def get(self, member_id):
        """The member with this id; UnknownMember when absent."""
        try:
            return self.members[member_id]
        except KeyError:
            raise UnknownMember(member_id) from None

    def rename(self, member_id, name):
        """Change a member's name (title-cased); its id stays."""
        member = self.get(member_id)
        member.name = title_case(name)
        return member
