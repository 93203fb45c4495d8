using System.Collections.Generic;

namespace OrderPricing
{
    /// <summary>Tax rates per product category, in percent.</summary>
    public class TaxTable
    {
        private readonly Dictionary<Category, decimal> rates = new Dictionary<Category, decimal>();
        private readonly decimal fallback;

        public TaxTable(decimal fallback)
        {
            this.fallback = fallback;
        }

        public TaxTable With(Category category, decimal percent)
        {
            rates[category] = percent;
            return this;
        }

        public decimal RateFor(Category category)
        {
            decimal rate;
            return rates.TryGetValue(category, out rate) ? rate : fallback;
        }

        /// <summary>Tax of every line at its category's rate.</summary>
        public Money TaxOf(Order order)
        {
            var total = Money.Zero(order.Currency);
            foreach (var line in order.Lines)
            {
                total = total.Plus(line.Total.Times(RateFor(line.Product.Category) / 100m));
            }
            return total;
        }
    }
}
