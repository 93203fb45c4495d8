using System;
using WeatherStation.Core;

namespace WeatherStation.Sensors
{
    /// <summary>One measurement taken by one sensor.</summary>
    public struct SensorReading
    {
        public SensorReading(string sensorId, Quantity quantity, double value, DateTime takenAt)
        {
            SensorId = sensorId;
            Quantity = quantity;
            Value = value;
            TakenAt = takenAt;
        }

        public string SensorId { get; }

        public Quantity Quantity { get; }

        public double Value { get; }

        public DateTime TakenAt { get; }

        public bool IsValid => !double.IsNaN(Value) && !double.IsInfinity(Value);

        public SensorReading WithValue(double value) => new SensorReading(SensorId, Quantity, value, TakenAt);

        public string Format() => Units.Round(Value) + Units.Suffix(Quantity) + " at " + TakenAt.ToString("HH:mm");
    }
}
