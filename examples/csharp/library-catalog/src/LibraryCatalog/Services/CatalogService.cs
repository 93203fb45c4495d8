using System;
using System.Collections.Generic;
using System.Linq;
using LibraryCatalog.Domain;
using LibraryCatalog.Storage;
using LibraryCatalog.Util;

namespace LibraryCatalog.Services
{
    /// <summary>Adding titles to the catalog and searching it.</summary>
    public class CatalogService
    {
        private readonly IRepository<string, Book> books;

        public CatalogService(IRepository<string, Book> books)
        {
            this.books = Guard.NotNull(books, nameof(books));
        }

        public int TitleCount => books.Count;

        public Book Register(string isbnText, string title, Genre genre, int copies, params string[] authors)
        {
            Guard.NotBlank(title, nameof(title));
            Guard.Positive(copies, nameof(copies));
            var isbn = new Isbn(isbnText);
            var existing = books.Find(isbn.Digits);
            if (existing != null)
            {
                existing.AddCopies(copies);
                return existing;
            }
            var book = new Book(isbn, title.Trim(), genre, copies);
            foreach (var author in authors)
            {
                book.AddAuthor(Guard.NotBlank(author, nameof(authors)));
            }
            books.Save(isbn.Digits, book);
            return book;
        }

        public Book Lookup(string isbnText)
        {
            string digits;
            if (!Isbn.TryNormalize(isbnText, out digits))
            {
                return null;
            }
            return books.Find(digits);
        }

        public IList<Book> Search(string text)
        {
            var needle = text.Trim();
            return books.Where(b => b.Title.IndexOf(needle, StringComparison.OrdinalIgnoreCase) >= 0
                                    || b.Authors.Any(a => a.IndexOf(needle, StringComparison.OrdinalIgnoreCase) >= 0))
                .OrderBy(b => b.Title.SortKey())
                .ToList();
        }

        public IList<Book> InGenre(Genre genre)
        {
            return books.Where(b => b.Genre == genre).OrderBy(b => b.Title.SortKey()).ToList();
        }

        public IDictionary<Genre, int> ShelfCounts()
        {
            var counts = new Dictionary<Genre, int>();
            foreach (var book in books.All())
            {
                int current;
                counts.TryGetValue(book.Genre, out current);
                counts[book.Genre] = current + book.AvailableCopies;
            }
            return counts;
        }

        public bool Withdraw(string isbnText)
        {
            var book = Lookup(isbnText);
            if (book == null || book.AvailableCopies != book.TotalCopies)
            {
                return false;
            }
            return books.Remove(book.Isbn.Digits);
        }
    }
}
