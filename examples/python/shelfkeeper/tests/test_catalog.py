import pytest

from shelfkeeper.catalog import Catalog
from shelfkeeper.errors import UnknownBook


def test_add_normalizes_isbn_and_title():
    catalog = Catalog()
    book = catalog.add("978-0-306-40615-7", "the art of electronics", "Paul Horowitz")
    assert book.isbn == "9780306406157"
    assert book.title == "The Art of Electronics"
    assert len(catalog) == 1


def test_get_accepts_any_spelling(catalog):
    assert catalog.get("978 0 13 110362 7").author == "Brian Kernighan"
    with pytest.raises(UnknownBook, match="978-0-74-327356-5"):
        catalog.get("9780743273565")


def test_search_needs_every_word(catalog):
    assert [b.title for b in catalog.search("the language")] == ["The C Programming Language"]
    assert [b.author for b in catalog.search("and")] == []
    assert [b.year for b in catalog.search("Prejudice PRIDE")] == [1813]
    assert catalog.search("electronics programming") == []
