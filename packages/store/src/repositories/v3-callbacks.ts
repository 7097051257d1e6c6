import type { Kysely, Transaction } from 'kysely';
import { INVITATION_STATUS, buildV3StartedCallback, findTimeZone, type ReplayCandidate, type TestDefinition, type VerdictBand } from '@assay/domain';
import type { Database, InvitationRow } from '../database.js';
import { ERASED_TARGET } from './erasure-writes.js';
import { insertJob } from './job-inserts.js';
import type { JobsRepository } from './jobs.js';
import { isPracticeOfStored } from './test-settings.js';

const zoneOf = (timeZoneId: number): string => findTimeZone(timeZoneId)?.iana ?? 'UTC';

/**
 * The "In Progress" notification of an invitation made through v3 (issue 52, decision 917), queued in the start's
 * transaction when its candidate registered a callbackUrl: a `callback` job with its body prepared, like the opt-in
 * "submitted" event, so it is signed, retried and listed in the deliveries like the completion callback, and due at once.
 */
export const enqueueV3Started = async (trx: Transaction<Database>, moved: InvitationRow, now: number): Promise<void> => {
  if (moved.interface !== 'v3') return;
  const facts = await trx
    .selectFrom('invitations')
    .innerJoin('candidates', 'candidates.id', 'invitations.candidate_id')
    .innerJoin('tests', 'tests.id', 'invitations.test_id')
    .innerJoin('orgs', 'orgs.id', 'invitations.org_id')
    .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
    .select([
      'candidates.email',
      'candidates.callback_url',
      'tests.total_marks',
      'tests.settings',
      'orgs.time_zone_id as orgZone',
      'test_links.time_zone_id as linkZone',
    ])
    .where('invitations.id', '=', moved.id)
    .executeTakeFirstOrThrow();
  if (!facts.callback_url) return;
  const body = buildV3StartedCallback({
    testInvitationId: moved.id,
    candidateEmail: facts.email,
    startedAt: moved.started_at ?? now,
    timeZone: zoneOf(facts.linkZone ?? facts.orgZone),
    totalScore: Number(facts.total_marks),
    practiceTest: isPracticeOfStored(facts.settings),
  });
  await insertJob(trx, { orgId: moved.org_id, invitationId: moved.id, kind: 'callback', target: facts.callback_url, payload: JSON.stringify(body) }, now);
};

/** v3's notifications and their replay (`POST /v3/callbacks/process`). */
export class V3CallbacksRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: JobsRepository,
  ) {}

  /** The IANA zone a v3 notification writes `AttemptedOn` in: the invitation's link's, or its org's without one (decision 915). */
  async callbackContextOf(orgId: number, invitationId: number): Promise<{ timeZone: string; verdictBands: VerdictBand[]; practiceTest: boolean } | undefined> {
    const row = await this.db
      .selectFrom('invitations')
      .innerJoin('orgs', 'orgs.id', 'invitations.org_id')
      .innerJoin('tests', 'tests.id', 'invitations.test_id')
      .leftJoin('test_links', 'test_links.id', 'invitations.test_link_id')
      .select(['orgs.time_zone_id as orgZone', 'test_links.time_zone_id as linkZone', 'tests.definition as definition', 'tests.settings as settings'])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.id', '=', invitationId)
      .executeTakeFirst();
    return (
      row && {
        timeZone: zoneOf(row.linkZone ?? row.orgZone),
        verdictBands: (JSON.parse(row.definition) as TestDefinition).report.verdictBands,
        practiceTest: isPracticeOfStored(row.settings),
      }
    );
  }

  /**
   * The org's invitations among `ids`, each with its completion callback: the `callback` job queued without a prepared
   * body (the "In Progress" and "submitted" notifications carry theirs), not erased. Ids of other orgs are not found.
   */
  async replayCandidates(orgId: number, ids: readonly number[]): Promise<ReplayCandidate[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('invitations')
      .select((eb) => [
        'invitations.id',
        'invitations.status',
        eb
          .selectFrom('jobs')
          .select((inner) => inner.fn.max('jobs.id').as('jobId'))
          .whereRef('jobs.invitation_id', '=', 'invitations.id')
          .where('jobs.kind', '=', 'callback')
          .where('jobs.payload', 'is', null)
          .where('jobs.target', '!=', ERASED_TARGET)
          .as('completionJobId'),
      ])
      .where('invitations.org_id', '=', orgId)
      .where('invitations.id', 'in', ids)
      .execute();
    return rows.map((row) => ({
      id: row.id,
      ended: row.status === INVITATION_STATUS.completed,
      completionJobId: row.completionJobId === null ? null : Number(row.completionJobId),
    }));
  }

  /** Sends each completion callback again (`jobs.redeliver`: a fresh retry schedule, the same webhook-id). */
  async requeue(orgId: number, jobIds: readonly number[], now: number): Promise<void> {
    for (const jobId of jobIds) await this.jobs.redeliver(orgId, jobId, now);
  }
}
