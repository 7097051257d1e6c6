import { CASES_FILE } from './case-data.js';

/**
 * The fixed part of every Java function harness (AssayRuntime.java, compiled with the candidate's Solution.java and
 * the generated AssayMain.java): the reader of the case data (case-data.ts, decision 1085), the per-case loop of
 * harness-protocol.ts with each call's time, the JSON writer of returned values, and an error's message and the
 * candidate's own frames (Solution.java:line). Results go to the results file, $ASSAY_RESULTS, as in every language.
 */
export const JAVA_RUNTIME_FILE = 'AssayRuntime.java';

export const JAVA_RUNTIME = String.raw`import java.io.*;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.*;

final class AssayRuntime {
    interface Cases { Object call(In in) throws Throwable; }

    /** One case's arguments in the case data: numbers and counts a line each, a string its length then its bytes. */
    static final class In {
        private final byte[] data;
        private int at;

        In(byte[] data, int at) { this.data = data; this.at = at; }

        String token() {
            int start = at;
            while (data[at] != '\n') at++;
            return new String(data, start, at++ - start, StandardCharsets.US_ASCII);
        }

        long i64() {
            boolean negative = data[at] == '-';
            if (negative) at++;
            long n = 0;
            while (data[at] != '\n') n = n * 10 - (data[at++] - '0');
            at++;
            return negative ? n : -n;
        }

        int i32() { return (int) i64(); }
        int count() { return (int) i64(); }
        double f64() { return Double.parseDouble(token()); }
        boolean bool() { return i64() != 0; }
        char ch() { return (char) i64(); }

        String str() {
            int n = count();
            String text = new String(data, at, n, StandardCharsets.UTF_8);
            at += n;
            return text;
        }
    }

    private static long started;

    /** The candidate's call begins: what came before (reading the arguments) is not its time. */
    static void started() { started = System.nanoTime(); }

    static void run(String marker, Cases cases) throws Exception {
        PrintStream results = new PrintStream(new FileOutputStream(System.getenv("ASSAY_RESULTS"), true), false, StandardCharsets.UTF_8);
        byte[] data;
        // FileInputStream is in the JDK's class-data archive; java.nio.file would load ~35 classes more per run (decision 1398).
        try (FileInputStream file = new FileInputStream("${CASES_FILE}")) { data = file.readAllBytes(); }
        In header = new In(data, 0);
        int count = header.count();
        for (int i = 0; i < count; i++) {
            int length = header.count();
            In in = new In(data, header.at);
            header.at += length;
            System.out.flush();
            System.err.flush();
            System.out.print(marker + i + "\n");
            System.out.flush();
            System.err.print(marker + i + "\n");
            System.err.flush();
            StringBuilder line = new StringBuilder("{\"case\":").append(i);
            started = System.nanoTime();
            try {
                Object value = cases.call(in);
                long took = System.nanoTime() - started;
                StringBuilder json = new StringBuilder();
                write(json, value);
                line.append(",\"timeMs\":").append(took / 1e6).append(",\"value\":").append(json);
            } catch (Throwable error) {
                long took = System.nanoTime() - started;
                line.setLength(0);
                line.append("{\"case\":").append(i).append(",\"timeMs\":").append(took / 1e6);
                error(line, error);
            }
            System.out.flush();
            System.err.flush();
            results.print(line.append("}\n"));
            results.flush();
        }
        // Threads the candidate started must not hold the run open until its wall clock.
        System.out.flush();
        System.err.flush();
        Runtime.getRuntime().halt(0);
    }

    private static void error(StringBuilder line, Throwable error) {
        String name = error.getClass().getName();
        if (name.startsWith("java.lang.")) name = name.substring("java.lang.".length());
        String message = error.getMessage() == null ? name : name + ": " + error.getMessage();
        int at = 0;
        int more = 0;
        StringBuilder trace = new StringBuilder();
        for (StackTraceElement frame : error.getStackTrace()) {
            if (!"Solution.java".equals(frame.getFileName())) continue;
            if (at == 0 && frame.getLineNumber() > 0) at = frame.getLineNumber();
            if (trace.length() > 2000) { more++; continue; }
            if (trace.length() > 0) trace.append('\n');
            trace.append("at ").append(frame.getClassName()).append('.').append(frame.getMethodName())
                .append("(Solution.java:").append(frame.getLineNumber()).append(')');
        }
        if (more > 0) trace.append("\n... ").append(more).append(" more");
        line.append(",\"error\":");
        string(line, message.length() > 1000 ? message.substring(0, 1000) : message);
        if (at > 0) line.append(",\"line\":").append(at);
        if (trace.length() > 0) {
            line.append(",\"trace\":");
            string(line, trace.toString());
        }
    }

    static void write(StringBuilder out, Object value) {
        if (value == null) out.append("null");
        else if (value instanceof String text) string(out, text);
        else if (value instanceof Character ch) string(out, String.valueOf(ch));
        else if (value instanceof Double || value instanceof Float) {
            double number = ((Number) value).doubleValue();
            out.append(Double.isFinite(number) ? Double.toString(number) : "null");
        } else if (value instanceof Number || value instanceof Boolean) out.append(value);
        else if (value instanceof Map<?, ?> map) {
            out.append('{');
            boolean first = true;
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (!first) out.append(',');
                first = false;
                string(out, String.valueOf(entry.getKey()));
                out.append(':');
                write(out, entry.getValue());
            }
            out.append('}');
        } else if (value.getClass().isArray()) {
            out.append('[');
            for (int i = 0, n = Array.getLength(value); i < n; i++) {
                if (i > 0) out.append(',');
                write(out, Array.get(value, i));
            }
            out.append(']');
        } else if (value instanceof Iterable<?> items) {
            out.append('[');
            boolean first = true;
            for (Object item : items) {
                if (!first) out.append(',');
                first = false;
                write(out, item);
            }
            out.append(']');
        } else string(out, String.valueOf(value));
    }

    static void string(StringBuilder out, String text) {
        out.append('"');
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '"' || c == '\\') out.append('\\').append(c);
            else if (c == '\n') out.append("\\n");
            else if (c == '\r') out.append("\\r");
            else if (c == '\t') out.append("\\t");
            else if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
            else out.append(c);
        }
        out.append('"');
    }
}
`;
