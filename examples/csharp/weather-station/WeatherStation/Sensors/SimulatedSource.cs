using System;
using WeatherStation.Core;

namespace WeatherStation.Sensors
{
    /// <summary>Plausible values for running the station without hardware.</summary>
    public class SimulatedSource : IReadingSource
    {
        private readonly Random random;
        private int step;

        public SimulatedSource(int seed)
        {
            random = new Random(seed);
        }

        public double DailyMeanCelsius { get; set; } = 14.0;

        public double Next(Quantity quantity)
        {
            step++;
            var phase = Math.Sin(step / 24.0 * 2 * Math.PI);
            switch (quantity)
            {
                case Quantity.Temperature:
                    return DailyMeanCelsius + 6 * phase + random.NextDouble() - 0.5;
                case Quantity.Humidity:
                    return 65 - 15 * phase + random.Next(-3, 4);
                case Quantity.Pressure:
                    return 1013 + random.NextDouble() * 4 - 2;
                default:
                    return Math.Abs(4 + 3 * random.NextDouble());
            }
        }
    }
}
