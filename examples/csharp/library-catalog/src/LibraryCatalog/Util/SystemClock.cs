using System;

namespace LibraryCatalog.Util
{
    public interface IClock
    {
        DateTime Today { get; }
    }

    /// <summary>The real calendar; tests use <see cref="FixedClock"/>.</summary>
    public sealed class SystemClock : IClock
    {
        public DateTime Today => DateTime.Today;
    }

    public sealed class FixedClock : IClock
    {
        public FixedClock(DateTime today)
        {
            Today = today;
        }

        public DateTime Today { get; private set; }

        public void Advance(int days)
        {
            Today = Today.AddDays(days);
        }
    }
}
