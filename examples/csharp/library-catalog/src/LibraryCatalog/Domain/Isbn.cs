using System;

namespace LibraryCatalog.Domain
{
    /// <summary>An ISBN-13 with its check digit validated on construction.</summary>
    public struct Isbn : IEquatable<Isbn>
    {
        private readonly string digits;

        public Isbn(string text)
        {
            if (!TryNormalize(text, out var normalized))
            {
                throw new ArgumentException("not a valid ISBN-13: " + text, nameof(text));
            }
            digits = normalized;
        }

        public string Digits => digits ?? string.Empty;

        public string Prefix => Digits.Length == 13 ? Digits.Substring(0, 3) : string.Empty;

        public static bool TryNormalize(string text, out string normalized)
        {
            normalized = null;
            if (string.IsNullOrWhiteSpace(text))
            {
                return false;
            }
            var kept = new System.Text.StringBuilder();
            foreach (var ch in text)
            {
                if (char.IsDigit(ch))
                {
                    kept.Append(ch);
                }
                else if (ch != '-' && ch != ' ')
                {
                    return false;
                }
            }
            if (kept.Length != 13 || CheckDigit(kept.ToString(0, 12)) != kept[12] - '0')
            {
                return false;
            }
            normalized = kept.ToString();
            return true;
        }

        public static int CheckDigit(string twelveDigits)
        {
            var sum = 0;
            for (var i = 0; i < twelveDigits.Length; i++)
            {
                var digit = twelveDigits[i] - '0';
                sum += i % 2 == 0 ? digit : digit * 3;
            }
            return (10 - sum % 10) % 10;
        }

        public bool Equals(Isbn other) => string.Equals(Digits, other.Digits, StringComparison.Ordinal);

        public override bool Equals(object obj) => obj is Isbn other && Equals(other);

        public override int GetHashCode() => Digits.GetHashCode();

        public override string ToString() => Digits.Length == 13
            ? string.Format("{0}-{1}-{2}", Digits.Substring(0, 3), Digits.Substring(3, 9), Digits.Substring(12))
            : "(no isbn)";
    }
}
