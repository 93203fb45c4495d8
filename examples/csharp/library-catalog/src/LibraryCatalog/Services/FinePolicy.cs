using System;
using LibraryCatalog.Domain;

namespace LibraryCatalog.Services
{
    /// <summary>How much a late return costs, by membership level.</summary>
    public class FinePolicy
    {
        public FinePolicy(decimal dailyRate, decimal cap)
        {
            DailyRate = dailyRate;
            Cap = cap;
        }

        public static FinePolicy Default => new FinePolicy(0.25m, 10m);

        public decimal DailyRate { get; }

        public decimal Cap { get; }

        public int GraceDays { get; set; } = 2;

        public decimal FineFor(Loan loan, DateTime today)
        {
            var late = loan.DaysOverdue(today) - GraceDays;
            if (late <= 0)
            {
                return 0m;
            }
            var fine = late * DailyRate * Discount(loan.Member.Level);
            return Math.Min(fine, Cap);
        }

        public static decimal Discount(MembershipLevel level)
        {
            switch (level)
            {
                case MembershipLevel.Student:
                case MembershipLevel.Senior:
                    return 0.5m;
                case MembershipLevel.Staff:
                    return 0m;
                default:
                    return 1m;
            }
        }
    }
}
