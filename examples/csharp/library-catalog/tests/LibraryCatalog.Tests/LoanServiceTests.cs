using System;
using System.Linq;
using LibraryCatalog.Domain;
using LibraryCatalog.Services;
using LibraryCatalog.Storage;
using LibraryCatalog.Util;
using NUnit.Framework;

namespace LibraryCatalog.Tests
{
    [TestFixture]
    public class LoanServiceTests
    {
        private const string Dune = "978-0-441-17271-9";

        private FixedClock clock;
        private CatalogService catalog;
        private InMemoryRepository<int, Member> members;
        private LoanService service;

        [SetUp]
        public void CreateLibrary()
        {
            clock = new FixedClock(new DateTime(2024, 3, 1));
            catalog = new CatalogService(new InMemoryRepository<string, Book>());
            catalog.Register(Dune, "Dune", Genre.Fiction, 2, "Frank Herbert");
            members = new InMemoryRepository<int, Member>();
            members.Save(7, new Member(7, "Ada Byron", MembershipLevel.Student, clock.Today));
            service = new LoanService(catalog, members, FinePolicy.Default, clock);
        }

        [Test]
        public void CheckOutTakesACopyOffTheShelf()
        {
            var loan = service.CheckOut(7, Dune);
            Assert.AreEqual(1, loan.Book.AvailableCopies);
            Assert.AreEqual(clock.Today.AddDays(LoanService.LoanDays), loan.Due);
        }

        [Test]
        public void LateReturnChargesTheMember()
        {
            var loan = service.CheckOut(7, Dune);
            clock.Advance(LoanService.LoanDays + 10);
            var fine = service.CheckIn(loan.Id);
            Assert.Greater(fine, 0m);
            Assert.AreEqual(fine, members.Find(7).OutstandingFines);
        }

        [Test]
        public void RenewalsAreLimited()
        {
            var loan = service.CheckOut(7, Dune);
            for (var i = 0; i < LoanService.MaxRenewals; i++)
            {
                Assert.IsTrue(service.Renew(loan.Id));
            }
            Assert.IsFalse(service.Renew(loan.Id));
        }

        [Test]
        public void SuspendedMembersCannotBorrow()
        {
            members.Find(7).Charge(25m);
            Assert.Throws<LoanException>(() => service.CheckOut(7, Dune));
            Assert.AreEqual(0, service.OpenLoans.Count());
        }
    }
}
