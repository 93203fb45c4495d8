using System;
using System.Globalization;

namespace OrderPricing
{
    /// <summary>An amount of one currency, rounded to cents.</summary>
    public struct Money : IEquatable<Money>
    {
        public Money(decimal amount, string currency)
        {
            Amount = Math.Round(amount, 2, MidpointRounding.AwayFromZero);
            Currency = currency;
        }

        public decimal Amount { get; }

        public string Currency { get; }

        public static Money Zero(string currency)
        {
            return new Money(0m, currency);
        }

        public Money Plus(Money other)
        {
            Require(other);
            return new Money(Amount + other.Amount, Currency);
        }

        public Money Minus(Money other)
        {
            Require(other);
            return new Money(Amount - other.Amount, Currency);
        }

        public Money Times(decimal factor)
        {
            return new Money(Amount * factor, Currency);
        }

        public bool Equals(Money other)
        {
            return Amount == other.Amount && Currency == other.Currency;
        }

        public override bool Equals(object obj)
        {
            return obj is Money && Equals((Money)obj);
        }

        public override int GetHashCode()
        {
            return Amount.GetHashCode() ^ (Currency ?? "").GetHashCode();
        }

        public override string ToString()
        {
            return Amount.ToString("0.00", CultureInfo.InvariantCulture) + " " + Currency;
        }

        private void Require(Money other)
        {
            if (other.Currency != Currency)
            {
                throw new InvalidOperationException("currency mismatch: " + Currency + " vs " + other.Currency);
            }
        }
    }
}
