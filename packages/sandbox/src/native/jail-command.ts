import { existsSync } from 'node:fs';
import type { JailSpec } from './jail-spec.js';
import { JAIL_SECCOMP_PROGRAM } from './jail-seccomp.js';

export const BWRAP = '/usr/bin/bwrap';
export const SETPRIV = '/usr/bin/setpriv';
export const PRLIMIT = '/usr/bin/prlimit';

/** Every namespace bwrap makes, named one by one so that none is shared by default. */
const NAMESPACES = ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-net', '--unshare-cgroup-try'];
/** /dev/shm is on bwrap's /dev tmpfs, which has no size of its own: it gets one. */
const SHM_BYTES = 1 << 20;

/**
 * The bubblewrap jail (decision 700): every namespace unshared (user, pid, ipc, uts, mount, net, cgroup), no
 * nested user namespaces, a new session (no terminal injection), no capabilities, the seccomp filter of
 * jail-seccomp.ts; the filesystem is /usr and the needed /etc parts read-only, a fresh /proc and minimal /dev, a
 * size-capped private /tmp (and /dev/shm) and the run's own directory at /box, everything else read-only. These are
 * bubblewrap's options only: they reach it through a descriptor (`jailInvocation`), never its command line.
 */
/**
 * Where a harness writes its results inside the jail (decision 1313): a file of the host's, private to this one jail,
 * bound read-write over an empty path of the read-only root, named to every command by `RESULTS_ENV`. Every harness
 * opens it by name (for appending), as any program opens a file: no descriptor to inherit or reopen.
 */
export const RESULTS_PATH = '/results';
export const RESULTS_ENV = 'ASSAY_RESULTS';

/**
 * The parts of /etc every toolchain reads (library cache, alternatives symlinks, certificates). A jail binds these and
 * the /etc parts its caller hands it (`etc`: runInJail's are every native toolchain's, JAIL_ETC_PARTS), never more.
 */
export const SYSTEM_ETC_PARTS: readonly string[] = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/ssl/certs'];

export function bwrapArguments(spec: JailSpec, resultsFile?: string, etc: readonly string[] = []): string[] {
  const { limits } = spec;
  const args = [
    '--ro-bind',
    '/usr',
    '/usr',
    '--symlink',
    'usr/lib64',
    '/lib64',
    '--symlink',
    'usr/lib',
    '/lib',
    '--symlink',
    'usr/bin',
    '/bin',
    '--symlink',
    'usr/sbin',
    '/sbin',
  ];
  for (const part of new Set([...SYSTEM_ETC_PARTS, ...etc])) if (existsSync(part)) args.push('--ro-bind', part, part);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(SHM_BYTES), '--tmpfs', '/dev/shm');
  args.push('--size', String(limits.tmpBytes ?? limits.fileBytes), '--tmpfs', '/tmp', spec.readOnlyBox ? '--ro-bind' : '--bind', spec.dir, '/box');
  for (const bind of spec.readOnly ?? []) args.push('--ro-bind', bind.host, bind.jail);
  if (resultsFile !== undefined) args.push('--bind', resultsFile, RESULTS_PATH);
  // The jail's root and /dev are tmpfs without a size: read-only once built, so /box, /tmp and /dev/shm are the
  // only places a run writes.
  args.push('--remount-ro', '/dev', '--remount-ro', '/');
  args.push('--chdir', '/box', ...NAMESPACES, '--disable-userns', '--hostname', 'assay');
  args.push('--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv');
  if (SECCOMP_PROGRAM !== undefined) args.push('--seccomp', String(SECCOMP_FD));
  return args;
}

/**
 * The command the jail's first process runs, as the launcher reads it: the environment the spec names (nothing of the
 * server's), then prlimit setting the per-process limits, then the spec's command.
 */
export function launchedCommand(spec: JailSpec, options: { readonly memoryUnderCgroup?: boolean; readonly resultsFile?: string } = {}): string[] {
  const { limits } = spec;
  const results = options.resultsFile === undefined ? {} : { [RESULTS_ENV]: RESULTS_PATH };
  const environment = Object.entries({ PATH: '/usr/bin:/bin', HOME: '/box', TMPDIR: '/tmp', LANG: 'C.UTF-8', ...results, ...spec.env }).map(
    ([name, value]) => `${name}=${value}`,
  );
  const cpuSeconds = Math.max(1, Math.ceil(limits.cpuMs / 1000));
  const addressSpace = limits.addressSpaceBytes ?? (options.memoryUnderCgroup ? undefined : limits.memoryBytes);
  return [
    ENV,
    ...environment,
    PRLIMIT,
    // The soft limit sends SIGXCPU (reported as `cpu`); the hard one, a second later, kills a process that catches it.
    `--cpu=${cpuSeconds}:${cpuSeconds + 1}`,
    `--nproc=${limits.processes}`,
    `--nofile=${limits.openFiles}`,
    `--fsize=${limits.fileBytes}`,
    ...(addressSpace === undefined ? [] : [`--as=${addressSpace}`]),
    '--core=0',
    '--',
    ...spec.argv,
  ];
}

/** bubblewrap's options, its seccomp filter and the launched command reach it on these descriptors (decision 1061). */
export const ARGS_FD = 5;
export const SECCOMP_FD = 6;
/** The filter's numbers are x86-64's: another architecture's jail runs without it (docs/languages.md, "Known limits"). */
const SECCOMP_PROGRAM = process.arch === 'x64' ? JAIL_SECCOMP_PROGRAM : undefined;
export const COMMAND_FD = 7;

/**
 * How one jail is started (decision 1061): bubblewrap's visible command line, which names no host path, limit or
 * environment (the jail's init keeps it as its /proc/1/cmdline, which a run can read), and what each descriptor
 * carries. The launcher, a constant bash line run inside the jail under the filter, reads the command off its
 * descriptor, closes it and becomes it with only the environment the command names.
 */
export interface JailInvocation {
  /** bwrap's arguments, after whatever drops privileges. */
  readonly args: readonly string[];
  /** Bytes to feed on each descriptor (then closed): bubblewrap reads two, the launcher the third. */
  readonly descriptors: ReadonlyMap<number, Buffer>;
}

export function jailInvocation(
  spec: JailSpec,
  options: { readonly memoryUnderCgroup?: boolean; readonly statusFd?: number; readonly resultsFile?: string; readonly etc?: readonly string[] } = {},
): JailInvocation {
  // The status descriptor tells the host pid of the jail's init, so the jail can wait until it is gone.
  const status = options.statusFd === undefined ? [] : ['--json-status-fd', String(options.statusFd)];
  return {
    args: ['--args', String(ARGS_FD), '--', BASH, '--norc', '--noprofile', '-c', LAUNCH, 'assay-run'],
    descriptors: new Map([
      [ARGS_FD, nulSeparated([...status, ...bwrapArguments(spec, options.resultsFile, options.etc)])],
      ...(SECCOMP_PROGRAM === undefined ? [] : ([[SECCOMP_FD, SECCOMP_PROGRAM]] as const)),
      [COMMAND_FD, nulSeparated(launchedCommand(spec, options))],
    ]),
  };
}

const nulSeparated = (args: readonly string[]): Buffer => Buffer.from(args.map((arg) => `${arg}\0`).join(''), 'utf8');

const ENV = '/usr/bin/env';
/** `exec -c`: the command gets no variable of the launcher's (bash would add PWD and SHLVL); env sets the named ones. */
const LAUNCH = `mapfile -t -d '' -u ${COMMAND_FD} command && exec ${COMMAND_FD}<&- && exec -c "\${command[@]}"`;

/**
 * The first moments of a run, in bash (Debian essential): closes every inherited descriptor past the run's
 * (0-2, bwrap's status 4, and the three of the invocation, 5-7), as bubblewrap passes on
 * whatever the server was started with; enters the run's cgroups, if any; then becomes the jail with an empty
 * environment.
 */
const BASH = '/bin/bash';
const ENTER = [
  `for fd in /proc/$$/fd/*; do n=\${fd##*/}; if [ "$n" -gt ${COMMAND_FD} ] && [ -e "$fd" ]; then eval "exec $n>&-"; fi; done`,
  // What the run writes is readable by a later step of the same run, whatever the server's umask.
  'umask 022',
  'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done',
  'shift',
  'exec /usr/bin/env -i "$@"',
].join('\n');

/** As root, setpriv drops to the run's own uid (no groups, no capabilities, no new privileges) before bubblewrap. */
function asUser(uid: number): string[] {
  return process.getuid?.() === 0
    ? [SETPRIV, '--reuid', String(uid), '--regid', String(uid), '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', BWRAP]
    : [BWRAP];
}

/**
 * The host command of one run, and what its descriptors carry. Bubblewrap makes its namespaces as the run's
 * ordinary user (see asUser). With a cgroup, the shell that starts it enters it first, so every process of the run
 * starts inside.
 */
export function jailCommand(
  spec: JailSpec,
  uid: number,
  cgroupProcs: readonly string[],
  options: { readonly statusFd?: number; readonly resultsFile?: string; readonly etc?: readonly string[] } = {},
): { file: string; args: string[]; descriptors: ReadonlyMap<number, Buffer> } {
  // Under a memory cgroup, RLIMIT_AS only where the spec asks for it (the cgroup holds the memory).
  const invocation = jailInvocation(spec, { memoryUnderCgroup: cgroupProcs.length > 0, ...options });
  // --norc: bash reads ~/.bashrc when its stdin is a socket (node's stdio pipes are), as if started by rshd.
  return {
    file: BASH,
    args: ['--norc', '--noprofile', '-c', ENTER, 'assay-jail', ...cgroupProcs, '--', ...asUser(uid), ...invocation.args],
    descriptors: invocation.descriptors,
  };
}
