using System;
using System.Collections.Generic;
using System.Linq;

namespace OrderPricing
{
    /// <summary>One line of an order: a product and how many.</summary>
    public class OrderLine
    {
        public OrderLine(Product product, int quantity)
        {
            Product = product;
            Quantity = quantity;
        }

        public Product Product { get; private set; }

        public int Quantity { get; set; }

        public Money Total
        {
            get { return Product.UnitPrice.Times(Quantity); }
        }
    }

    /// <summary>An order in one currency; lines of the same product are merged.</summary>
    public class Order
    {
        private readonly List<OrderLine> lines = new List<OrderLine>();

        public Order(string currency)
        {
            Currency = currency;
        }

        public string Currency { get; private set; }

        public IList<OrderLine> Lines
        {
            get { return lines.AsReadOnly(); }
        }

        public Order Add(Product product, int quantity)
        {
            if (quantity <= 0)
            {
                throw new ArgumentOutOfRangeException("quantity");
            }
            if (product.UnitPrice.Currency != Currency)
            {
                throw new InvalidOperationException("product priced in " + product.UnitPrice.Currency);
            }
            var existing = lines.FirstOrDefault(l => l.Product.Sku == product.Sku);
            if (existing != null)
            {
                existing.Quantity += quantity;
            }
            else
            {
                lines.Add(new OrderLine(product, quantity));
            }
            return this;
        }

        public bool Remove(string sku)
        {
            return lines.RemoveAll(l => l.Product.Sku == sku) > 0;
        }

        public int ItemCount()
        {
            return lines.Sum(l => l.Quantity);
        }

        public Money Subtotal()
        {
            var total = Money.Zero(Currency);
            foreach (var line in lines)
            {
                total = total.Plus(line.Total);
            }
            return total;
        }
    }
}
