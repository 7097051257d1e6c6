import { describe, expect, it } from 'vitest';
import { FairGate, GateClosed } from './fair-gate.js';

/** Enters and records the order in which places are given. */
const recorder = (gate: FairGate) => {
  const order: string[] = [];
  const releases: Array<() => void> = [];
  const enter = (org: string, candidate: string, signal?: AbortSignal) =>
    gate.enter(org, candidate, signal).then((release) => {
      order.push(`${org}/${candidate}`);
      releases.push(release);
      return release;
    });
  const releaseOne = async () => {
    releases.shift()?.();
    await Promise.resolve();
    await Promise.resolve();
  };
  return { order, enter, releaseOne };
};

describe('FairGate', () => {
  it('never lets more than its capacity through at once', async () => {
    const gate = new FairGate(2, 100);
    const { order, enter, releaseOne } = recorder(gate);
    for (let index = 0; index < 6; index += 1) void enter('a', `c${index}`);
    await Promise.resolve();
    expect(order).toHaveLength(2);
    expect(gate.running).toBe(2);
    expect(gate.waiting).toBe(4);
    await releaseOne();
    expect(order).toHaveLength(3);
    expect(gate.running).toBe(2);
  });

  it("lets orgs take turns: one org's class of many does not starve another org's candidate", async () => {
    const gate = new FairGate(1, 100);
    const { order, enter, releaseOne } = recorder(gate);
    void enter('big', 'first');
    for (let index = 0; index < 20; index += 1) void enter('big', `c${index}`);
    void enter('small', 'only');
    await Promise.resolve();
    await releaseOne();
    await releaseOne();
    expect(order.slice(0, 3)).toEqual(['big/first', 'big/c0', 'small/only']);
  });

  it('lets the candidates of an org take turns: one sending again and again waits behind the others', async () => {
    const gate = new FairGate(1, 100);
    const { order, enter, releaseOne } = recorder(gate);
    void enter('org', 'busy');
    for (let index = 0; index < 5; index += 1) void enter('org', 'busy');
    void enter('org', 'quiet');
    await Promise.resolve();
    await releaseOne();
    await releaseOne();
    expect(order).toEqual(['org/busy', 'org/busy', 'org/quiet']);
  });

  it('refuses beyond its waiting bound, and a caller that gives up leaves the line', async () => {
    const gate = new FairGate(1, 2);
    const { enter, releaseOne, order } = recorder(gate);
    void enter('org', 'a');
    const cancel = new AbortController();
    const leaving = enter('org', 'b', cancel.signal);
    void enter('org', 'c');
    await expect(enter('org', 'd')).rejects.toMatchObject({ reason: 'full' });
    cancel.abort();
    await expect(leaving).rejects.toBeInstanceOf(GateClosed);
    expect(gate.waiting).toBe(1);
    await releaseOne();
    expect(order).toEqual(['org/a', 'org/c']);
    expect(gate.waiting).toBe(0);
  });

  it('gives a place back once however often its release is called', async () => {
    const gate = new FairGate(1, 10);
    const release = await gate.enter('org', 'a');
    release();
    release();
    expect(gate.running).toBe(0);
  });
});
