using System;
using WeatherStation.Core;

namespace WeatherStation.Sensors
{
    public class HumiditySensor : ISensor
    {
        private readonly IReadingSource source;
        private double offset;

        public HumiditySensor(string id, IReadingSource source)
        {
            Id = id;
            this.source = source;
        }

        public string Id { get; }

        public Quantity Measures => Quantity.Humidity;

        public bool IsOnline => true;

        public SensorReading Read(DateTime now)
        {
            var value = Math.Max(0.0, Math.Min(100.0, source.Next(Quantity.Humidity) + offset));
            return new SensorReading(Id, Measures, value, now);
        }

        public void Calibrate(double delta)
        {
            offset += delta;
        }
    }
}
