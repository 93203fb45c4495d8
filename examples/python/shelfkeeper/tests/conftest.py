from datetime import date

import pytest

from shelfkeeper.catalog import Catalog
from shelfkeeper.loans import LoanDesk
from shelfkeeper.members import MemberRegistry

BOOKS = [
    ("978-0-306-40615-7", "the art of electronics", "Paul Horowitz", 1980),
    ("9780131103627", "the C programming language", "Brian Kernighan", 1978),
    ("978 0 19 953556 9", "pride and prejudice", "Jane Austen", 1813),
    ("9780141439518", "Sense and sensibility", "Jane Austen", 1811),
    ("9780061120084", "to kill a mockingbird", "Harper Lee", 1960),
]


@pytest.fixture
def catalog():
    shelf = Catalog()
    for isbn, title, author, year in BOOKS:
        shelf.add(isbn, title, author, year)
    return shelf


@pytest.fixture
def registry():
    return MemberRegistry(max_loans=2)


@pytest.fixture
def desk(catalog, registry):
    return LoanDesk(catalog, registry)


@pytest.fixture
def day():
    return date(2024, 3, 1)
