using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using LibraryCatalog.Domain;
using LibraryCatalog.Services;
using LibraryCatalog.Util;

namespace LibraryCatalog.Reporting
{
    /// <summary>A plain-text list of overdue loans for the front desk.</summary>
    public class OverdueReport
    {
        private readonly LoanService loans;
        private readonly FinePolicy policy;
        private readonly IClock clock;

        public OverdueReport(LoanService loans, FinePolicy policy, IClock clock)
        {
            this.loans = loans;
            this.policy = policy;
            this.clock = clock;
        }

        public int TitleWidth { get; set; } = 30;

        public string Render()
        {
            var today = clock.Today;
            var overdue = loans.Overdue();
            var builder = new StringBuilder();
            builder.AppendLine("Overdue loans on " + today.ToString("yyyy-MM-dd"));
            builder.PadColumns("Member", "Title", "Days", "Fine");
            foreach (var loan in overdue)
            {
                var title = loan.Book.Title.Truncate(TitleWidth);
                var fine = policy.FineFor(loan, today);
                builder.PadColumns(loan.Member.DisplayName(), title, loan.DaysOverdue(today).ToString(), fine.Money());
            }
            builder.AppendLine("Total fines: " + TotalFines(overdue, today).Money());
            return builder.ToString();
        }

        public decimal TotalFines(IEnumerable<Loan> overdue, DateTime today)
        {
            return overdue.Sum(l => policy.FineFor(l, today));
        }

        public IDictionary<MembershipLevel, int> ByLevel()
        {
            return loans.Overdue()
                .GroupBy(l => l.Member.Level)
                .ToDictionary(g => g.Key, g => g.Count());
        }

        public IEnumerable<string> MembersToContact()
        {
            var today = clock.Today;
            foreach (var loan in loans.Overdue())
            {
                if (loan.DaysOverdue(today) > policy.GraceDays && !string.IsNullOrEmpty(loan.Member.Email))
                {
                    yield return loan.Member.Email;
                }
            }
        }
    }
}
