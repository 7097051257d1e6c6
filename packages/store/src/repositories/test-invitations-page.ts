import type { Kysely } from 'kysely';
import type { Database } from '../database.js';

/**
 * One keyset page of an org's test's invitations with their candidates, in id order: those after `afterId` up to
 * `throughId` (the last the Candidates sheet showed, so every sheet of a workbook stays row for row with it). The
 * sheets' reads add their own joins and columns to it.
 */
export const testInvitationsPage = (db: Kysely<Database>, orgId: number, testId: number, afterId: number, throughId: number, batchSize: number) =>
  db
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
    .where('invitations.org_id', '=', orgId)
    .where('invitations.test_id', '=', testId)
    .where('invitations.id', '>', afterId)
    .where('invitations.id', '<=', throughId)
    .orderBy('invitations.id')
    .limit(batchSize);
