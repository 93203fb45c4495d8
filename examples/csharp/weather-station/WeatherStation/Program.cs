using System;
using System.IO;
using WeatherStation.Core;
using WeatherStation.Processing;
using WeatherStation.Sensors;
using WeatherStation.Storage;

namespace WeatherStation
{
    internal static class Program
    {
        private static int Main(string[] args)
        {
            var lines = args.Length > 0 && File.Exists(args[0]) ? File.ReadAllLines(args[0]) : new string[0];
            var config = StationConfig.Parse(lines);
            var station = new Station(config);
            var source = new SimulatedSource(42) { DailyMeanCelsius = 18.5 };
            station.Attach(new TemperatureSensor("t1", source));
            station.Attach(new HumiditySensor("h1", source));
            station.Alerts.Raised += alert => Console.WriteLine(alert);

            var start = new DateTime(2024, 7, 1);
            for (var minute = 0; minute < 24 * 60; minute += Math.Max(1, config.SampleSeconds / 60))
            {
                station.Poll(start.AddMinutes(minute));
            }
            Console.WriteLine(station.Summary(start));

            var exporter = new CsvExporter(config.UseFahrenheit);
            Console.Write(exporter.ToText(station.Log, start, start.AddHours(1)));
            return station.Alerts.RuleCount > 0 ? 0 : 1;
        }
    }
}
