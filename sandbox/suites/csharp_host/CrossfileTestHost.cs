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
// Usage: mono CrossfileTestHost.exe --assembly Suite.dll [--outdir DIR] [--run-list FILE]
//        [--timeout MS]
using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Text;
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

        public static string End(int tests)
        {
            return "{\"event\": \"session_end\", \"tests\": " + tests + ", \"pid\": " + Pid + "}";
        }
    }

    /// <summary>Runs in the tests' AppDomain: NUnit 2.6's core with a listener on the channel.</summary>
    public sealed class Worker : MarshalByRefObject
    {
        public int Run(string assembly, int fd, string token, string[] names, int timeoutMs)
        {
            var channel = new Channel(fd, token);
            return NUnitRun.Run(assembly, channel, names, timeoutMs);
        }

        public override object InitializeLifetimeService() { return null; }
    }

    public static class NUnitRun
    {
        public static int Run(string assembly, Channel channel, string[] names, int timeoutMs)
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

        public void Index(NUnit.Core.ITest test, string method, string fixture)
        {
            string type = test.TestType;
            if (type.EndsWith("Fixture") && type != "SetUpFixture") fixture = test.TestName.FullName;
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
            channel.Send(Channel.Record(place[0], place[1], Outcome(result.ResultState), result.Message, result.Time));
        }

        public void RunStarted(string name, int testCount) { }
        public void RunFinished(NUnit.Core.TestResult result) { }
        public void RunFinished(Exception exception) { }
        public void TestStarted(NUnit.Core.TestName testName) { }
        public void SuiteStarted(NUnit.Core.TestName testName) { }
        public void SuiteFinished(NUnit.Core.TestResult result) { }
        public void UnhandledException(Exception exception) { }
        public void TestOutput(NUnit.Core.TestOutput testOutput) { }
    }

    public static class Host
    {
        public static int Main(string[] args)
        {
            string assembly = null, outdir = null, runList = null;
            int timeoutMs = 0;
            for (int i = 0; i + 1 < args.Length; i += 2)
            {
                switch (args[i])
                {
                    case "--assembly": assembly = args[i + 1]; break;
                    case "--outdir": outdir = args[i + 1]; break;
                    case "--run-list": runList = args[i + 1]; break;
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
            string[] names = null;
            if (runList != null)
            {
                var wanted = new List<string>();
                foreach (string line in File.ReadAllLines(runList))
                    if (line.Trim().Length > 0) wanted.Add(line.Trim());
                names = wanted.ToArray();
            }
            assembly = Path.GetFullPath(assembly);
            outdir = Path.GetFullPath(outdir ?? Path.GetDirectoryName(assembly));
            var setup = new AppDomainSetup();
            setup.ApplicationBase = outdir.EndsWith("/") ? outdir : outdir + "/";
            string config = assembly + ".config";
            if (File.Exists(config)) setup.ConfigurationFile = config;
            AppDomain domain = AppDomain.CreateDomain("crossfile-tests", null, setup);
            var worker = (Worker)domain.CreateInstanceFromAndUnwrap(typeof(Worker).Assembly.Location, typeof(Worker).FullName);
            int count = worker.Run(assembly, recordFd, token, names, timeoutMs);
            channel.Send(Channel.End(count));
            Console.WriteLine("crossfile-test-host: " + count + " test results sent");
            return 0;
        }
    }
}
