import type { Kysely } from 'kysely';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database } from '../database.js';
import { newInvitationColumns } from './invitation-moves.js';
import { CANDIDATE_PARAMETERS } from './registration-candidate.js';

const freshColumns = Object.keys(newInvitationColumns(0)) as Array<keyof ReturnType<typeof newInvitationColumns>>;

/**
 * A registration of an address the test has not seen, as one statement on PostgreSQL: the candidate and its first
 * invitation are inserted together, or — the address is registered already — neither is, and the caller takes the
 * general path (which updates the candidate). There a transaction is four round trips (begin, the candidate, the
 * invitation, commit) against one here. SQLite cannot write inside a WITH, and its transactions make no round trip.
 * The values name their columns' types by where they go (PostgreSQL infers a parameter's type from its column).
 */
export const inviteNewCandidate = compileOnce((db: Kysely<Database>) =>
  db
    .with('candidate', (db) =>
      db
        .insertInto('candidates')
        .values(CANDIDATE_PARAMETERS)
        .onConflict((conflict) => conflict.columns(['org_id', 'test_id', 'email_key']).doNothing())
        .returning('id'),
    )
    .insertInto('invitations')
    .columns(['org_id', 'test_id', 'candidate_id', 'test_link_id', 'attempt_no', 'previous_invitation_id', 'token', 'extra_time_percent', ...freshColumns])
    .expression((eb) =>
      eb
        .selectFrom('candidate')
        .select([
          eb.val(parameter<number>('orgId')).as('org_id'),
          eb.val(parameter<number>('testId')).as('test_id'),
          'candidate.id as candidate_id',
          eb.val(parameter<number | null>('testLinkId')).as('test_link_id'),
          eb.val(1).as('attempt_no'),
          eb.val(null).as('previous_invitation_id'),
          eb.val(parameter<string>('token')).as('token'),
          eb.val(parameter<number>('extraTimePercent')).as('extra_time_percent'),
          ...freshColumns.map((column) => eb.val(parameter<unknown>(column)).as(column)),
        ]),
    )
    .returningAll(),
);
