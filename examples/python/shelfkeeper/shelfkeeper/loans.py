"""Loans, their due dates and fines, and the desk that lends books."""
from shelfkeeper.catalog import Catalog
from shelfkeeper.dates import LOAN_DAYS, add_days, days_between
from shelfkeeper.errors import LimitReached, NotAvailable
from shelfkeeper.members import MemberRegistry
from shelfkeeper.money import capped_fine, format_cents


class Loan:
    """One book lent to one member."""

    def __init__(self, isbn, member_id, start, days=LOAN_DAYS):
        self.isbn = isbn
        self.member_id = member_id
        self.start = start
        self.due = add_days(start, days)
        self.returned = None

    def days_late(self, today):
        """Days past the due date on ``today`` (0 when not late)."""
        end = self.returned or today
        return max(0, days_between(self.due, end))

    def fine(self, today):
        """The fine in cents owed on ``today``."""
        return capped_fine(self.days_late(today))

    def is_overdue(self, today):
        return self.returned is None and days_between(self.due, today) > 0


class LoanDesk:
    """Lends and takes back books, enforcing availability and the members' limits."""

    def __init__(self, catalog: Catalog, members: MemberRegistry):
        self.catalog = catalog
        self.members = members
        self.open = {}

    def checkout(self, member_id, isbn, today):
        """Lend a book; raises NotAvailable or LimitReached."""
        member = self.members.get(member_id)
        book = self.catalog.get(isbn)
        if book.isbn in self.open:
            raise NotAvailable(book.title)
        held = sum(1 for loan in self.open.values() if loan.member_id == member.member_id)
        if held >= member.max_loans:
            raise LimitReached(member.name)
        loan = Loan(book.isbn, member.member_id, today)
        self.open[book.isbn] = loan
        return loan

    def checkin(self, isbn, today):
        """Take a book back; returns the fine as text (``"$0.00"`` when on time)."""
        book = self.catalog.get(isbn)
        loan = self.open.pop(book.isbn)
        loan.returned = today
        self.members.get(loan.member_id).history.append(book.isbn)
        return format_cents(loan.fine(today))

    def overdue(self, today):
        """Open loans past their due date, oldest due first."""
        return sorted((l for l in self.open.values() if l.is_overdue(today)), key=lambda l: l.due)
