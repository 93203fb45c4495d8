using System;

namespace WeatherStation.Core
{
    public enum Quantity
    {
        Temperature,
        Humidity,
        Pressure,
        WindSpeed
    }

    /// <summary>Unit conversions and display suffixes.</summary>
    public static class Units
    {
        public const double KelvinOffset = 273.15;

        public static double CelsiusToFahrenheit(double celsius) => celsius * 9.0 / 5.0 + 32.0;

        public static double FahrenheitToCelsius(double fahrenheit) => (fahrenheit - 32.0) * 5.0 / 9.0;

        public static double CelsiusToKelvin(double celsius) => celsius + KelvinOffset;

        public static double KnotsToMetresPerSecond(double knots) => knots * 0.514444;

        public static string Suffix(Quantity quantity)
        {
            switch (quantity)
            {
                case Quantity.Temperature:
                    return "°C";
                case Quantity.Humidity:
                    return "%";
                case Quantity.Pressure:
                    return "hPa";
                default:
                    return "m/s";
            }
        }

        public static double Round(double value, int digits = 1) => Math.Round(value, digits, MidpointRounding.AwayFromZero);
    }
}
