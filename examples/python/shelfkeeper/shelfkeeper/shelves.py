"""Where books stand: shelf labels from authors and titles."""
from shelfkeeper.text import tokenize

SHELF_PREFIX_LETTERS = 3


def shelf_label(author, year):
    """``"LOV 1843"``: the author's surname's first letters and the year."""
    surname = author.split()[-1] if author.strip() else "ANON"
    return f"{surname[:SHELF_PREFIX_LETTERS].upper()} {year or '----'}"


class ShelfMap:
    """Shelf labels of the catalog's books, and the books standing on a label."""

    def __init__(self, catalog):
        self.catalog = catalog

    def label_of(self, isbn):
        """The shelf label of one book."""
        book = self.catalog.get(isbn)
        return shelf_label(book.author, book.year)

    def shelf(self, label):
        """ISBNs of the books with this label, by title."""
        books = [b for b in self.catalog.books.values() if shelf_label(b.author, b.year) == label]
        return [b.isbn for b in sorted(books, key=lambda b: b.title)]

    def topics(self, label):
        """Title words shared by at least two books of a shelf."""
        counts = {}
        for isbn in self.shelf(label):
            for word in set(tokenize(self.catalog.books[isbn].title)):
                counts[word] = counts.get(word, 0) + 1
        return sorted(w for w, n in counts.items() if n >= 2)
