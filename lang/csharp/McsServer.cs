// A resident mono C# compiler for crossfile-datasets (see lang/csharp/mcs_server.py).
//
// Starting `mcs` costs ~0.3 s (mono start-up, JIT of the compiler), more than compiling a
// small project. This program keeps one compiler loaded and compiles on request through
// Mono.CSharp.CompilerCallableEntryPoint (the in-process entry point mcs.exe exposes),
// resetting the compiler's static state after every compilation.
//
// Protocol: one request per line = base64(UTF-8(cwd + "\0" + arg1 + "\0" + arg2 ...)).
// One response per line = "OK " or "CRASH " followed by base64(UTF-8(compiler output)).
// The compiler's own console output is captured too, so nothing but responses reaches stdout.
using System;
using System.IO;
using System.Text;

internal static class McsServer
{
    private static int Main()
    {
        var protocolOut = new StreamWriter(Console.OpenStandardOutput(), new UTF8Encoding(false));
        protocolOut.AutoFlush = true;
        var input = new StreamReader(Console.OpenStandardInput(), new UTF8Encoding(false));
        string line;
        while ((line = input.ReadLine()) != null)
        {
            if (line.Length == 0)
            {
                continue;
            }
            string status;
            var captured = new StringWriter();
            try
            {
                var fields = Encoding.UTF8.GetString(Convert.FromBase64String(line)).Split('\0');
                var args = new string[fields.Length - 1];
                Array.Copy(fields, 1, args, 0, args.Length);
                Environment.CurrentDirectory = fields[0];
                var savedOut = Console.Out;
                var savedError = Console.Error;
                Console.SetOut(captured);
                Console.SetError(captured);
                try
                {
                    Mono.CSharp.CompilerCallableEntryPoint.InvokeCompiler(args, captured);
                    status = "OK ";
                }
                finally
                {
                    Console.SetOut(savedOut);
                    Console.SetError(savedError);
                    Mono.CSharp.CompilerCallableEntryPoint.Reset();
                }
            }
            catch (Exception e)
            {
                status = "CRASH ";
                captured.WriteLine("Internal compiler error: " + e);
            }
            protocolOut.WriteLine(status + Convert.ToBase64String(Encoding.UTF8.GetBytes(captured.ToString())));
        }
        return 0;
    }
}
