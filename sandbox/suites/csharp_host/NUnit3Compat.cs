// NUnit 3/4 on Debian's NUnit 2.6: the common part of NUnit 3's API, compiled into the tests'
// assembly by crossfile-datasets' C# runner (sandbox/suites/csharp.py).
//
// Why it exists: NUnit 3 and 4 are what most C# repositories test with today, and neither is in
// Debian; this machine reaches no NuGet. NUnit 2.6's framework already has most of NUnit 3's
// attributes, asserts and constraints under the same names; what NUnit 3 added is defined here,
// in the namespaces NUnit 3 uses. The tests are compiled with nunit.framework 2.6 referenced
// twice, globally and as `nunit26`: the classes below that share a name with a 2.6 class
// (Assert, TestContext, Is, Throws...) derive from it, so the source type wins name lookup (mcs
// warning CS0436) and every 2.6 member stays reachable through it. NUnit 2.6's core recognises
// attributes by their base classes' names, so [OneTimeSetUp] runs as [TestFixtureSetUp].
//
// What is not here is left out by the runner, test method by test method, and counted: a
// method that uses an NUnit 3 member this file lacks does not compile.
extern alias nunit26;

using System;
using System.Collections;
using System.Threading.Tasks;
using N26 = nunit26::NUnit.Framework;
using C26 = nunit26::NUnit.Framework.Constraints;

namespace NUnit.Framework
{
    public delegate Task AsyncTestDelegate();

    public enum ParallelScope { Default = 0, None = 1, Self = 2, Children = 4, Fixtures = 8, All = 14 }

    public enum LifeCycle { SingleInstance, InstancePerTestCase }

    // --- attributes NUnit 3 added (setup attributes run as their 2.6 equivalents) ---------------
    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
    public class OneTimeSetUpAttribute : N26.TestFixtureSetUpAttribute { }

    [AttributeUsage(AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
    public class OneTimeTearDownAttribute : N26.TestFixtureTearDownAttribute { }

    // scheduling, ordering and documentation: no effect on a sequential run's verdicts
    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class ParallelizableAttribute : Attribute
    {
        public ParallelizableAttribute() { }
        public ParallelizableAttribute(ParallelScope scope) { }
    }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class NonParallelizableAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class SingleThreadedAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class LevelOfParallelismAttribute : Attribute { public LevelOfParallelismAttribute(int level) { } }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class ApartmentAttribute : Attribute { public ApartmentAttribute(System.Threading.ApartmentState state) { } }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class OrderAttribute : Attribute { public OrderAttribute(int order) { } }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class RetryAttribute : Attribute { public RetryAttribute(int count) { } }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class AuthorAttribute : Attribute
    {
        public AuthorAttribute(string name) { }
        public AuthorAttribute(string name, string email) { }
    }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class TestOfAttribute : Attribute
    {
        public TestOfAttribute(Type type) { }
        public TestOfAttribute(string typeName) { }
    }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class NonTestAssemblyAttribute : Attribute { }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class FixtureLifeCycleAttribute : Attribute { public FixtureLifeCycleAttribute(LifeCycle lifeCycle) { } }

    [AttributeUsage(AttributeTargets.All, AllowMultiple = true, Inherited = true)]
    public class DefaultFloatingPointToleranceAttribute : Attribute
    {
        public DefaultFloatingPointToleranceAttribute(double amount) { }
        public DefaultFloatingPointToleranceAttribute(int amount) { }
    }

    // --- asserts and constraints: the 2.6 classes, plus what NUnit 3 added ------------------------
    public class Assert : N26.Assert
    {
        /// <summary>NUnit 3 reports every failure of the block; the first one decides pass/fail the same way.</summary>
        public static void Multiple(N26.TestDelegate block) { block(); }

        public static void Multiple(AsyncTestDelegate block) { Wait(block); }

        static Exception Wait(AsyncTestDelegate code)
        {
            try
            {
                Task task = code();
                if (task != null) task.GetAwaiter().GetResult();
                return null;
            }
            catch (Exception e)
            {
                return e;
            }
        }

        public static TActual ThrowsAsync<TActual>(AsyncTestDelegate code) where TActual : Exception
        {
            return (TActual)ThrowsAsync(typeof(TActual), code);
        }

        public static Exception ThrowsAsync(Type expected, AsyncTestDelegate code)
        {
            Exception caught = Wait(code);
            N26.Assert.That(caught, new C26.ExactTypeConstraint(expected), "Expected " + expected.Name + " from the async code");
            return caught;
        }

        public static TActual CatchAsync<TActual>(AsyncTestDelegate code) where TActual : Exception
        {
            Exception caught = Wait(code);
            N26.Assert.That(caught, new C26.InstanceOfTypeConstraint(typeof(TActual)));
            return (TActual)caught;
        }

        public static Exception CatchAsync(AsyncTestDelegate code)
        {
            return CatchAsync<Exception>(code);
        }

        public static void DoesNotThrowAsync(AsyncTestDelegate code)
        {
            Exception caught = Wait(code);
            if (caught != null) N26.Assert.Fail("Expected no exception, got " + caught.GetType().Name + ": " + caught.Message);
        }

        public static void Zero(object actual) { N26.Assert.That(actual, N26.Is.EqualTo(0)); }
        public static void Zero(object actual, string message, params object[] args) { N26.Assert.That(actual, N26.Is.EqualTo(0), message, args); }
        public static void NotZero(object actual) { N26.Assert.That(actual, N26.Is.Not.EqualTo(0)); }
        public static void NotZero(object actual, string message, params object[] args) { N26.Assert.That(actual, N26.Is.Not.EqualTo(0), message, args); }
        public static void Positive(object actual) { N26.Assert.That(actual, N26.Is.Positive); }
        public static void Positive(object actual, string message, params object[] args) { N26.Assert.That(actual, N26.Is.Positive, message, args); }
        public static void Negative(object actual) { N26.Assert.That(actual, N26.Is.Negative); }
        public static void Negative(object actual, string message, params object[] args) { N26.Assert.That(actual, N26.Is.Negative, message, args); }
        public static void Warn(string message, params object[] args) { }
    }

    public class Is : N26.Is
    {
        public static C26.EqualConstraint Zero { get { return new C26.EqualConstraint(0); } }
        public static C26.Constraint AnyOf(params object[] expected) { return new AnyOfConstraint(expected); }
        public static C26.Constraint WhiteSpace { get { return new C26.RegexConstraint(@"^\s*$"); } }
    }

    public class Throws : N26.Throws
    {
        public static C26.ExactTypeConstraint ArgumentNullException { get { return N26.Throws.TypeOf(typeof(ArgumentNullException)); } }
        public static C26.ExactTypeConstraint ArgumentOutOfRangeException { get { return N26.Throws.TypeOf(typeof(ArgumentOutOfRangeException)); } }
        public static C26.ExactTypeConstraint NotSupportedException { get { return N26.Throws.TypeOf(typeof(NotSupportedException)); } }
        public static C26.ExactTypeConstraint FormatException { get { return N26.Throws.TypeOf(typeof(FormatException)); } }
    }

    /// <summary>NUnit 3's Does: string and collection containment chosen by the actual value.</summary>
    public static class Does
    {
        public static C26.ConstraintExpression Not { get { return N26.Is.Not; } }
        public static C26.Constraint Contain(object expected) { return new ContainsConstraint(expected); }
        public static C26.Constraint StartWith(string expected) { return new C26.StartsWithConstraint(expected); }
        public static C26.Constraint EndWith(string expected) { return new C26.EndsWithConstraint(expected); }
        public static C26.Constraint Match(string pattern) { return new C26.RegexConstraint(pattern); }
        public static C26.Constraint ContainKey(object key) { return new DictionaryConstraint(key, true); }
        public static C26.Constraint ContainValue(object value) { return new DictionaryConstraint(value, false); }
        public static C26.Constraint Exist { get { return new ExistsConstraint(); } }
    }

    public static class CompatConstraintExpressions
    {
        public static C26.Constraint Contain(this C26.ConstraintExpression e, object expected) { return e.Matches(new ContainsConstraint(expected)); }
        public static C26.Constraint StartWith(this C26.ConstraintExpression e, string expected) { return e.StartsWith(expected); }
        public static C26.Constraint EndWith(this C26.ConstraintExpression e, string expected) { return e.EndsWith(expected); }
        public static C26.Constraint Match(this C26.ConstraintExpression e, string pattern) { return e.Matches(pattern); }
        public static C26.Constraint ContainKey(this C26.ConstraintExpression e, object key) { return e.Matches(new DictionaryConstraint(key, true)); }
        public static C26.Constraint Exist(this C26.ConstraintExpression e) { return e.Matches(new ExistsConstraint()); }
    }

    public class ContainsConstraint : C26.Constraint
    {
        readonly object expected;
        bool ignoreCase;

        public ContainsConstraint(object expected) : base(expected) { this.expected = expected; }

        public ContainsConstraint IgnoreCase { get { ignoreCase = true; return this; } }

        public override bool Matches(object actual)
        {
            this.actual = actual;
            string text = actual as string;
            if (text != null && expected is string)
                return text.IndexOf((string)expected, ignoreCase ? StringComparison.OrdinalIgnoreCase : StringComparison.Ordinal) >= 0;
            var items = actual as IEnumerable;
            if (items == null) return false;
            C26.Constraint inner = new C26.CollectionContainsConstraint(expected);
            return inner.Matches(actual);
        }

        public override void WriteDescriptionTo(C26.MessageWriter writer)
        {
            writer.WritePredicate("containing");
            writer.WriteExpectedValue(expected);
        }
    }

    public class AnyOfConstraint : C26.Constraint
    {
        readonly object[] expected;

        public AnyOfConstraint(object[] expected) : base(expected) { this.expected = expected; }

        public override bool Matches(object actual)
        {
            this.actual = actual;
            foreach (object e in expected)
                if (new C26.EqualConstraint(e).Matches(actual)) return true;
            return false;
        }

        public override void WriteDescriptionTo(C26.MessageWriter writer)
        {
            writer.WritePredicate("any of");
            writer.WriteExpectedValue(expected);
        }
    }

    /// <summary>A dictionary (IDictionary, or anything with ContainsKey / Values) holding a key or a value.</summary>
    public class DictionaryConstraint : C26.Constraint
    {
        readonly object expected;
        readonly bool key;

        public DictionaryConstraint(object expected, bool key) : base(expected)
        {
            this.expected = expected;
            this.key = key;
        }

        public override bool Matches(object actual)
        {
            this.actual = actual;
            var dict = actual as IDictionary;
            if (key)
            {
                if (dict != null) return dict.Contains(expected);
                var method = actual == null ? null : actual.GetType().GetMethod("ContainsKey");
                return method != null && (bool)method.Invoke(actual, new[] { expected });
            }
            if (dict != null) return new C26.CollectionContainsConstraint(expected).Matches(dict.Values);
            var values = actual == null ? null : actual.GetType().GetProperty("Values");
            return values != null && new C26.CollectionContainsConstraint(expected).Matches(values.GetValue(actual, null));
        }

        public override void WriteDescriptionTo(C26.MessageWriter writer)
        {
            writer.WritePredicate(key ? "dictionary containing key" : "dictionary containing value");
            writer.WriteExpectedValue(expected);
        }
    }

    public class ExistsConstraint : C26.Constraint
    {
        public override bool Matches(object actual)
        {
            this.actual = actual;
            var path = actual as string;
            if (path == null)
            {
                var info = actual as System.IO.FileSystemInfo;
                return info != null && info.Exists;
            }
            return System.IO.File.Exists(path) || System.IO.Directory.Exists(path);
        }

        public override void WriteDescriptionTo(C26.MessageWriter writer) { writer.WritePredicate("file or directory exists"); }
    }

    public static class Warn
    {
        public static void If(bool condition, string message = null, params object[] args) { }
        public static void Unless(bool condition, string message = null, params object[] args) { }
        public static void If(object actual, C26.IResolveConstraint expression, string message = null, params object[] args) { }
        public static void Unless(object actual, C26.IResolveConstraint expression, string message = null, params object[] args) { }
    }

    // --- TestContext: 2.6's, plus NUnit 3's output members -----------------------------------------
    public class TestContext : N26.TestContext
    {
        public TestContext(IDictionary context) : base(context) { }

        public static System.IO.TextWriter Out { get { return Console.Out; } }
        public static System.IO.TextWriter Error { get { return Console.Error; } }
        public static System.IO.TextWriter Progress { get { return Console.Error; } }

        public static void Write(object value) { Console.Write(value); }
        public static void Write(string format, params object[] args) { Console.Write(format, args); }
        public static void WriteLine() { Console.WriteLine(); }
        public static void WriteLine(object value) { Console.WriteLine(value); }
        public static void WriteLine(string format, params object[] args) { Console.WriteLine(format, args); }
        public static void AddTestAttachment(string filePath, string description = null) { }
    }
}

namespace NUnit.Framework.Legacy
{
    // NUnit 4 moved the classic asserts here
    public class ClassicAssert : N26.Assert { }
    public class StringAssert : N26.StringAssert { }
    public class CollectionAssert : N26.CollectionAssert { }
    public class FileAssert : N26.FileAssert { }
    public class DirectoryAssert : N26.DirectoryAssert { }
}
