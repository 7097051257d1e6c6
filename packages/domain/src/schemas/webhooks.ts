import { z } from 'zod';
import { CandidateDecision } from '../decisions/candidate-decision.js';
import { Id } from '../ids.js';
import { DeliveryKind } from '../records/job.js';
import { documentedInteger } from './documented-formats.js';
import { plainText } from './text-fields.js';

export const WebhookSecret = z.object({ secret: z.string(), createdAt: z.string(), expiresAt: z.string().nullable() });
export type WebhookSecret = z.infer<typeof WebhookSecret>;

/** An org's callback settings: signing secrets (newest first) and the key-spelling switch. */
export const WebhookSettings = z.object({ secrets: z.array(WebhookSecret), trailingSpaceKeys: z.boolean() }).meta({ id: 'WebhookSettings' });
export type WebhookSettings = z.infer<typeof WebhookSettings>;

export const WebhookSettingsInput = z
  .object({ trailingSpaceKeys: z.boolean({ error: 'trailingSpaceKeys must be true or false' }) })
  .meta({ id: 'WebhookSettingsBody' });
export type WebhookSettingsInput = z.infer<typeof WebhookSettingsInput>;

export const TestEventInput = z
  .object({
    url: z
      .url({ protocol: /^https?$/, error: 'url must be an absolute http(s) URL' })
      .max(2048)
      .check(plainText('url')),
  })
  .meta({ id: 'TestEventBody' });
export type TestEventInput = z.infer<typeof TestEventInput>;

export const QueuedMessage = z.object({ jobId: Id, messageId: z.string() }).meta({ id: 'QueuedMessage' });
export type QueuedMessage = z.infer<typeof QueuedMessage>;

export const DeliveryAttempt = z.object({
  attemptedAt: z.string(),
  outcome: z.string(),
  statusCode: z.int().nullable(),
  latencyMs: z.int(),
  error: z.string().nullable(),
});
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const DeliveryLog = z
  .object({
    deliveries: z.array(
      z.object({
        jobId: Id,
        kind: DeliveryKind,
        target: z.string(),
        messageId: z.string(),
        status: z.enum(['pending', 'delivered', 'gone', 'dead']),
        attempts: z.array(DeliveryAttempt),
        /** When it waits for its next try; null while in flight or once ended. */
        nextAttemptAt: z.string().nullable(),
        /** Extension: a worker holds the job and is sending it now (a delivery of a process that died is taken over at once). */
        inFlight: z.boolean(),
        /** Extension: the end of the in-flight worker's lease; null when no worker holds the job. */
        leasedUntil: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'DeliveryLog' });
export type DeliveryLog = z.infer<typeof DeliveryLog>;

export const EVENTS_PAGE_DEFAULT = 500;
export const EVENTS_PAGE_MAX = 1000;

/** Reconciliation window: ISO 8601 instants, `to` defaults to now; at most 1000 events a page. */
export const EventsQuery = z.object({
  from: z.iso
    .datetime({ offset: true, error: 'from must be an ISO-8601 date-time' })
    .meta({ description: 'Start of the window, inclusive: an ISO 8601 date-time with Z or an offset.' }),
  to: z.iso
    .datetime({ offset: true, error: 'to must be an ISO-8601 date-time' })
    .optional()
    .meta({ description: 'End of the window, exclusive; after from (else 400.4). Without it the window reaches now, this millisecond included.' }),
  limit: z
    .string()
    .regex(/^[0-9]{1,4}$/, { error: 'limit must be a positive integer' })
    .transform(Number)
    .pipe(z.number().int().min(1).max(EVENTS_PAGE_MAX))
    .default(EVENTS_PAGE_DEFAULT)
    .meta({ ...documentedInteger({ minimum: 1, maximum: EVENTS_PAGE_MAX, default: EVENTS_PAGE_DEFAULT }), description: 'Events per page (default 500).' }),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

export const ReconciliationEvents = z
  .object({
    events: z.array(
      z.object({
        type: z.enum(['completed', 'cancelled', 'decided']),
        at: z.string(),
        testInvitationId: Id,
        testId: Id,
        emailId: z.string(),
        decision: CandidateDecision.nullable()
          .optional()
          .meta({ description: 'On `decided` only: the decision now standing (null: cleared). Decisions are in this feed, never callbacks (decision 761).' }),
      }),
    ),
    /** Pass as `from` for the next page when the page is full; null when the window is exhausted. */
    next: z.string().nullable(),
  })
  .meta({ id: 'ReconciliationEvents' });
export type ReconciliationEvents = z.infer<typeof ReconciliationEvents>;
