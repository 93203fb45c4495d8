using NUnit.Framework;

namespace OrderPricing.Tests
{
    [TestFixture]
    public class InvoiceTests
    {
        private static TaxTable Taxes()
        {
            return new TaxTable(20m).With(Category.Food, 5m).With(Category.Books, 10m);
        }

        [Test]
        public void TaxTableUsesTheFallbackRate()
        {
            Assert.AreEqual(5m, Taxes().RateFor(Category.Food));
            Assert.AreEqual(20m, Taxes().RateFor(Category.Electronics));
            var order = new Order("EUR").Add(Fixtures.Apple(), 10).Add(Fixtures.Phone(), 1);
            Assert.AreEqual(new Money(60.25m, "EUR"), Taxes().TaxOf(order));
        }

        [Test]
        public void TotalsWithDiscountAndTax()
        {
            var order = new Order("EUR").Add(Fixtures.Novel(), 10);
            var invoice = new Invoice(order, Taxes(), new DiscountPicker().Add(new ThresholdDiscount(new Money(100m, "EUR"), 10m)));
            Assert.AreEqual(new Money(12m, "EUR"), invoice.Discount());
            Assert.AreEqual(new Money(10.8m, "EUR"), invoice.Tax());
            Assert.AreEqual(new Money(118.8m, "EUR"), invoice.Total());
        }

        [Test]
        public void RendersEveryLine()
        {
            var order = new Order("EUR").Add(Fixtures.Apple(), 3);
            var text = new Invoice(order, Taxes(), new DiscountPicker()).Render();
            StringAssert.StartsWith("3 x Apple = 1.50 EUR", text);
            StringAssert.EndsWith("total 1.58 EUR", text);
            StringAssert.DoesNotContain("discount", text);
        }

        [Test]
        public void EmptyOrderCostsNothing()
        {
            var invoice = new Invoice(new Order("EUR"), Taxes(), new DiscountPicker());
            Assert.AreEqual(Money.Zero("EUR"), invoice.Total());
        }
    }
}
