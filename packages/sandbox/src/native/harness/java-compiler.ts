import { COMPILE_SERVER_FILE, COMPILE_SERVER_SOURCE } from './java-compile-server-source.js';
import { JAVA_RUNTIME, JAVA_RUNTIME_FILE } from './java-runtime.js';
import type { ByteReader } from './jvm-byte-reader.js';
import { encodeFiles, WarmCompiler } from './jvm-warm-compiler.js';

export interface JavacDiagnostic {
  readonly kind: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type JavaCompileOutcome =
  | { readonly kind: 'compiled'; readonly classes: ReadonlyMap<string, Buffer> }
  | { readonly kind: 'failed'; readonly diagnostics: readonly JavacDiagnostic[] };

/** The compiler JVM's heap: a compile that needs more answers "ran out of memory" (decision 715). */
export const JAVAC_HEAP_MIB = 256;

/** The warm javac (decision 712): the source launcher compiles the server itself once, at start. */
export function javaCompiler(etc: readonly string[]): WarmCompiler<JavaCompileOutcome> {
  return new WarmCompiler({
    files: [
      { name: COMPILE_SERVER_FILE, text: COMPILE_SERVER_SOURCE },
      { name: JAVA_RUNTIME_FILE, text: JAVA_RUNTIME },
    ],
    argv: [
      '/usr/bin/java',
      '-XX:+UseSerialGC',
      '-XX:CICompilerCount=2',
      '-XX:-UsePerfData',
      '-Xshare:auto',
      `-Xmx${JAVAC_HEAP_MIB}m`,
      '-Xss16m',
      `/box/${COMPILE_SERVER_FILE}`,
      `/box/${JAVA_RUNTIME_FILE}`,
    ],
    etc,
    readResponse,
  });
}

export const javaRequest = (files: readonly { name: string; text: string }[]): Buffer => Buffer.concat(encodeFiles(files));

async function readResponse(reader: ByteReader): Promise<JavaCompileOutcome> {
  const status = await reader.line();
  const diagnostics: JavacDiagnostic[] = [];
  for (let count = Number(await reader.line()); count > 0; count--) {
    const [kind = '', file = '', line = '-1', column = '-1'] = (await reader.line()).split('\t');
    const message = (await reader.block()).toString('utf8');
    diagnostics.push({ kind, file, line: Number(line), column: Number(column), message });
  }
  const classes = new Map<string, Buffer>();
  for (let count = Number(await reader.line()); count > 0; count--) {
    const name = await reader.line();
    classes.set(name, await reader.block());
  }
  return status === 'ok' ? { kind: 'compiled', classes } : { kind: 'failed', diagnostics };
}
