using LibraryCatalog.Domain;
using LibraryCatalog.Services;
using LibraryCatalog.Storage;
using NUnit.Framework;

namespace LibraryCatalog.Tests
{
    [TestFixture]
    public class CatalogServiceTests
    {
        [Test]
        public void RegisteringTheSameIsbnAddsCopies()
        {
            var catalog = new CatalogService(new InMemoryRepository<string, Book>());
            catalog.Register("9780441172719", "Dune", Genre.Fiction, 1);
            var book = catalog.Register("978-0-441-17271-9", "Dune", Genre.Fiction, 2);
            Assert.AreEqual(3, book.TotalCopies);
            Assert.AreEqual(1, catalog.TitleCount);
        }

        [Test]
        public void SearchMatchesAuthorsIgnoringCase()
        {
            var catalog = new CatalogService(new InMemoryRepository<string, Book>());
            catalog.Register("9780441172719", "Dune", Genre.Fiction, 1, "Frank Herbert");
            var hits = catalog.Search("herbert");
            Assert.AreEqual("Dune", hits[0].Title);
            Assert.AreEqual("Frank Herbert", hits[0].AuthorLine());
        }

        [Test]
        public void IsbnCheckDigitIsValidated()
        {
            string digits;
            Assert.IsFalse(Isbn.TryNormalize("978-0-441-17271-8", out digits));
            Assert.AreEqual(9, Isbn.CheckDigit("978044117271"));
        }
    }
}
