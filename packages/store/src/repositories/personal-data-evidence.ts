import type { PersonalInvitation } from '@assay/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { originOf, withoutUrl } from './integration-urls.js';

/** What one invitation's export holds beyond the invitation row itself. */
export type InvitationEvidence = Omit<
  PersonalInvitation,
  | 'testInvitationId'
  | 'candidateId'
  | 'testId'
  | 'testName'
  | 'testLinkId'
  | 'attemptNo'
  | 'previousTestInvitationId'
  | 'status'
  | 'reportStatus'
  | 'takeTestURL'
  | 'score'
  | 'timeTaken'
  | 'windowViolations'
  | 'imageViolations'
  | 'timeViolationSeconds'
  | 'extraTimePercent'
  | 'createdAt'
  | 'startedAt'
  | 'completedAt'
  | 'cancelledAt'
  | 'deadlineAt'
  | 'expiresAt'
  | 'assistant'
>;

export const iso = (at: number | string): string => new Date(Number(at)).toISOString();
export const isoOrNull = (at: number | string | null): string | null => (at === null ? null : iso(at));

/** Stored JSON as JSON; text that does not parse is handed over as the text, never dropped. */
const json = (text: string | null): unknown => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
};

const emptyEvidence = (): InvitationEvidence => ({
  sectionScores: [],
  questionResults: [],
  answers: [],
  grades: [],
  events: [],
  questionSignals: [],
  codePlayback: [],
  sampleRuns: [],
  snapshots: [],
  evidenceReviews: [],
  similarity: [],
  history: [],
  decision: null,
  tags: [],
  notes: [],
  ratings: [],
  candidateFeedback: [],
  deliveries: [],
  greenhouseInterviews: [],
  reminders: [],
});

/** The image budget of one document, spent in the order snapshots were taken (decision 877). */
export interface ImageBudget {
  remaining: number;
  omitted: number;
}

/**
 * Every table that keeps something about an invitation, read once each for all of the person's invitations (ids the
 * caller found by org, so nothing here needs the org again). Ordered by time, then id, so two exports compare.
 */
export const readEvidence = async (db: Kysely<Database>, ids: readonly number[], budget: ImageBudget): Promise<Map<number, InvitationEvidence>> => {
  const byId = new Map(ids.map((id) => [id, emptyEvidence()]));
  if (ids.length === 0) return byId;
  const of = (id: number | string) => byId.get(Number(id))!;
  const list = [...ids];

  for (const row of await db.selectFrom('section_results').selectAll().where('invitation_id', 'in', list).orderBy('section_id').execute()) {
    of(row.invitation_id).sectionScores.push({ sectionId: Number(row.section_id), score: Number(row.score) });
  }
  for (const row of await db.selectFrom('question_results').selectAll().where('invitation_id', 'in', list).orderBy('question_id').execute()) {
    of(row.invitation_id).questionResults.push({ questionId: Number(row.question_id), marks: Number(row.marks), cases: json(row.cases) });
  }
  for (const row of await db.selectFrom('answers').selectAll().where('invitation_id', 'in', list).orderBy('question_id').execute()) {
    of(row.invitation_id).answers.push({
      questionId: Number(row.question_id),
      optionIds: json(row.option_ids),
      code: row.code,
      language: row.language,
      drafts: json(row.drafts),
      text: row.text,
      savedAt: iso(row.saved_at),
    });
  }
  for (const row of await db.selectFrom('grades').selectAll().where('invitation_id', 'in', list).orderBy('graded_at').orderBy('id').execute()) {
    of(row.invitation_id).grades.push({
      questionId: Number(row.question_id),
      marks: Number(row.marks),
      criteria: json(row.criteria),
      comment: row.comment,
      keyId: Number(row.key_id),
      gradedAt: iso(row.graded_at),
      supersededAt: isoOrNull(row.superseded_at),
    });
  }
  for (const row of await db.selectFrom('attempt_events').selectAll().where('invitation_id', 'in', list).orderBy('at').orderBy('id').execute()) {
    of(row.invitation_id).events.push({ kind: row.kind, at: iso(row.at), sectionId: row.section_id === null ? null : Number(row.section_id) });
  }
  for (const row of await db.selectFrom('question_signals').selectAll().where('invitation_id', 'in', list).orderBy('question_id').execute()) {
    of(row.invitation_id).questionSignals.push({
      questionId: Number(row.question_id),
      timeMs: Number(row.time_ms),
      firstViewedAt: isoOrNull(row.first_viewed_at),
      firstKeystrokeAt: isoOrNull(row.first_keystroke_at),
      pastes: Number(row.pastes),
      pastedChars: Number(row.pasted_chars),
      insertions: Number(row.insertions),
      events: json(row.events),
    });
  }
  for (const row of await db.selectFrom('code_playback').selectAll().where('invitation_id', 'in', list).orderBy('question_id').execute()) {
    of(row.invitation_id).codePlayback.push({ questionId: Number(row.question_id), frames: json(row.frames) });
  }
  for (const row of await db.selectFrom('sample_runs').selectAll().where('invitation_id', 'in', list).orderBy('question_id').execute()) {
    of(row.invitation_id).sampleRuns.push({ questionId: Number(row.question_id), runs: Number(row.runs) });
  }
  await readSnapshots(db, list, budget, of);
  for (const row of await db.selectFrom('evidence_reviews').selectAll().where('invitation_id', 'in', list).orderBy('reviewed_at').orderBy('id').execute()) {
    of(row.invitation_id).evidenceReviews.push({
      eventId: row.event_id,
      outcome: row.outcome,
      note: row.note,
      keyId: Number(row.key_id),
      reviewedAt: iso(row.reviewed_at),
    });
  }
  const pairs = await db
    .selectFrom('similarity_pairs')
    .select(['id', 'question_id', 'left_invitation_id', 'right_invitation_id', 'score', 'found_at'])
    .where((eb) => eb.or([eb('left_invitation_id', 'in', list), eb('right_invitation_id', 'in', list)]))
    .orderBy('id')
    .execute();
  for (const pair of pairs) {
    // Either side may be this person's (both, for two attempts of theirs): each of theirs lists the pair once.
    for (const [mine, other] of [
      [pair.left_invitation_id, pair.right_invitation_id],
      [pair.right_invitation_id, pair.left_invitation_id],
    ] as const) {
      if (!byId.has(Number(mine))) continue;
      of(mine).similarity.push({
        pairId: Number(pair.id),
        questionId: Number(pair.question_id),
        otherTestInvitationId: Number(other),
        score: Number(pair.score),
        foundAt: iso(pair.found_at),
      });
    }
  }
  for (const row of await db.selectFrom('invitation_history').selectAll().where('invitation_id', 'in', list).orderBy('at').orderBy('id').execute()) {
    of(row.invitation_id).history.push({
      at: iso(row.at),
      kind: row.kind,
      actor: row.actor,
      keyId: row.key_id === null ? null : Number(row.key_id),
      details: json(row.details),
      count: Number(row.count),
      lastAt: iso(row.last_at),
    });
  }
  await readOpinions(db, list, of);
  await readDeliveries(db, list, of);
  return byId;
};

type Of = (id: number | string) => InvitationEvidence;

const readSnapshots = async (db: Kysely<Database>, list: number[], budget: ImageBudget, of: Of) => {
  const listed = await db
    .selectFrom('snapshots')
    .select(['id', 'invitation_id', 'taken_at', 'media_type', (eb) => eb.fn<number>('length', ['data']).as('bytes')])
    .where('invitation_id', 'in', list)
    .orderBy('taken_at')
    .orderBy('id')
    .execute();
  // One image at a time: the budget bounds the document, not a read of every image at once.
  for (const snapshot of listed) {
    const bytes = Number(snapshot.bytes);
    let data: string | null = null;
    if (bytes <= budget.remaining) {
      const row = await db.selectFrom('snapshots').select('data').where('id', '=', snapshot.id).executeTakeFirst();
      data = row ? Buffer.from(row.data).toString('base64') : null;
      budget.remaining -= bytes;
    } else {
      budget.omitted += 1;
    }
    of(snapshot.invitation_id).snapshots.push({
      snapshotId: Number(snapshot.id),
      takenAt: iso(snapshot.taken_at),
      mediaType: snapshot.media_type,
      bytes,
      data,
    });
  }
};

/** What the org's people said about the candidate: a decision, tags, notes, ratings. */
const readOpinions = async (db: Kysely<Database>, list: number[], of: Of) => {
  for (const row of await db.selectFrom('candidate_decisions').selectAll().where('invitation_id', 'in', list).execute()) {
    of(row.invitation_id).decision = { decision: row.decision, reason: row.reason, keyId: Number(row.key_id), decidedAt: iso(row.decided_at) };
  }
  for (const row of await db.selectFrom('candidate_tags').selectAll().where('invitation_id', 'in', list).orderBy('tag').execute()) {
    of(row.invitation_id).tags.push(row.tag);
  }
  for (const row of await db.selectFrom('candidate_notes').selectAll().where('invitation_id', 'in', list).orderBy('id').execute()) {
    of(row.invitation_id).notes.push({
      noteId: Number(row.id),
      keyId: Number(row.key_id),
      text: row.text,
      createdAt: iso(row.created_at),
      editedAt: isoOrNull(row.edited_at),
    });
  }
  for (const row of await db.selectFrom('candidate_ratings').selectAll().where('invitation_id', 'in', list).orderBy('rated_at').execute()) {
    of(row.invitation_id).ratings.push({ keyId: Number(row.key_id), rating: Number(row.rating), ratedAt: iso(row.rated_at) });
  }
  // What the candidate said of the test (issue 52), each attempt's.
  for (const row of await db.selectFrom('candidate_feedback').selectAll().where('invitation_id', 'in', list).orderBy('given_at').execute()) {
    of(row.invitation_id).candidateFeedback.push({
      attemptStartedAt: iso(row.attempt_started_at),
      rating: row.rating === null ? null : Number(row.rating),
      text: row.text,
      givenAt: iso(row.given_at),
    });
  }
};

/** What was sent about the invitation (jobs and their delivery log), its Greenhouse interviews and reminders. */
const readDeliveries = async (db: Kysely<Database>, list: number[], of: Of) => {
  const jobs = await db.selectFrom('jobs').selectAll().where('invitation_id', 'in', list).orderBy('id').execute();
  const logs = jobs.length
    ? await db
        .selectFrom('deliveries')
        .selectAll()
        .where(
          'job_id',
          'in',
          jobs.map((job) => job.id),
        )
        .orderBy('id')
        .execute()
    : [];
  for (const job of jobs) {
    of(job.invitation_id!).deliveries.push({
      jobId: Number(job.id),
      kind: job.kind,
      target: originOf(job.target),
      status: job.status,
      attempts: Number(job.attempts),
      payload: json(job.payload),
      lastError: withoutUrl(job.last_error, job.target),
      createdAt: iso(job.created_at),
      updatedAt: iso(job.updated_at),
      log: logs
        .filter((log) => Number(log.job_id) === Number(job.id))
        .map((log) => ({
          attemptedAt: iso(log.attempted_at),
          outcome: log.outcome,
          statusCode: log.status_code === null ? null : Number(log.status_code),
          latencyMs: Number(log.latency_ms),
          error: withoutUrl(log.error, job.target),
        })),
    });
  }
  for (const row of await db.selectFrom('greenhouse_interviews').selectAll().where('invitation_id', 'in', list).orderBy('id').execute()) {
    of(row.invitation_id).greenhouseInterviews.push({
      applicationId: row.application_id,
      callbackOrigin: originOf(row.callback_url),
      createdAt: iso(row.created_at),
      updatedAt: iso(row.updated_at),
    });
  }
  for (const row of await db.selectFrom('invitation_reminders').selectAll().where('invitation_id', 'in', list).orderBy('created_at').execute()) {
    of(row.invitation_id).reminders.push({
      reminderKey: row.reminder_key,
      jobId: row.job_id === null ? null : Number(row.job_id),
      createdAt: iso(row.created_at),
    });
  }
};
