// xUnit 2 on mono without NuGet: the common part of xUnit's API, compiled into the tests'
// assembly by crossfile-datasets' C# runner (sandbox/suites/csharp.py).
//
// Why it exists: xUnit is what many C# repositories test with, it is not in Debian, and this
// machine reaches no NuGet. This file gives the names test code uses -- [Fact], [Theory] with
// [InlineData] / [MemberData] / [ClassData], Assert.*, Record, ITestOutputHelper, class and
// collection fixtures, IAsyncLifetime -- and CrossfileTestHost.cs runs the tests the way xUnit
// does (a new instance of the test class per test, fixtures injected into its constructor,
// Dispose after each test). The host finds tests by these attributes' type names.
//
// What is not here is left out by the runner, test method by test method, and counted: a
// method that uses an xUnit member this file lacks does not compile.
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using System.Threading.Tasks;

namespace Xunit.Abstractions
{
    public interface ITestOutputHelper
    {
        void WriteLine(string message);
        void WriteLine(string format, params object[] args);
    }
}

namespace Xunit.Extensions
{
    // xUnit 1's home of [Theory] and [InlineData] (the xunit.extensions package); xUnit 2 test
    // files may still open it (`using Xunit.Extensions;`: adamreeve/semver.net 2.0.2, 9 of its 12
    // test files). The namespace exists; its attributes are Xunit's (a second TheoryAttribute
    // here would make [Theory] ambiguous in a file that opens both namespaces).
    internal static class CompatibilityNamespace { }
}

namespace Xunit.Sdk
{
    using System.Reflection;

    public class XunitException : Exception
    {
        public XunitException() { }
        public XunitException(string message) : base(message) { }
        public XunitException(string message, Exception inner) : base(message, inner) { }
    }

    public class EqualException : XunitException { public EqualException(object expected, object actual) : base("Assert.Equal() Failure\nExpected: " + Xunit.Assert.Show(expected) + "\nActual:   " + Xunit.Assert.Show(actual)) { } }
    public class NotEqualException : XunitException { public NotEqualException(string m) : base(m) { } }
    public class TrueException : XunitException { public TrueException(string m) : base(m) { } }
    public class FalseException : XunitException { public FalseException(string m) : base(m) { } }
    public class NullException : XunitException { public NullException(string m) : base(m) { } }
    public class NotNullException : XunitException { public NotNullException(string m) : base(m) { } }
    public class ThrowsException : XunitException { public ThrowsException(string m) : base(m) { } }
    public class ContainsException : XunitException { public ContainsException(string m) : base(m) { } }
    public class DoesNotContainException : XunitException { public DoesNotContainException(string m) : base(m) { } }
    public class EmptyException : XunitException { public EmptyException(string m) : base(m) { } }
    public class NotEmptyException : XunitException { public NotEmptyException(string m) : base(m) { } }
    public class SingleException : XunitException { public SingleException(string m) : base(m) { } }
    public class IsTypeException : XunitException { public IsTypeException(string m) : base(m) { } }
    public class InRangeException : XunitException { public InRangeException(string m) : base(m) { } }
    public class SameException : XunitException { public SameException(string m) : base(m) { } }

    /// <summary>Code around each test (culture, clock, files): the host calls Before after the test
    /// class is constructed and After before it is disposed, assembly then class then method.</summary>
    [AttributeUsage(AttributeTargets.Assembly | AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = true, Inherited = true)]
    public abstract class BeforeAfterTestAttribute : Attribute
    {
        public virtual void Before(MethodInfo methodUnderTest) { }
        public virtual void After(MethodInfo methodUnderTest) { }
    }

    /// <summary>What a test class's constructor gets for ITestOutputHelper (created by the host).</summary>
    public class TestOutputHelper : Xunit.Abstractions.ITestOutputHelper
    {
        public void WriteLine(string message) { Console.WriteLine(message); }
        public void WriteLine(string format, params object[] args) { Console.WriteLine(format, args); }
    }
}

namespace Xunit
{
    using Xunit.Sdk;

    // --- attributes (the host reads them by name) ----------------------------------------------------
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
    public class FactAttribute : Attribute
    {
        public string DisplayName { get; set; }
        public string Skip { get; set; }
        public int Timeout { get; set; }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false)]
    public class TheoryAttribute : FactAttribute { }

    public abstract class DataAttribute : Attribute
    {
        public string Skip { get; set; }
        public abstract IEnumerable<object[]> GetData(MethodInfo testMethod);
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class InlineDataAttribute : DataAttribute
    {
        readonly object[] data;
        public InlineDataAttribute(params object[] data) { this.data = data ?? new object[] { null }; }
        public override IEnumerable<object[]> GetData(MethodInfo testMethod) { return new[] { data }; }
    }

    public abstract class MemberDataAttributeBase : DataAttribute
    {
        protected MemberDataAttributeBase(string memberName, object[] parameters)
        {
            MemberName = memberName;
            Parameters = parameters;
        }

        public string MemberName { get; private set; }
        public object[] Parameters { get; private set; }
        public Type MemberType { get; set; }
        public bool DisableDiscoveryEnumeration { get; set; }

        public override IEnumerable<object[]> GetData(MethodInfo testMethod)
        {
            Type type = MemberType ?? testMethod.ReflectedType;
            const BindingFlags flags = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Static | BindingFlags.FlattenHierarchy;
            object value = null;
            bool found = false;
            for (Type t = type; t != null && !found; t = t.BaseType)
            {
                var property = t.GetProperty(MemberName, flags);
                if (property != null) { value = property.GetValue(null, null); found = true; break; }
                var field = t.GetField(MemberName, flags);
                if (field != null) { value = field.GetValue(null); found = true; break; }
                foreach (var method in t.GetMethods(flags))
                    if (method.Name == MemberName && method.GetParameters().Length == (Parameters ?? new object[0]).Length)
                    {
                        value = method.Invoke(null, Parameters);
                        found = true;
                        break;
                    }
            }
            if (!found) throw new ArgumentException("Could not find public static member " + MemberName + " on " + type.FullName);
            var rows = new List<object[]>();
            foreach (object row in (IEnumerable)value)
                rows.Add(row as object[] ?? new[] { row });
            return rows;
        }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class MemberDataAttribute : MemberDataAttributeBase
    {
        public MemberDataAttribute(string memberName, params object[] parameters) : base(memberName, parameters) { }
    }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = true)]
    public sealed class ClassDataAttribute : DataAttribute
    {
        public ClassDataAttribute(Type @class) { Class = @class; }
        public Type Class { get; private set; }

        public override IEnumerable<object[]> GetData(MethodInfo testMethod)
        {
            return (IEnumerable<object[]>)Activator.CreateInstance(Class);
        }
    }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true)]
    public sealed class TraitAttribute : Attribute { public TraitAttribute(string name, string value) { } }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class CollectionAttribute : Attribute
    {
        public CollectionAttribute(string name) { Name = name; }
        public string Name { get; private set; }
    }

    [AttributeUsage(AttributeTargets.Class, AllowMultiple = false)]
    public sealed class CollectionDefinitionAttribute : Attribute
    {
        public CollectionDefinitionAttribute(string name) { }
        public bool DisableParallelization { get; set; }
    }

    [AttributeUsage(AttributeTargets.Assembly, AllowMultiple = false)]
    public sealed class CollectionBehaviorAttribute : Attribute
    {
        public CollectionBehaviorAttribute() { }
        public CollectionBehaviorAttribute(CollectionBehavior behavior) { }
        public bool DisableTestParallelization { get; set; }
        public int MaxParallelThreads { get; set; }
    }

    public enum CollectionBehavior { CollectionPerAssembly, CollectionPerClass }

    public interface IClassFixture<TFixture> where TFixture : class { }
    public interface ICollectionFixture<TFixture> where TFixture : class { }

    public interface IAsyncLifetime
    {
        Task InitializeAsync();
        Task DisposeAsync();
    }

    // --- TheoryData -------------------------------------------------------------------------------
    public abstract class TheoryData : IEnumerable<object[]>
    {
        readonly List<object[]> rows = new List<object[]>();
        protected void AddRow(params object[] values) { rows.Add(values); }
        public IEnumerator<object[]> GetEnumerator() { return rows.GetEnumerator(); }
        IEnumerator IEnumerable.GetEnumerator() { return GetEnumerator(); }
    }

    public class TheoryData<T1> : TheoryData { public void Add(T1 p1) { AddRow(p1); } }
    public class TheoryData<T1, T2> : TheoryData { public void Add(T1 p1, T2 p2) { AddRow(p1, p2); } }
    public class TheoryData<T1, T2, T3> : TheoryData { public void Add(T1 p1, T2 p2, T3 p3) { AddRow(p1, p2, p3); } }
    public class TheoryData<T1, T2, T3, T4> : TheoryData { public void Add(T1 p1, T2 p2, T3 p3, T4 p4) { AddRow(p1, p2, p3, p4); } }
    public class TheoryData<T1, T2, T3, T4, T5> : TheoryData { public void Add(T1 p1, T2 p2, T3 p3, T4 p4, T5 p5) { AddRow(p1, p2, p3, p4, p5); } }

    // --- Record -----------------------------------------------------------------------------------
    public static class Record
    {
        public static Exception Exception(Action testCode)
        {
            try { testCode(); return null; }
            catch (Exception e) { return e; }
        }

        public static Exception Exception(Func<object> testCode)
        {
            try { testCode(); return null; }
            catch (Exception e) { return e; }
        }

        public static async Task<Exception> ExceptionAsync(Func<Task> testCode)
        {
            try { await testCode(); return null; }
            catch (Exception e) { return e; }
        }
    }

    // --- Assert -----------------------------------------------------------------------------------
    public partial class Assert
    {
        protected Assert() { }

        internal static string Show(object value)
        {
            if (value == null) return "(null)";
            if (value is string) return "\"" + value + "\"";
            var items = value as IEnumerable;
            if (items != null)
                return "[" + string.Join(", ", items.Cast<object>().Take(20).Select(Show)) + "]";
            return Convert.ToString(value, CultureInfo.InvariantCulture);
        }

        /// <summary>xUnit's default equality: null-safe, element-wise for collections (not strings),
        /// dictionaries by key, IEquatable / Equals otherwise, numbers of different types by value.</summary>
        internal static bool DeepEquals(object expected, object actual)
        {
            if (expected == null || actual == null) return expected == null && actual == null;
            if (ReferenceEquals(expected, actual)) return true;
            if (expected is string || actual is string) return expected.Equals(actual);
            var ed = expected as IDictionary;
            var ad = actual as IDictionary;
            if (ed != null && ad != null)
            {
                if (ed.Count != ad.Count) return false;
                foreach (DictionaryEntry e in ed)
                    if (!ad.Contains(e.Key) || !DeepEquals(e.Value, ad[e.Key])) return false;
                return true;
            }
            var ee = expected as IEnumerable;
            var ae = actual as IEnumerable;
            if (ee != null && ae != null)
            {
                var el = ee.Cast<object>().ToList();
                var al = ae.Cast<object>().ToList();
                if (el.Count != al.Count) return false;
                for (int i = 0; i < el.Count; i++)
                    if (!DeepEquals(el[i], al[i])) return false;
                return true;
            }
            if (expected.Equals(actual)) return true;
            if (IsNumber(expected) && IsNumber(actual) && expected.GetType() != actual.GetType())
            {
                try { return Convert.ToDecimal(expected, CultureInfo.InvariantCulture) == Convert.ToDecimal(actual, CultureInfo.InvariantCulture); }
                catch (OverflowException) { return Convert.ToDouble(expected, CultureInfo.InvariantCulture) == Convert.ToDouble(actual, CultureInfo.InvariantCulture); }
            }
            return false;
        }

        static bool IsNumber(object v)
        {
            return v is sbyte || v is byte || v is short || v is ushort || v is int || v is uint || v is long || v is ulong
                || v is float || v is double || v is decimal;
        }

        public static void Equal<T>(T expected, T actual)
        {
            if (!DeepEquals(expected, actual)) throw new EqualException(expected, actual);
        }

        public static void Equal<T>(T expected, T actual, IEqualityComparer<T> comparer)
        {
            if (!comparer.Equals(expected, actual)) throw new EqualException(expected, actual);
        }

        public static void Equal<T>(IEnumerable<T> expected, IEnumerable<T> actual)
        {
            if (!DeepEquals(expected, actual)) throw new EqualException(expected, actual);
        }

        public static void Equal<T>(IEnumerable<T> expected, IEnumerable<T> actual, IEqualityComparer<T> comparer)
        {
            var e = expected == null ? null : expected.ToList();
            var a = actual == null ? null : actual.ToList();
            bool same = e == null || a == null ? e == null && a == null
                : e.Count == a.Count && e.Zip(a, (x, y) => comparer.Equals(x, y)).All(b => b);
            if (!same) throw new EqualException(expected, actual);
        }

        public static void Equal(string expected, string actual)
        {
            if (expected != actual) throw new EqualException(expected, actual);
        }

        public static void Equal(string expected, string actual, bool ignoreCase = false, bool ignoreLineEndingDifferences = false,
                                 bool ignoreWhiteSpaceDifferences = false)
        {
            string e = expected, a = actual;
            if (ignoreLineEndingDifferences && e != null && a != null)
            {
                e = e.Replace("\r\n", "\n").Replace("\r", "\n");
                a = a.Replace("\r\n", "\n").Replace("\r", "\n");
            }
            if (ignoreWhiteSpaceDifferences && e != null && a != null)
            {
                e = Regex.Replace(e, @"[ \t]+", " ");
                a = Regex.Replace(a, @"[ \t]+", " ");
            }
            if (!string.Equals(e, a, ignoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal))
                throw new EqualException(expected, actual);
        }

        public static void Equal(double expected, double actual, int precision)
        {
            if (Math.Round(expected, precision) != Math.Round(actual, precision)) throw new EqualException(expected, actual);
        }

        public static void Equal(decimal expected, decimal actual, int precision)
        {
            if (Math.Round(expected, precision) != Math.Round(actual, precision)) throw new EqualException(expected, actual);
        }

        public static void Equal(double expected, double actual, double tolerance)
        {
            if (!(double.IsNaN(expected) && double.IsNaN(actual)) && Math.Abs(expected - actual) > tolerance)
                throw new EqualException(expected, actual);
        }

        public static void Equal(DateTime expected, DateTime actual, TimeSpan precision)
        {
            if ((expected - actual).Duration() > precision) throw new EqualException(expected, actual);
        }

        public static void NotEqual<T>(T expected, T actual)
        {
            if (DeepEquals(expected, actual)) throw new NotEqualException("Assert.NotEqual() Failure: " + Show(actual));
        }

        public static void NotEqual<T>(T expected, T actual, IEqualityComparer<T> comparer)
        {
            if (comparer.Equals(expected, actual)) throw new NotEqualException("Assert.NotEqual() Failure: " + Show(actual));
        }

        public static void NotEqual<T>(IEnumerable<T> expected, IEnumerable<T> actual)
        {
            if (DeepEquals(expected, actual)) throw new NotEqualException("Assert.NotEqual() Failure: " + Show(actual));
        }

        public static void NotEqual(double expected, double actual, int precision)
        {
            if (Math.Round(expected, precision) == Math.Round(actual, precision)) throw new NotEqualException("Assert.NotEqual() Failure");
        }

        public static void StrictEqual<T>(T expected, T actual)
        {
            if (!EqualityComparer<T>.Default.Equals(expected, actual)) throw new EqualException(expected, actual);
        }

        public static void True(bool condition) { if (!condition) throw new TrueException("Assert.True() Failure"); }
        public static void True(bool? condition) { if (condition != true) throw new TrueException("Assert.True() Failure"); }
        public static void True(bool condition, string userMessage) { if (!condition) throw new TrueException(userMessage ?? "Assert.True() Failure"); }
        public static void True(bool? condition, string userMessage) { if (condition != true) throw new TrueException(userMessage ?? "Assert.True() Failure"); }
        public static void False(bool condition) { if (condition) throw new FalseException("Assert.False() Failure"); }
        public static void False(bool? condition) { if (condition != false) throw new FalseException("Assert.False() Failure"); }
        public static void False(bool condition, string userMessage) { if (condition) throw new FalseException(userMessage ?? "Assert.False() Failure"); }
        public static void False(bool? condition, string userMessage) { if (condition != false) throw new FalseException(userMessage ?? "Assert.False() Failure"); }

        public static void Null(object @object) { if (@object != null) throw new NullException("Assert.Null() Failure: " + Show(@object)); }
        public static void NotNull(object @object) { if (@object == null) throw new NotNullException("Assert.NotNull() Failure"); }

        public static void Same(object expected, object actual) { if (!ReferenceEquals(expected, actual)) throw new SameException("Assert.Same() Failure"); }
        public static void NotSame(object expected, object actual) { if (ReferenceEquals(expected, actual)) throw new SameException("Assert.NotSame() Failure"); }

        public static void Fail(string message) { throw new XunitException(message); }

        // --- exceptions ---
        static Exception Run(Action code)
        {
            try { code(); return null; }
            catch (Exception e) { return e; }
        }

        static Exception Run(Func<object> code)
        {
            try
            {
                object result = code();
                var task = result as Task;
                if (task != null) task.GetAwaiter().GetResult();
                return null;
            }
            catch (Exception e) { return e; }
        }

        static async Task<Exception> RunAsync(Func<Task> code)
        {
            try { await code(); return null; }
            catch (Exception e) { return e; }
        }

        static Exception Exactly(Type expected, Exception caught)
        {
            if (caught == null) throw new ThrowsException("Assert.Throws() Failure: expected " + expected.Name + ", no exception was thrown");
            if (caught.GetType() != expected)
                throw new ThrowsException("Assert.Throws() Failure: expected " + expected.Name + ", got " + caught.GetType().Name + ": " + caught.Message);
            return caught;
        }

        static Exception Any(Type expected, Exception caught)
        {
            if (caught == null || !expected.IsInstanceOfType(caught))
                throw new ThrowsException("Assert.ThrowsAny() Failure: expected " + expected.Name + ", got " + (caught == null ? "no exception" : caught.GetType().Name));
            return caught;
        }

        public static T Throws<T>(Action testCode) where T : Exception { return (T)Exactly(typeof(T), Run(testCode)); }
        public static T Throws<T>(Func<object> testCode) where T : Exception { return (T)Exactly(typeof(T), Run(testCode)); }
        public static T Throws<T>(string paramName, Action testCode) where T : ArgumentException
        {
            T e = Throws<T>(testCode);
            Equal(paramName, e.ParamName);
            return e;
        }
        public static T Throws<T>(string paramName, Func<object> testCode) where T : ArgumentException
        {
            T e = Throws<T>(testCode);
            Equal(paramName, e.ParamName);
            return e;
        }
        public static Exception Throws(Type exceptionType, Action testCode) { return Exactly(exceptionType, Run(testCode)); }
        public static Exception Throws(Type exceptionType, Func<object> testCode) { return Exactly(exceptionType, Run(testCode)); }
        public static T ThrowsAny<T>(Action testCode) where T : Exception { return (T)Any(typeof(T), Run(testCode)); }
        public static T ThrowsAny<T>(Func<object> testCode) where T : Exception { return (T)Any(typeof(T), Run(testCode)); }

        public static async Task<T> ThrowsAsync<T>(Func<Task> testCode) where T : Exception
        {
            return (T)Exactly(typeof(T), await RunAsync(testCode));
        }

        public static async Task<T> ThrowsAsync<T>(string paramName, Func<Task> testCode) where T : ArgumentException
        {
            T e = (T)Exactly(typeof(T), await RunAsync(testCode));
            Equal(paramName, e.ParamName);
            return e;
        }

        public static async Task<Exception> ThrowsAsync(Type exceptionType, Func<Task> testCode)
        {
            return Exactly(exceptionType, await RunAsync(testCode));
        }

        public static async Task<T> ThrowsAnyAsync<T>(Func<Task> testCode) where T : Exception
        {
            return (T)Any(typeof(T), await RunAsync(testCode));
        }

        // --- collections and strings ---
        public static void Contains(string expectedSubstring, string actualString)
        {
            if (actualString == null || expectedSubstring == null || actualString.IndexOf(expectedSubstring, StringComparison.Ordinal) < 0)
                throw new ContainsException("Assert.Contains() Failure: " + Show(expectedSubstring) + " not found in " + Show(actualString));
        }

        public static void Contains(string expectedSubstring, string actualString, StringComparison comparisonType)
        {
            if (actualString == null || actualString.IndexOf(expectedSubstring, comparisonType) < 0)
                throw new ContainsException("Assert.Contains() Failure: " + Show(expectedSubstring) + " not found in " + Show(actualString));
        }

        public static void DoesNotContain(string expectedSubstring, string actualString)
        {
            if (actualString != null && actualString.IndexOf(expectedSubstring, StringComparison.Ordinal) >= 0)
                throw new DoesNotContainException("Assert.DoesNotContain() Failure: " + Show(expectedSubstring) + " found in " + Show(actualString));
        }

        public static void DoesNotContain(string expectedSubstring, string actualString, StringComparison comparisonType)
        {
            if (actualString != null && actualString.IndexOf(expectedSubstring, comparisonType) >= 0)
                throw new DoesNotContainException("Assert.DoesNotContain() Failure: " + Show(expectedSubstring) + " found in " + Show(actualString));
        }

        public static void Contains<T>(T expected, IEnumerable<T> collection)
        {
            if (collection == null || !collection.Any(item => DeepEquals(expected, item)))
                throw new ContainsException("Assert.Contains() Failure: " + Show(expected) + " not found in " + Show(collection));
        }

        public static void Contains<T>(T expected, IEnumerable<T> collection, IEqualityComparer<T> comparer)
        {
            if (collection == null || !collection.Any(item => comparer.Equals(expected, item)))
                throw new ContainsException("Assert.Contains() Failure: " + Show(expected) + " not found");
        }

        public static T Contains<T>(IEnumerable<T> collection, Predicate<T> filter)
        {
            foreach (T item in collection)
                if (filter(item)) return item;
            throw new ContainsException("Assert.Contains() Failure: no item matches the filter");
        }

        public static TValue Contains<TKey, TValue>(TKey expected, IDictionary<TKey, TValue> collection)
        {
            TValue value;
            if (collection == null || !collection.TryGetValue(expected, out value))
                throw new ContainsException("Assert.Contains() Failure: key " + Show(expected) + " not found");
            return value;
        }

        public static TValue Contains<TKey, TValue>(TKey expected, IReadOnlyDictionary<TKey, TValue> collection)
        {
            TValue value;
            if (collection == null || !collection.TryGetValue(expected, out value))
                throw new ContainsException("Assert.Contains() Failure: key " + Show(expected) + " not found");
            return value;
        }

        public static void DoesNotContain<T>(T expected, IEnumerable<T> collection)
        {
            if (collection != null && collection.Any(item => DeepEquals(expected, item)))
                throw new DoesNotContainException("Assert.DoesNotContain() Failure: " + Show(expected) + " found");
        }

        public static void DoesNotContain<T>(IEnumerable<T> collection, Predicate<T> filter)
        {
            foreach (T item in collection)
                if (filter(item)) throw new DoesNotContainException("Assert.DoesNotContain() Failure: an item matches the filter");
        }

        public static void DoesNotContain<TKey, TValue>(TKey expected, IDictionary<TKey, TValue> collection)
        {
            if (collection != null && collection.ContainsKey(expected))
                throw new DoesNotContainException("Assert.DoesNotContain() Failure: key " + Show(expected) + " found");
        }

        public static void StartsWith(string expectedStartString, string actualString)
        {
            if (actualString == null || expectedStartString == null || !actualString.StartsWith(expectedStartString, StringComparison.Ordinal))
                throw new XunitException("Assert.StartsWith() Failure: " + Show(actualString) + " does not start with " + Show(expectedStartString));
        }

        public static void StartsWith(string expectedStartString, string actualString, StringComparison comparisonType)
        {
            if (actualString == null || !actualString.StartsWith(expectedStartString, comparisonType))
                throw new XunitException("Assert.StartsWith() Failure");
        }

        public static void EndsWith(string expectedEndString, string actualString)
        {
            if (actualString == null || expectedEndString == null || !actualString.EndsWith(expectedEndString, StringComparison.Ordinal))
                throw new XunitException("Assert.EndsWith() Failure: " + Show(actualString) + " does not end with " + Show(expectedEndString));
        }

        public static void EndsWith(string expectedEndString, string actualString, StringComparison comparisonType)
        {
            if (actualString == null || !actualString.EndsWith(expectedEndString, comparisonType))
                throw new XunitException("Assert.EndsWith() Failure");
        }

        public static void Matches(string expectedRegexPattern, string actualString)
        {
            if (actualString == null || !Regex.IsMatch(actualString, expectedRegexPattern))
                throw new XunitException("Assert.Matches() Failure: " + Show(actualString));
        }

        public static void Matches(Regex expectedRegex, string actualString)
        {
            if (actualString == null || !expectedRegex.IsMatch(actualString))
                throw new XunitException("Assert.Matches() Failure: " + Show(actualString));
        }

        public static void DoesNotMatch(string expectedRegexPattern, string actualString)
        {
            if (actualString != null && Regex.IsMatch(actualString, expectedRegexPattern))
                throw new XunitException("Assert.DoesNotMatch() Failure: " + Show(actualString));
        }

        public static void Empty(IEnumerable collection)
        {
            if (collection == null) throw new ArgumentNullException("collection");
            if (collection.Cast<object>().Any()) throw new EmptyException("Assert.Empty() Failure: " + Show(collection));
        }

        public static void NotEmpty(IEnumerable collection)
        {
            if (collection == null) throw new ArgumentNullException("collection");
            if (!collection.Cast<object>().Any()) throw new NotEmptyException("Assert.NotEmpty() Failure");
        }

        public static object Single(IEnumerable collection)
        {
            var items = collection.Cast<object>().Take(2).ToList();
            if (items.Count != 1) throw new SingleException("Assert.Single() Failure: " + (items.Count == 0 ? "empty" : "more than one item"));
            return items[0];
        }

        public static T Single<T>(IEnumerable<T> collection)
        {
            var items = collection.Take(2).ToList();
            if (items.Count != 1) throw new SingleException("Assert.Single() Failure: " + (items.Count == 0 ? "empty" : "more than one item"));
            return items[0];
        }

        public static T Single<T>(IEnumerable<T> collection, Predicate<T> predicate)
        {
            var items = collection.Where(x => predicate(x)).Take(2).ToList();
            if (items.Count != 1) throw new SingleException("Assert.Single() Failure: " + items.Count + " matching items");
            return items[0];
        }

        public static void All<T>(IEnumerable<T> collection, Action<T> action)
        {
            foreach (T item in collection) action(item);
        }

        public static void Collection<T>(IEnumerable<T> collection, params Action<T>[] elementInspectors)
        {
            var items = collection.ToList();
            if (items.Count != elementInspectors.Length)
                throw new XunitException("Assert.Collection() Failure: " + items.Count + " items, " + elementInspectors.Length + " inspectors");
            for (int i = 0; i < items.Count; i++) elementInspectors[i](items[i]);
        }

        public static void Distinct<T>(IEnumerable<T> collection)
        {
            var seen = new HashSet<T>();
            foreach (T item in collection)
                if (!seen.Add(item)) throw new XunitException("Assert.Distinct() Failure: duplicate " + Show(item));
        }

        public static void Subset<T>(ISet<T> expectedSuperset, ISet<T> actual)
        {
            if (!actual.IsSubsetOf(expectedSuperset)) throw new XunitException("Assert.Subset() Failure");
        }

        public static void Superset<T>(ISet<T> expectedSubset, ISet<T> actual)
        {
            if (!actual.IsSupersetOf(expectedSubset)) throw new XunitException("Assert.Superset() Failure");
        }

        public static void ProperSubset<T>(ISet<T> expectedSuperset, ISet<T> actual)
        {
            if (!actual.IsProperSubsetOf(expectedSuperset)) throw new XunitException("Assert.ProperSubset() Failure");
        }

        public static void ProperSuperset<T>(ISet<T> expectedSubset, ISet<T> actual)
        {
            if (!actual.IsProperSupersetOf(expectedSubset)) throw new XunitException("Assert.ProperSuperset() Failure");
        }

        // --- types and ranges ---
        public static T IsType<T>(object @object)
        {
            if (@object == null || @object.GetType() != typeof(T))
                throw new IsTypeException("Assert.IsType() Failure: expected " + typeof(T).FullName + ", got " + (@object == null ? "(null)" : @object.GetType().FullName));
            return (T)@object;
        }

        public static object IsType(Type expectedType, object @object)
        {
            if (@object == null || @object.GetType() != expectedType) throw new IsTypeException("Assert.IsType() Failure");
            return @object;
        }

        public static void IsNotType<T>(object @object)
        {
            if (@object != null && @object.GetType() == typeof(T)) throw new IsTypeException("Assert.IsNotType() Failure");
        }

        public static void IsNotType(Type expectedType, object @object)
        {
            if (@object != null && @object.GetType() == expectedType) throw new IsTypeException("Assert.IsNotType() Failure");
        }

        public static T IsAssignableFrom<T>(object @object)
        {
            if (!(@object is T)) throw new IsTypeException("Assert.IsAssignableFrom() Failure: " + typeof(T).FullName);
            return (T)@object;
        }

        public static object IsAssignableFrom(Type expectedType, object @object)
        {
            if (@object == null || !expectedType.IsInstanceOfType(@object)) throw new IsTypeException("Assert.IsAssignableFrom() Failure");
            return @object;
        }

        public static void InRange<T>(T actual, T low, T high) where T : IComparable
        {
            if (low.CompareTo(actual) > 0 || high.CompareTo(actual) < 0)
                throw new InRangeException("Assert.InRange() Failure: " + Show(actual) + " not in [" + Show(low) + ", " + Show(high) + "]");
        }

        public static void NotInRange<T>(T actual, T low, T high) where T : IComparable
        {
            if (low.CompareTo(actual) <= 0 && high.CompareTo(actual) >= 0)
                throw new InRangeException("Assert.NotInRange() Failure: " + Show(actual));
        }
    }
}
