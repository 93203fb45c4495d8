from shelfkeeper.shelves import ShelfMap, shelf_label


def test_shelf_label():
    assert shelf_label("Jane Austen", 1813) == "AUS 1813"
    assert shelf_label("", 0) == "ANO ----"


def test_labels_and_shelves(catalog):
    shelves = ShelfMap(catalog)
    assert shelves.label_of("9780199535569") == "AUS 1813"
    assert shelves.shelf("AUS 1813") == ["9780199535569"]
    assert shelves.shelf("LEE 1960") == ["9780061120084"]


def test_topics_shared_by_two_books(catalog):
    catalog.add("9780743273565", "pride and sensibility", "Jane Austen", 1813)
    shelves = ShelfMap(catalog)
    assert shelves.topics("AUS 1813") == ["pride"]
