from datetime import date

import pytest

from shelfkeeper.errors import LimitReached, NotAvailable
from shelfkeeper.loans import Loan


def test_loan_due_date_and_fine():
    loan = Loan("9780306406157", "AT-0001", date(2024, 1, 1))
    assert loan.due == date(2024, 1, 22)
    assert loan.days_late(date(2024, 1, 20)) == 0
    assert loan.days_late(date(2024, 1, 25)) == 3
    assert loan.fine(date(2024, 1, 25)) == 75
    assert loan.fine(date(2024, 12, 31)) == 1000  # capped
    assert loan.is_overdue(date(2024, 1, 23)) and not loan.is_overdue(date(2024, 1, 22))


def test_checkout_and_checkin_on_time(desk, registry, day):
    member = registry.register("Alan Turing")
    loan = desk.checkout(member.member_id, "9780131103627", day)
    assert loan.due == date(2024, 3, 22)
    assert desk.checkin("978-0-13-110362-7", date(2024, 3, 10)) == "$0.00"
    assert member.history == ["9780131103627"]


def test_checkin_late_costs_a_fine(desk, registry, day):
    member = registry.register("Alan Turing")
    desk.checkout(member.member_id, "9780131103627", day)
    assert desk.checkin("9780131103627", date(2024, 3, 30)) == "$2.00"


def test_checkout_limits(desk, registry, day):
    ada = registry.register("Ada Lovelace")
    alan = registry.register("Alan Turing")
    desk.checkout(ada.member_id, "9780131103627", day)
    with pytest.raises(NotAvailable):
        desk.checkout(alan.member_id, "9780131103627", day)
    desk.checkout(ada.member_id, "9780306406157", day)
    with pytest.raises(LimitReached):
        desk.checkout(ada.member_id, "9780061120084", day)


def test_overdue_oldest_first(desk, registry, day):
    ada = registry.register("Ada Lovelace")
    desk.checkout(ada.member_id, "9780131103627", date(2024, 2, 20))
    desk.checkout(ada.member_id, "9780306406157", day)
    assert [l.isbn for l in desk.overdue(date(2024, 3, 15))] == ["9780131103627"]
    assert [l.isbn for l in desk.overdue(date(2024, 4, 1))] == ["9780131103627", "9780306406157"]
