import { type ChildProcess, spawn } from 'node:child_process';
import { chown, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { feedDescriptors, jailInvocation, releaseUid, stdioWith, takeUid } from '../jail.js';
import { ByteReader } from './jvm-byte-reader.js';

/** What a warm compiler answers: its own outcome, or a limit (time, memory, a crash) after which it was replaced. */
export type WarmCompileOutcome<Outcome> = Outcome | { readonly kind: 'limit'; readonly message: string };

/** What differs between the Java and the C# compile server. */
export interface WarmCompilerProgram<Outcome> {
  /** Files written into the server's own directory (its /box) before it starts. */
  readonly files: readonly { readonly name: string; readonly text: string }[];
  /** The server's command inside the jail; it prints "ready\n" once warm. */
  readonly argv: readonly string[];
  /** Reads one answer. */
  readResponse(reader: ByteReader): Promise<Outcome>;
}

interface Running {
  child: ChildProcess | undefined;
  readonly reader: ByteReader;
  ready: Promise<void>;
  compiles: number;
}

export interface CompileServerOptions {
  /** Replace the server after this many compiles (bounds what one process accumulates, and its CPU-time rlimit). */
  readonly maxCompiles: number;
  /** How long a fresh server may take to start and warm up, ms. */
  readonly startMs: number;
}

/**
 * The server's own jail limits: its CPU time over its whole life (it is replaced after maxCompiles, each bounded by
 * the compile limit), room for a JVM's threads and virtual reservations, output and files for class files and
 * Mono's per-request directories. Each request's time is bounded by the host (the compile wall limit).
 */
const SERVER_LIMITS = {
  cpuMs: 3_600_000,
  wallMs: 86_400_000,
  memoryBytes: 2 * 1024 * 1024 * 1024,
  // A JVM reserves far more address space than it uses (class space, code cache, thread stacks): its heap is held by
  // -Xmx and, where the host allows one, the jail's memory cgroup, never by RLIMIT_AS.
  addressSpaceBytes: 64 * 1024 * 1024 * 1024,
  processes: 64,
  openFiles: 256,
  fileBytes: 64 * 1024 * 1024,
  outputBytes: 256 * 1024 * 1024,
} as const;

const DEFAULTS: CompileServerOptions = { maxCompiles: 500, startMs: 60_000 };

/**
 * The host side of a warm compiler (decision 712): a long-lived compiler process in its own jail (bubblewrap with the
 * jail's own arguments, a uid of its own, nothing of the host but /usr and the toolchains' /etc) fed one request at a
 * time over stdin/stdout. A request past its time limit kills it; the next request starts a fresh one.
 */
export class WarmCompiler<Outcome> {
  private running: Running | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  /** Requests sent or waiting (a pool sends the next one to the least busy server). */
  pending = 0;
  private readonly options: CompileServerOptions;

  constructor(
    private readonly program: WarmCompilerProgram<Outcome>,
    options: Partial<CompileServerOptions> = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** Starts the server now (otherwise the first compile does). */
  async warm(): Promise<void> {
    await this.server().ready;
  }

  /** Sends one request (already encoded) and reads its answer; one request at a time. */
  compile(request: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<WarmCompileOutcome<Outcome>> {
    this.pending++;
    const next = this.queue.then(() => this.compileNow(request, timeoutMs, signal)).finally(() => this.pending--);
    this.queue = next.catch(() => undefined);
    return next;
  }

  async close(): Promise<void> {
    this.stop();
    await this.queue;
  }

  private async compileNow(request: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<WarmCompileOutcome<Outcome>> {
    if (signal?.aborted) return { kind: 'limit', message: 'The run was cancelled' };
    const server = this.server();
    try {
      await withTimeout(server.ready, this.options.startMs);
    } catch (error) {
      this.stop();
      return { kind: 'limit', message: `The compiler did not start: ${(error as Error).message}` };
    }
    server.child?.stdin?.write(request);
    server.compiles++;
    // A cancelled run's compile is left to finish (bounded by the limit): killing the server on every Cancel would
    // let a candidate pressing Run and Cancel in turn cost everyone a compiler start.
    try {
      const outcome = await withTimeout(this.program.readResponse(server.reader), timeoutMs);
      if (server.compiles >= this.options.maxCompiles) this.stop();
      return signal?.aborted ? { kind: 'limit', message: 'The run was cancelled' } : outcome;
    } catch (error) {
      this.stop();
      const timedOut = (error as Error).message === 'timeout';
      return {
        kind: 'limit',
        message: timedOut
          ? `Compilation took longer than ${Math.round(timeoutMs / 1000)} s and was stopped`
          : 'The compiler stopped (out of memory or killed) while compiling this code',
      };
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
      dir = await mkdtemp(join(tmpdir(), 'assay-compiler-'));
      for (const file of this.program.files) await writeFile(join(dir, file.name), file.text);
      await chown(dir, uid, uid);
    } catch (error) {
      releaseUid(uid);
      throw error;
    }
    const jail = jailInvocation({
      argv: this.program.argv,
      dir,
      limits: SERVER_LIMITS,
    });
    const child = spawn('/usr/bin/setpriv', ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '/usr/bin/bwrap', ...jail.args], {
      stdio: stdioWith(['pipe', 'pipe', 'ignore'], jail.descriptors),
      env: {},
    });
    feedDescriptors(child, jail.descriptors);
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

/** Encodes files as `<count>\n` then `<name>\n<length>\n<bytes>` each (both servers read this). */
export function encodeFiles(files: readonly { name: string; text: string }[]): Buffer[] {
  const parts: Buffer[] = [Buffer.from(`${files.length}\n`)];
  for (const file of files) {
    const bytes = Buffer.from(file.text, 'utf8');
    parts.push(Buffer.from(`${file.name}\n${bytes.length}\n`), bytes);
  }
  return parts;
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

/** Several warm compilers of one language, each request sent to the least busy (decision 712). */
export class WarmCompilers<Outcome> {
  private readonly servers: WarmCompiler<Outcome>[];

  constructor(count: number, create: () => WarmCompiler<Outcome>) {
    this.servers = Array.from({ length: count }, create);
  }

  async warm(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.warm()));
  }

  compile(request: Buffer, timeoutMs: number, signal?: AbortSignal): Promise<WarmCompileOutcome<Outcome>> {
    const idlest = this.servers.reduce((best, server) => (server.pending < best.pending ? server : best));
    return idlest.compile(request, timeoutMs, signal);
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.close()));
  }
}
