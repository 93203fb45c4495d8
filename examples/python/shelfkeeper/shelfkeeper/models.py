"""The library's records."""
from dataclasses import dataclass, field


@dataclass
class Book:
    isbn: str
    title: str
    author: str
    year: int = 0


@dataclass
class Member:
    member_id: str
    name: str
    max_loans: int = 3
    history: list = field(default_factory=list)
