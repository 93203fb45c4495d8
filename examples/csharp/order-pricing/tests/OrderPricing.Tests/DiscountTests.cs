using NUnit.Framework;

namespace OrderPricing.Tests
{
    [TestFixture]
    public class DiscountTests
    {
        [Test]
        public void ThresholdAppliesFromTheThresholdOn()
        {
            var tenOff = new ThresholdDiscount(new Money(100m, "EUR"), 10m);
            var small = new Order("EUR").Add(Fixtures.Novel(), 2);
            var large = new Order("EUR").Add(Fixtures.Phone(), 1);
            Assert.AreEqual(Money.Zero("EUR"), tenOff.AmountOff(small));
            Assert.AreEqual(new Money(30m, "EUR"), tenOff.AmountOff(large));
            Assert.AreEqual("10% over 100.00 EUR", tenOff.Name);
        }

        [Test]
        public void EveryThirdAppleIsFree()
        {
            var deal = new BuyNGetOneFree("APL", 2);
            var order = new Order("EUR").Add(Fixtures.Apple(), 7);
            Assert.AreEqual(new Money(1m, "EUR"), deal.AmountOff(order));
            Assert.AreEqual(Money.Zero("EUR"), deal.AmountOff(new Order("EUR").Add(Fixtures.Novel(), 1)));
        }

        [Test]
        public void PickerTakesTheLargestDiscount()
        {
            var order = new Order("EUR").Add(Fixtures.Apple(), 30).Add(Fixtures.Novel(), 8);
            var picker = new DiscountPicker()
                .Add(new ThresholdDiscount(new Money(100m, "EUR"), 5m))
                .Add(new BuyNGetOneFree("APL", 2));
            Assert.IsInstanceOf<ThresholdDiscount>(picker.Best(order));
            Assert.IsNull(new DiscountPicker().Add(new BuyNGetOneFree("NONE", 1)).Best(order));
        }
    }
}
