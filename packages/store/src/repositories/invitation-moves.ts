import type { Kysely, Transaction, Updateable } from 'kysely';
import { match } from 'ts-pattern';
import { AttemptRules, cameraCoverageOf, INVITATION_STATUS, parseStored, REPORT_STATUS, type InvitationEffect, type InvitationInterface } from '@assay/domain';
import { compileOnce, parameter } from '../engine/compiled-query.js';
import type { Database, InvitationRow } from '../database.js';
import type { InvitationsTable } from '../tables/candidates.js';
import type { JobsRepository } from './jobs.js';
import { proctoringColumns } from './records.js';
import { countExposures } from './question-exposures.js';
import { clearSimilarity } from './similarity.js';
import { enqueueV3Started } from './v3-callbacks.js';

export type NewToken = () => string;

/** An attempt with nothing done yet: what a new invitation, a start and a reset write. */
export const FRESH_ATTEMPT = {
  report_status: REPORT_STATUS.pending,
  score: 0,
  time_taken: 0,
  started_at: null,
  completed_at: null,
  deadline_at: null,
  // A reset's next start draws again (migration 035).
  variant_seed: null,
  end_reason: null,
  image_violations: 0,
  terminated_by: null,
  // A reset's next start fixes the rules and takes the AI policy again, as they stand then (decisions 1140, 1160).
  attempt_rules: null,
  camera_photos: null,
  camera_gap_seconds: null,
  ai_snapshot: null,
  // A reset's next start takes the test's version current then (issue 62 item 4).
  version_test_id: null,
  ...proctoringColumns({ wv: 0, tv: 0, leftAt: null }),
} as const satisfies Updateable<InvitationsTable>;

export interface MoveDeps {
  jobs: JobsRepository;
  newToken: NewToken;
  now: number;
}

/** What a move writes beyond its status, in the same transaction. */
export interface EffectWrites {
  /** The invitation's own columns, written along with the new status. */
  columns: Updateable<InvitationsTable>;
  /** Then, on the moved row: what the effect does to other tables. Answers the new invitation a reattempt creates. */
  after: (trx: Transaction<Database>, moved: InvitationRow, deps: MoveDeps) => Promise<InvitationRow | undefined>;
}

/** A start decided without a version keeps the one current as it is written (issue 62 item 4). */
const pinCurrentVersion = async (trx: Transaction<Database>, invitationId: number): Promise<void> => {
  await trx
    .updateTable('invitations')
    .set((eb) => ({
      version_test_id: eb
        .selectFrom('tests')
        .select((tests) => tests.fn.coalesce('tests.current_version_id', 'tests.id').as('version'))
        .whereRef('tests.id', '=', 'invitations.test_id'),
    }))
    .where('id', '=', invitationId)
    .execute();
};

const nothingMore = async (): Promise<undefined> => undefined;

/** The one place an invitation move's effect is applied: one exhaustive match over the domain's effects. */
export const writesOf = (effect: InvitationEffect): EffectWrites =>
  match<InvitationEffect, EffectWrites>(effect)
    .with({ kind: 'none' }, () => ({ columns: {}, after: nothingMore }))
    .with({ kind: 'cancel' }, ({ cancelledAt }) => ({ columns: { cancelled_at: cancelledAt }, after: nothingMore }))
    .with({ kind: 'startAttempt' }, ({ startedAt, deadline, variantSeed, rules, ai, versionId, exposed }) => ({
      // The variant, the rules and the AI snapshot are fixed with the start, in its transaction: no request of the
      // attempt sees them unset (decisions 1140, 1160).
      columns: {
        ...FRESH_ATTEMPT,
        started_at: startedAt,
        deadline_at: deadline,
        variant_seed: variantSeed ?? null,
        attempt_rules: rules === undefined ? null : JSON.stringify(rules),
        ai_snapshot: ai ? JSON.stringify(ai) : null,
        version_test_id: versionId ?? null,
      },
      // An invitation made through v3 announces the start ("In Progress", decision 917) in the start's transaction.
      after: async (trx, moved, deps) => {
        if (versionId === undefined) await pinCurrentVersion(trx, moved.id);
        // The pooled questions drawn count towards their caps with the start that shows them (decision 1497).
        if (exposed) await countExposures(trx, moved.test_id, exposed);
        await enqueueV3Started(trx, moved, deps.now);
        return undefined;
      },
    }))
    .with({ kind: 'completeAttempt' }, ({ completedAt, proctoring, reason, termination }) => ({
      columns: {
        completed_at: completedAt,
        end_reason: reason,
        terminated_by: termination?.kind ?? null,
        ...proctoringColumns({ ...proctoring, leftAt: null, unloading: false }),
        report_status: REPORT_STATUS.pending,
      },
      // Scoring and the announcements are queued with the completion: a crash cannot lose them.
      after: async (trx, moved, deps) => {
        await recordCameraCoverage(trx, moved, completedAt);
        await deps.jobs.enqueueCompletion(trx, moved, deps.now);
        return undefined;
      },
    }))
    .with({ kind: 'clearAttempt' }, () => ({
      columns: FRESH_ATTEMPT,
      after: async (trx, moved, deps) => {
        // The attempt's grades stop counting (the review queue and the new attempt's report show none of them); they
        // stay in its history, superseded by the reset.
        await trx.updateTable('grades').set({ superseded_at: deps.now }).where('invitation_id', '=', moved.id).where('superseded_at', 'is', null).execute();
        await trx.deleteFrom('answers').where('invitation_id', '=', moved.id).execute();
        await trx.deleteFrom('section_results').where('invitation_id', '=', moved.id).execute();
        await trx.deleteFrom('snapshots').where('invitation_id', '=', moved.id).execute();
        // The assistant's transcript is the attempt's, as its events are (decision 1170); insertions first, they name messages.
        for (const table of [
          'assistant_insertions',
          'assistant_messages',
          'follow_ups',
          'question_results',
          'attempt_results',
          'attempt_events',
          'sample_runs',
          'review_items',
          'question_signals',
          'code_playback',
          'ai_use_findings',
        ] as const) {
          await trx.deleteFrom(table).where('invitation_id', '=', moved.id).execute();
        }
        await clearSimilarity(trx, moved.id);
        return undefined;
      },
    }))
    .with({ kind: 'createReattempt' }, () => ({
      columns: {},
      after: (trx, moved, deps) => createReattempt(trx, moved, deps.newToken, deps.now),
    }))
    .exhaustive();

/**
 * A camera-proctored attempt's coverage, reckoned as it ends from the snapshots it holds then (decision 1143): kept with
 * the attempt, so a later purge of the snapshots (retention) leaves what the report says of the camera as it was.
 */
const recordCameraCoverage = async (trx: Transaction<Database>, moved: InvitationRow, completedAt: number): Promise<void> => {
  if (moved.started_at === null || moved.attempt_rules === null) return;
  const rules = parseStored(AttemptRules, JSON.parse(moved.attempt_rules));
  if (!rules.cameraRequired) return;
  const taken = await trx.selectFrom('snapshots').select('taken_at').where('invitation_id', '=', moved.id).execute();
  const coverage = cameraCoverageOf(
    moved.started_at,
    completedAt,
    taken.map((row) => Number(row.taken_at)),
  );
  await trx
    .updateTable('invitations')
    .set({ camera_photos: coverage.photos, camera_gap_seconds: coverage.longestGapSeconds })
    .where('id', '=', moved.id)
    .execute();
};

/** A new attempt after a completed one; reattempting the same invitation twice answers the same new one. */
const createReattempt = async (trx: Transaction<Database>, previous: InvitationRow, newToken: NewToken, now: number): Promise<InvitationRow> => {
  const existing = await reattemptOf(trx, previous.id);
  if (existing) return existing;
  const latest = await latestAttempt(trx, previous.candidate_id);
  await trx
    .insertInto('invitations')
    .values({
      org_id: previous.org_id,
      test_id: previous.test_id,
      candidate_id: previous.candidate_id,
      test_link_id: previous.test_link_id,
      attempt_no: (latest?.attempt_no ?? previous.attempt_no) + 1,
      previous_invitation_id: previous.id,
      token: newToken(),
      // A reattempt keeps the front that made the first attempt (v3's callbacks follow it).
      ...newInvitationColumns(now, previous.interface as InvitationInterface),
      // The accommodation is the candidate's: it carries over to a new attempt.
      extra_time_percent: previous.extra_time_percent,
    })
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  const created = await reattemptOf(trx, previous.id);
  if (!created) throw new Error(`reattempt of invitation ${previous.id} was not stored`);
  return created;
};

/**
 * A fresh invitation's own columns. The spread comes last on purpose: on Node 20's V8 every key an object literal
 * adds after a leading spread costs ~0.4 µs (this function took 2.9 µs a call; now ~0.1), and these keys are not
 * FRESH_ATTEMPT's, so the order changes nothing else.
 */
export const newInvitationColumns = (now: number, madeThrough: InvitationInterface = 'v2') => ({
  status: INVITATION_STATUS.pending,
  interface: madeThrough as string,
  cancelled_at: null,
  report_link_generation: 0,
  created_at: now,
  updated_at: now,
  ...FRESH_ATTEMPT,
});

export const latestAttemptQuery = compileOnce((db: Kysely<Database>) =>
  db.selectFrom('invitations').selectAll().where('candidate_id', '=', parameter<number>('candidateId')).orderBy('attempt_no', 'desc').limit(1),
);

export const latestAttempt = async (trx: Transaction<Database>, candidateId: number): Promise<InvitationRow | undefined> =>
  (await latestAttemptQuery(trx, { candidateId }))[0];

const reattemptOf = (trx: Transaction<Database>, previousId: number) =>
  trx.selectFrom('invitations').selectAll().where('previous_invitation_id', '=', previousId).executeTakeFirst();
