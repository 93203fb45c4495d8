namespace OrderPricing.Tests
{
    internal static class Fixtures
    {
        public static Product Apple()
        {
            return new Product("APL", "Apple", new Money(0.5m, "EUR"), Category.Food);
        }

        public static Product Novel()
        {
            return new Product("NVL", "Novel", new Money(12m, "EUR"), Category.Books);
        }

        public static Product Phone()
        {
            return new Product("PHN", "Phone", new Money(300m, "EUR"), Category.Electronics);
        }
    }
}
