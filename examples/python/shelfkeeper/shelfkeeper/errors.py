"""Errors raised by the library."""


class LibraryError(Exception):
    """Base class of the library's errors."""


class UnknownBook(LibraryError):
    """No book with that ISBN is in the catalog."""


class UnknownMember(LibraryError):
    """No member with that id is registered."""


class NotAvailable(LibraryError):
    """The book is already lent out."""


class LimitReached(LibraryError):
    """The member already holds as many books as allowed."""
