import { z } from 'zod';

/**
 * `GET /readyz`'s `email` (issue 59 item 9, decision 1141): how this process's outbox worker is sending emails, present
 * only where one runs. A failing outbox does not make the server unready (candidates keep taking tests; emails wait
 * and are retried): it is said here, logged at each attempt and counted in `/metrics`.
 */
export const ReadinessEmail = z
  .object({
    mode: z.enum(['files', 'smtp']).meta({ description: 'files: written as .eml into ASSAY_OUTBOX_DIR; smtp: handed to ASSAY_SMTP_URL.' }),
    sending: z.enum(['ok', 'failing']).meta({ description: 'failing: the last attempt failed and no email went out since.' }),
    problem: z
      .string()
      .optional()
      .meta({ description: 'While failing: what fails, in words for an operator (the folder or server, the error), and since when.' }),
    code: z.string().optional().meta({ description: 'While failing: the last error code (ENOSPC, EROFS, EACCES, ECONNECTION, …).' }),
    failingSince: z.string().optional().meta({ description: 'While failing: the first failed attempt since the last email that went out (ISO 8601).' }),
    failedAttempts: z.int().positive().optional().meta({ description: 'While failing: attempts failed in a row.' }),
  })
  .meta({ id: 'ReadinessEmail' });
export type ReadinessEmail = z.infer<typeof ReadinessEmail>;

/** What the worker knows of its emails (`EmailHealth.state` in @assay/jobs). */
export interface EmailSendingFacts {
  readonly mode: 'files' | 'smtp';
  readonly outboxDir?: string;
  readonly failing: { readonly code: string; readonly reason: string; readonly since: number; readonly attempts: number } | null;
}

export const readinessEmailOf = ({ mode, outboxDir, failing }: EmailSendingFacts): ReadinessEmail => {
  if (!failing) return { mode, sending: 'ok' };
  const since = new Date(failing.since).toISOString();
  const what =
    mode === 'files' ? `Emails cannot be written into ${outboxDir ?? 'the outbox folder'} (ASSAY_OUTBOX_DIR)` : 'Emails cannot be handed to ASSAY_SMTP_URL';
  const attempts = failing.attempts === 1 ? '1 attempt has' : `${failing.attempts} attempts have`;
  return {
    mode,
    sending: 'failing',
    problem: `${what}: ${failing.reason}. ${attempts} failed since ${since}; each email is tried again on its schedule and nothing is lost until its last try.`,
    code: failing.code,
    failingSince: since,
    failedAttempts: failing.attempts,
  };
};
