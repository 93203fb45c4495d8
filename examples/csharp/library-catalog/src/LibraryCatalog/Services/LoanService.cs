using System;
using System.Collections.Generic;
using System.Linq;
using LibraryCatalog.Domain;
using LibraryCatalog.Storage;
using LibraryCatalog.Util;

namespace LibraryCatalog.Services
{
    public class LoanException : Exception
    {
        public LoanException(string message) : base(message)
        {
        }
    }

    /// <summary>Checking books out and in, renewals and fines.</summary>
    public class LoanService
    {
        public const int LoanDays = 21;
        public const int MaxRenewals = 2;

        private readonly CatalogService catalog;
        private readonly IRepository<int, Member> members;
        private readonly InMemoryRepository<int, Loan> loans = new InMemoryRepository<int, Loan>();
        private readonly FinePolicy fines;
        private readonly IClock clock;
        private int nextLoanId = 1;

        public LoanService(CatalogService catalog, IRepository<int, Member> members, FinePolicy fines, IClock clock)
        {
            this.catalog = Guard.NotNull(catalog, nameof(catalog));
            this.members = Guard.NotNull(members, nameof(members));
            this.fines = fines ?? FinePolicy.Default;
            this.clock = clock ?? new SystemClock();
        }

        public IEnumerable<Loan> OpenLoans => loans.Where(l => l.IsOpen);

        public Loan CheckOut(int memberId, string isbnText)
        {
            var member = members.Find(memberId);
            if (member == null)
            {
                throw new LoanException("unknown member " + memberId);
            }
            if (member.IsSuspended)
            {
                throw new LoanException(member.DisplayName() + " is suspended until fines are paid");
            }
            if (LoansOf(member).Count() >= member.LoanLimit)
            {
                throw new LoanException(member.DisplayName() + " reached the loan limit");
            }
            var book = catalog.Lookup(isbnText);
            if (book == null || !book.TryCheckOut())
            {
                throw new LoanException("no copy available for " + isbnText);
            }
            var today = clock.Today;
            var loan = new Loan(nextLoanId++, book, member, today, today.AddDays(LoanDays));
            loans.Save(loan.Id, loan);
            return loan;
        }

        public decimal CheckIn(int loanId)
        {
            var loan = loans.Find(loanId);
            if (loan == null || !loan.IsOpen)
            {
                throw new LoanException("loan " + loanId + " is not open");
            }
            var today = clock.Today;
            var fine = fines.FineFor(loan, today);
            loan.Close(today);
            loan.Book.Return();
            if (fine > 0m)
            {
                loan.Member.Charge(fine);
            }
            return fine;
        }

        public bool Renew(int loanId)
        {
            var loan = loans.Find(loanId);
            if (loan == null || loan.Renewals >= MaxRenewals || loan.IsOverdue(clock.Today))
            {
                return false;
            }
            loan.Renew(LoanDays);
            return true;
        }

        public IEnumerable<Loan> LoansOf(Member member)
        {
            return loans.Where(l => l.IsOpen && l.Member.Id == member.Id);
        }

        public IList<Loan> Overdue()
        {
            var today = clock.Today;
            return loans.Where(l => l.IsOverdue(today)).OrderByDescending(l => l.DaysOverdue(today)).ToList();
        }
    }
}
