import { CASES_FILE } from './case-data.js';

/**
 * The fixed part of every C# function harness (AssayRuntime.cs, compiled with the candidate's Solution.cs and the
 * generated Harness.cs): the reader of the case data (case-data.ts, decision 1085), the per-case loop of
 * harness-protocol.ts with each call's time, the JSON writer of returned values, and an exception's message and the
 * candidate's own frames (Solution.cs:line, from the .mdb of `mcs -debug` read by `mono --debug`). Results go to the
 * results file, $ASSAY_RESULTS, flushed after each case.
 */
export const CSHARP_RUNTIME_FILE = 'AssayRuntime.cs';

export const CSHARP_RUNTIME = String.raw`using System;
using System.Collections;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;

static class AssayRuntime
{
    public delegate object Cases(In input);

    /** One case's arguments in the case data: numbers and counts a line each, a string its length then its bytes. */
    public sealed class In
    {
        readonly byte[] data;
        internal int At;

        public In(byte[] data, int at) { this.data = data; At = at; }

        string Token()
        {
            int start = At;
            while (data[At] != (byte)'\n') At++;
            return Encoding.ASCII.GetString(data, start, At++ - start);
        }

        public long I64()
        {
            bool negative = data[At] == (byte)'-';
            if (negative) At++;
            long n = 0;
            while (data[At] != (byte)'\n') n = n * 10 - (data[At++] - (byte)'0');
            At++;
            return negative ? n : -n;
        }

        public int I32() { return (int)I64(); }
        public int Count() { return (int)I64(); }
        public double F64() { return double.Parse(Token(), NumberStyles.Float, CultureInfo.InvariantCulture); }
        public bool Bool() { return I64() != 0; }
        public char Ch() { return (char)I64(); }

        public string Str()
        {
            int n = Count();
            string text = Encoding.UTF8.GetString(data, At, n);
            At += n;
            return text;
        }
    }

    static long started;

    /** The candidate's call begins: reading the arguments before it is not its time. */
    public static void Started() { started = Stopwatch.GetTimestamp(); }

    static string Took()
    {
        double ms = (Stopwatch.GetTimestamp() - started) * 1000.0 / Stopwatch.Frequency;
        return ms.ToString("0.###", CultureInfo.InvariantCulture);
    }

    static readonly FileStream results = new FileStream(Environment.GetEnvironmentVariable("ASSAY_RESULTS"), FileMode.Append, FileAccess.Write);

    static void WriteResult(byte[] bytes)
    {
        results.Write(bytes, 0, bytes.Length);
        results.Flush();
    }

    public static void Run(string marker, Cases cases)
    {
        var utf8 = new UTF8Encoding(false);
        Console.OutputEncoding = utf8;
        byte[] data = File.ReadAllBytes("${CASES_FILE}");
        var header = new In(data, 0);
        int count = header.Count();
        for (int i = 0; i < count; i++)
        {
            int length = header.Count();
            var input = new In(data, header.At);
            header.At += length;
            Console.Out.Flush();
            Console.Error.Flush();
            Console.Out.Write(marker + i + "\n");
            Console.Out.Flush();
            Console.Error.Write(marker + i + "\n");
            Console.Error.Flush();
            var line = new StringBuilder("{\"case\":").Append(i);
            started = Stopwatch.GetTimestamp();
            try
            {
                object value = cases(input);
                string took = Took();
                var json = new StringBuilder();
                Write(json, value);
                line.Append(",\"timeMs\":").Append(took).Append(",\"value\":").Append(json);
            }
            catch (Exception error)
            {
                string took = Took();
                line.Length = 0;
                line.Append("{\"case\":").Append(i).Append(",\"timeMs\":").Append(took);
                Error(line, error);
            }
            Console.Out.Flush();
            Console.Error.Flush();
            WriteResult(utf8.GetBytes(line.Append("}\n").ToString()));
        }
        // Threads the candidate started must not hold the run open until its wall clock.
        Console.Out.Flush();
        Console.Error.Flush();
        Environment.Exit(0);
    }

    static void Error(StringBuilder line, Exception error)
    {
        string message = error.GetType().Name + ": " + error.Message;
        int at = 0, column = 0, more = 0;
        var trace = new StringBuilder();
        var frames = new StackTrace(error, true).GetFrames() ?? new StackFrame[0];
        foreach (var frame in frames)
        {
            string file = frame.GetFileName();
            if (file == null || Path.GetFileName(file) != "Solution.cs") continue;
            if (at == 0 && frame.GetFileLineNumber() > 0) { at = frame.GetFileLineNumber(); column = frame.GetFileColumnNumber(); }
            if (trace.Length > 2000) { more++; continue; }
            if (trace.Length > 0) trace.Append('\n');
            var method = frame.GetMethod();
            trace.Append("at ").Append(method == null ? "?" : method.DeclaringType.Name + "." + method.Name)
                .Append("(Solution.cs:").Append(frame.GetFileLineNumber()).Append(')');
        }
        if (more > 0) trace.Append("\n... ").Append(more).Append(" more");
        line.Append(",\"error\":");
        String(line, message.Length > 1000 ? message.Substring(0, 1000) : message);
        if (at > 0) line.Append(",\"line\":").Append(at);
        if (at > 0 && column > 0) line.Append(",\"column\":").Append(column);
        if (trace.Length > 0) { line.Append(",\"trace\":"); String(line, trace.ToString()); }
    }

    static void Write(StringBuilder output, object value)
    {
        if (value == null) output.Append("null");
        else if (value is string) String(output, (string)value);
        else if (value is char) String(output, value.ToString());
        else if (value is bool) output.Append((bool)value ? "true" : "false");
        else if (value is double || value is float)
        {
            double number = Convert.ToDouble(value, CultureInfo.InvariantCulture);
            output.Append(double.IsNaN(number) || double.IsInfinity(number) ? "null" : number.ToString("R", CultureInfo.InvariantCulture));
        }
        else if (value is int || value is long || value is short || value is byte || value is uint || value is ulong || value is decimal)
            output.Append(Convert.ToString(value, CultureInfo.InvariantCulture));
        else if (value is IDictionary)
        {
            output.Append('{');
            bool first = true;
            foreach (DictionaryEntry entry in (IDictionary)value)
            {
                if (!first) output.Append(',');
                first = false;
                String(output, Convert.ToString(entry.Key, CultureInfo.InvariantCulture));
                output.Append(':');
                Write(output, entry.Value);
            }
            output.Append('}');
        }
        else if (value is IEnumerable)
        {
            output.Append('[');
            bool first = true;
            foreach (object item in (IEnumerable)value)
            {
                if (!first) output.Append(',');
                first = false;
                Write(output, item);
            }
            output.Append(']');
        }
        else String(output, value.ToString());
    }

    static void String(StringBuilder output, string text)
    {
        output.Append('"');
        foreach (char c in text)
        {
            if (c == '"' || c == '\\') output.Append('\\').Append(c);
            else if (c == '\n') output.Append("\\n");
            else if (c == '\r') output.Append("\\r");
            else if (c == '\t') output.Append("\\t");
            else if (c < ' ') output.Append("\\u").Append(((int)c).ToString("x4"));
            else output.Append(c);
        }
        output.Append('"');
    }
}
`;
