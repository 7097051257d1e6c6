import { type ChildProcess, spawn } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bwrapArguments, releaseUid, takeUid } from '../jail.js';
import { COMPILE_SERVER_FILE, COMPILE_SERVER_SOURCE } from './java-compile-server-source.js';
import { ByteReader } from './jvm-byte-reader.js';

export interface JavacDiagnostic {
  readonly kind: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly message: string;
}

export type JavaCompileOutcome =
  | { readonly kind: 'compiled'; readonly classes: ReadonlyMap<string, Buffer> }
  | { readonly kind: 'failed'; readonly diagnostics: readonly JavacDiagnostic[] }
  /** The compile passed its time limit (a compile bomb) or killed the compiler: the server was replaced. */
  | { readonly kind: 'limit'; readonly message: string };

interface Running {
  child: ChildProcess | undefined;
  readonly reader: ByteReader;
  ready: Promise<void>;
  compiles: number;
}

export interface CompileServerOptions {
  /** The compiler JVM's heap, MiB (a compile that needs more answers "ran out of memory"). */
  readonly heapMiB: number;
  /** Replace the JVM after this many compiles (bounds what one JVM accumulates, and its CPU-time rlimit). */
  readonly maxCompiles: number;
  /** How long a fresh JVM may take to start and warm up, ms. */
  readonly startMs: number;
}

const DEFAULTS: CompileServerOptions = { heapMiB: 256, maxCompiles: 1000, startMs: 60_000 };

/**
 * The host side of the warm Java compiler (decision 712): a jailed JVM (bubblewrap, the jail's own arguments, a uid
 * of its own, nothing of the host but /usr and the JDK's /etc) fed one request at a time over stdin/stdout. A
 * request past its time limit kills the JVM; the next request starts a fresh one.
 */
export class JavaCompileServer {
  private running: Running | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly options: CompileServerOptions;

  constructor(options: Partial<CompileServerOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Starts the JVM now (otherwise the first compile does). */
  async warm(): Promise<void> {
    await this.server().ready;
  }

  /** Compiles the files together; one request at a time, each with its own in-memory sources and classes. */
  compile(files: readonly { name: string; text: string }[], timeoutMs: number, signal?: AbortSignal): Promise<JavaCompileOutcome> {
    const next = this.queue.then(() => this.compileNow(files, timeoutMs, signal));
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.stop();
    await this.queue;
  }

  private async compileNow(files: readonly { name: string; text: string }[], timeoutMs: number, signal?: AbortSignal): Promise<JavaCompileOutcome> {
    if (signal?.aborted) return { kind: 'limit', message: 'The run was cancelled' };
    const server = this.server();
    try {
      await withTimeout(server.ready, this.options.startMs);
    } catch (error) {
      this.stop();
      return { kind: 'limit', message: `The Java compiler did not start: ${(error as Error).message}` };
    }
    const parts: Buffer[] = [Buffer.from(`${files.length}\n`)];
    for (const file of files) {
      const bytes = Buffer.from(file.text, 'utf8');
      parts.push(Buffer.from(`${file.name}\n${bytes.length}\n`), bytes);
    }
    server.child?.stdin?.write(Buffer.concat(parts));
    server.compiles++;
    const abort = () => this.stop();
    signal?.addEventListener('abort', abort, { once: true });
    try {
      const outcome = await withTimeout(readResponse(server.reader), timeoutMs);
      if (server.compiles >= this.options.maxCompiles) this.stop();
      return outcome;
    } catch (error) {
      this.stop();
      const timedOut = (error as Error).message === 'timeout';
      return {
        kind: 'limit',
        message: timedOut
          ? `Compilation took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`
          : signal?.aborted
            ? 'The run was cancelled'
            : 'The compiler stopped (out of memory or killed) while compiling this code',
      };
    } finally {
      signal?.removeEventListener('abort', abort);
    }
  }

  private stop(): void {
    this.running?.child?.kill('SIGKILL');
    this.running = undefined;
  }

  private server(): Running {
    if (this.running !== undefined) return this.running;
    const running: Running = { child: undefined, reader: new ByteReader(), ready: Promise.resolve(), compiles: 0 };
    running.ready = this.start(running);
    running.ready.catch(() => undefined);
    this.running = running;
    return running;
  }

  private async start(running: Running): Promise<void> {
    const uid = takeUid();
    let dir: string | undefined;
    try {
      dir = await mkdtemp(join(tmpdir(), 'assay-javac-'));
      await writeFile(join(dir, COMPILE_SERVER_FILE), COMPILE_SERVER_SOURCE);
      await chown(dir, uid, uid);
    } catch (error) {
      releaseUid(uid);
      throw error;
    }
    const args = bwrapArguments({
      argv: ['/usr/bin/java', '-XX:+UseSerialGC', '-XX:CICompilerCount=2', '-XX:-UsePerfData', '-Xshare:auto', `-Xmx${this.options.heapMiB}m`, '-Xss16m', `/box/${COMPILE_SERVER_FILE}`],
      dir,
      limits: { cpuMs: 3_600_000, wallMs: 0, memoryBytes: 0, processes: 64, openFiles: 256, fileBytes: 1 << 20, outputBytes: 0 },
    });
    const child = spawn('/usr/bin/setpriv', ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '/usr/bin/bwrap', ...args], {
      stdio: ['pipe', 'pipe', 'ignore'],
      env: {},
    });
    running.child = child;
    if (this.running !== running) child.kill('SIGKILL');
    child.stdout?.on('data', (chunk: Buffer) => running.reader.push(chunk));
    child.stdin?.on('error', () => {});
    child.on('error', () => {});
    child.on('close', () => {
      running.reader.end();
      releaseUid(uid);
      if (dir !== undefined) void rm(dir, { recursive: true, force: true });
      if (this.running === running) this.running = undefined;
    });
    const hello = await running.reader.line();
    if (hello !== 'ready') throw new Error(`unexpected greeting ${hello}`);
  }
}

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

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
