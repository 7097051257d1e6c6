import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import {
  decideReRegistration,
  type HistoryActor,
  type InvitationInterface,
  type InvitationOnRegistration,
  type RecordedHistoryEvent,
  type ReRegistration,
  type StoredUrlChange,
} from '@assay/domain';
import { match } from 'ts-pattern';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database, InvitationRow } from '../database.js';
import { latestAttemptQuery, newInvitationColumns, type NewToken } from './invitation-moves.js';
import { compilesForSqlite, insertion, statement, type TransactionSteps } from '../engine/transaction-steps.js';
import { historyEntryInsert } from './invitation-history.js';

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
const insertCandidate = compileOnce((db: Kysely<Database>) => {
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
const updateCandidate = compileOnce((db: Kysely<Database>) =>
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

/** The latest invitation of the candidate registered at this address: what a registration again is decided on. */
const latestAttemptAtAddress = compileOnce((db: Kysely<Database>) =>
  db
    .selectFrom('invitations')
    .selectAll()
    .where((eb) =>
      eb(
        'candidate_id',
        '=',
        eb
          .selectFrom('candidates')
          .select('id')
          .where('org_id', '=', parameter<number>('orgId'))
          .where('test_id', '=', parameter<number>('testId'))
          .where('email_key', '=', parameter<string>('emailKey')),
      ),
    )
    .orderBy('attempt_no', 'desc')
    .limit(1),
);

const freshInvitationColumns = newInvitationColumns(0);

/**
 * A candidate's next invitation; nothing when a concurrent registration stored that attempt first. Only the id comes
 * back, and on SQLite not even that (`insertion`): every other column is what the statement wrote (`invitationSteps`
 * builds the row). RETURNING all 23 columns cost ~4 of the insert's ~10 µs on SQLite.
 */
const insertInvitation = compileOnce((db: Kysely<Database>) => {
  const insert = db
    .insertInto('invitations')
    .values({
      org_id: parameter('org_id'),
      test_id: parameter('test_id'),
      candidate_id: parameter('candidate_id'),
      test_link_id: parameter('test_link_id'),
      attempt_no: parameter('attempt_no'),
      previous_invitation_id: null,
      token: parameter('token'),
      extra_time_percent: parameter('extra_time_percent'),
      ...(Object.fromEntries(Object.keys(freshInvitationColumns).map((column) => [column, parameter(column)])) as typeof freshInvitationColumns),
    })
    .onConflict((conflict) => conflict.columns(['candidate_id', 'attempt_no']).doNothing());
  return compilesForSqlite(db) ? insert : insert.returning('id');
});

/** A new candidate's values, named one by one: keys added after a leading spread cost ~0.4 µs each on Node 20's V8 (see `newInvitationColumns`). */
const newCandidateValues = (input: RegistrationInput, now: number) => ({
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
const candidateUpdate = (input: RegistrationInput, decided: ReRegistration, now: number) => ({
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

/** The history entry an invitation a registration creates begins with (`created`), and who registered it. */
export interface CreatedEntry {
  readonly event: RecordedHistoryEvent;
  readonly by: HistoryActor;
}

/**
 * `steps`, then — when they created the invitation — its history's first entry, in the same transaction: on SQLite one
 * more statement of the same group commit, where a write of its own after the registration cost a Kysely build, an
 * asynchronous round through the driver and a second COMMIT to wait for (decision 471).
 */
export function* withCreatedEntry<Rows extends { created: boolean; invitation: InvitationRow | undefined }>(
  db: Kysely<Database>,
  steps: TransactionSteps<Rows>,
  entry: CreatedEntry | undefined,
  now: number,
): TransactionSteps<Rows> {
  const rows = yield* steps;
  if (entry && rows.created && rows.invitation) yield historyEntryInsert(db, rows.invitation.id, entry.event, entry.by, now, 0);
  return rows;
}

/** What a registration stored: the invitation answered, and whether this registration created it. */
export interface RegistrationRows {
  created: boolean;
  invitation: InvitationRow;
}

/**
 * Spec 4.7's registration as one transaction's steps: a new candidate and its first invitation, or — the address is
 * registered already — what `decideReRegistration` decided, written: the candidate updated, and its live invitation
 * answered (its accommodation changed), or a new one after a cancelled one.
 */
export function* registrationSteps(db: Kysely<Database>, input: RegistrationInput, newToken: NewToken, now: number): TransactionSteps<RegistrationRows> {
  const created = yield* insertion(insertCandidate.bound(db, newCandidateValues(input, now)));
  // A new candidate has no invitation yet: its first, without looking for one.
  if (created !== undefined) return yield* invitationSteps(db, input, created, undefined, newToken, now);
  const [latest] = yield* statement(latestAttemptAtAddress.bound(db, { orgId: input.orgId, testId: input.testId, emailKey: input.emailKey }));
  const decided = decideReRegistration(input, latest && { status: latest.status, extraTimePercent: latest.extra_time_percent });
  const [candidate] = yield* statement(updateCandidate.bound(db, candidateUpdate(input, decided, now)));
  if (!candidate) throw new Error(`registration of ${input.emailKey} stored no candidate`);
  // Each decision the domain can make has its writes here: a new kind fails the build until it is given them.
  return yield* match<InvitationOnRegistration, TransactionSteps<RegistrationRows>>(decided.invitation)
    .with({ kind: 'invite' }, () => invitationSteps(db, input, candidate.id, latest, newToken, now))
    .with({ kind: 'answer' }, () => answerSteps(decidedOn(latest, input)))
    .with({ kind: 'setExtraTime' }, ({ extraTimePercent }) => extraTimeSteps(db, decidedOn(latest, input), extraTimePercent, now))
    .exhaustive();
}

/** The invitation the domain decided on: it answers or changes one only when it was given one. */
const decidedOn = (latest: InvitationRow | undefined, input: RegistrationInput): InvitationRow => {
  if (!latest) throw new Error(`registration of ${input.emailKey} decided on an invitation it did not find`);
  return latest;
};

/** The live invitation as it is: nothing written. */
// biome-ignore lint/correctness/useYield: a decision whose writes are none, carried out like the others
function* answerSteps(latest: InvitationRow): TransactionSteps<RegistrationRows> {
  return { created: false, invitation: latest };
}

/** What a self-registration found: a new candidate's invitation, or an existing candidate's latest, untouched. */
export type SelfRegistrationRows = { created: true; invitation: InvitationRow } | { created: false; invitation: InvitationRow | undefined };

/** A candidate registering themselves: only a new (org, test, email) is written (`InvitationsRepository.registerSelf`). */
export function* selfRegistrationSteps(
  db: Kysely<Database>,
  input: RegistrationInput,
  newToken: NewToken,
  now: number,
): TransactionSteps<SelfRegistrationRows> {
  const inserted = yield* insertion(insertCandidate.bound(db, newCandidateValues(input, now)));
  if (inserted !== undefined) return yield* invitationSteps(db, input, inserted, undefined, newToken, now);
  const [existing] = yield* statement(
    db
      .selectFrom('candidates')
      .select('id')
      .where('org_id', '=', input.orgId)
      .where('test_id', '=', input.testId)
      .where('email_key', '=', input.emailKey)
      .compile(),
  );
  if (!existing) throw new Error(`self-registration of ${input.emailKey} found no candidate`);
  const [latest] = yield* statement(latestAttemptQuery.bound(db, { candidateId: existing.id }));
  return { created: false, invitation: latest };
}

/** The candidate's next invitation, after `latest` (none, or a cancelled one). */
function* invitationSteps(
  db: Kysely<Database>,
  input: RegistrationInput,
  candidateId: number,
  latest: InvitationRow | undefined,
  newToken: NewToken,
  now: number,
): TransactionSteps<RegistrationRows> {
  // The row as stored, built once: its columns are the insert's parameters, and with its id it is the answer.
  const row: InvitationRow = {
    id: 0,
    org_id: input.orgId,
    test_id: input.testId,
    candidate_id: candidateId,
    test_link_id: input.testLinkId,
    attempt_no: (latest?.attempt_no ?? 0) + 1,
    previous_invitation_id: null,
    token: newToken(),
    extra_time_percent: input.extraTimePercent ?? 0,
    // No expiry of its own at registration (decision 518): the bulk job sets one with `reminders.setExpiry`.
    expires_at: null,
    ...newInvitationColumns(now, input.interface),
  };
  const inserted = yield* insertion(insertInvitation.bound(db, row));
  if (inserted !== undefined) {
    row.id = inserted;
    return { created: true, invitation: row };
  }
  // A concurrent registration stored this attempt first: answer what it stored.
  const [stored] = yield* statement(latestAttemptQuery.bound(db, { candidateId }));
  if (!stored) throw new Error(`registration of candidate ${candidateId} left no invitation`);
  return { created: false, invitation: stored };
}

/** The accommodation the domain decided for an invitation not started yet; a concurrent start leaves it as it is. */
function* extraTimeSteps(db: Kysely<Database>, latest: InvitationRow, extraTimePercent: number, now: number): TransactionSteps<RegistrationRows> {
  const [updated] = yield* statement(
    db
      .updateTable('invitations')
      .set({ extra_time_percent: extraTimePercent, updated_at: now })
      .where('id', '=', latest.id)
      .where('status', '=', latest.status)
      .returningAll()
      .compile(),
  );
  return { created: false, invitation: updated ?? latest };
}
