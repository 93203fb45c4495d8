namespace OrderPricing
{
    /// <summary>Product categories; each has its own tax rate.</summary>
    public enum Category
    {
        Food,
        Books,
        Electronics,
    }

    /// <summary>Something that can be ordered.</summary>
    public class Product
    {
        public Product(string sku, string name, Money unitPrice, Category category)
        {
            Sku = sku;
            Name = name;
            UnitPrice = unitPrice;
            Category = category;
        }

        public string Sku { get; private set; }

        public string Name { get; private set; }

        public Money UnitPrice { get; private set; }

        public Category Category { get; private set; }
    }
}
