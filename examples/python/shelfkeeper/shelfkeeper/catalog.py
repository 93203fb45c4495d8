"""The catalog: books by ISBN, searchable by title words."""
from shelfkeeper.errors import UnknownBook
from shelfkeeper.isbn import normalize_isbn, pretty_isbn
from shelfkeeper.models import Book
from shelfkeeper.text import title_case, tokenize


class Catalog:
    """Every book of the library, keyed by its normalized ISBN."""

    def __init__(self):
        self.books = {}
        self.index = {}

    def add(self, isbn, title, author, year=0):
        """Add a book (its title is stored in title case) and index its title words."""
        key = normalize_isbn(isbn)
        book = Book(key, title_case(title), author, year)
        self.books[key] = book
        for word in tokenize(title):
            self.index.setdefault(word, set()).add(key)
        return book

    def get(self, isbn):
        """The book with this ISBN (any spelling); UnknownBook when absent."""
        key = normalize_isbn(isbn)
        if key not in self.books:
            raise UnknownBook(pretty_isbn(key))
        return self.books[key]

    def search(self, query):
        """Books whose titles contain every word of the query, by title."""
        words = tokenize(query)
        if not words:
            return []
        keys = set.intersection(*(self.index.get(w, set()) for w in words))
        return sorted((self.books[k] for k in keys), key=lambda b: b.title)

    def __len__(self):
        return len(self.books)
