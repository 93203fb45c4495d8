using System.Text;

namespace OrderPricing
{
    /// <summary>The priced order: subtotal, best discount, tax on the discounted amount, total.</summary>
    public class Invoice
    {
        private readonly Order order;
        private readonly TaxTable taxes;
        private readonly DiscountPicker discounts;

        public Invoice(Order order, TaxTable taxes, DiscountPicker discounts)
        {
            this.order = order;
            this.taxes = taxes;
            this.discounts = discounts;
        }

        public Money Discount()
        {
            var best = discounts.Best(order);
            return best == null ? Money.Zero(order.Currency) : best.AmountOff(order);
        }

        public Money Tax()
        {
            var subtotal = order.Subtotal();
            if (subtotal.Amount == 0)
            {
                return subtotal;
            }
            // the discount lowers every line's taxable amount in proportion
            var share = (subtotal.Amount - Discount().Amount) / subtotal.Amount;
            return taxes.TaxOf(order).Times(share);
        }

        public Money Total()
        {
            return order.Subtotal().Minus(Discount()).Plus(Tax());
        }

        public string Render()
        {
            var sb = new StringBuilder();
            foreach (var line in order.Lines)
            {
                sb.AppendLine(line.Quantity + " x " + line.Product.Name + " = " + line.Total);
            }
            sb.AppendLine("subtotal " + order.Subtotal());
            var best = discounts.Best(order);
            if (best != null)
            {
                sb.AppendLine("discount (" + best.Name + ") -" + Discount());
            }
            sb.AppendLine("tax " + Tax());
            sb.Append("total " + Total());
            return sb.ToString();
        }
    }
}
