import { type SpawnSyncReturns, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cgroupControl } from './jail-cgroup.js';
import type { JailAvailability } from './jail-spec.js';
import { BWRAP, jailCommand, PRLIMIT, SETPRIV } from './jail-command.js';
import { JAIL_ETC_PARTS } from './native-toolchains.js';
import { descriptorFiles } from './jail-descriptors.js';
import { releaseUid, takeUid } from './jail-uid.js';

export interface JailAvailabilityOptions {
  /** `off`: answer unavailable whatever the host can do (as ASSAY_NATIVE_JAIL=off does). */
  readonly nativeJail?: 'auto' | 'off';
}

const USERNS_REMEDY =
  'allow unprivileged user namespaces: sysctl -w kernel.unprivileged_userns_clone=1 (Debian), sysctl -w user.max_user_namespaces=15000, ' +
  'or on Ubuntu 24.04 sysctl -w kernel.apparmor_restrict_unprivileged_userns=0; in a container, run it with user namespaces allowed (e.g. docker --security-opt seccomp=unconfined)';

let probed: JailAvailability | undefined;

/**
 * Whether this host can jail a native run: bubblewrap, setpriv and prlimit present and a trivial jailed `true`
 * succeeding (user namespaces allowed). Probed once per process; `ASSAY_NATIVE_JAIL=off` or `nativeJail: 'off'`
 * answer unavailable without probing. Nothing ever runs unjailed: an unavailable jail means no native language.
 */
export function jailAvailability(options: JailAvailabilityOptions = {}): JailAvailability {
  if (options.nativeJail === 'off' || process.env.ASSAY_NATIVE_JAIL === 'off') {
    return { ok: false, reason: 'native runs are turned off (ASSAY_NATIVE_JAIL=off)', remedy: 'unset ASSAY_NATIVE_JAIL to run native languages in the jail' };
  }
  probed ??= probe();
  return probed;
}

function probe(): JailAvailability {
  if (process.platform !== 'linux')
    return { ok: false, reason: `the jail needs Linux namespaces (this is ${process.platform})`, remedy: 'run the native languages on a Linux worker' };
  const missing = [BWRAP, SETPRIV, PRLIMIT].filter((tool) => !existsSync(tool));
  if (missing.length > 0) {
    return {
      ok: false,
      reason: `${missing.join(', ')} missing`,
      remedy: `apt-get install -y --no-install-recommends ${missing.includes(BWRAP) ? 'bubblewrap ' : ''}util-linux`.trim(),
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'assay-jail-probe-'));
  const uid = takeUid();
  try {
    if (process.getuid?.() === 0) chownSync(dir, uid, uid);
    const command = jailCommand({ argv: ['/usr/bin/true'], dir, limits: PROBE_LIMITS }, uid, [], { etc: JAIL_ETC_PARTS });
    const files = descriptorFiles(command.descriptors);
    let outcome: SpawnSyncReturns<string>;
    try {
      outcome = spawnSync(command.file, command.args, { stdio: files.stdio, env: {}, cwd: '/', timeout: 10_000, encoding: 'utf8' });
    } finally {
      files.close();
    }
    if (outcome.status === 0) return { ok: true, tool: 'bubblewrap', memory: cgroupControl() };
    const said = `${outcome.stderr ?? ''}`.trim().split('\n').slice(-1)[0] || (outcome.error?.message ?? `exit ${outcome.status ?? outcome.signal}`);
    return { ok: false, reason: `a jailed \`true\` failed: ${said}`, remedy: USERNS_REMEDY };
  } finally {
    releaseUid(uid);
    rmSync(dir, { recursive: true, force: true });
  }
}

const PROBE_LIMITS = { cpuMs: 2000, wallMs: 10_000, memoryBytes: 64 << 20, processes: 8, openFiles: 32, fileBytes: 1024, outputBytes: 4096 };
