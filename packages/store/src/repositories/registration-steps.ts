import type { Kysely } from 'kysely';
import { decideReRegistration, type HistoryActor, type InvitationOnRegistration, type RecordedHistoryEvent } from '@assay/domain';
import { match } from 'ts-pattern';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database, InvitationRow } from '../database.js';
import { latestAttemptQuery, newInvitationColumns, type NewToken } from './invitation-moves.js';
import { compilesForSqlite, insertion, statement, type TransactionSteps } from '../engine/transaction-steps.js';
import { historyEntryInsert } from './invitation-history.js';
import { candidateUpdate, insertCandidate, newCandidateValues, updateCandidate, type RegistrationInput } from './registration-candidate.js';

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
    opens_at: null,
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
