import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { InvitationInterface, ReRegistration, StoredUrlChange } from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database } from '../database.js';
import { compilesForSqlite } from '../engine/transaction-steps.js';

// The candidates row a registration writes: inserted for an address the test has not seen, updated as the domain
// decided for one it has (`registration-steps.ts` runs these; `new-candidate-invitation.ts` shares the insert's columns).

/** A registration, as the store writes it: the candidate and the invitation's settings. */
export interface RegistrationInput {
  orgId: number;
  testId: number;
  testLinkId: number | null;
  emailKey: string;
  email: string;
  fullName: string;
  /** Undefined (left out) keeps what an earlier registration stored; null clears it (`decideReRegistration`). */
  callbackUrl: string | null | undefined;
  redirectUrl: string | null | undefined;
  /** The opt-in "submitted" event's URL: kept, cleared or set like the others. */
  submittedCallbackUrl?: string | null | undefined;
  /** The candidate's extra time (percent of the duration); undefined leaves a not-yet-started invitation's as it was. */
  extraTimePercent?: number | undefined;
  /** The front making it (migration 044); v2 unless the v3 interface invites. */
  interface?: InvitationInterface | undefined;
}

/** A candidates row of a compiled query: each column takes the registration's value of the same name. */
export const CANDIDATE_PARAMETERS = {
  org_id: parameter<number>('orgId'),
  test_id: parameter<number>('testId'),
  email_key: parameter<string>('emailKey'),
  email: parameter<string>('email'),
  full_name: parameter<string>('fullName'),
  callback_url: parameter<string | null>('callbackUrl'),
  redirect_url: parameter<string | null>('redirectUrl'),
  submitted_callback_url: parameter<string | null>('submittedCallbackUrl'),
  created_at: parameter<number>('now'),
  updated_at: parameter<number>('now'),
};

/**
 * A candidate the test has not seen: inserted, or nothing when the address is registered already. Apart from the update
 * below rather than one upsert, so that a new candidate is known to be new — it has no invitation to look for — and so
 * that neither statement needs RETURNING on SQLite (`insertion`).
 */
export const insertCandidate = compileOnce((db: Kysely<Database>) => {
  const insert = db
    .insertInto('candidates')
    .values(CANDIDATE_PARAMETERS)
    .onConflict((conflict) => conflict.columns(['org_id', 'test_id', 'email_key']).doNothing());
  return compilesForSqlite(db) ? insert : insert.returning('id');
});

/** Whether a registration sets a URL column or keeps what is stored (1 sets): the domain decided which (`decideReRegistration`). */
const keepUnlessSet = (column: 'callback_url' | 'redirect_url' | 'submitted_callback_url', flag: string, value: string) =>
  sql<string | null>`case when ${parameter<number>(flag)} = 1 then ${parameter<string | null>(value)} else ${sql.ref(column)} end`;

/**
 * Spec 4.7's candidate record registered again: updated in place (name, email, and the URLs the domain decided to set).
 * A kept URL is not written back, so a concurrent registration that set it is not undone.
 */
export const updateCandidate = compileOnce((db: Kysely<Database>) =>
  db
    .updateTable('candidates')
    .set({
      email: parameter<string>('email'),
      full_name: parameter<string>('fullName'),
      callback_url: keepUnlessSet('callback_url', 'setCallbackUrl', 'callbackUrl'),
      redirect_url: keepUnlessSet('redirect_url', 'setRedirectUrl', 'redirectUrl'),
      submitted_callback_url: keepUnlessSet('submitted_callback_url', 'setSubmittedCallbackUrl', 'submittedCallbackUrl'),
      updated_at: parameter<number>('now'),
    })
    .where('org_id', '=', parameter<number>('orgId'))
    .where('test_id', '=', parameter<number>('testId'))
    .where('email_key', '=', parameter<string>('emailKey'))
    .returning('id'),
);

/** A new candidate's values, named one by one: keys added after a leading spread cost ~0.4 µs each on Node 20's V8 (see `newInvitationColumns`). */
export const newCandidateValues = (input: RegistrationInput, now: number) => ({
  orgId: input.orgId,
  testId: input.testId,
  emailKey: input.emailKey,
  email: input.email,
  fullName: input.fullName,
  callbackUrl: input.callbackUrl ?? null,
  redirectUrl: input.redirectUrl ?? null,
  submittedCallbackUrl: input.submittedCallbackUrl ?? null,
  now,
});

const urlSent = (change: StoredUrlChange): string | null => (change.kind === 'set' ? change.value : null);
const flagOf = (change: StoredUrlChange): number => (change.kind === 'set' ? 1 : 0);

/** An existing candidate's update, as decided. */
export const candidateUpdate = (input: RegistrationInput, decided: ReRegistration, now: number) => ({
  orgId: input.orgId,
  testId: input.testId,
  emailKey: input.emailKey,
  email: input.email,
  fullName: input.fullName,
  callbackUrl: urlSent(decided.callbackUrl),
  redirectUrl: urlSent(decided.redirectUrl),
  setCallbackUrl: flagOf(decided.callbackUrl),
  submittedCallbackUrl: urlSent(decided.submittedCallbackUrl),
  setRedirectUrl: flagOf(decided.redirectUrl),
  setSubmittedCallbackUrl: flagOf(decided.submittedCallbackUrl),
  now,
});
