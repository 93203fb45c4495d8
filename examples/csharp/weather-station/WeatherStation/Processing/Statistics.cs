using System;
using System.Collections.Generic;
using System.Linq;
using WeatherStation.Sensors;

namespace WeatherStation.Processing
{
    /// <summary>Summary numbers over a series of readings.</summary>
    public class Statistics
    {
        private Statistics(int count, double min, double max, double mean, double deviation)
        {
            Count = count;
            Min = min;
            Max = max;
            Mean = mean;
            StandardDeviation = deviation;
        }

        public int Count { get; }

        public double Min { get; }

        public double Max { get; }

        public double Mean { get; }

        public double StandardDeviation { get; }

        public double Range => Max - Min;

        public static Statistics Empty => new Statistics(0, double.NaN, double.NaN, double.NaN, double.NaN);

        public static Statistics Of(IEnumerable<SensorReading> readings)
        {
            var values = readings.Where(r => r.IsValid).Select(r => r.Value).ToList();
            if (values.Count == 0)
            {
                return Empty;
            }
            var mean = values.Average();
            var variance = values.Sum(v => (v - mean) * (v - mean)) / values.Count;
            return new Statistics(values.Count, values.Min(), values.Max(), mean, Math.Sqrt(variance));
        }

        public bool IsOutlier(double value, double sigmas = 3.0)
        {
            return Count > 2 && Math.Abs(value - Mean) > sigmas * StandardDeviation;
        }
    }
}
