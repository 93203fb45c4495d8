using System;
using System.Collections.Generic;
using System.Linq;
using WeatherStation.Core;
using WeatherStation.Processing;
using WeatherStation.Sensors;

namespace WeatherStation.Storage
{
    /// <summary>Readings kept in memory, newest last, with a size bound.</summary>
    public class ReadingLog
    {
        private readonly List<SensorReading> readings = new List<SensorReading>();

        public ReadingLog(int capacity)
        {
            Capacity = capacity;
        }

        public int Capacity { get; }

        public int Count => readings.Count;

        public void Append(SensorReading reading)
        {
            readings.Add(reading);
            if (readings.Count > Capacity)
            {
                readings.RemoveRange(0, readings.Count - Capacity);
            }
        }

        public IEnumerable<SensorReading> Between(DateTime from, DateTime to)
        {
            return readings.Where(r => r.TakenAt >= from && r.TakenAt < to);
        }

        public IEnumerable<SensorReading> Of(Quantity quantity)
        {
            return readings.Where(r => r.Quantity == quantity);
        }

        public Statistics Summarize(Quantity quantity, DateTime since)
        {
            return Statistics.Of(Of(quantity).Where(r => r.TakenAt >= since));
        }

        public SensorReading? Latest(string sensorId)
        {
            for (var i = readings.Count - 1; i >= 0; i--)
            {
                if (readings[i].SensorId == sensorId)
                {
                    return readings[i];
                }
            }
            return null;
        }
    }
}
