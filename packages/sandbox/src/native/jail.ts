import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import type { JailResult, JailSpec } from './jail-spec.js';

/**
 * Runs one command in a bubblewrap jail: every namespace unshared (no network), /usr and the toolchains' /etc parts
 * read-only, a private /tmp, the run's own directory at /box, nothing of the host's environment; rlimits set by
 * prlimit inside; the process runs as a uid of its own (so per-user limits count only it), and every process of it
 * dies with it (pid namespace, --die-with-parent). Output past the limit, the wall clock or an abort kill it.
 * (First version: issue 49's jail work hardens and tests it.)
 */
const BWRAP = '/usr/bin/bwrap';
const ETC_PARTS = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/java-17-openjdk', '/etc/mono', '/etc/php', '/etc/ssl/certs'];

/** Each concurrent run gets a uid of its own from this range. */
const FIRST_UID = 61_000;
const UIDS = 256;
const uidsInUse = new Set<number>();

export function takeUid(): number {
  for (let uid = FIRST_UID; uid < FIRST_UID + UIDS; uid++) {
    if (!uidsInUse.has(uid)) {
      uidsInUse.add(uid);
      return uid;
    }
  }
  throw new Error('No free jail uid');
}

export function releaseUid(uid: number): void {
  uidsInUse.delete(uid);
}

export function bwrapArguments(spec: JailSpec): string[] {
  const args = ['--ro-bind', '/usr', '/usr', '--symlink', 'usr/lib64', '/lib64', '--symlink', 'usr/lib', '/lib', '--symlink', 'usr/bin', '/bin'];
  for (const part of ETC_PARTS) if (existsSync(part)) args.push('--ro-bind', part, part);
  args.push('--proc', '/proc', '--dev', '/dev', '--tmpfs', '/tmp', '--bind', spec.dir, '/box');
  for (const bind of spec.readOnly ?? []) args.push('--ro-bind', bind.host, bind.jail);
  args.push('--chdir', '/box', '--unshare-all', '--die-with-parent', '--new-session', '--clearenv');
  for (const [name, value] of Object.entries({ PATH: '/usr/bin:/bin', HOME: '/box', LANG: 'C.UTF-8', ...spec.env })) args.push('--setenv', name, value);
  const { limits } = spec;
  args.push(
    '/usr/bin/prlimit',
    `--cpu=${Math.max(1, Math.ceil(limits.cpuMs / 1000))}`,
    `--nproc=${limits.processes}`,
    `--nofile=${limits.openFiles}`,
    `--fsize=${limits.fileBytes}`,
    '--core=0',
    '--',
    ...spec.argv,
  );
  return args;
}

export function runInJail(spec: JailSpec, uid: number): Promise<JailResult> {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn('/usr/bin/setpriv', ['--reuid', String(uid), '--regid', String(uid), '--clear-groups', BWRAP, ...bwrapArguments(spec)], {
      stdio: ['pipe', 'pipe', 'pipe', 'pipe'],
      env: {},
      detached: false,
    });
    const chunks = { stdout: [] as Buffer[], stderr: [] as Buffer[], results: [] as Buffer[] };
    let bytes = 0;
    let outputCut = false;
    let killedFor: JailResult['killedFor'] = null;
    const kill = (why: NonNullable<JailResult['killedFor']>) => {
      if (killedFor === null) killedFor = why;
      child.kill('SIGKILL');
    };
    const collect = (into: Buffer[]) => (chunk: Buffer) => {
      if (outputCut) return;
      const room = spec.limits.outputBytes - bytes;
      if (chunk.length > room) {
        into.push(chunk.subarray(0, Math.max(0, room)));
        outputCut = true;
        kill('output');
        return;
      }
      bytes += chunk.length;
      into.push(chunk);
    };
    child.stdout?.on('data', collect(chunks.stdout));
    child.stderr?.on('data', collect(chunks.stderr));
    const results = child.stdio[3];
    if (results && 'on' in results) results.on('data', collect(chunks.results));
    child.stdin?.on('error', () => {});
    child.stdin?.end(spec.stdin ?? '');
    const wall = setTimeout(() => kill('wall'), spec.limits.wallMs);
    const abort = () => kill('cancelled');
    spec.signal?.addEventListener('abort', abort, { once: true });
    if (spec.signal?.aborted) abort();
    child.on('close', (exitCode, signal) => {
      clearTimeout(wall);
      spec.signal?.removeEventListener('abort', abort);
      if (killedFor === null && signal === 'SIGXCPU') killedFor = 'cpu';
      resolve({
        exitCode,
        signal,
        stdout: Buffer.concat(chunks.stdout).toString('utf8'),
        stderr: Buffer.concat(chunks.stderr).toString('utf8'),
        results: Buffer.concat(chunks.results).toString('utf8'),
        outputCut,
        killedFor,
        wallMs: performance.now() - started,
      });
    });
    child.on('error', () => {
      // spawn failure (no bwrap): 'close' follows with a null code.
    });
  });
}

/** Whether this host can jail (placeholder: the jail work of issue 49 probes bubblewrap and namespaces). */
export function jailAvailability(): import('./jail-spec.js').JailAvailability {
  return existsSync(BWRAP) ? { ok: true, tool: 'bubblewrap' } : { ok: false, reason: 'bubblewrap is not installed', remedy: 'apt-get install bubblewrap' };
}
