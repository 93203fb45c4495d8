using System.Reflection;

[assembly: AssemblyTitle("WeatherStation")]
[assembly: AssemblyVersion("1.2.0.0")]
