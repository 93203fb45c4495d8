using System;
using System.Linq;
using Shop.Model;

namespace Shop.Services
{
	public class Cart
	{
		public decimal Total(Item it) { var x = it.Price + it.Price; return x; }
		public string Describe() { var i = Item.Create("a"); return i.Name + string.Format("{0}", 1); }
		public Item Make() { return new Item("x", 2m); }
		public Color C() { return Color.Red; }
		public void F(IRepo<Item> r) { foreach (var k in r.Get(1).Name) { Console.WriteLine(k); } }
		public int G(Item i) { return i.Select(3); }
		public decimal H(Item i) { return i.Total(); }
		public int Count(Basket b) { int n = b.Count; return n; }
		public bool Drop(Basket b) { return b.Remove(1, 2); }
		public string Pad(System.Text.StringBuilder sb, Item i) { return sb.Append(i.Missing(), 3).ToString(); }
	}
	class Special : Item { public int Twice() { return Quantity * 2; } }
}
