import { busyMessage, cpuTimeMessage } from '../compile-stop.js';
import { CompileServerProcess, type WarmCompilerProgram } from './compile-server-process.js';

export type { WarmCompilerProgram } from './compile-server-process.js';

/**
 * What a warm compiler answers: its own outcome; a limit the code reached (its processor time, the compiler's memory);
 * or a fault, which is not the code's doing (a compiler that did not start, a busy server): not judged (decision 1043).
 */
export type WarmCompileOutcome<Outcome> = Outcome | { readonly kind: 'limit'; readonly message: string } | { readonly kind: 'fault'; readonly message: string };

/** A request's budget: processor time of the compiler, and the wall clock behind it (decision 1044). */
export interface CompileBudget {
  readonly cpuMs: number;
  readonly wallMs: number;
}

export interface CompileHooks {
  /** Aborted: a request still waiting leaves the queue (one being compiled is left to finish, decision 712). */
  readonly signal?: AbortSignal;
  /** The request was sent to a ready compiler: its compile starts now (waiting before this is not the run's). */
  readonly onStarted?: () => void;
}

export interface CompileServerOptions {
  /** Replace the server after this many compiles (bounds what one process accumulates, and its CPU-time rlimit). */
  readonly maxCompiles: number;
  /** How long a fresh server may take to start and warm up, ms. */
  readonly startMs: number;
  /**
   * How long one compile may keep the warm server while other requests wait, ms (decision 1047): past it, that compile
   * goes on alone on the server it holds (which ends after its answer) and a fresh server takes the waiting ones.
   */
  readonly holdMs: number;
}

const DEFAULTS: CompileServerOptions = { maxCompiles: 500, startMs: 60_000, holdMs: 2_000 };
/** How often a compile's processor time and wall clock are checked, ms. */
const WATCH_MS = 100;

interface Waiting<Outcome> {
  readonly request: Buffer;
  readonly budget: CompileBudget;
  readonly hooks: CompileHooks;
  readonly answer: (outcome: WarmCompileOutcome<Outcome>) => void;
}

/**
 * The host side of a warm compiler (decisions 712, 1047): requests in arrival order, one at a time on the warm server.
 * Each compile is held to its own budget, counted from when it is sent (time in the queue is not its own): past its
 * processor time the server is killed and the code is told it costs that much; past the wall clock with processor
 * time to spare, the server was too busy (a fault). No compile holds the server while others wait: past `holdMs` it
 * is left alone on that server, and the queue moves to a fresh one, so a compile-time bomb costs an honest answer
 * behind it one server start, never its verdict.
 */
export class WarmCompiler<Outcome> {
  readonly #program: WarmCompilerProgram<Outcome>;
  readonly #options: CompileServerOptions;
  readonly #waiting: Waiting<Outcome>[] = [];
  /** The server new requests go to; one left alone with a long compile is no longer it. */
  #server: CompileServerProcess | undefined;
  #busy = false;
  #closed = false;
  readonly #inFlight = new Set<Promise<unknown>>();
  /** Servers that said "ready". */
  readonly #ready = new WeakSet<CompileServerProcess>();

  constructor(program: WarmCompilerProgram<Outcome>, options: Partial<CompileServerOptions> = {}) {
    this.#program = program;
    this.#options = { ...DEFAULTS, ...options };
  }

  /** Requests sent or waiting (a pool sends the next one to the least busy server). */
  get pending(): number {
    return this.#waiting.length + (this.#busy ? 1 : 0);
  }

  /** Whether a request now would find a server started and warm. */
  get ready(): boolean {
    return this.#server !== undefined && this.#ready.has(this.#server);
  }

  /** Starts the server now (otherwise the first compile does). */
  async warm(): Promise<void> {
    await this.#current().ready;
  }

  compile(request: Buffer, budget: CompileBudget, hooks: CompileHooks = {}): Promise<WarmCompileOutcome<Outcome>> {
    if (this.#closed) return Promise.resolve({ kind: 'fault', message: 'The compiler was shut down' });
    return new Promise((answer) => {
      const waiting: Waiting<Outcome> = { request, budget, hooks, answer };
      this.#waiting.push(waiting);
      hooks.signal?.addEventListener(
        'abort',
        () => {
          const at = this.#waiting.indexOf(waiting);
          if (at < 0) return;
          this.#waiting.splice(at, 1);
          answer({ kind: 'fault', message: 'The run was cancelled' });
        },
        { once: true },
      );
      this.#next();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const waiting of this.#waiting.splice(0)) waiting.answer({ kind: 'fault', message: 'The compiler was shut down' });
    this.#server?.kill();
    this.#server = undefined;
    await Promise.all(this.#inFlight);
  }

  #current(): CompileServerProcess {
    if (this.#server === undefined || !this.#server.alive) {
      const server = new CompileServerProcess(this.#program);
      server.ready.then(
        () => this.#ready.add(server),
        () => undefined,
      );
      this.#server = server;
    }
    return this.#server;
  }

  #next(): void {
    if (this.#busy || this.#closed) return;
    const waiting = this.#waiting.shift();
    if (waiting === undefined) return;
    this.#busy = true;
    const server = this.#current();
    let released = false;
    // The queue moves on: after the answer, or when this compile is left alone on its server.
    const release = () => {
      if (released) return;
      released = true;
      this.#busy = false;
      this.#next();
    };
    const served = this.#serve(server, waiting, release).then((outcome) => {
      waiting.answer(outcome);
      release();
    });
    this.#inFlight.add(served);
    void served.finally(() => this.#inFlight.delete(served));
  }

  async #serve(server: CompileServerProcess, waiting: Waiting<Outcome>, release: () => void): Promise<WarmCompileOutcome<Outcome>> {
    try {
      await withTimeout(server.ready, this.#options.startMs);
    } catch (error) {
      this.#retire(server);
      return { kind: 'fault', message: `The compiler did not start: ${(error as Error).message}` };
    }
    waiting.hooks.onStarted?.();
    const { budget } = waiting;
    const cpuAtStart = server.cpuMs();
    const startedAt = performance.now();
    let stopped: WarmCompileOutcome<Outcome> | undefined;
    let alone = false;
    const watch = setInterval(() => {
      const cpuMs = server.cpuMs() - cpuAtStart;
      const wallMs = performance.now() - startedAt;
      if (cpuMs > budget.cpuMs) stopped = { kind: 'limit', message: cpuTimeMessage(budget.cpuMs) };
      else if (wallMs > budget.wallMs) stopped = { kind: 'fault', message: busyMessage(budget) };
      if (stopped !== undefined) {
        server.kill();
        return;
      }
      if (!alone && wallMs > this.#options.holdMs && this.#waiting.length > 0) {
        // Left alone with this compile: the waiting requests go to a fresh server (decision 1047).
        alone = true;
        if (this.#server === server) this.#server = undefined;
        release();
      }
    }, WATCH_MS);
    server.send(waiting.request);
    server.compiles++;
    try {
      const outcome = await this.#program.readResponse(server.reader);
      if (alone || server.compiles >= this.#options.maxCompiles) this.#retire(server);
      return outcome;
    } catch {
      this.#retire(server);
      return stopped ?? { kind: 'limit', message: 'The compiler stopped while compiling this code (it ran out of memory, or crashed)' };
    } finally {
      clearInterval(watch);
    }
  }

  #retire(server: CompileServerProcess): void {
    server.kill();
    if (this.#server === server) this.#server = undefined;
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

  get ready(): boolean {
    return this.servers.some((server) => server.ready);
  }

  async warm(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.warm()));
  }

  compile(request: Buffer, budget: CompileBudget, hooks: CompileHooks = {}): Promise<WarmCompileOutcome<Outcome>> {
    const idlest = this.servers.reduce((best, server) => (server.pending < best.pending ? server : best));
    return idlest.compile(request, budget, hooks);
  }

  async close(): Promise<void> {
    await Promise.all(this.servers.map((server) => server.close()));
  }
}
