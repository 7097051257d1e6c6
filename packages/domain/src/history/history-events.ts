import { z } from 'zod';
import { CandidateDecision } from '../decisions/candidate-decision.js';
import { Id } from '../ids.js';

/**
 * What happened to an invitation (issue 32, item 6), one kind per thing that can happen, each with what it says.
 * The union is what the store records (`history.record`) and what `GET …/history` answers: the names are the API's.
 * A new kind is one member here; the exhaustive matches over it (`historyOfMove`, the routes that record) name it.
 */
const event = <const Kind extends string, Details extends z.ZodRawShape>(kind: Kind, details: Details, description: string) =>
  z.object({ kind: z.literal(kind), details: z.object(details) }).meta({ description });

/** An email or callback attempt: `outcome` is the delivery log's (`delivered`, `failed`, `gone`, …). */
const DeliveryDetails = {
  channel: z.enum(['email', 'callback', 'greenhouse']),
  jobId: Id,
  outcome: z.string(),
  statusCode: z.int().nullable(),
};

/**
 * Coalesced kinds (link opened, answers saved, runs) count the occurrences of one window (`HISTORY_COALESCE_MS`) in
 * one entry: `count` of them, the first at the entry's `at` and the last at `lastAt`.
 */
const CoalescedDetails = { count: z.int().positive(), lastAt: z.string().meta({ description: 'ISO 8601, UTC' }) };

export const HistoryEvent = z.discriminatedUnion('kind', [
  event(
    'created',
    { via: z.enum(['api', 'test-link', 'self-registration', 'reattempt', 'greenhouse', 'bulk', 'unknown']), previousInvitationId: Id.nullable() },
    "The invitation was created: by a key (api, test-link, Greenhouse's send_test: greenhouse, or a row of a bulk file: bulk), by the candidate on a public link, or as a reattempt of previousInvitationId; `unknown` only on a reconstructed entry.",
  ),
  event('delivery', DeliveryDetails, 'An email, callback or Greenhouse PATCH about this invitation was tried, with its outcome.'),
  event('link-opened', CoalescedDetails, 'The candidate opened the test link before starting.'),
  event('started', {}, 'The candidate started the attempt.'),
  event('answers-saved', CoalescedDetails, 'Answers saved (counts, never contents).'),
  event('runs', CoalescedDetails, 'Sample runs of coding questions.'),
  event(
    'submitted',
    {
      terminatedAfter: z
        .object({ kind: z.enum(['window', 'image']), count: z.int().positive() })
        .optional()
        .meta({ description: "Present when the test's violation limit ended the attempt (decision 942): which violations, and how many." }),
    },
    'The attempt ended: by the candidate, by the system when time ran out, or by the system when a violation limit was exceeded.',
  ),
  event(
    'scored',
    { score: z.number().nullable(), awaitingReview: z.int().nonnegative() },
    'The machine scored the attempt; with answers awaiting review there is no final score yet (null) until they are graded.',
  ),
  event('graded', { questionId: Id, marks: z.number() }, 'A reviewer graded an answer.'),
  event('evidence-reviewed', { eventId: z.string(), outcome: z.enum(['dismissed', 'confirmed']) }, 'A reviewer marked a proctoring event or snapshot.'),
  event('reattempted', { newInvitationId: Id }, 'A new attempt was created from this completed one.'),
  event('reset', {}, 'The attempt was cleared; the candidate may start again with the same URL.'),
  event('cancelled', {}, 'The invitation was cancelled.'),
  event(
    'report-downloaded',
    { format: z.enum(['pdf', 'excel', 'report-link']) },
    'The report was downloaded: its PDF, an Excel export of the test, or through a signed report link.',
  ),
  event(
    'greenhouse-error',
    {
      apiCall: z.string(),
      errors: z.array(z.string()).meta({ description: 'The first 5 errors the caller sent, each cut at 200 characters, as sent (not verified).' }),
      errorCount: z.int().nonnegative().meta({ description: 'How many errors the caller sent.' }),
    },
    "The key Greenhouse uses (an admin key) reported an answer of Assay's that Greenhouse could not use (response_error): the caller's words, not verified by Assay.",
  ),
  event(
    'decided',
    { decision: CandidateDecision.nullable(), previous: CandidateDecision.nullable(), reason: z.string().nullable() },
    'A key recorded a decision on the candidate (shortlisted, advanced, rejected, on-hold; null: cleared), with the one before and the reason given.',
  ),
  event('tagged', { tag: z.string(), change: z.enum(['added', 'removed']) }, 'A key added or removed a tag.'),
  event('noted', { noteId: Id, change: z.enum(['added', 'edited', 'deleted']) }, 'A key added, edited or deleted a note of its own (never its text).'),
  event('rated', { rating: z.int().min(1).max(5).nullable() }, 'A key rated the candidate 1 to 5, or removed its rating (null).'),
  event(
    'decision-email',
    {
      change: z.enum(['queued', 'withdrawn', 'sent']),
      email: z.enum(['rejected', 'advanced', 'cancelled']),
      jobId: Id,
      subject: z.string().nullable().meta({ description: 'The subject as sent; null until sent.' }),
    },
    'An email telling the candidate of a decision or a cancellation was queued (sent after the undo window), withdrawn (the decision changed first) or sent.',
  ),
]);
export type HistoryEvent = z.infer<typeof HistoryEvent>;
export type HistoryKind = HistoryEvent['kind'];

/** The kinds a window coalesces into one entry, so a two-hour test makes a few dozen rows, not thousands. */
export const COALESCED_HISTORY_KINDS = ['link-opened', 'answers-saved', 'runs'] as const satisfies readonly HistoryKind[];
export type CoalescedHistoryKind = (typeof COALESCED_HISTORY_KINDS)[number];
export type RecordedHistoryEvent = Exclude<HistoryEvent, { kind: CoalescedHistoryKind }>;

/** One entry per kind per ten minutes: a 2-hour attempt saving every few seconds makes 12 "answers saved" rows. */
export const HISTORY_COALESCE_MS = 10 * 60_000;

/** Who did it, as stored: an org API key (by its id), the candidate, or Assay itself (deadline, scoring, deliveries). */
export type HistoryActor = { readonly keyId: number } | 'candidate' | 'system';

/** Who did it, as answered: a key by its id and label (decision 371: every key has one), the candidate, or the system. */
export const HistoryBy = z.union([z.object({ keyId: Id, label: z.string() }), z.literal('candidate'), z.literal('system')]);
export type HistoryBy = z.infer<typeof HistoryBy>;

/** One stored entry, its key named by its label (the store joins api_keys), in the order it was recorded. */
export interface StoredHistoryEntry {
  readonly at: number;
  readonly by: HistoryBy;
  readonly event: HistoryEvent;
}

const Instant = z.string().meta({ description: 'ISO 8601, UTC' });

const EntryCommon = {
  at: Instant,
  by: HistoryBy,
  /** Set on the `created` entry of an invitation made before its history was kept: rebuilt from the invitation. */
  reconstructed: z.boolean().optional(),
};

/** One entry as answered: each event kind with when and by whom (a union of whole objects, which the serializer writes). */
const entryOptions = HistoryEvent.options.map((option) => option.extend(EntryCommon));
export const HistoryEntry = z
  .discriminatedUnion('kind', entryOptions as [(typeof entryOptions)[number], ...(typeof entryOptions)[number][]])
  .meta({ id: 'InvitationHistoryEntry' });
export type HistoryEntry = HistoryEvent & { at: string; by: HistoryBy; reconstructed?: boolean };

const historyKinds = HistoryEvent.options.map((option) => option.shape.kind.value) as [HistoryKind, ...HistoryKind[]];

/** Entries of one kind the history no longer holds: it keeps the first and the last of each kind (decision 634). */
export const HistoryOmission = z
  .object({
    kind: z.enum(historyKinds),
    count: z.int().positive().meta({ description: 'How many entries of this kind, between its first and its last ones kept, are not kept.' }),
  })
  .meta({ id: 'InvitationHistoryOmission' });
export type HistoryOmission = z.infer<typeof HistoryOmission>;

export const InvitationHistory = z
  .object({
    testInvitationId: Id,
    entries: z.array(HistoryEntry).meta({ description: 'Oldest first; append-only; the first and the last entries of each kind.' }),
    omitted: z.array(HistoryOmission).meta({ description: 'Per kind, how many entries are not kept (empty for nearly every invitation): decision 634.' }),
  })
  .meta({ id: 'InvitationHistory' });
export type InvitationHistory = z.infer<typeof InvitationHistory>;
