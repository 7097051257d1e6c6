import { describe, expect, it } from 'vitest';
import { InvitationStatus } from '../invitation-status.js';
import { SNAPSHOT_RATE, SNAPSHOT_WINDOW_MS, admitSnapshot, snapshotWindowStart, type SnapshotFacts } from './snapshot-policy.js';

const NOW = Date.UTC(2026, 4, 1, 10, 0, 0);
const facts = (overrides: Partial<SnapshotFacts> = {}): SnapshotFacts => ({
  imageProctoring: true,
  status: 'In progress',
  deadline: NOW + 24 * 3_600_000,
  recentTakenAt: [],
  now: NOW,
  ...overrides,
});
const secondsAgo = (...seconds: number[]) => seconds.map((second) => NOW - second * 1000);

describe('admitSnapshot', () => {
  it('admits a snapshot of a running attempt on a link with imageProctoring', () => {
    expect(admitSnapshot(facts())).toEqual({ val: true });
  });

  it('refuses 403.15 without imageProctoring, whatever the state', () => {
    for (const status of InvitationStatus.options) {
      expect(admitSnapshot(facts({ imageProctoring: false, status })).err?.kind).toBe('image-proctoring-disabled');
    }
  });

  it.each([
    ['Pending', 'attempt-not-started'],
    ['Reset', 'attempt-not-started'],
    ['Completed', 'attempt-over'],
    ['Cancelled', 'invitation-cancelled'],
  ] as const)('refuses a %s attempt with %s, as every other write of a stopped attempt', (status, code) => {
    expect(admitSnapshot(facts({ status })).err?.kind).toBe(code);
  });

  it.each([
    ['at the deadline', NOW],
    ['within the answer grace after it', NOW - 30_000],
    ['long after it', NOW - 3_600_000],
  ])('refuses 403.11 %s, like sample runs: the grace is for answers made before the deadline', (_when, deadline) => {
    expect(admitSnapshot(facts({ deadline })).err?.kind).toBe('attempt-over');
  });

  it('admits a snapshot a moment before the deadline', () => {
    expect(admitSnapshot(facts({ deadline: NOW + 1 })).val).toBe(true);
  });

  it('admits a burst of three, then refuses 429.1 until the oldest leaves the window', () => {
    expect(admitSnapshot(facts({ recentTakenAt: secondsAgo(2, 1) })).val).toBe(true);
    const refused = admitSnapshot(facts({ recentTakenAt: secondsAgo(10, 2, 1) }));
    expect(refused.err?.kind).toBe('too-many-requests');
    expect(refused.err?.retryAfterSeconds).toBe(SNAPSHOT_WINDOW_MS / 1000 - 10);
    expect(refused.err?.message).toContain(`${refused.err?.retryAfterSeconds} s`);
  });

  it('averages one per interval: every 50 s is always admitted, every 40 s is not', () => {
    const every = (stepSeconds: number, count: number) => {
      const taken: number[] = [];
      for (let index = 0; index < count; index++) {
        const now = NOW + index * stepSeconds * 1000;
        if (admitSnapshot(facts({ now, recentTakenAt: taken })).val) taken.push(now);
      }
      return taken.length;
    };
    expect(every(SNAPSHOT_RATE.intervalMs / 1000, 20)).toBe(20);
    expect(every(40, 20)).toBeLessThan(20);
    expect(every(1, 60)).toBe(SNAPSHOT_RATE.burst);
  });

  it('ignores snapshots outside the window and counts one exactly at its start as outside', () => {
    const start = snapshotWindowStart(NOW);
    expect(admitSnapshot(facts({ recentTakenAt: [start, start - 1, start - 60_000, NOW - 1] })).val).toBe(true);
    expect(admitSnapshot(facts({ recentTakenAt: [start + 1, NOW - 2, NOW - 1] })).err?.retryAfterSeconds).toBe(1);
  });

  it('never asks to wait less than a second', () => {
    const refused = admitSnapshot(facts({ recentTakenAt: [snapshotWindowStart(NOW) + 10, NOW, NOW] }));
    expect(refused.err?.retryAfterSeconds).toBe(1);
  });
});
