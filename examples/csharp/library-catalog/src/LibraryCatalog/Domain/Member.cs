using System;

namespace LibraryCatalog.Domain
{
    public enum MembershipLevel
    {
        Standard,
        Student,
        Senior,
        Staff
    }

    /// <summary>A registered borrower.</summary>
    public class Member
    {
        public const int StandardLoanLimit = 5;

        public Member(int id, string fullName, MembershipLevel level, DateTime joined)
        {
            Id = id;
            FullName = fullName;
            Level = level;
            Joined = joined;
        }

        public int Id { get; }

        public string FullName { get; }

        public string Email { get; set; }

        public MembershipLevel Level { get; set; }

        public DateTime Joined { get; }

        public decimal OutstandingFines { get; private set; }

        public bool IsSuspended { get; private set; }

        public int LoanLimit
        {
            get
            {
                switch (Level)
                {
                    case MembershipLevel.Staff:
                        return StandardLoanLimit * 3;
                    case MembershipLevel.Student:
                        return StandardLoanLimit + 2;
                    default:
                        return StandardLoanLimit;
                }
            }
        }

        public void Charge(decimal amount)
        {
            OutstandingFines += amount;
            if (OutstandingFines > 20m)
            {
                IsSuspended = true;
            }
        }

        public decimal Pay(decimal amount)
        {
            var paid = Math.Min(amount, OutstandingFines);
            OutstandingFines -= paid;
            if (OutstandingFines <= 20m)
            {
                IsSuspended = false;
            }
            return amount - paid;
        }

        public string DisplayName() => FullName + " #" + Id;
    }
}
