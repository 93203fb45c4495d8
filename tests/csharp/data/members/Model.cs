namespace Shop.Model
{
    public class Item { }
    public enum Color { }
    public interface IRepo<T> { }
    public static class ItemExtensions { }
    public class Basket { }
}
