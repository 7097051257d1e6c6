import { CSHARP_SERVER_FILE, CSHARP_SERVER_SOURCE } from './csharp-compile-server-source.js';
import type { ByteReader } from './jvm-byte-reader.js';
import type { RawDiagnostic } from './jvm-diagnostics.js';
import { encodeFiles, WarmCompiler } from './jvm-warm-compiler.js';

export type CsharpCompileOutcome =
  | { readonly kind: 'compiled'; readonly files: ReadonlyMap<string, Buffer> }
  | { readonly kind: 'failed'; readonly diagnostics: readonly RawDiagnostic[] };

/** The compile server's heap (Mono's SGen), MiB: a compile needing more fails and the server is replaced. */
export const MCS_HEAP_MIB = 256;

/** The warm mcs (decision 712): the server is built by a cold mcs in its own jail when it starts. */
export function csharpCompiler(etc: readonly string[]): WarmCompiler<CsharpCompileOutcome> {
  return new WarmCompiler({
    files: [{ name: CSHARP_SERVER_FILE, text: CSHARP_SERVER_SOURCE }],
    argv: [
      '/usr/bin/sh',
      '-c',
      `/usr/bin/mcs -nologo -out:/box/AssayCsCompileServer.exe /box/${CSHARP_SERVER_FILE} >&2 && MONO_GC_PARAMS=max-heap-size=${MCS_HEAP_MIB}m exec /usr/bin/mono /box/AssayCsCompileServer.exe`,
    ],
    etc,
    readResponse,
  });
}

/** A request: the compiler's arguments (one a line) then the files. */
export function csharpRequest(args: readonly string[], files: readonly { name: string; text: string }[]): Buffer {
  return Buffer.concat([Buffer.from(`${args.length}\n${args.map((arg) => `${arg}\n`).join('')}`), ...encodeFiles(files)]);
}

/** `Solution.cs(3,80): error CS1525: Unexpected symbol` → file, line, column, message (warnings kept apart). */
const MCS_LINE = /^(.*?)\((\d+),(\d+)\): (error|warning) (CS\d+): (.*)$/;

export function mcsDiagnostics(output: string): RawDiagnostic[] {
  const diagnostics: RawDiagnostic[] = [];
  for (const line of output.split('\n')) {
    const match = MCS_LINE.exec(line.trim());
    if (match !== null) {
      diagnostics.push({ error: match[4] === 'error', file: match[1] ?? '', line: Number(match[2]), column: Number(match[3]), message: match[6] ?? '' });
    } else if (/^error /.test(line.trim())) {
      diagnostics.push({ error: true, file: '', line: -1, column: -1, message: line.trim() });
    }
  }
  return diagnostics;
}

async function readResponse(reader: ByteReader): Promise<CsharpCompileOutcome> {
  const status = await reader.line();
  const messages = (await reader.block()).toString('utf8');
  const files = new Map<string, Buffer>();
  for (let count = Number(await reader.line()); count > 0; count--) {
    const name = await reader.line();
    files.set(name, await reader.block());
  }
  return status === 'ok' ? { kind: 'compiled', files } : { kind: 'failed', diagnostics: mcsDiagnostics(messages) };
}
