import { afterAll, describe, expect, it } from 'vitest';
import { Sandbox } from '../src/index.js';
import type { HostMessage } from '../src/protocol.js';
import { SnapshotShare } from '../src/python-snapshot.js';
import { PYTHON_START_MS, waitFor } from './helpers.js';

/** A worker as the coordinator sees it, remembering what it was sent. */
const client = () => {
  const received: HostMessage[] = [];
  return { received, send: (message: HostMessage) => void received.push(message) };
};
const bytes = new SharedArrayBuffer(8);

describe('one Python snapshot per process', () => {
  it('has the first worker that wants one make it, and the others start from it', () => {
    const share = new SnapshotShare();
    const [first, second, third, late] = [client(), client(), client(), client()];
    share.wanted(first);
    share.wanted(second);
    share.wanted(third);
    expect(first.received).toEqual([{ type: 'makePythonSnapshot' }]);
    expect(second.received).toEqual([]);
    share.made(bytes);
    expect(second.received).toEqual([{ type: 'pythonSnapshot', bytes }]);
    expect(third.received).toEqual([{ type: 'pythonSnapshot', bytes }]);
    expect(share.snapshot).toBe(bytes);
    share.wanted(late);
    expect(late.received).toEqual([{ type: 'pythonSnapshot', bytes }]);
    expect(first.received).toHaveLength(1);
  });

  it('hands the making over to a waiting worker when the maker is lost, and forgets the waiters that are gone', () => {
    const share = new SnapshotShare();
    const [maker, leaver, waiter] = [client(), client(), client()];
    share.wanted(maker);
    share.wanted(leaver);
    share.wanted(waiter);
    share.gone(leaver);
    share.gone(maker);
    expect(leaver.received).toEqual([]);
    expect(waiter.received).toEqual([{ type: 'makePythonSnapshot' }]);
    share.made(bytes);
    expect(leaver.received).toEqual([]);
  });

  it('tells a maker that asks again (its start failed and is retried) to make it again', () => {
    const share = new SnapshotShare();
    const maker = client();
    share.wanted(maker);
    share.wanted(maker);
    expect(maker.received).toEqual([{ type: 'makePythonSnapshot' }, { type: 'makePythonSnapshot' }]);
  });
});

describe('a pool warmed up with its standby', () => {
  const sandbox = new Sandbox({ workers: 2, prewarm: ['python'] });
  afterAll(() => sandbox.close());

  it(
    'starts its three interpreters from one snapshot (none made here if this process has one already)',
    async () => {
      sandbox.warmUp('candidate');
      expect(await waitFor(() => sandbox.stats().pythonStarts >= 3, PYTHON_START_MS)).toBe(true);
      expect(sandbox.stats().pythonSnapshots).toBeLessThanOrEqual(1);
      const { results } = await sandbox.run({
        language: 'python',
        code: 'def f(x):\n    return x * 2\n',
        functionName: 'f',
        cases: [{ args: [21], expected: 42 }],
      });
      expect(results[0]?.passed).toBe(true);
    },
    PYTHON_START_MS,
  );
});
