import { connect, type Connection } from '@assay/store';
import { inject } from 'vitest';

/**
 * Writes straight into the test server's SQLite file, as the data stored before the API refused such text is
 * (the server reads every row from the file: nothing of it is cached).
 */
const overwrite = async (change: (db: Connection['db']) => Promise<unknown>): Promise<void> => {
  const { db } = connect(`sqlite:${inject('assayDatabase')}`);
  try {
    await change(db);
  } finally {
    await db.destroy();
  }
};

export const storeCandidateName = (testInvitationId: number, fullName: string): Promise<void> =>
  overwrite((db) =>
    db
      .updateTable('candidates')
      .set({ full_name: fullName })
      .where('id', '=', (eb) => eb.selectFrom('invitations').select('candidate_id').where('id', '=', testInvitationId))
      .execute(),
  );

/** The test's name (as lists and reports show it), and the name of each of its sections (`name #0`, `name #1`…). */
export const storeTestNames = (testId: number, name: string): Promise<void> =>
  overwrite(async (db) => {
    await db.updateTable('tests').set({ name }).where('id', '=', testId).execute();
    const sections = await db.selectFrom('sections').select(['id', 'position']).where('test_id', '=', testId).execute();
    for (const section of sections)
      await db
        .updateTable('sections')
        .set({ name: `${name} #${section.position}` })
        .where('id', '=', section.id)
        .execute();
  });

export const storeLinkName = (testLinkId: number, name: string): Promise<void> =>
  overwrite((db) => db.updateTable('test_links').set({ name }).where('id', '=', testLinkId).execute());

/** The report's status as the worker leaves it (`In progress` while scoring, `Generated` once scored). */
export const storeReportStatus = (testInvitationId: number, reportStatus: 'Pending' | 'In progress' | 'Generated'): Promise<void> =>
  overwrite((db) => db.updateTable('invitations').set({ report_status: reportStatus }).where('id', '=', testInvitationId).execute());

/**
 * Similarity pairs of `invitationId` with each of `others` (scores from 0.99 down), on the test's first question, as the
 * score job stores them (decision 622's class sharing one answer, without running eight scorings).
 */
export const storeSimilarityPairs = (orgId: number, invitationId: number, others: readonly number[]): Promise<void> =>
  overwrite(async (db) => {
    const { test_id } = await db.selectFrom('invitations').select('test_id').where('id', '=', invitationId).executeTakeFirstOrThrow();
    const { id: questionId } = await db.selectFrom('questions').select('id').where('test_id', '=', test_id).orderBy('id').executeTakeFirstOrThrow();
    const regions = JSON.stringify([{ left: { from: 1, to: 2 }, right: { from: 1, to: 2 } }]);
    await db
      .insertInto('similarity_pairs')
      .values(
        others.map((other, index) => ({
          org_id: orgId,
          question_id: questionId,
          left_invitation_id: Math.min(invitationId, other),
          right_invitation_id: Math.max(invitationId, other),
          score: Math.round((0.99 - index / 100) * 100) / 100,
          regions,
          found_at: Date.now(),
        })),
      )
      .execute();
  });

/** How the attempt ended, as the server leaves it when a violation limit ends it (issue 52: `end_reason`). */
export const storeEndReason = (testInvitationId: number, endReason: 'submitted' | 'time-up' | 'terminated'): Promise<void> =>
  overwrite((db) => db.updateTable('invitations').set({ end_reason: endReason }).where('id', '=', testInvitationId).execute());

/** Which limit ended a terminated attempt, as the server leaves it (issue 52, migration 046: `terminated_by`). */
export const storeTerminatedBy = (testInvitationId: number, kind: 'window' | 'image'): Promise<void> =>
  overwrite((db) => db.updateTable('invitations').set({ terminated_by: kind }).where('id', '=', testInvitationId).execute());

/**
 * A guarded attempt's assistant transcript on `onQuestion` (default the test's first question), as the assistant stores it (issue 60): this
 * server has no model to talk to. `messages` are stored a minute apart from `at`, each answered (or withheld, when its
 * reply starts with "WITHHELD "); one insertion of 38 characters from the first. The snapshot is the attempt's own,
 * made guarded (or a guarded one of the default settings when the start wrote none).
 */
export const storeAssistantTranscript = (
  invitationId: number,
  at: number,
  messages: readonly { text: string; reply: string }[],
  onQuestion?: number,
): Promise<void> =>
  overwrite(async (db) => {
    const invitation = await db.selectFrom('invitations').select(['test_id', 'ai_snapshot']).where('id', '=', invitationId).executeTakeFirstOrThrow();
    const first = await db.selectFrom('questions').select('id').where('test_id', '=', invitation.test_id).orderBy('id').executeTakeFirstOrThrow();
    const questionId = onQuestion ?? first.id;
    const snapshot = invitation.ai_snapshot
      ? JSON.parse(invitation.ai_snapshot)
      : { settings: { followUps: 0, followUpSeconds: 120, assistantMessages: 30, assistantTokens: 40_000 }, sections: [], version: '3f9a0c1d2b4e' };
    snapshot.settings.aiPolicy = 'guarded';
    snapshot.sections = snapshot.sections.map((section: { sectionId: number }) => ({ ...section, aiPolicy: 'guarded' }));
    await db
      .updateTable('invitations')
      .set({ ai_snapshot: JSON.stringify(snapshot) })
      .where('id', '=', invitationId)
      .execute();
    const ids: number[] = [];
    for (const [index, { text, reply }] of messages.entries()) {
      const withheld = reply.startsWith('WITHHELD ');
      const row = await db
        .insertInto('assistant_messages')
        .values({
          invitation_id: invitationId,
          question_id: questionId,
          seq: index + 1,
          asked_at: at + index * 60_000,
          message: text,
          shared_answer: index === 0 ? 1 : 0,
          answer_chars: index === 0 ? 17 : 0,
          state: withheld ? 'withheld' : 'answered',
          reply: withheld ? reply.slice('WITHHELD '.length) : reply,
          withheld_reason: withheld ? 'solution' : null,
          failure: null,
          model: 'qwen2.5-coder:7b',
          policy: 'guarded',
          policy_version: snapshot.version,
          prompt_tokens: 100,
          completion_tokens: 20,
          first_token_ms: 200,
          answered_at: at + index * 60_000 + 3_000,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(Number(row.id));
    }
    await db
      .insertInto('assistant_insertions')
      .values({ invitation_id: invitationId, question_id: questionId, message_id: ids[0]!, seq: 1, at: at + 30_000, chars: 38, line: 7, col: 3 })
      .execute();
  });
