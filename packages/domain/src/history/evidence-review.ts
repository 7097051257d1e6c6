import { match } from 'ts-pattern';
import { z } from 'zod';
import { multiLineText } from '../schemas/text-fields.js';
import type { KeptEvents } from '../report/event-log.js';
import { ok, refuse, type Result } from '../result.js';
import { departuresOfLog } from '../report/timelines.js';
import { AiUseKind, aiUseEvidenceId } from '../ai-use/ai-use-finding.js';

/**
 * Reviewed integrity evidence (issue 32, item 5). Each piece of evidence has an id stable for the attempt's life:
 * - `departure-<epoch ms>`: a counted departure (what `wv` counts and `tv` times), named by the instant it began —
 *   the `leftAt` that `/details` lists under integrity.departures. Departures never overlap, so no two share it, and
 *   it never changes: the event that began it is stored with its instant.
 * - `snapshot-<snapshotId>`: a webcam snapshot, by the id `/details` lists under integrity.snapshots.
 * - `similarity-<pairId>`: a pair of this attempt's coding answer with another candidate's (issue 34), as
 *   integrity.similarity lists it. The pair has one id in both candidates' reports, but each invitation's review of it
 *   is its own (decision 538): a reviewer may confirm it for the one who copied and dismiss it for the one copied from.
 * - `paste-<epoch ms>` and `insertion-<epoch ms>`: a paste or large insertion the report lists beside an answer
 *   (questions[].signals.events), named by its instant like a departure (decision 610). Only listed events are
 *   reviewable: those counted past the per-question list are a count, not something a reviewer saw.
 * - `copied-question-<epoch ms>`, `transcribed-<epoch ms>`, `burst-after-return-<epoch ms>`, `rewritten-<epoch ms>`:
 *   a finding of an AI-use rule (issue 60, integrity.aiUse), named by its rule and instant like a paste (decision 1200).
 * v2's `wv` and `tv` stay the raw counts (the contract); a review sits beside them and never changes them.
 */
export const EvidenceOutcome = z.enum(['dismissed', 'confirmed']);
export type EvidenceOutcome = z.infer<typeof EvidenceOutcome>;

export const EvidenceReviewInput = z
  .object({
    outcome: EvidenceOutcome,
    note: multiLineText('note', 2_000, { blank: true, description: 'Why: what the reviewer saw (up to 2,000 characters; may be empty).' }).optional(),
  })
  .meta({ id: 'EvidenceReviewBody' });
export type EvidenceReviewInput = z.infer<typeof EvidenceReviewInput>;

export type EvidenceId =
  | { readonly type: 'departure'; readonly leftAt: number }
  | { readonly type: 'snapshot'; readonly snapshotId: number }
  | { readonly type: 'similarity'; readonly pairId: number }
  | { readonly type: 'paste' | 'insertion'; readonly at: number }
  | { readonly type: 'ai-use'; readonly kind: AiUseKind; readonly at: number };

const EVIDENCE_ID = /^(departure|snapshot|similarity|paste|insertion|copied-question|transcribed|burst-after-return|rewritten)-([1-9][0-9]{0,15})$/;

/** The evidence an id names, or undefined for a string that names none (the route answers 404, as for an unknown one). */
export const parseEvidenceId = (text: string): EvidenceId | undefined => {
  const found = EVIDENCE_ID.exec(text);
  if (!found) return undefined;
  const value = Number(found[2]);
  if (!Number.isSafeInteger(value)) return undefined;
  return match(found[1])
    .returnType<EvidenceId>()
    .with('departure', () => ({ type: 'departure', leftAt: value }))
    .with('snapshot', () => ({ type: 'snapshot', snapshotId: value }))
    .with('paste', 'insertion', (type) => ({ type, at: value }))
    .with('similarity', () => ({ type: 'similarity', pairId: value }))
    .otherwise((kind) => ({ type: 'ai-use', kind: AiUseKind.parse(kind), at: value }));
};

export const evidenceIdText = (id: EvidenceId): string =>
  match(id)
    .with({ type: 'departure' }, ({ leftAt }) => `departure-${leftAt}`)
    .with({ type: 'snapshot' }, ({ snapshotId }) => `snapshot-${snapshotId}`)
    .with({ type: 'similarity' }, ({ pairId }) => `similarity-${pairId}`)
    .with({ type: 'paste' }, { type: 'insertion' }, ({ type, at }) => `${type}-${at}`)
    .with({ type: 'ai-use' }, ({ kind, at }) => aiUseEvidenceId({ kind, at }))
    .exhaustive();

/** The ids of an attempt's departures as the report lists them (its kept log, replayed up to `endedAt`). */
export const departureEvidenceIds = (presence: KeptEvents, endedAt: number): string[] =>
  departuresOfLog(presence, endedAt).map((departure) => evidenceIdText({ type: 'departure', leftAt: departure.leftAt }));

/** One review as stored and answered: the latest per evidence counts, earlier ones are kept. */
export const EvidenceReview = z
  .object({
    eventId: z.string(),
    outcome: EvidenceOutcome,
    note: z.string(),
    reviewedAt: z.string().meta({ description: 'ISO 8601, UTC' }),
    reviewedBy: z.object({ keyId: z.int().positive(), label: z.string() }),
  })
  .meta({ id: 'EvidenceReview' });
export type EvidenceReview = z.infer<typeof EvidenceReview>;

/** What the attempt shows as evidence now: its kept departure events (replayed up to `endedAt`) and its snapshots. */
export interface AttemptEvidence {
  readonly presence: KeptEvents;
  readonly endedAt: number;
  readonly snapshotIds: readonly number[];
  /** The similarity pairs the report lists (issue 34); absent where none are read. */
  readonly similarityPairIds?: readonly number[];
  /** The ids of the pastes and large insertions the report lists beside the answers (issue 34); absent where none are read. */
  readonly signalEventIds?: readonly string[];
  /** The ids of the attempt's AI-use findings (issue 60); absent where none are read. */
  readonly aiUseIds?: readonly string[];
}

/**
 * The evidence `eventId` names, if the attempt shows it (404.12 otherwise, as for a malformed id): a review is of
 * something a reviewer could see in the report, never of an id made up or cleared by a reset.
 */
export const knownEvidence = (eventId: string, evidence: AttemptEvidence): Result<string> => {
  const id = parseEvidenceId(eventId);
  const shown =
    id !== undefined &&
    match(id)
      .with({ type: 'snapshot' }, ({ snapshotId }) => evidence.snapshotIds.includes(snapshotId))
      .with({ type: 'similarity' }, ({ pairId }) => (evidence.similarityPairIds ?? []).includes(pairId))
      .with({ type: 'paste' }, { type: 'insertion' }, () => (evidence.signalEventIds ?? []).includes(eventId))
      .with({ type: 'departure' }, () => departureEvidenceIds(evidence.presence, evidence.endedAt).includes(eventId))
      .with({ type: 'ai-use' }, () => (evidence.aiUseIds ?? []).includes(eventId))
      .exhaustive();
  return shown
    ? ok(eventId)
    : refuse(
        'evidence-not-found',
        `No integrity evidence ${eventId} in this attempt: use a departure, snapshot, similarity, paste, insertion or AI-use id its report lists.`,
      );
};
