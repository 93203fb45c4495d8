from datetime import date

from shelfkeeper.reports import OverdueReport


def test_overdue_report_rows_and_total(desk, registry):
    ada = registry.register("ada lovelace")
    alan = registry.register("alan turing")
    desk.checkout(ada.member_id, "9780131103627", date(2024, 2, 1))
    desk.checkout(alan.member_id, "9780306406157", date(2024, 2, 10))
    report = OverdueReport(desk, date(2024, 3, 5))
    assert report.rows() == [
        ("Ada Lovelace", "978-0-13-110362-7", 12, "$3.00"),
        ("Alan Turing", "978-0-30-640615-7", 3, "$0.75"),
    ]
    assert report.total_fines() == "$3.75"


def test_render_is_an_aligned_table(desk, registry):
    ada = registry.register("ada lovelace")
    desk.checkout(ada.member_id, "9780131103627", date(2024, 2, 1))
    text = OverdueReport(desk, date(2024, 2, 25)).render()
    assert text.splitlines() == [
        "member        isbn               days late  fine",
        "Ada Lovelace  978-0-13-110362-7  3          $0.75",
        "total: $0.75",
    ]


def test_empty_report(desk):
    report = OverdueReport(desk, date(2024, 1, 1))
    assert report.rows() == [] and report.total_fines() == "$0.00"
