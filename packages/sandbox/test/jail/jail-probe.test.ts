import { afterEach, describe, expect, it } from 'vitest';
import { firstUidOf, UIDS_PER_PROCESS } from '../../src/native/jail-uid.js';
import { installLine, jailAvailability } from '../../src/native/jail.js';

/** Whether this host can jail, and the uids runs get (decisions 701 and 704). */
const saved = process.env.ASSAY_NATIVE_JAIL;
afterEach(() => {
  if (saved === undefined) delete process.env.ASSAY_NATIVE_JAIL;
  else process.env.ASSAY_NATIVE_JAIL = saved;
});

describe('jail availability', () => {
  it('is available here (bubblewrap installed, user namespaces allowed), with how memory is held', () => {
    delete process.env.ASSAY_NATIVE_JAIL;
    const availability = jailAvailability();
    expect(availability).toMatchObject({ ok: true, tool: 'bubblewrap' });
    expect(['cgroup-v1', 'cgroup-v2', 'rlimit']).toContain(availability.ok ? availability.memory : undefined);
  });

  it('answers unavailable, with the remedy, when turned off by ASSAY_NATIVE_JAIL=off or nativeJail: off', () => {
    process.env.ASSAY_NATIVE_JAIL = 'off';
    expect(jailAvailability()).toMatchObject({ ok: false, reason: expect.stringContaining('ASSAY_NATIVE_JAIL=off') });
    delete process.env.ASSAY_NATIVE_JAIL;
    expect(jailAvailability({ nativeJail: 'off' })).toMatchObject({ ok: false, remedy: expect.stringContaining('ASSAY_NATIVE_JAIL') });
  });

  it('names the one apt-get line that installs the jail and every toolchain', () => {
    expect(installLine()).toBe(
      'apt-get install -y --no-install-recommends bubblewrap openjdk-17-jdk-headless gcc binutils libc6-dev clang mono-mcs mono-runtime golang-go rustc ruby php-cli php-mbstring',
    );
  });
});

describe('jail uids', () => {
  it('gives two processes on one host disjoint blocks of uids', () => {
    const blocks = [1, 2, 4_194_303, 32_768].map((pid) => [firstUidOf(pid), firstUidOf(pid) + UIDS_PER_PROCESS - 1] as const);
    for (const [index, [first, last]] of blocks.entries()) {
      expect(last).toBeLessThan(2 ** 31);
      for (const [otherFirst, otherLast] of blocks.slice(index + 1)) expect(last < otherFirst || otherLast < first).toBe(true);
    }
  });
});
