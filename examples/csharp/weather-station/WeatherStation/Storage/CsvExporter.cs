using System;
using System.Globalization;
using System.IO;
using System.Text;
using WeatherStation.Core;
using WeatherStation.Sensors;

namespace WeatherStation.Storage
{
    /// <summary>Writes readings as CSV for spreadsheets.</summary>
    public class CsvExporter
    {
        public const string Header = "sensor,quantity,value,taken_at";

        public CsvExporter(bool fahrenheit)
        {
            Fahrenheit = fahrenheit;
        }

        public bool Fahrenheit { get; }

        public char Separator { get; set; } = ',';

        public string Line(SensorReading reading)
        {
            var value = reading.Value;
            if (Fahrenheit && reading.Quantity == Quantity.Temperature)
            {
                value = Units.CelsiusToFahrenheit(value);
            }
            return string.Join(Separator.ToString(), reading.SensorId, reading.Quantity.ToString().ToLowerInvariant(),
                Units.Round(value, 2).ToString(CultureInfo.InvariantCulture), reading.TakenAt.ToString("s"));
        }

        public int Write(TextWriter writer, ReadingLog log, DateTime from, DateTime to)
        {
            writer.WriteLine(Header.Replace(',', Separator));
            var written = 0;
            foreach (var reading in log.Between(from, to))
            {
                writer.WriteLine(Line(reading));
                written++;
            }
            return written;
        }

        public string ToText(ReadingLog log, DateTime from, DateTime to)
        {
            var builder = new StringBuilder();
            using (var writer = new StringWriter(builder))
            {
                Write(writer, log, from, to);
            }
            return builder.ToString();
        }
    }
}
