using System;
using WeatherStation.Core;

namespace WeatherStation.Sensors
{
    public interface IReadingSource
    {
        double Next(Quantity quantity);
    }

    /// <summary>A device the station polls.</summary>
    public interface ISensor
    {
        string Id { get; }

        Quantity Measures { get; }

        bool IsOnline { get; }

        SensorReading Read(DateTime now);

        void Calibrate(double offset);
    }
}
