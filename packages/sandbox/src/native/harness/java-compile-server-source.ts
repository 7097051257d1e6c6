/**
 * The warm Java compiler (decision 712): one long-lived JVM in its own jail compiling each request with javax.tools,
 * sources and classes in memory, a fresh file manager per request and no class path, so a compile sees only its own
 * sources and the JDK. `-proc:none`: no annotation processor runs (no candidate code runs at compile time).
 * `-XDstringConcat=inline`: a `+` of strings compiles to a StringBuilder, not an invokedynamic that every run's JVM
 * would bootstrap (~15 ms of CPU per run, decision 1398).
 *
 * Protocol on stdin/stdout (lengths in bytes of UTF-8):
 *   request:  <files>\n then per file <name>\n<length>\n<bytes>
 *   response: ok|fail\n<diagnostics>\n then per diagnostic <kind>\t<file>\t<line>\t<column>\n<length>\n<message>
 *             then <classes>\n then per class <name>\n<length>\n<bytes>
 * "ready\n" once warm. Each diagnostic's message is cut at 4,000 characters (decision 1046). An OutOfMemoryError answers a diagnostic and ends the server (the host starts another).
 * The harness's fixed runtime (its first argument) is compiled once at start into /box/rt, the class path of every
 * request, and its classes are added to every successful answer: a request compiles only Solution.java and the
 * small generated main (decision 712).
 */
export const COMPILE_SERVER_FILE = 'AssayCompileServer.java';

export const COMPILE_SERVER_SOURCE = String.raw`import javax.tools.*;
import java.io.*;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.*;

public class AssayCompileServer {
    /** Characters of one diagnostic sent to the host (decision 1046): a generic type's name can be megabytes long. */
    static final int MAX_MESSAGE = 4000;

    static final class Source extends SimpleJavaFileObject {
        final String code;
        Source(String name, String code) { super(URI.create("string:///" + name), Kind.SOURCE); this.code = code; }
        @Override public CharSequence getCharContent(boolean ignoreErrors) { return code; }
    }

    static final class Output extends SimpleJavaFileObject {
        final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        Output(String className) { super(URI.create("memory:///" + className.replace('.', '/') + ".class"), Kind.CLASS); }
        @Override public OutputStream openOutputStream() { return bytes; }
    }

    static String readLine(InputStream in) throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) return null;
            line.write(b);
        }
        return line.toString(StandardCharsets.UTF_8);
    }

    static void put(OutputStream out, String text) throws IOException { out.write(text.getBytes(StandardCharsets.UTF_8)); }

    static void putBlock(OutputStream out, byte[] bytes) throws IOException {
        put(out, bytes.length + "\n");
        out.write(bytes);
    }

    public static void main(String[] args) throws Exception {
        JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
        StandardJavaFileManager standard = compiler.getStandardFileManager(null, Locale.ROOT, StandardCharsets.UTF_8);
        File runtime = new File("/box/rt");
        runtime.mkdirs();
        standard.setLocation(StandardLocation.CLASS_PATH, List.of());
        standard.setLocation(StandardLocation.SOURCE_PATH, List.of());
        standard.setLocation(StandardLocation.CLASS_OUTPUT, List.of(runtime));
        if (!compiler.getTask(null, standard, null, List.of("-proc:none", "-g", "-encoding", "UTF-8", "-XDstringConcat=inline"), null, standard.getJavaFileObjects(args[0])).call()) System.exit(2);
        Map<String, byte[]> runtimeClasses = new LinkedHashMap<>();
        for (File file : runtime.listFiles()) runtimeClasses.put(file.getName().replaceFirst("\\.class$", ""), java.nio.file.Files.readAllBytes(file.toPath()));
        standard.setLocation(StandardLocation.CLASS_PATH, List.of(runtime));
        DataInputStream in = new DataInputStream(new BufferedInputStream(System.in));
        OutputStream out = new BufferedOutputStream(new FileOutputStream(FileDescriptor.out), 1 << 16);
        List<String> options = List.of("-proc:none", "-g", "-encoding", "UTF-8", "-XDstringConcat=inline", "-implicit:none", "-Xmaxerrs", "20", "-nowarn");
        put(out, "ready\n");
        out.flush();
        for (String header = readLine(in); header != null; header = readLine(in)) {
            int count = Integer.parseInt(header.trim());
            List<Source> sources = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                String name = readLine(in);
                byte[] bytes = new byte[Integer.parseInt(readLine(in).trim())];
                in.readFully(bytes);
                sources.add(new Source(name, new String(bytes, StandardCharsets.UTF_8)));
            }
            Map<String, Output> classes = new LinkedHashMap<>();
            JavaFileManager files = new ForwardingJavaFileManager<StandardJavaFileManager>(standard) {
                @Override
                public JavaFileObject getJavaFileForOutput(Location location, String className, JavaFileObject.Kind kind, FileObject sibling) {
                    Output output = new Output(className);
                    classes.put(className, output);
                    return output;
                }
            };
            DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
            boolean ok;
            boolean fatal = false;
            String failure = null;
            try {
                ok = compiler.getTask(null, files, diagnostics, options, null, sources).call();
            } catch (Throwable error) {
                ok = false;
                fatal = error instanceof VirtualMachineError;
                failure = error instanceof OutOfMemoryError ? "The compiler ran out of memory" : "The compiler failed: " + error;
            }
            ByteArrayOutputStream response = new ByteArrayOutputStream();
            put(response, (ok ? "ok" : "fail") + "\n");
            List<Diagnostic<? extends JavaFileObject>> found = diagnostics.getDiagnostics();
            put(response, (found.size() + (failure == null ? 0 : 1)) + "\n");
            for (Diagnostic<? extends JavaFileObject> d : found) {
                String file = d.getSource() == null ? "" : d.getSource().getName().replaceFirst("^/", "");
                put(response, d.getKind() + "\t" + file + "\t" + d.getLineNumber() + "\t" + d.getColumnNumber() + "\n");
                String message = d.getMessage(Locale.ROOT);
                if (message.length() > MAX_MESSAGE) message = message.substring(0, MAX_MESSAGE) + " … (cut)";
                putBlock(response, message.getBytes(StandardCharsets.UTF_8));
            }
            if (failure != null) {
                put(response, "ERROR\t\t-1\t-1\n");
                putBlock(response, failure.getBytes(StandardCharsets.UTF_8));
            }
            put(response, (ok ? classes.size() + runtimeClasses.size() : 0) + "\n");
            if (ok) for (Map.Entry<String, Output> entry : classes.entrySet()) {
                put(response, entry.getKey() + "\n");
                putBlock(response, entry.getValue().bytes.toByteArray());
            }
            if (ok) for (Map.Entry<String, byte[]> entry : runtimeClasses.entrySet()) {
                put(response, entry.getKey() + "\n");
                putBlock(response, entry.getValue());
            }
            response.writeTo(out);
            out.flush();
            if (fatal) System.exit(3);
        }
    }
}
`;
