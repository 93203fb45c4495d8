using System;
using System.Collections.Generic;
using System.Globalization;

namespace WeatherStation.Core
{
    /// <summary>Settings read from a simple key=value file.</summary>
    public class StationConfig
    {
        private readonly Dictionary<string, string> values = new Dictionary<string, string>(StringComparer.OrdinalIgnoreCase);

        public string StationName => Get("name", "unnamed station");

        public int SampleSeconds => GetInt("sample_seconds", 60);

        public int AverageWindow => GetInt("average_window", 5);

        public double HeatAlertCelsius => GetDouble("heat_alert", 30.0);

        public double FrostAlertCelsius => GetDouble("frost_alert", 0.0);

        public bool UseFahrenheit => Get("units", "metric") == "imperial";

        public static StationConfig Parse(IEnumerable<string> lines)
        {
            var config = new StationConfig();
            foreach (var raw in lines)
            {
                var line = raw.Trim();
                if (line.Length == 0 || line.StartsWith("#", StringComparison.Ordinal))
                {
                    continue;
                }
                var eq = line.IndexOf('=');
                if (eq > 0)
                {
                    config.values[line.Substring(0, eq).Trim()] = line.Substring(eq + 1).Trim();
                }
            }
            return config;
        }

        public string Get(string key, string fallback)
        {
            string value;
            return values.TryGetValue(key, out value) ? value : fallback;
        }

        public int GetInt(string key, int fallback)
        {
            int parsed;
            return int.TryParse(Get(key, null), NumberStyles.Integer, CultureInfo.InvariantCulture, out parsed) ? parsed : fallback;
        }

        public double GetDouble(string key, double fallback)
        {
            double parsed;
            return double.TryParse(Get(key, null), NumberStyles.Float, CultureInfo.InvariantCulture, out parsed) ? parsed : fallback;
        }
    }
}
