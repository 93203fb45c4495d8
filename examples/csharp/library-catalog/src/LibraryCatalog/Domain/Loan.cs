using System;

namespace LibraryCatalog.Domain
{
    /// <summary>One copy of a book lent to a member.</summary>
    public class Loan
    {
        public Loan(int id, Book book, Member member, DateTime start, DateTime due)
        {
            Id = id;
            Book = book;
            Member = member;
            Start = start;
            Due = due;
        }

        public int Id { get; }

        public Book Book { get; }

        public Member Member { get; }

        public DateTime Start { get; }

        public DateTime Due { get; private set; }

        public DateTime? Returned { get; private set; }

        public int Renewals { get; private set; }

        public bool IsOpen => !Returned.HasValue;

        public bool IsOverdue(DateTime today) => IsOpen && today.Date > Due.Date;

        public int DaysOverdue(DateTime today)
        {
            var end = Returned ?? today;
            return end.Date > Due.Date ? (end.Date - Due.Date).Days : 0;
        }

        public void Renew(int days)
        {
            Due = Due.AddDays(days);
            Renewals++;
        }

        public void Close(DateTime when)
        {
            Returned = when;
        }
    }
}
