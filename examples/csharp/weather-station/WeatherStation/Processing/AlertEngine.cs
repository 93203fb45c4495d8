using System;
using System.Collections.Generic;
using System.Linq;
using WeatherStation.Core;
using WeatherStation.Sensors;

namespace WeatherStation.Processing
{
    public class Alert
    {
        public Alert(AlertRule rule, SensorReading reading)
        {
            Rule = rule;
            Reading = reading;
        }

        public AlertRule Rule { get; }

        public SensorReading Reading { get; }

        public override string ToString() => "[" + Rule.Severity + "] " + Rule.Describe() + ": " + Reading.Format();
    }

    /// <summary>Evaluates the rules on every reading and suppresses repeated alerts.</summary>
    public class AlertEngine
    {
        private readonly List<AlertRule> rules = new List<AlertRule>();
        private readonly Dictionary<string, DateTime> lastRaised = new Dictionary<string, DateTime>();

        public AlertEngine(TimeSpan quietPeriod)
        {
            QuietPeriod = quietPeriod;
        }

        public TimeSpan QuietPeriod { get; }

        public int RuleCount => rules.Count;

        public event Action<Alert> Raised;

        public static AlertEngine FromConfig(StationConfig config)
        {
            var engine = new AlertEngine(TimeSpan.FromMinutes(30));
            engine.AddRule(AlertRule.Heat(config.HeatAlertCelsius));
            engine.AddRule(AlertRule.Frost(config.FrostAlertCelsius));
            return engine;
        }

        public void AddRule(AlertRule rule)
        {
            rules.Add(rule);
        }

        public IList<Alert> Evaluate(SensorReading reading)
        {
            var alerts = new List<Alert>();
            foreach (var rule in rules.Where(r => r.Matches(reading)))
            {
                var key = rule.Name + "/" + reading.SensorId;
                DateTime previous;
                if (lastRaised.TryGetValue(key, out previous) && reading.TakenAt - previous < QuietPeriod)
                {
                    continue;
                }
                lastRaised[key] = reading.TakenAt;
                var alert = new Alert(rule, reading);
                alerts.Add(alert);
                Raised?.Invoke(alert);
            }
            return alerts;
        }

        public Severity Worst(IEnumerable<Alert> alerts)
        {
            return alerts.Select(a => a.Rule.Severity).DefaultIfEmpty(Severity.Info).Max();
        }
    }
}
