using System;

namespace LibraryCatalog.Util
{
    /// <summary>Argument checks shared by the services.</summary>
    public static class Guard
    {
        public static T NotNull<T>(T value, string name) where T : class
        {
            if (value == null)
            {
                throw new ArgumentNullException(name);
            }
            return value;
        }

        public static string NotBlank(string value, string name)
        {
            if (string.IsNullOrWhiteSpace(value))
            {
                throw new ArgumentException(name + " must not be blank", name);
            }
            return value.Trim();
        }

        public static int Positive(int value, string name)
        {
            if (value <= 0)
            {
                throw new ArgumentOutOfRangeException(name, value, name + " must be positive");
            }
            return value;
        }
    }
}
