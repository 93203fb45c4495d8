"""Reports for the front desk."""
from shelfkeeper.dates import days_between
from shelfkeeper.isbn import pretty_isbn
from shelfkeeper.money import format_cents


class OverdueReport:
    """The overdue loans of a desk on a day, as rows and as text."""

    header = ("member", "isbn", "days late", "fine")

    def __init__(self, desk, today):
        self.desk = desk
        self.today = today

    def rows(self):
        """One row per overdue loan: member name, ISBN, days late, fine."""
        out = []
        for loan in self.desk.overdue(self.today):
            member = self.desk.members.get(loan.member_id)
            late = days_between(loan.due, self.today)
            out.append((member.name, pretty_isbn(loan.isbn), late, format_cents(loan.fine(self.today))))
        return out

    def total_fines(self):
        """The fines of every overdue loan, as text."""
        return format_cents(sum(loan.fine(self.today) for loan in self.desk.overdue(self.today)))

    def render(self):
        """A plain-text table (header, rows, total)."""
        rows = [self.header] + [tuple(str(c) for c in r) for r in self.rows()]
        widths = [max(len(r[i]) for r in rows) for i in range(len(self.header))]
        lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip() for r in rows]
        lines.append(f"total: {self.total_fines()}")
        return "\n".join(lines)
