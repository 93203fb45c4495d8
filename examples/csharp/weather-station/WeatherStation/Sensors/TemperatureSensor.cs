using System;
using WeatherStation.Core;

namespace WeatherStation.Sensors
{
    public class TemperatureSensor : ISensor
    {
        private readonly IReadingSource source;
        private double offset;

        public TemperatureSensor(string id, IReadingSource source)
        {
            Id = id;
            this.source = source;
        }

        public string Id { get; }

        public Quantity Measures => Quantity.Temperature;

        public bool IsOnline { get; set; } = true;

        public double LastCelsius { get; private set; } = double.NaN;

        public SensorReading Read(DateTime now)
        {
            if (!IsOnline)
            {
                return new SensorReading(Id, Measures, double.NaN, now);
            }
            LastCelsius = source.Next(Quantity.Temperature) + offset;
            return new SensorReading(Id, Measures, LastCelsius, now);
        }

        public void Calibrate(double delta)
        {
            offset += delta;
        }
    }
}
