import { describe, expect, it } from 'vitest';
import { V3CallbackReplayInput, V3_REPLAY_UNKNOWN_IDS, planCallbackReplay } from './callback-replay.js';

describe('planCallbackReplay', () => {
  it('re-queues ended invitations with a completion callback and fails the rest, in the order asked', () => {
    const plan = planCallbackReplay(
      [3, 1, 2, 3],
      [
        { id: 1, ended: true, completionJobId: 11 },
        { id: 2, ended: true, completionJobId: null },
        { id: 3, ended: false, completionJobId: null },
      ],
    );
    expect(plan).toEqual({ kind: 'replay', requeue: [{ id: 1, jobId: 11 }], failed: [3, 2] });
  });

  it('refuses the whole request when any id is not the org’s, naming each', () => {
    expect(planCallbackReplay([1, 7, 8], [{ id: 1, ended: true, completionJobId: 11 }])).toEqual({
      kind: 'unknown',
      refusal: { result: null, errors: [V3_REPLAY_UNKNOWN_IDS, '7', '8'] },
    });
  });
});

describe('V3CallbackReplayInput', () => {
  it('takes 1 to 100 ids', () => {
    const ids = (count: number) => ({ testinvitationIds: Array.from({ length: count }, (_, index) => index + 1) });
    expect(V3CallbackReplayInput.safeParse(ids(100)).success).toBe(true);
    expect(V3CallbackReplayInput.safeParse(ids(101)).success).toBe(false);
    expect(V3CallbackReplayInput.safeParse(ids(0)).success).toBe(false);
  });
});
