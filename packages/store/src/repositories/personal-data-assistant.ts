import type { PersonalInvitation } from '@assay/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../database.js';
import { iso, isoOrNull } from './personal-data-evidence.js';
import { FollowUpsRepository } from './follow-ups.js';

type PersonalAssistant = PersonalInvitation['assistant'];

/** Stored JSON as JSON; null stays null. */
const parsed = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * The assistant's transcript of each of the person's invitations (issue 60; docs/ai.md): the AI snapshot, every
 * message with its reply (withheld ones included: they are the person's data too), every insertion, read once per
 * table for all the invitations the caller found by org, and the authorship follow-ups with their answers.
 */
export const readAssistant = async (
  db: Kysely<Database>,
  invitations: readonly { readonly id: number; readonly aiSnapshot: string | null }[],
): Promise<Map<number, PersonalAssistant>> => {
  const byId = new Map<number, PersonalAssistant>(
    invitations.map(({ id, aiSnapshot }) => [id, { aiSnapshot: parsed(aiSnapshot), messages: [], insertions: [], followUps: [] }]),
  );
  const ids = invitations.map(({ id }) => id);
  if (ids.length === 0) return byId;
  for (const row of await db.selectFrom('assistant_messages').selectAll().where('invitation_id', 'in', ids).orderBy('invitation_id').orderBy('seq').execute()) {
    byId.get(Number(row.invitation_id))!.messages.push({
      messageId: Number(row.id),
      questionId: Number(row.question_id),
      askedAt: iso(row.asked_at),
      text: row.message,
      sharedAnswer: Number(row.shared_answer) === 1,
      answerChars: Number(row.answer_chars),
      state: row.state,
      reply: row.reply,
      withheldReason: row.withheld_reason,
      failure: row.failure,
      model: row.model,
      policy: row.policy,
      policyVersion: row.policy_version,
      promptTokens: Number(row.prompt_tokens),
      completionTokens: Number(row.completion_tokens),
      answeredAt: isoOrNull(row.answered_at),
    });
  }
  for (const row of await db
    .selectFrom('assistant_insertions')
    .selectAll()
    .where('invitation_id', 'in', ids)
    .orderBy('invitation_id')
    .orderBy('seq')
    .execute()) {
    byId.get(Number(row.invitation_id))!.insertions.push({
      insertionId: Number(row.id),
      messageId: Number(row.message_id),
      questionId: Number(row.question_id),
      at: iso(row.at),
      chars: Number(row.chars),
      line: Number(row.line),
      column: Number(row.col),
    });
  }
  for (const [id, followUps] of await new FollowUpsRepository(db).ofInvitations(ids)) byId.get(id)!.followUps.push(...followUps);
  return byId;
};
