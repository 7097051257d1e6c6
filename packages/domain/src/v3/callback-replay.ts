import { z } from 'zod';
import { Id } from '../ids.js';

/** iMocha v3 replays at most this many invitations' callbacks a request. */
export const V3_REPLAY_MAX_IDS = 100;

export const V3CallbackReplayInput = z
  .object({
    testinvitationIds: z
      .array(Id)
      .min(1, { error: 'testinvitationIds needs at least one id' })
      .max(V3_REPLAY_MAX_IDS, { error: `testinvitationIds takes at most ${V3_REPLAY_MAX_IDS} ids a request` }),
  })
  .meta({ id: 'V3CallbackReplayInput' });
export type V3CallbackReplayInput = z.infer<typeof V3CallbackReplayInput>;

export const V3CallbackReplayAnswer = z
  .object({
    result: z.object({ testinvitationIds: z.object({ successful: z.array(z.int()), failed: z.array(z.int()) }) }),
    errors: z.null(),
  })
  .meta({ id: 'V3CallbackReplayAnswer' });
export type V3CallbackReplayAnswer = z.infer<typeof V3CallbackReplayAnswer>;

/** iMocha's documented 401: the message, then each id it did not find in the account (decision 919). */
export const V3CallbackReplayRefusal = z.object({ result: z.null(), errors: z.array(z.string()) }).meta({ id: 'V3CallbackReplayRefusal' });
export type V3CallbackReplayRefusal = z.infer<typeof V3CallbackReplayRefusal>;

export const V3_REPLAY_UNKNOWN_IDS = 'testinvitationIds does not belong to account or not found';

/** What the store knows of one asked-for invitation of the org. */
export interface ReplayCandidate {
  id: number;
  /** The attempt ended (the invitation is Completed). */
  ended: boolean;
  /** Its completion callback's outbox job; null when it had no callbackUrl (or the delivery was erased). */
  completionJobId: number | null;
}

export type ReplayPlan = { kind: 'unknown'; refusal: V3CallbackReplayRefusal } | { kind: 'replay'; requeue: { id: number; jobId: number }[]; failed: number[] };

/**
 * Which callbacks a replay sends again (decision 918): an ended invitation's completion callback; one not ended, or
 * without a callback, fails. Any id not of the org refuses the whole request, missing and foreign alike (decision 919).
 * Ids asked twice count once, in the order first asked.
 */
export const planCallbackReplay = (ids: readonly number[], found: readonly ReplayCandidate[]): ReplayPlan => {
  const asked = [...new Set(ids)];
  const byId = new Map(found.map((candidate) => [candidate.id, candidate]));
  const unknown = asked.filter((id) => !byId.has(id));
  if (unknown.length > 0) return { kind: 'unknown', refusal: { result: null, errors: [V3_REPLAY_UNKNOWN_IDS, ...unknown.map(String)] } };
  const requeue: { id: number; jobId: number }[] = [];
  const failed: number[] = [];
  for (const id of asked) {
    const candidate = byId.get(id)!;
    if (candidate.ended && candidate.completionJobId !== null) requeue.push({ id, jobId: candidate.completionJobId });
    else failed.push(id);
  }
  return { kind: 'replay', requeue, failed };
};
