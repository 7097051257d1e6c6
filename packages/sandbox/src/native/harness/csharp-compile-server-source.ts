/**
 * The warm C# compiler (decision 712): one long-lived Mono process in its own jail that loads Debian's mcs.exe as a
 * library and calls its CompilerCallableEntryPoint.InvokeCompiler per request. mcs reads and writes files, so each
 * request gets a fresh directory under the server's own /box, deleted before the answer is sent: the next request
 * cannot see it. C# has no include and no compile-time code (no source generators in mcs).
 *
 * Protocol on stdin/stdout (lengths in bytes of UTF-8):
 *   request:  <args>\n then one argument per line, then <files>\n then per file <name>\n<length>\n<bytes>
 *   response: ok|fail\n<length>\n<the compiler's messages> then <files>\n then per file <name>\n<length>\n<bytes>
 * "ready\n" once mcs.exe is loaded. The messages are cut at 16 K characters (decision 1046).
 */
export const CSHARP_SERVER_FILE = 'AssayCsCompileServer.cs';

export const CSHARP_SERVER_SOURCE = String.raw`
using System;
using System.IO;
using System.Reflection;
using System.Text;
using System.Collections.Generic;

/** mcs's messages, kept up to a size (decision 1046): a 1 KB source can make it write megabytes of one type name. */
sealed class CappedWriter : TextWriter
{
    readonly StringBuilder text = new StringBuilder();
    readonly int max;
    public CappedWriter(int max) { this.max = max; }
    public override Encoding Encoding { get { return Encoding.UTF8; } }
    public override void Write(char value) { if (text.Length < max) text.Append(value); }
    public override void Write(string value)
    {
        if (value == null) return;
        int room = max - text.Length;
        if (room > 0) text.Append(value, 0, Math.Min(room, value.Length));
    }
    public override void Write(char[] buffer, int index, int count)
    {
        int room = max - text.Length;
        if (room > 0) text.Append(buffer, index, Math.Min(room, count));
    }
    public override string ToString() { return text.ToString(); }
}

public static class AssayCsCompileServer
{
    static string ReadLine(Stream input)
    {
        var bytes = new List<byte>();
        for (int b = input.ReadByte(); b != '\n'; b = input.ReadByte())
        {
            if (b < 0) return null;
            bytes.Add((byte)b);
        }
        return Encoding.UTF8.GetString(bytes.ToArray());
    }

    static byte[] ReadBytes(Stream input, int length)
    {
        var bytes = new byte[length];
        int at = 0;
        while (at < length)
        {
            int n = input.Read(bytes, at, length - at);
            if (n <= 0) throw new EndOfStreamException();
            at += n;
        }
        return bytes;
    }

    static void Put(Stream output, string text) { var b = Encoding.UTF8.GetBytes(text); output.Write(b, 0, b.Length); }
    static void PutBlock(Stream output, byte[] bytes) { Put(output, bytes.Length + "\n"); output.Write(bytes, 0, bytes.Length); }

    public static void Main(string[] args)
    {
        var mcs = Assembly.LoadFrom("/usr/lib/mono/4.5/mcs.exe");
        var entry = mcs.GetType("Mono.CSharp.CompilerCallableEntryPoint").GetMethod("InvokeCompiler", new[] { typeof(string[]), typeof(TextWriter) });
        var input = Console.OpenStandardInput();
        var output = Console.OpenStandardOutput();
        // One compile before "ready" loads and JIT-compiles mcs's own code, so a candidate's first compile is warm.
        Directory.CreateDirectory("/box/warm");
        File.WriteAllText("/box/warm/Warm.cs", "using System.Linq; static class Warm { static void Main() { System.Console.WriteLine(new[] { 1 }.Max()); } }");
        Directory.SetCurrentDirectory("/box/warm");
        entry.Invoke(null, new object[] { new[] { "-debug", "-out:Warm.exe", "Warm.cs" }, new StringWriter() });
        Directory.SetCurrentDirectory("/box");
        Directory.Delete("/box/warm", true);
        Put(output, "ready\n");
        output.Flush();
        for (int request = 0; ; request++)
        {
            string header = ReadLine(input);
            if (header == null) return;
            var compileArgs = new List<string>();
            for (int n = int.Parse(header); n > 0; n--) compileArgs.Add(ReadLine(input));
            string dir = "/box/r" + request;
            Directory.CreateDirectory(dir);
            for (int n = int.Parse(ReadLine(input)); n > 0; n--)
            {
                string name = Path.GetFileName(ReadLine(input));
                File.WriteAllBytes(Path.Combine(dir, name), ReadBytes(input, int.Parse(ReadLine(input))));
            }
            Directory.SetCurrentDirectory(dir);
            var errors = new CappedWriter(16 * 1024);
            bool ok;
            try { ok = (bool)entry.Invoke(null, new object[] { compileArgs.ToArray(), errors }); }
            catch (Exception e) { ok = false; errors.WriteLine("error: the compiler failed: " + (e.InnerException ?? e).Message); }
            Directory.SetCurrentDirectory("/box");
            var response = new MemoryStream();
            Put(response, (ok ? "ok" : "fail") + "\n");
            PutBlock(response, Encoding.UTF8.GetBytes(errors.ToString()));
            var outputs = new List<string>();
            if (ok) foreach (var file in Directory.GetFiles(dir)) if (file.EndsWith(".exe") || file.EndsWith(".mdb")) outputs.Add(file);
            Put(response, outputs.Count + "\n");
            foreach (var file in outputs) { Put(response, Path.GetFileName(file) + "\n"); PutBlock(response, File.ReadAllBytes(file)); }
            Directory.Delete(dir, true);
            response.WriteTo(output);
            output.Flush();
        }
    }
}
`;
