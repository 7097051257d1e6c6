import { type ChildProcess, spawn } from 'node:child_process';
import { chown, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { jailInvocation } from '../jail-command.js';
import { feedDescriptors, stdioWith } from '../jail-descriptors.js';
import { processesOf, releaseUid, takeUid } from '../jail-uid.js';
import { cpuMsOfPid } from '../process-cpu.js';
import { makeScratchDir } from '../scratch-dirs.js';
import { ByteReader } from './jvm-byte-reader.js';

/** What differs between the Java and the C# compile server: its files, its command, and how it answers. */
export interface WarmCompilerProgram<Outcome> {
  /** Files written into the server's own directory (its /box) before it starts. */
  readonly files: readonly { readonly name: string; readonly text: string }[];
  /** The server's command inside the jail; it prints "ready\n" once warm. */
  readonly argv: readonly string[];
  /** The parts of /etc its toolchain reads (its module's `toolchain.etc`), bound beside the system's own. */
  readonly etc: readonly string[];
  /** Reads one answer. */
  readResponse(reader: ByteReader): Promise<Outcome>;
}

/**
 * The server's own jail limits: its CPU time over its whole life (it is replaced after maxCompiles, each bounded by
 * the compile limit), room for a JVM's threads and virtual reservations, output and files for class files and
 * Mono's per-request directories. Each request's time is bounded by the host (WarmCompiler).
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

/**
 * One warm compiler process (decision 712): bubblewrap with the jail's own arguments, a uid of its own, nothing of the
 * host but /usr and the system's and its toolchain's /etc, its own throwaway directory as /box; requests on stdin, answers on stdout.
 * Its processor time is read from /proc (its uid is its own), so that a request is held to its own CPU budget
 * however busy the machine is (decision 1044).
 */
export class CompileServerProcess {
  readonly reader = new ByteReader();
  readonly ready: Promise<void>;
  compiles = 0;
  #child: ChildProcess | undefined;
  #killed = false;
  #pids: number[] = [];

  constructor(program: WarmCompilerProgram<unknown>) {
    this.ready = this.#start(program);
    this.ready.catch(() => undefined);
  }

  get alive(): boolean {
    return !this.#killed;
  }

  send(request: Buffer): void {
    this.#child?.stdin?.write(request);
  }

  /** Processor time its processes have used so far, ms. */
  cpuMs(): number {
    return this.#pids.reduce((sum, pid) => sum + cpuMsOfPid(pid), 0);
  }

  kill(): void {
    this.#killed = true;
    this.#child?.kill('SIGKILL');
  }

  async #start(program: WarmCompilerProgram<unknown>): Promise<void> {
    const uid = takeUid();
    let dir: string | undefined;
    try {
      dir = await makeScratchDir('compiler');
      for (const file of program.files) await writeFile(join(dir, file.name), file.text);
      await chown(dir, uid, uid);
    } catch (error) {
      releaseUid(uid);
      throw error;
    }
    // Bubblewrap's arguments, the seccomp filter and the command go through descriptors, as every jail's do (decision 1061).
    const jail = jailInvocation({ argv: program.argv, dir, limits: SERVER_LIMITS }, { etc: program.etc });
    const child = spawn('/usr/bin/setpriv', ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', '/usr/bin/bwrap', ...jail.args], {
      stdio: stdioWith(['pipe', 'pipe', 'ignore'], jail.descriptors),
      env: {},
    });
    feedDescriptors(child, jail.descriptors);
    this.#child = child;
    if (this.#killed) child.kill('SIGKILL');
    child.stdout?.on('data', (chunk: Buffer) => this.reader.push(chunk));
    child.stdin?.on('error', () => {});
    child.on('error', () => {});
    child.on('close', () => {
      this.#killed = true;
      this.reader.end();
      releaseUid(uid);
      if (dir !== undefined) void rm(dir, { recursive: true, force: true });
    });
    const hello = await this.reader.line();
    if (hello !== 'ready') throw new Error(`unexpected greeting ${hello}`);
    // Its processes are started by now (the compiler that built the C# server has exited): measured from here on.
    this.#pids = processesOf(uid);
  }
}
