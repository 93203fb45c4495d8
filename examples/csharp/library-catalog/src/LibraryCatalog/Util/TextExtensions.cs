using System;
using System.Globalization;
using System.Text;

namespace LibraryCatalog.Util
{
    public static class TextExtensions
    {
        public static string Truncate(this string text, int maxLength)
        {
            if (text == null || text.Length <= maxLength)
            {
                return text;
            }
            return text.Substring(0, Math.Max(0, maxLength - 1)) + "…";
        }

        public static string SortKey(this string title)
        {
            var trimmed = title.Trim();
            foreach (var article in new[] { "The ", "A ", "An " })
            {
                if (trimmed.StartsWith(article, StringComparison.OrdinalIgnoreCase))
                {
                    trimmed = trimmed.Substring(article.Length);
                    break;
                }
            }
            return trimmed.ToUpperInvariant();
        }

        public static string PadColumns(this StringBuilder builder, params string[] cells)
        {
            foreach (var cell in cells)
            {
                builder.Append((cell ?? string.Empty).PadRight(24));
            }
            return builder.AppendLine().ToString();
        }

        public static string Money(this decimal amount) => amount.ToString("0.00", CultureInfo.InvariantCulture);
    }
}
