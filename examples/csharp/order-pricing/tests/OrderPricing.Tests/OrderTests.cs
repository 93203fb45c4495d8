using System;
using NUnit.Framework;

namespace OrderPricing.Tests
{
    [TestFixture]
    public class OrderTests
    {
        private Order order;

        [SetUp]
        public void CreateOrder()
        {
            order = new Order("EUR");
        }

        [Test]
        public void MergesLinesOfTheSameProduct()
        {
            order.Add(Fixtures.Apple(), 2).Add(Fixtures.Novel(), 1).Add(Fixtures.Apple(), 3);
            Assert.AreEqual(2, order.Lines.Count);
            Assert.AreEqual(6, order.ItemCount());
            Assert.AreEqual(new Money(14.5m, "EUR"), order.Subtotal());
        }

        [Test]
        public void RemovesBySku()
        {
            order.Add(Fixtures.Apple(), 2);
            Assert.IsTrue(order.Remove("APL"));
            Assert.IsFalse(order.Remove("APL"));
            Assert.AreEqual(Money.Zero("EUR"), order.Subtotal());
        }

        [Test]
        public void RefusesOtherCurrenciesAndEmptyLines()
        {
            var dollars = new Product("X", "X", new Money(1m, "USD"), Category.Food);
            Assert.Throws<InvalidOperationException>(() => order.Add(dollars, 1));
            Assert.Throws<ArgumentOutOfRangeException>(() => order.Add(Fixtures.Apple(), 0));
            Assert.AreEqual("EUR", order.Currency);
        }
    }
}
