using System;
using System.Collections.Generic;

namespace LibraryCatalog.Domain
{
    /// <summary>A title in the catalog and the number of physical copies the library owns.</summary>
    public class Book
    {
        private readonly List<string> authors = new List<string>();

        public Book(Isbn isbn, string title, Genre genre, int copies)
        {
            Isbn = isbn;
            Title = title;
            Genre = genre;
            TotalCopies = copies;
            AvailableCopies = copies;
        }

        public Isbn Isbn { get; }

        public string Title { get; private set; }

        public Genre Genre { get; }

        public int TotalCopies { get; private set; }

        public int AvailableCopies { get; private set; }

        public int PublicationYear { get; set; }

        public IReadOnlyList<string> Authors => authors;

        public bool IsAvailable => AvailableCopies > 0;

        public bool IsReferenceOnly => Genre == Genre.Reference;

        public void AddAuthor(string name)
        {
            if (!authors.Contains(name))
            {
                authors.Add(name);
            }
        }

        public void Rename(string title)
        {
            Title = title.Trim();
        }

        public void AddCopies(int count)
        {
            TotalCopies += count;
            AvailableCopies += count;
        }

        public bool TryCheckOut()
        {
            if (!IsAvailable || IsReferenceOnly)
            {
                return false;
            }
            AvailableCopies--;
            return true;
        }

        public void Return()
        {
            if (AvailableCopies >= TotalCopies)
            {
                throw new InvalidOperationException("all copies of " + Title + " are already on the shelf");
            }
            AvailableCopies++;
        }

        public string AuthorLine()
        {
            return authors.Count == 0 ? "Anonymous" : string.Join(", ", authors);
        }

        public override string ToString() => Title + " (" + Isbn + ")";
    }
}
