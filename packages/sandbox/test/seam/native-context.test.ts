import { existsSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { jailAvailability, runInJail } from '../../src/native/jail.js';
import type { JailResult } from '../../src/native/jail-spec.js';
import { openContext } from '../../src/native/native-context.js';
import { COMPILE_LIMITS, runLimitsOf, stdioCaseLimitsOf } from '../../src/native/native-limits.js';
import { recordingJail } from './fakes.js';

const UID = 61_200;

describe('the native context of a run', () => {
  it('gives fresh scratch directories owned by the run’s uid (0700), jails every command as that uid, removes the directories after', async () => {
    const jail = jailAvailability();
    if (!jail.ok || process.getuid?.() !== 0) {
      // The jail (root, bubblewrap) is what this proves; CI runs as root with bubblewrap (ASSAY_REQUIRE_NATIVE=1).
      expect(process.env.ASSAY_REQUIRE_NATIVE, 'the jail is required here').not.toBe('1');
      return;
    }
    const abort = new AbortController();
    const { context, close } = openContext(UID, { runLimits: COMPILE_LIMITS, compileLimits: COMPILE_LIMITS, maxLogBytes: 4096 }, runInJail, abort.signal);
    const first = await context.scratchDir();
    const second = await context.scratchDir();
    expect(first).not.toBe(second);
    for (const dir of [first, second]) {
      const stat = statSync(dir);
      expect({ uid: stat.uid, gid: stat.gid, mode: stat.mode & 0o777 }).toEqual({ uid: UID, gid: UID, mode: 0o700 });
    }
    const result: JailResult = await context.jail({ argv: ['/bin/sh', '-c', 'id -u; echo made > /box/file; ls /box'], dir: first, limits: COMPILE_LIMITS });
    expect(result.stdout).toBe(`${UID}\nfile\n`);
    await close();
    expect(existsSync(first) || existsSync(second)).toBe(false);
  });

  it('jails each stdio case with a one-case run’s bound, never past the run’s own wall clock, and none past the budget of timeouts', async () => {
    const limits = { memoryBytes: 32 << 20, cpuMsPerCase: 1000, wallClockMs: 12_000, maxOutputBytes: 1000, maxLogBytes: 100 };
    expect(stdioCaseLimitsOf(limits)).toMatchObject({ cpuMs: 3000, wallMs: 3000, memoryBytes: runLimitsOf(limits, 10).memoryBytes });
    expect(stdioCaseLimitsOf({ ...limits, wallClockMs: 1500 })).toMatchObject({ cpuMs: 1500, wallMs: 1500 });
    const jail = recordingJail({ killedFor: 'wall' });
    const { context, close } = openContext(
      UID,
      { runLimits: runLimitsOf(limits, 10), compileLimits: COMPILE_LIMITS, stdioCaseLimits: stdioCaseLimitsOf(limits), maxLogBytes: 100, stopAfterTimeouts: 2 },
      jail.jail,
      new AbortController().signal,
    );
    const dir = await context.scratchDir();
    const ended = [];
    for (let index = 0; index < 4; index++) ended.push((await context.stdioCase({ argv: ['/box/prog'], dir, stdin: `${index}\n` })).killedFor);
    await close();
    expect(jail.calls.map((call) => [call.spec.stdin, call.spec.limits.wallMs])).toEqual([
      ['0\n', 3000],
      ['1\n', 3000],
    ]);
    expect(ended).toEqual(['wall', 'wall', 'cancelled', 'cancelled']);
  });
});
