using System;
using System.Collections.Generic;
using System.Linq;
using WeatherStation.Processing;
using WeatherStation.Sensors;
using WeatherStation.Storage;

namespace WeatherStation.Core
{
    /// <summary>Polls the sensors, smooths their values, logs them and raises alerts.</summary>
    public class Station
    {
        private readonly List<ISensor> sensors = new List<ISensor>();
        private readonly Dictionary<string, MovingAverage> averages = new Dictionary<string, MovingAverage>();

        public Station(StationConfig config)
        {
            Config = config;
            Log = new ReadingLog(10000);
            Alerts = AlertEngine.FromConfig(config);
        }

        public StationConfig Config { get; }

        public ReadingLog Log { get; }

        public AlertEngine Alerts { get; }

        public IReadOnlyList<ISensor> Sensors => sensors;

        public void Attach(ISensor sensor)
        {
            sensors.Add(sensor);
            averages[sensor.Id] = new MovingAverage(Config.AverageWindow);
        }

        public IList<Alert> Poll(DateTime now)
        {
            var raised = new List<Alert>();
            foreach (var sensor in sensors.Where(s => s.IsOnline))
            {
                var reading = sensor.Read(now);
                if (!reading.IsValid)
                {
                    continue;
                }
                var smoothed = reading.WithValue(averages[sensor.Id].Add(reading.Value));
                Log.Append(smoothed);
                raised.AddRange(Alerts.Evaluate(smoothed));
            }
            return raised;
        }

        public string Summary(DateTime since)
        {
            var temperature = Log.Summarize(Quantity.Temperature, since);
            var humidity = Log.Summarize(Quantity.Humidity, since);
            return Config.StationName + ": " + Units.Round(temperature.Mean) + Units.Suffix(Quantity.Temperature)
                + " (" + Units.Round(temperature.Min) + " .. " + Units.Round(temperature.Max) + "), humidity "
                + Units.Round(humidity.Mean) + Units.Suffix(Quantity.Humidity);
        }
    }
}
