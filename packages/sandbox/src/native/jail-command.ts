import { existsSync } from 'node:fs';
import type { JailSpec } from './jail-spec.js';

export const BWRAP = '/usr/bin/bwrap';
export const SETPRIV = '/usr/bin/setpriv';
export const PRLIMIT = '/usr/bin/prlimit';

/** The parts of /etc the toolchains read (library cache, alternatives symlinks, their own settings); nothing else of it. */
const ETC_PARTS = ['/etc/alternatives', '/etc/ld.so.cache', '/etc/java-17-openjdk', '/etc/mono', '/etc/php', '/etc/ssl/certs'];
/** Every namespace bwrap makes, named one by one so that none is shared by default. */
const NAMESPACES = ['--unshare-user', '--unshare-pid', '--unshare-ipc', '--unshare-uts', '--unshare-net', '--unshare-cgroup-try'];
/** /dev/shm is on bwrap's /dev tmpfs, which has no size of its own: it gets one. */
const SHM_BYTES = 1 << 20;

/**
 * The bubblewrap jail (decision 700): every namespace unshared (user, pid, ipc, uts, mount, net, cgroup), no
 * nested user namespaces, a new session (no terminal injection), no capabilities; the filesystem is /usr and the
 * needed /etc parts read-only, a fresh /proc and minimal /dev, a size-capped private /tmp (and /dev/shm) and the
 * run's own directory at /box, everything else read-only; the environment is only what the spec names. Inside, prlimit sets the per-process limits
 * before the command runs.
 */
export function bwrapArguments(spec: JailSpec, options: { readonly memoryUnderCgroup?: boolean } = {}): string[] {
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
  for (const part of ETC_PARTS) if (existsSync(part)) args.push('--ro-bind', part, part);
  args.push('--proc', '/proc', '--dev', '/dev', '--size', String(SHM_BYTES), '--tmpfs', '/dev/shm');
  args.push('--size', String(limits.tmpBytes ?? limits.fileBytes), '--tmpfs', '/tmp', spec.readOnlyBox ? '--ro-bind' : '--bind', spec.dir, '/box');
  for (const bind of spec.readOnly ?? []) args.push('--ro-bind', bind.host, bind.jail);
  // The jail's root and /dev are tmpfs without a size: read-only once built, so /box, /tmp and /dev/shm are the
  // only places a run writes.
  args.push('--remount-ro', '/dev', '--remount-ro', '/');
  args.push('--chdir', '/box', ...NAMESPACES, '--disable-userns', '--hostname', 'assay');
  args.push('--die-with-parent', '--new-session', '--cap-drop', 'ALL', '--clearenv');
  for (const [name, value] of Object.entries({ PATH: '/usr/bin:/bin', HOME: '/box', TMPDIR: '/tmp', LANG: 'C.UTF-8', ...spec.env }))
    args.push('--setenv', name, value);
  const cpuSeconds = Math.max(1, Math.ceil(limits.cpuMs / 1000));
  const addressSpace = limits.addressSpaceBytes ?? (options.memoryUnderCgroup ? undefined : limits.memoryBytes);
  args.push(
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
  );
  return args;
}

/**
 * The first moments of a run, in bash (Debian essential): closes every inherited descriptor past the run's
 * (0-2, the results channel 3, bwrap's status 4), as bubblewrap passes on whatever the server was started with;
 * enters the run's cgroups, if any; then becomes the jail with an empty environment.
 */
const BASH = '/bin/bash';
const ENTER = [
  'for fd in /proc/$$/fd/*; do n=${fd##*/}; if [ "$n" -gt 4 ] && [ -e "$fd" ]; then eval "exec $n>&-"; fi; done',
  // What the run writes is readable by a later step of the same run, whatever the server's umask.
  'umask 022',
  'while [ "$1" != -- ]; do echo $$ > "$1" || exit 125; shift; done',
  'shift',
  'exec /usr/bin/env -i "$@"',
].join('\n');

/**
 * The host command of one run. As root, setpriv first drops to the run's own uid (no groups, no capabilities, no
 * new privileges) so bubblewrap makes its namespaces as an ordinary user; otherwise bubblewrap runs as this
 * process's user. With a cgroup, the shell that starts it enters it first, so every process of the run starts inside.
 */
export function jailCommand(
  spec: JailSpec,
  uid: number,
  cgroupProcs: readonly string[],
  options: { readonly statusFd?: number } = {},
): { file: string; args: string[] } {
  const asUser =
    process.getuid?.() === 0
      ? [SETPRIV, '--reuid', String(uid), '--regid', String(uid), '--clear-groups', '--inh-caps=-all', '--bounding-set=-all', '--no-new-privs', BWRAP]
      : [BWRAP];
  // Under a memory cgroup, RLIMIT_AS only where the spec asks for it (the cgroup holds the memory).
  // The status descriptor tells the host pid of the jail's init, so the jail can wait until it is gone.
  const status = options.statusFd === undefined ? [] : ['--json-status-fd', String(options.statusFd)];
  const command = [...asUser, ...status, ...bwrapArguments(spec, { memoryUnderCgroup: cgroupProcs.length > 0 })];
  // --norc: bash reads ~/.bashrc when its stdin is a socket (node's stdio pipes are), as if started by rshd.
  return { file: BASH, args: ['--norc', '--noprofile', '-c', ENTER, 'assay-jail', ...cgroupProcs, '--', ...command] };
}
