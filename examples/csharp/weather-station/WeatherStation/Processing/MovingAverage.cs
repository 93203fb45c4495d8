using System;
using System.Collections.Generic;

namespace WeatherStation.Processing
{
    /// <summary>Mean of the last N values, updated in constant time.</summary>
    public class MovingAverage
    {
        private readonly Queue<double> window = new Queue<double>();
        private double sum;

        public MovingAverage(int size)
        {
            if (size <= 0)
            {
                throw new ArgumentOutOfRangeException(nameof(size));
            }
            Size = size;
        }

        public int Size { get; }

        public int Count => window.Count;

        public bool IsFull => window.Count == Size;

        public double Value => window.Count == 0 ? double.NaN : sum / window.Count;

        public double Add(double value)
        {
            window.Enqueue(value);
            sum += value;
            if (window.Count > Size)
            {
                sum -= window.Dequeue();
            }
            return Value;
        }

        public void Reset()
        {
            window.Clear();
            sum = 0;
        }
    }
}
