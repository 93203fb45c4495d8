using System;
using WeatherStation.Core;
using WeatherStation.Sensors;

namespace WeatherStation.Processing
{
    public enum Severity
    {
        Info,
        Warning,
        Critical
    }

    /// <summary>A threshold on one quantity that raises an alert when crossed.</summary>
    public class AlertRule
    {
        public AlertRule(string name, Quantity quantity, double threshold, bool above, Severity severity)
        {
            Name = name;
            Quantity = quantity;
            Threshold = threshold;
            Above = above;
            Severity = severity;
        }

        public string Name { get; }

        public Quantity Quantity { get; }

        public double Threshold { get; }

        public bool Above { get; }

        public Severity Severity { get; }

        public static AlertRule Heat(double celsius) => new AlertRule("heat", Quantity.Temperature, celsius, true, Severity.Warning);

        public static AlertRule Frost(double celsius) => new AlertRule("frost", Quantity.Temperature, celsius, false, Severity.Critical);

        public bool Matches(SensorReading reading)
        {
            if (reading.Quantity != Quantity || !reading.IsValid)
            {
                return false;
            }
            return Above ? reading.Value > Threshold : reading.Value < Threshold;
        }

        public string Describe() => Name + (Above ? " above " : " below ") + Threshold + Units.Suffix(Quantity);
    }
}
