// The C# test host of crossfile-datasets' class-level split (sandbox/suites/csharp.py).
//
// Why it exists: nunit-console writes its verdict into a result file and onto stdout, both of
// which the code under test (running in the same process) can rewrite, print over or cut short
// (an extra summary line on fd 1, a ProcessExit handler rewriting the XML, Environment.Exit(0)).
// This host runs the tests itself and sends one record per finished test over a pipe the
// harness opened for this run (CROSSFILE_CHANNEL="<token fd>:<record fd>"): the harness writes a
// random token into the first pipe and closes it; the host reads it before any test code is
// loaded, keeps it in memory only and prefixes every record with it. A session_end record is
// written only after every test ran; a run that ends before it (an early exit, a crash, a
// time-out) is incomplete, and the harness never reads stdout or a file for a verdict.
//
// The tests run in a child AppDomain whose ApplicationBase is the folder of the assembly under
// test (--outdir): AppDomain.BaseDirectory is a writable folder holding the tests' content
// files, as under dotnet test, while this host itself stays in a folder the sandbox sees
// read-only (the code under test cannot replace it between runs).
//
// Usage: mono CrossfileTestHost.exe --assembly Suite.dll [--outdir DIR] [--run-list FILE] [--exclude-list FILE]
//        [--timeout MS]
//        mono CrossfileTestHost.exe --resources LIST   (the projects' embedded resources)
using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Reflection;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using System.Runtime.InteropServices;

namespace Crossfile.TestHost
{
    /// <summary>Token-prefixed JSON lines on an inherited pipe descriptor.</summary>
    public sealed class Channel
    {
        // mono's FileStream refuses descriptors its own I/O layer did not open: plain read/write
        [DllImport("libc", SetLastError = true)]
        static extern IntPtr write(int fd, byte[] buffer, IntPtr count);
        [DllImport("libc", SetLastError = true)]
        static extern IntPtr read(int fd, byte[] buffer, IntPtr count);
        [DllImport("libc", SetLastError = true)]
        static extern int close(int fd);

        readonly int fd;
        readonly string token;
        readonly object gate = new object();

        public Channel(int fd, string token)
        {
            this.fd = fd;
            this.token = token;
        }

        public void Send(string json)
        {
            byte[] bytes = Encoding.UTF8.GetBytes(token + "\t" + json + "\n");
            lock (gate)
            {
                int done = 0;
                while (done < bytes.Length)
                {
                    var chunk = new byte[bytes.Length - done];
                    Array.Copy(bytes, done, chunk, 0, chunk.Length);
                    long n = (long)write(fd, chunk, (IntPtr)chunk.Length);
                    if (n <= 0)
                    {
                        if (Marshal.GetLastWin32Error() == 4) continue;  // EINTR
                        throw new IOException("crossfile-test-host: the result channel is closed");
                    }
                    done += (int)n;
                }
            }
        }

        /// <summary>Everything a descriptor gives until end of file, then closed.</summary>
        public static string ReadAll(int fd)
        {
            var sb = new StringBuilder();
            var buffer = new byte[256];
            while (true)
            {
                long n = (long)read(fd, buffer, (IntPtr)buffer.Length);
                if (n < 0 && Marshal.GetLastWin32Error() == 4) continue;
                if (n <= 0) break;
                sb.Append(Encoding.ASCII.GetString(buffer, 0, (int)n));
            }
            close(fd);
            return sb.ToString();
        }

        public static string Quote(string text)
        {
            if (text == null) return "\"\"";
            var sb = new StringBuilder(text.Length + 2);
            sb.Append('"');
            foreach (char c in text)
            {
                switch (c)
                {
                    case '"': sb.Append("\\\""); break;
                    case '\\': sb.Append("\\\\"); break;
                    case '\n': sb.Append("\\n"); break;
                    case '\r': sb.Append("\\r"); break;
                    case '\t': sb.Append("\\t"); break;
                    default:
                        if (c < 0x20 || (c >= 0xD800 && c <= 0xDFFF)) sb.AppendFormat("\\u{0:x4}", (int)c);
                        else sb.Append(c);
                        break;
                }
            }
            sb.Append('"');
            return sb.ToString();
        }

        static readonly int Pid = System.Diagnostics.Process.GetCurrentProcess().Id;

        /// <summary>One test's record: its method id, the fixture to run it alone (for per-fixture
        /// coverage), its outcome, message and time, and the sending process.</summary>
        public static string Record(string id, string fixture, string outcome, string message, double seconds)
        {
            if (message != null && message.Length > 2000) message = message.Substring(0, 2000);
            return "{\"id\": " + Quote(id) + ", \"fixture\": " + Quote(fixture) + ", \"outcome\": " + Quote(outcome)
                + ", \"message\": " + Quote(message)
                + ", \"seconds\": " + seconds.ToString("0.######", System.Globalization.CultureInfo.InvariantCulture)
                + ", \"pid\": " + Pid + "}";
        }

        /// <summary>A fixture begins (before its set-up): when the process ends inside it, the
        /// harness knows which fixture to leave out of the next, fresh process.</summary>
        public static string Started(string fixture)
        {
            return "{\"start\": " + Quote(fixture) + ", \"pid\": " + Pid + "}";
        }

        public static string End(int tests)
        {
            return "{\"event\": \"session_end\", \"tests\": " + tests + ", \"pid\": " + Pid + "}";
        }
    }

    /// <summary>Runs in the tests' AppDomain: NUnit 2.6's core with a listener on the channel, then
    /// the xUnit tests (XunitCompat.cs) with our own executor.</summary>
    public sealed class Worker : MarshalByRefObject
    {
        public int Run(string assembly, int fd, string token, string[] names, string[] excluded, int timeoutMs)
        {
            var channel = new Channel(fd, token);
            int count = NUnitRun.Run(assembly, channel, names, excluded, timeoutMs);
            return count + XunitRun.Run(assembly, channel, names, excluded, timeoutMs);
        }

        public override object InitializeLifetimeService() { return null; }
    }

    /// <summary>xUnit 2's execution model on the attributes of XunitCompat.cs (found by name): a new
    /// instance of the test class per test case, class and collection fixtures and
    /// ITestOutputHelper injected into its constructor, IAsyncLifetime and IDisposable around each
    /// case, [Theory] rows from every data attribute (InlineData, MemberData, ClassData, custom
    /// DataAttribute subclasses), each case on its own thread under the per-test time-out.</summary>
    public static class XunitRun
    {
        // xUnit 2 runs [Fact] methods whatever their accessibility (private static ones too)
        const BindingFlags Members = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;

        static bool Is(Type type, string fullName)
        {
            for (Type t = type; t != null; t = t.BaseType)
                if (t.FullName == fullName) return true;
            return false;
        }

        static object Attribute(MemberInfo member, string fullName)
        {
            foreach (object a in member.GetCustomAttributes(true))
                if (Is(a.GetType(), fullName)) return a;
            return null;
        }

        static object Property(object target, string name)
        {
            var p = target.GetType().GetProperty(name);
            return p == null ? null : p.GetValue(target, null);
        }

        static Exception Unwrap(Exception e)
        {
            while ((e is TargetInvocationException || e is AggregateException) && e.InnerException != null) e = e.InnerException;
            return e;
        }

        public static int Run(string assemblyPath, Channel channel, string[] names, string[] excluded, int timeoutMs)
        {
            Assembly asm = Assembly.LoadFrom(assemblyPath);
            if (asm.GetType("Xunit.FactAttribute") == null) return 0;
            Environment.CurrentDirectory = Path.GetDirectoryName(Path.GetFullPath(assemblyPath));  // as dotnet test
            Type[] types;
            try { types = asm.GetTypes(); }
            catch (ReflectionTypeLoadException e) { types = Array.FindAll(e.Types, t => t != null); }
            Array.Sort(types, (a, b) => string.CompareOrdinal(a.FullName, b.FullName));
            var wanted = names == null ? null : new HashSet<string>(names);
            var skipped = new HashSet<string>(excluded ?? new string[0]);
            var shared = new Dictionary<Type, object>();  // collection fixtures: one per run
            int count = 0;
            foreach (Type type in types)
            {
                if (!type.IsClass || type.ContainsGenericParameters) continue;
                string fixture = type.FullName;
                if (skipped.Contains(fixture)) continue;
                var tests = new List<MethodInfo>();
                foreach (MethodInfo m in type.GetMethods(Members))
                    if (Attribute(m, "Xunit.FactAttribute") != null
                        && (wanted == null || wanted.Contains(fixture) || wanted.Contains(fixture + "." + m.Name)))
                        tests.Add(m);
                if (tests.Count == 0) continue;
                if (type.IsAbstract && !type.IsSealed) continue;  // xUnit runs the derived classes
                channel.Send(Channel.Started(fixture));
                var perClass = new Dictionary<Type, object>();
                foreach (Type i in type.GetInterfaces())
                    if (i.IsGenericType && i.GetGenericTypeDefinition().FullName == "Xunit.IClassFixture`1")
                        perClass[i.GetGenericArguments()[0]] = null;
                foreach (MethodInfo m in tests)
                    count += RunMethod(type, fixture, m, channel, timeoutMs, perClass, shared);
                foreach (object f in perClass.Values) Dispose(f);
            }
            foreach (object f in shared.Values) Dispose(f);
            return count;
        }

        static void Dispose(object target)
        {
            if (target == null) return;
            try
            {
                var life = target.GetType().GetInterface("Xunit.IAsyncLifetime");
                if (life != null) ((Task)life.GetMethod("DisposeAsync").Invoke(target, null)).GetAwaiter().GetResult();
                var d = target as IDisposable;
                if (d != null) d.Dispose();
            }
            catch (Exception) { }
        }

        static object Fixture(Type type, Dictionary<Type, object> perClass, Dictionary<Type, object> shared)
        {
            var cache = perClass.ContainsKey(type) ? perClass : shared;
            object value;
            if (cache.TryGetValue(type, out value) && value != null) return value;
            value = Activator.CreateInstance(type);
            var life = type.GetInterface("Xunit.IAsyncLifetime");
            if (life != null) ((Task)life.GetMethod("InitializeAsync").Invoke(value, null)).GetAwaiter().GetResult();
            cache[type] = value;
            return value;
        }

        static int RunMethod(Type type, string fixture, MethodInfo method, Channel channel, int timeoutMs,
                             Dictionary<Type, object> perClass, Dictionary<Type, object> shared)
        {
            string id = fixture + "." + method.Name;
            object fact = Attribute(method, "Xunit.FactAttribute");
            string skip = Property(fact, "Skip") as string;
            if (!string.IsNullOrEmpty(skip))
            {
                channel.Send(Channel.Record(id, fixture, "skipped", skip, 0));
                return 1;
            }
            bool theory = Is(fact.GetType(), "Xunit.TheoryAttribute");
            var rows = new List<object[]>();
            var skips = new List<string>();
            if (theory)
            {
                try
                {
                    foreach (object data in method.GetCustomAttributes(true))
                    {
                        if (!Is(data.GetType(), "Xunit.DataAttribute")) continue;
                        string rowSkip = Property(data, "Skip") as string;
                        var produced = (IEnumerable)data.GetType().GetMethod("GetData", new[] { typeof(MethodInfo) })
                            .Invoke(data, new object[] { method });
                        foreach (object row in produced)
                        {
                            rows.Add(row as object[] ?? new[] { row });
                            skips.Add(rowSkip);
                        }
                    }
                }
                catch (Exception e)
                {
                    channel.Send(Channel.Record(id, fixture, "error", "theory data: " + Unwrap(e), 0));
                    return 1;
                }
                if (rows.Count == 0)
                {
                    channel.Send(Channel.Record(id, fixture, "error", "No data found for " + id, 0));
                    return 1;
                }
            }
            else
            {
                rows.Add(new object[0]);
                skips.Add(null);
            }
            for (int r = 0; r < rows.Count; r++)
            {
                if (!string.IsNullOrEmpty(skips[r]))
                {
                    channel.Send(Channel.Record(id, fixture, "skipped", skips[r], 0));
                    continue;
                }
                var watch = System.Diagnostics.Stopwatch.StartNew();
                string outcome, message;
                RunCase(type, method, rows[r], timeoutMs, perClass, shared, out outcome, out message);
                channel.Send(Channel.Record(id, fixture, outcome, message, watch.Elapsed.TotalSeconds));
            }
            return rows.Count;
        }

        static void RunCase(Type type, MethodInfo method, object[] row, int timeoutMs, Dictionary<Type, object> perClass,
                            Dictionary<Type, object> shared, out string outcome, out string message)
        {
            Exception failure = null;
            var thread = new Thread(() =>
            {
                object instance = null;
                try
                {
                    MethodInfo target = method;
                    object[] args = Arguments(ref target, row);
                    if (!target.IsStatic)
                    {
                        ConstructorInfo ctor = type.GetConstructors()[0];
                        var ps = ctor.GetParameters();
                        var values = new object[ps.Length];
                        for (int i = 0; i < ps.Length; i++)
                        {
                            Type p = ps[i].ParameterType;
                            if (p.FullName == "Xunit.Abstractions.ITestOutputHelper")
                                values[i] = Activator.CreateInstance(type.Assembly.GetType("Xunit.Sdk.TestOutputHelper") ?? p.Assembly.GetType("Xunit.Sdk.TestOutputHelper"));
                            else
                                values[i] = Fixture(p, perClass, shared);
                        }
                        instance = ctor.Invoke(values);
                        var life = type.GetInterface("Xunit.IAsyncLifetime");
                        if (life != null) ((Task)life.GetMethod("InitializeAsync").Invoke(instance, null)).GetAwaiter().GetResult();
                    }
                    var around = AroundAttributes(type, method);
                    int before = 0;
                    try
                    {
                        for (; before < around.Count; before++)
                            around[before].GetType().GetMethod("Before").Invoke(around[before], new object[] { method });
                        object result = target.Invoke(instance, args);
                        var task = result as Task;
                        if (task != null) task.GetAwaiter().GetResult();
                    }
                    finally
                    {
                        for (int i = before - 1; i >= 0; i--)
                            around[i].GetType().GetMethod("After").Invoke(around[i], new object[] { method });
                    }
                }
                catch (ThreadAbortException) { Thread.ResetAbort(); failure = new TimeoutException("Test exceeded Timeout value of " + timeoutMs + "ms"); }
                catch (Exception e) { failure = Unwrap(e); }
                finally
                {
                    if (instance != null)
                    {
                        try
                        {
                            var life = type.GetInterface("Xunit.IAsyncLifetime");
                            if (life != null) ((Task)life.GetMethod("DisposeAsync").Invoke(instance, null)).GetAwaiter().GetResult();
                            var d = instance as IDisposable;
                            if (d != null) d.Dispose();
                        }
                        catch (Exception e) { if (failure == null) failure = Unwrap(e); }
                    }
                }
            }, 16 * 1024 * 1024);
            thread.IsBackground = true;
            thread.Start();
            if (!thread.Join(timeoutMs > 0 ? timeoutMs : Timeout.Infinite))
            {
                try { thread.Abort(); } catch (Exception) { }
                thread.Join(2000);
                outcome = "error";
                message = "Test exceeded Timeout value of " + timeoutMs + "ms";
                return;
            }
            if (failure == null) { outcome = "passed"; message = ""; return; }
            bool assertion = Is(failure.GetType(), "Xunit.Sdk.XunitException");
            outcome = assertion ? "failed" : "error";
            message = failure.GetType().FullName + ": " + failure.Message;
        }

        /// <summary>BeforeAfterTestAttribute instances of the assembly, the class and the method, in that order.</summary>
        static List<object> AroundAttributes(Type type, MethodInfo method)
        {
            var found = new List<object>();
            foreach (object[] attrs in new[] { type.Assembly.GetCustomAttributes(true), type.GetCustomAttributes(true),
                                               method.GetCustomAttributes(true) })
                foreach (object a in attrs)
                    if (Is(a.GetType(), "Xunit.Sdk.BeforeAfterTestAttribute")) found.Add(a);
            return found;
        }

        static object[] Arguments(ref MethodInfo method, object[] row)
        {
            if (method.ContainsGenericParameters)
            {
                Type[] generic = method.GetGenericArguments();
                var bound = new Type[generic.Length];
                var ps0 = method.GetParameters();
                for (int i = 0; i < ps0.Length && i < row.Length; i++)
                    if (ps0[i].ParameterType.IsGenericParameter && row[i] != null)
                        bound[ps0[i].ParameterType.GenericParameterPosition] = row[i].GetType();
                for (int i = 0; i < bound.Length; i++) if (bound[i] == null) bound[i] = typeof(object);
                method = method.MakeGenericMethod(bound);
            }
            var ps = method.GetParameters();
            var args = new object[ps.Length];
            for (int i = 0; i < ps.Length; i++)
            {
                bool paramArray = i == ps.Length - 1 && ps[i].IsDefined(typeof(ParamArrayAttribute), false);
                if (paramArray && !(row.Length == ps.Length && (row[i] == null || ps[i].ParameterType.IsInstanceOfType(row[i]))))
                {
                    Type element = ps[i].ParameterType.GetElementType();
                    int n = Math.Max(0, row.Length - i);
                    Array rest = Array.CreateInstance(element, n);
                    for (int j = 0; j < n; j++) rest.SetValue(Convert(row[i + j], element), j);
                    args[i] = rest;
                }
                else if (i < row.Length) args[i] = Convert(row[i], ps[i].ParameterType);
                else if (ps[i].IsOptional) args[i] = ps[i].DefaultValue is DBNull ? null : ps[i].DefaultValue;
                else throw new ArgumentException("theory row has " + row.Length + " values, " + method.Name + " takes " + ps.Length);
            }
            return args;
        }

        static object Convert(object value, Type type)
        {
            if (value == null || type.IsInstanceOfType(value)) return value;
            Type target = Nullable.GetUnderlyingType(type) ?? type;
            if (target.IsInstanceOfType(value)) return value;
            if (target.IsEnum) return value is string ? Enum.Parse(target, (string)value) : Enum.ToObject(target, value);
            if (target == typeof(Guid) && value is string) return new Guid((string)value);
            if (target == typeof(TimeSpan) && value is string) return TimeSpan.Parse((string)value, CultureInfo.InvariantCulture);
            if (target == typeof(DateTimeOffset) && value is string) return DateTimeOffset.Parse((string)value, CultureInfo.InvariantCulture);
            if (value is IConvertible && typeof(IConvertible).IsAssignableFrom(target))
                return System.Convert.ChangeType(value, target, CultureInfo.InvariantCulture);
            return value;
        }
    }

    /// <summary>Embedded resources of the repository's projects (--resources LIST): each line
    /// "resx IN OUT" converts a .resx file's string entries into a .resources file; each line
    /// "satellite DIR CULTURE VERSION" followed by lines "entry MANIFEST IN.resx" writes
    /// DIR/CULTURE/Suite.resources.dll, the satellite assembly of that culture. Runs in the
    /// sandbox: the .resx files are the repository's.</summary>
    public static class Resources
    {
        static Dictionary<string, string> Strings(string resx)
        {
            var doc = new System.Xml.XmlDocument();
            doc.XmlResolver = null;
            doc.Load(resx);
            var entries = new Dictionary<string, string>();
            foreach (System.Xml.XmlElement data in doc.GetElementsByTagName("data"))
            {
                if (data.HasAttribute("type") || data.HasAttribute("mimetype")) continue;  // strings only
                var value = data.SelectSingleNode("value");
                entries[data.GetAttribute("name")] = value == null ? "" : value.InnerText;
            }
            return entries;
        }

        public static int Run(string list)
        {
            int written = 0, failed = 0;
            string[] lines = File.ReadAllLines(list);
            for (int i = 0; i < lines.Length; i++)
            {
                string[] f = lines[i].Split('\t');
                try
                {
                    if (f[0] == "resx")
                    {
                        using (var writer = new System.Resources.ResourceWriter(f[2]))
                            foreach (var e in Strings(f[1])) writer.AddResource(e.Key, e.Value);
                        written++;
                    }
                    else if (f[0] == "satellite")
                    {
                        string dir = Path.Combine(f[1], f[2]);
                        Directory.CreateDirectory(dir);
                        var name = new AssemblyName("Suite.resources");
                        name.CultureInfo = new CultureInfo(f[2]);
                        name.Version = new Version(f[3]);
                        var asm = AppDomain.CurrentDomain.DefineDynamicAssembly(name, System.Reflection.Emit.AssemblyBuilderAccess.Save, dir);
                        var module = asm.DefineDynamicModule("Suite.resources.dll", "Suite.resources.dll");
                        while (i + 1 < lines.Length && lines[i + 1].StartsWith("entry\t"))
                        {
                            string[] e = lines[++i].Split('\t');
                            var rw = module.DefineResource(e[1] + "." + f[2] + ".resources", "", ResourceAttributes.Public);
                            foreach (var kv in Strings(e[2])) rw.AddResource(kv.Key, kv.Value);
                        }
                        asm.Save("Suite.resources.dll");
                        written++;
                    }
                }
                catch (Exception e)
                {
                    failed++;
                    Console.Error.WriteLine("crossfile-test-host: resources: " + lines[i] + ": " + e.Message);
                }
            }
            Console.WriteLine("crossfile-test-host: " + written + " resource files written, " + failed + " failed");
            return 0;
        }
    }

    public static class NUnitRun
    {
        public static int Run(string assembly, Channel channel, string[] names, string[] excluded, int timeoutMs)
        {
            NUnit.Core.CoreExtensions.Host.InitializeService();
            var package = new NUnit.Core.TestPackage(assembly);
            package.Settings["ShadowCopyFiles"] = false;
            package.Settings["UseThreadedRunner"] = false;
            if (timeoutMs > 0) package.Settings["DefaultTimeout"] = timeoutMs;
            var runner = new NUnit.Core.SimpleTestRunner();
            if (!runner.Load(package)) return 0;  // no NUnit fixture in the assembly
            NUnit.Core.ITestFilter filter = NUnit.Core.TestFilter.Empty;
            if (names != null) filter = new NUnit.Core.Filters.SimpleNameFilter(names);
            if (excluded != null && excluded.Length > 0)
            {
                // fixtures that ended an earlier process of this run: everything else runs
                var not = new NUnit.Core.Filters.NotFilter(new NUnit.Core.Filters.SimpleNameFilter(excluded));
                not.TopLevel = true;  // [Explicit] tests stay unrun, as without a filter
                filter = names == null ? (NUnit.Core.ITestFilter)not : new NUnit.Core.Filters.AndFilter(filter, not);
            }
            var listener = new Listener(channel);
            listener.Index(runner.Test, null, null);
            runner.Run(listener, filter, false, NUnit.Core.LoggingThreshold.Off);
            return listener.Count;
        }
    }

    sealed class Listener : NUnit.Core.EventListener
    {
        readonly Channel channel;
        public int Count;

        public Listener(Channel channel) { this.channel = channel; }

        static string Outcome(NUnit.Core.ResultState state)
        {
            switch (state)
            {
                case NUnit.Core.ResultState.Success: return "passed";
                case NUnit.Core.ResultState.Failure: return "failed";
                case NUnit.Core.ResultState.Error:
                case NUnit.Core.ResultState.Cancelled:
                case NUnit.Core.ResultState.NotRunnable: return "error";
                default: return "skipped";  // Ignored, Skipped, Inconclusive
            }
        }

        // test id -> (method id, fixture), from the loaded tree (results carry no parent): a
        // [TestCase] row's id is its method's (the parameterized suite above it); the fixture is the
        // nearest enclosing fixture suite (generic and parameterized fixtures included)
        readonly Dictionary<string, string[]> where = new Dictionary<string, string[]>();
        readonly Dictionary<string, string> fixtures = new Dictionary<string, string>();  // unique name -> full name

        public void Index(NUnit.Core.ITest test, string method, string fixture)
        {
            string type = test.TestType;
            if (type.EndsWith("Fixture") && type != "SetUpFixture")
            {
                fixture = test.TestName.FullName;
                fixtures[test.TestName.UniqueName] = fixture;
            }
            if (type == "ParameterizedTest" || type == "Theory") method = test.TestName.FullName;
            if (!test.IsSuite)
                where[test.TestName.UniqueName] = new[] { method ?? test.TestName.FullName, fixture ?? "" };
            if (test.Tests != null)
                foreach (NUnit.Core.ITest child in test.Tests) Index(child, method, fixture);
        }

        public void TestFinished(NUnit.Core.TestResult result)
        {
            Count++;
            string[] place;
            if (!where.TryGetValue(result.Test.TestName.UniqueName, out place))
                place = new[] { result.FullName, "" };
            string outcome = Outcome(result.ResultState), message = result.Message;
            if (outcome == "passed" && !PassedInTheTest(result.StackTrace, place[1]))
            {
                outcome = "failed";
                message = "NUnit's SuccessException did not come from the test fixture (the code under test ended "
                          + "the test as passed): " + FirstFrames(result.StackTrace);
            }
            channel.Send(Channel.Record(place[0], place[1], outcome, message, result.Time));
        }

        // A test NUnit calls passed either returned, or ended by NUnit's SuccessException (what
        // Assert.Pass throws; NUnit then keeps its stack trace). The exception is the framework's,
        // so code under test can throw it too (red team 2026-11-27g row 3, found by reflection on the
        // loaded framework): such an ending passes only when the first frame below NUnit.Framework's
        // is a method of the test's fixture (Assert.Pass called by the test itself); a throw from
        // anywhere else (the class under test, a helper, reflection) is a failure.
        static bool PassedInTheTest(string stackTrace, string fixture)
        {
            if (string.IsNullOrEmpty(stackTrace)) return true;  // the method returned
            if (string.IsNullOrEmpty(fixture)) return false;
            foreach (string raw in stackTrace.Split('\n'))
            {
                string frame = raw.Trim();
                if (frame.Length == 0) continue;
                if (frame.StartsWith("at ")) frame = frame.Substring(3).TrimStart();
                if (frame.StartsWith("NUnit.Framework.")) continue;
                if (!frame.StartsWith(fixture + ".")) return false;
                string rest = frame.Substring(fixture.Length + 1);
                int end = rest.IndexOfAny(new[] { ' ', '(' });
                string method = end < 0 ? rest : rest.Substring(0, end);
                return method.Length > 0 && method.IndexOf('.') < 0 && method.IndexOf('+') < 0;
            }
            return false;
        }

        static string FirstFrames(string stackTrace)
        {
            string[] lines = (stackTrace ?? "").Trim().Split('\n');
            return string.Join(" | ", lines, 0, Math.Min(3, lines.Length)).Trim();
        }

        public void RunStarted(string name, int testCount) { }
        public void RunFinished(NUnit.Core.TestResult result) { }
        public void RunFinished(Exception exception) { }
        public void TestStarted(NUnit.Core.TestName testName) { }
        public void SuiteStarted(NUnit.Core.TestName testName)
        {
            string fixture;
            if (fixtures.TryGetValue(testName.UniqueName, out fixture)) channel.Send(Channel.Started(fixture));
        }
        public void SuiteFinished(NUnit.Core.TestResult result) { }
        public void UnhandledException(Exception exception) { }
        public void TestOutput(NUnit.Core.TestOutput testOutput) { }
    }

    public static class Host
    {
        static string[] Lines(string path)
        {
            var lines = new List<string>();
            foreach (string line in File.ReadAllLines(path))
                if (line.Trim().Length > 0) lines.Add(line.Trim());
            return lines.ToArray();
        }

        public static int Main(string[] args)
        {
            if (args.Length == 2 && args[0] == "--resources") return Resources.Run(args[1]);
            string assembly = null, outdir = null, runList = null, excludeList = null;
            int timeoutMs = 0;
            for (int i = 0; i + 1 < args.Length; i += 2)
            {
                switch (args[i])
                {
                    case "--assembly": assembly = args[i + 1]; break;
                    case "--outdir": outdir = args[i + 1]; break;
                    case "--run-list": runList = args[i + 1]; break;
                    case "--exclude-list": excludeList = args[i + 1]; break;
                    case "--timeout": timeoutMs = int.Parse(args[i + 1]); break;
                    default: Console.Error.WriteLine("crossfile-test-host: unknown argument " + args[i]); return 2;
                }
            }
            string spec = Environment.GetEnvironmentVariable("CROSSFILE_CHANNEL");
            if (assembly == null || string.IsNullOrEmpty(spec))
            {
                Console.Error.WriteLine("crossfile-test-host: --assembly and CROSSFILE_CHANNEL are required");
                return 2;
            }
            Environment.SetEnvironmentVariable("CROSSFILE_CHANNEL", null);
            string[] fds = spec.Split(':');
            string token = Channel.ReadAll(int.Parse(fds[0])).Trim();
            int recordFd = int.Parse(fds[1]);
            var channel = new Channel(recordFd, token);
            string[] names = runList == null ? null : Lines(runList);
            string[] excluded = excludeList == null ? null : Lines(excludeList);
            assembly = Path.GetFullPath(assembly);
            outdir = Path.GetFullPath(outdir ?? Path.GetDirectoryName(assembly));
            var setup = new AppDomainSetup();
            setup.ApplicationBase = outdir.EndsWith("/") ? outdir : outdir + "/";
            string config = assembly + ".config";
            if (File.Exists(config)) setup.ConfigurationFile = config;
            AppDomain domain = AppDomain.CreateDomain("crossfile-tests", null, setup);
            var worker = (Worker)domain.CreateInstanceFromAndUnwrap(typeof(Worker).Assembly.Location, typeof(Worker).FullName);
            int count = worker.Run(assembly, recordFd, token, names, excluded, timeoutMs);
            channel.Send(Channel.End(count));
            Console.WriteLine("crossfile-test-host: " + count + " test results sent");
            return 0;
        }
    }
}
