using System;
using NUnit.Framework;

namespace OrderPricing.Tests
{
    [TestFixture]
    public class MoneyTests
    {
        [Test]
        public void RoundsToCents()
        {
            Assert.AreEqual(1.24m, new Money(1.235m, "EUR").Amount);
            Assert.AreEqual("1.24 EUR", new Money(1.235m, "EUR").ToString());
        }

        [TestCase(1.10, 2.20, 3.30)]
        [TestCase(0, 0.01, 0.01)]
        public void Adds(double a, double b, double sum)
        {
            var total = new Money((decimal)a, "EUR").Plus(new Money((decimal)b, "EUR"));
            Assert.AreEqual(new Money((decimal)sum, "EUR"), total);
        }

        [Test]
        public void SubtractsAndMultiplies()
        {
            var m = new Money(10m, "USD").Minus(new Money(2.5m, "USD")).Times(3);
            Assert.AreEqual(22.5m, m.Amount);
            Assert.AreEqual(Money.Zero("USD").GetHashCode(), new Money(0m, "USD").GetHashCode());
        }

        [Test]
        public void RefusesMixedCurrencies()
        {
            Assert.Throws<InvalidOperationException>(() => new Money(1m, "EUR").Plus(new Money(1m, "USD")));
        }
    }
}
