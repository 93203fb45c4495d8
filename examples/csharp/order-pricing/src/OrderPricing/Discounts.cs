using System;
using System.Collections.Generic;
using System.Linq;

namespace OrderPricing
{
    /// <summary>A rule that takes money off an order.</summary>
    public interface IDiscount
    {
        string Name { get; }

        Money AmountOff(Order order);
    }

    /// <summary>A percentage off the subtotal once it reaches a threshold.</summary>
    public class ThresholdDiscount : IDiscount
    {
        private readonly Money threshold;
        private readonly decimal percent;

        public ThresholdDiscount(Money threshold, decimal percent)
        {
            if (percent <= 0 || percent > 100)
            {
                throw new ArgumentOutOfRangeException("percent");
            }
            this.threshold = threshold;
            this.percent = percent;
        }

        public string Name
        {
            get { return percent + "% over " + threshold; }
        }

        public Money AmountOff(Order order)
        {
            var subtotal = order.Subtotal();
            if (subtotal.Amount < threshold.Amount)
            {
                return Money.Zero(order.Currency);
            }
            return subtotal.Times(percent / 100m);
        }
    }

    /// <summary>Every n-th unit of a product is free.</summary>
    public class BuyNGetOneFree : IDiscount
    {
        private readonly string sku;
        private readonly int n;

        public BuyNGetOneFree(string sku, int n)
        {
            this.sku = sku;
            this.n = n;
        }

        public string Name
        {
            get { return "buy " + n + " " + sku + ", get one free"; }
        }

        public Money AmountOff(Order order)
        {
            var line = order.Lines.FirstOrDefault(l => l.Product.Sku == sku);
            if (line == null)
            {
                return Money.Zero(order.Currency);
            }
            int free = line.Quantity / (n + 1);
            return line.Product.UnitPrice.Times(free);
        }
    }

    /// <summary>Picks the single best discount for an order (discounts do not stack).</summary>
    public class DiscountPicker
    {
        private readonly List<IDiscount> discounts = new List<IDiscount>();

        public DiscountPicker Add(IDiscount discount)
        {
            discounts.Add(discount);
            return this;
        }

        public IDiscount Best(Order order)
        {
            return discounts
                .Where(d => d.AmountOff(order).Amount > 0)
                .OrderByDescending(d => d.AmountOff(order).Amount)
                .FirstOrDefault();
        }
    }
}
