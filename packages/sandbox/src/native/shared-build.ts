import { chmod, chown, lchown, lstat, readdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { releaseUid, takeUid } from './jail-uid.js';
import type { JailResult, JailSpec } from './jail-spec.js';
import { makeScratchDir } from './scratch-dirs.js';

/** What a shared build may do: jail its steps (as a uid of its own, under no run's signal) and make directories. */
export interface BuildSteps {
  jail(spec: Omit<JailSpec, 'signal'>): Promise<JailResult>;
  /** A directory kept once the build succeeded: the build's uid writes it, then it is handed to the server, read-only to every jail. */
  outputDir(): Promise<string>;
}

/** How a build's steps are jailed as a uid (the sandbox's JailRunner: runInJail, or a test's). */
type BuildJail = (spec: JailSpec, uid: number) => Promise<JailResult>;

/**
 * Something built once per process for every run of a language (the C and C++ runtime and precompiled headers, the
 * Rust runtime) (decision 1040). It runs under its own uid, its own limits and no run's abort signal, so neither the
 * run that happened to start it nor that run's time limit can stop it: a run that cancels stops waiting, the build
 * goes on for the others. A build that fails is forgotten, and the next run that needs it tries again. What it made
 * is handed back to the server's own uid (files 0644, directories 0755): the uid that built it is reused by later
 * runs, which must not own it.
 */
export class SharedBuild<T> {
  #built: Promise<{ value: T; dirs: string[] }> | undefined;
  #ready = false;

  constructor(
    /** What the candidate is told is being prepared meanwhile ("the C++ compiler"). */
    readonly what: string,
    private readonly make: (steps: BuildSteps) => Promise<T>,
  ) {}

  /** The built value, building it first if no build is done or under way (or if its output was removed). */
  async get(jail: BuildJail): Promise<T> {
    let built = this.#built;
    if (built === undefined) {
      const started = this.#build(jail);
      built = started;
      this.#built = started;
      started.then(
        () => {
          if (this.#built === started) this.#ready = true;
        },
        () => {
          if (this.#built === started) this.#built = undefined;
        },
      );
    }
    const { value, dirs } = await built;
    if (dirs.every((dir) => existsSync(dir))) return value;
    // Something removed it (a temp-dir sweep): build it again.
    if (this.#built === built) this.forget();
    return this.get(jail);
  }

  /** Whether it is built (a run that asks for it now does not wait). */
  get ready(): boolean {
    return this.#ready;
  }

  private forget(): void {
    this.#built = undefined;
    this.#ready = false;
  }

  /** Forgets the build and removes what it made (the language's close). */
  async drop(): Promise<void> {
    const built = this.#built;
    this.forget();
    const done = await built?.catch(() => undefined);
    await Promise.all((done?.dirs ?? []).map((dir) => rm(dir, { recursive: true, force: true })));
  }

  async #build(jail: BuildJail): Promise<{ value: T; dirs: string[] }> {
    const uid = takeUid();
    const dirs: string[] = [];
    try {
      const steps: BuildSteps = {
        jail: (spec) => jail(spec, uid),
        outputDir: async () => {
          const dir = await makeScratchDir('build');
          dirs.push(dir);
          await chown(dir, uid, uid);
          return dir;
        },
      };
      const value = await this.make(steps);
      for (const dir of dirs) await handToServer(dir);
      return { value, dirs };
    } catch (error) {
      await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })));
      throw error;
    } finally {
      releaseUid(uid);
    }
  }
}

/** Makes `path` and everything under it the server's, writable by the server alone (decision 1040). */
export async function handToServer(path: string): Promise<void> {
  const info = await lstat(path);
  const uid = process.getuid?.();
  const gid = process.getgid?.();
  if (uid !== undefined && gid !== undefined && (info.uid !== uid || info.gid !== gid)) await (info.isSymbolicLink() ? lchown : chown)(path, uid, gid);
  if (info.isSymbolicLink()) return;
  if (info.isDirectory()) {
    for (const name of await readdir(path)) await handToServer(join(path, name));
    await chmod(path, 0o755);
  } else {
    await chmod(path, info.mode & 0o111 ? 0o755 : 0o644);
  }
}
