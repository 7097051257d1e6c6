import { type Kysely, sql } from 'kysely';
import {
  AttemptAiSnapshot,
  type AiPolicy,
  type AssistantInsertionInput,
  type AssistantInsertionRecord,
  type AssistantMessageOutcome,
  type AssistantMessageRecord,
  type AssistantMessageState,
  type AssistantUsage,
  type WithheldReason,
} from '@assay/domain/ai';
import type { Database } from '../database.js';
import type { AssistantInsertionsTable, AssistantMessagesTable } from '../tables/assistant.js';

/** A message as it is stored when the candidate sends it, before the model answers. */
export interface NewAssistantMessage {
  readonly questionId: number;
  readonly askedAt: number;
  readonly text: string;
  readonly sharedAnswer: boolean;
  readonly answerChars: number;
  readonly policy: AiPolicy;
  readonly policyVersion: string;
}

/** An attempt's usage of the assistant, and how many messages it sent on each question. */
export interface AssistantTally extends AssistantUsage {
  readonly byQuestion: ReadonlyMap<number, number>;
}

/** What a stale pending message is failed with: the process answering it stopped (decision 1169). */
export const STALE_FAILURE = 'The assistant stopped answering this message (the server restarted). Send it again.';

type MessageRow = Omit<AssistantMessagesTable, 'id' | 'prompt_tokens' | 'completion_tokens' | 'tokens_estimated'> & {
  id: number;
  prompt_tokens: number;
  completion_tokens: number;
  tokens_estimated: number;
};

const toMessage = (row: MessageRow): AssistantMessageRecord => ({
  messageId: Number(row.id),
  questionId: Number(row.question_id),
  seq: Number(row.seq),
  askedAt: Number(row.asked_at),
  text: row.message,
  sharedAnswer: Number(row.shared_answer) === 1,
  answerChars: Number(row.answer_chars),
  state: row.state as AssistantMessageState,
  reply: row.reply,
  withheldReason: row.withheld_reason as WithheldReason | null,
  failure: row.failure,
  model: row.model,
  policy: row.policy as AiPolicy,
  policyVersion: row.policy_version,
  promptTokens: Number(row.prompt_tokens),
  completionTokens: Number(row.completion_tokens),
  tokensEstimated: Number(row.tokens_estimated) === 1,
  firstTokenMs: row.first_token_ms === null ? null : Number(row.first_token_ms),
  answeredAt: row.answered_at === null ? null : Number(row.answered_at),
});

const toInsertion = (row: Omit<AssistantInsertionsTable, 'id'> & { id: number }): AssistantInsertionRecord => ({
  insertionId: Number(row.id),
  messageId: Number(row.message_id),
  questionId: Number(row.question_id),
  at: Number(row.at),
  chars: Number(row.chars),
  line: Number(row.line),
  column: Number(row.col),
});

/**
 * The assistant's records (migration 054; docs/ai.md, "The transcript"): an attempt's AI snapshot, the org's switch,
 * the messages and replies, the insertions. Found by invitation id: the candidate side reaches it through its token,
 * the org side through `invitations.find(orgId, id)` first (tenant scoping, README of this folder).
 */
export class AssistantRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The attempt's AI snapshot, null before its start or for an attempt started before migration 054. */
  async snapshotOf(invitationId: number): Promise<AttemptAiSnapshot | null> {
    const row = await this.db.selectFrom('invitations').select('ai_snapshot').where('id', '=', invitationId).executeTakeFirst();
    return row?.ai_snapshot ? AttemptAiSnapshot.parse(JSON.parse(row.ai_snapshot)) : null;
  }

  /** Whether the org has the assistant on (decision 1161); undefined for no such org. */
  async orgSwitch(orgId: number): Promise<boolean | undefined> {
    const row = await this.db.selectFrom('orgs').select('assistant_enabled').where('id', '=', orgId).executeTakeFirst();
    return row && Number(row.assistant_enabled) === 1;
  }

  /** Sets the org's switch; false for no such org. */
  async setOrgSwitch(orgId: number, enabled: boolean): Promise<boolean> {
    const updated = await this.db
      .updateTable('orgs')
      .set({ assistant_enabled: enabled ? 1 : 0 })
      .where('id', '=', orgId)
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /**
   * What the attempt spent, counted from its rows (decision 1168): a message counts unless it failed before any reply;
   * tokens sum prompt and completion; the pending message, if any.
   */
  async usageOf(invitationId: number): Promise<AssistantTally> {
    const rows = await this.db
      .selectFrom('assistant_messages')
      .select(['question_id', 'state', 'asked_at', 'prompt_tokens', 'completion_tokens'])
      .where('invitation_id', '=', invitationId)
      .execute();
    const byQuestion = new Map<number, number>();
    let messages = 0;
    let tokens = 0;
    let pendingSince: number | null = null;
    for (const row of rows) {
      const questionId = Number(row.question_id);
      byQuestion.set(questionId, (byQuestion.get(questionId) ?? 0) + 1);
      const completion = Number(row.completion_tokens);
      if (row.state !== 'failed' || completion > 0) messages += 1;
      tokens += Number(row.prompt_tokens) + completion;
      if (row.state === 'pending') pendingSince = Number(row.asked_at);
    }
    return { messages, tokens, stored: rows.length, pendingSince, byQuestion };
  }

  /**
   * Stores a candidate's message as pending, first failing a stale pending one when asked. Undefined when another
   * message of the attempt is pending (the unique partial index decides, even for two requests at once).
   */
  async begin(invitationId: number, message: NewAssistantMessage, failPendingBefore?: number): Promise<AssistantMessageRecord | undefined> {
    if (failPendingBefore !== undefined) {
      await this.db
        .updateTable('assistant_messages')
        .set({ state: 'failed', failure: STALE_FAILURE, answered_at: failPendingBefore })
        .where('invitation_id', '=', invitationId)
        .where('state', '=', 'pending')
        .where('asked_at', '<=', failPendingBefore)
        .execute();
    }
    const next = this.db.selectFrom('assistant_messages').select(sql<number>`coalesce(max(seq), 0) + 1`.as('next')).where('invitation_id', '=', invitationId);
    const inserted = await this.db
      .insertInto('assistant_messages')
      .values({
        invitation_id: invitationId,
        question_id: message.questionId,
        seq: next,
        asked_at: message.askedAt,
        message: message.text,
        shared_answer: message.sharedAnswer ? 1 : 0,
        answer_chars: message.answerChars,
        state: 'pending',
        policy: message.policy,
        policy_version: message.policyVersion,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted && toMessage(inserted as MessageRow);
  }

  /** Writes how a pending message ended; false when it was no longer pending (failed as stale meanwhile). */
  async finish(messageId: number, outcome: AssistantMessageOutcome): Promise<boolean> {
    const updated = await this.db
      .updateTable('assistant_messages')
      .set({
        state: outcome.state,
        reply: outcome.reply,
        withheld_reason: outcome.withheldReason,
        failure: outcome.failure,
        model: outcome.model,
        prompt_tokens: outcome.promptTokens,
        completion_tokens: outcome.completionTokens,
        tokens_estimated: outcome.tokensEstimated ? 1 : 0,
        first_token_ms: outcome.firstTokenMs,
        answered_at: outcome.answeredAt,
      })
      .where('id', '=', messageId)
      .where('state', '=', 'pending')
      .executeTakeFirst();
    return Number(updated.numUpdatedRows) > 0;
  }

  /** The attempt's messages (of one question when given), in the order they were sent. */
  async messagesOf(invitationId: number, questionId?: number): Promise<AssistantMessageRecord[]> {
    let query = this.db.selectFrom('assistant_messages').selectAll().where('invitation_id', '=', invitationId);
    if (questionId !== undefined) query = query.where('question_id', '=', questionId);
    return (await query.orderBy('seq').execute()).map((row) => toMessage(row as MessageRow));
  }

  /** The attempt's insertions, in the order they were made. */
  async insertionsOf(invitationId: number): Promise<AssistantInsertionRecord[]> {
    const rows = await this.db.selectFrom('assistant_insertions').selectAll().where('invitation_id', '=', invitationId).orderBy('seq').execute();
    return rows.map((row) => toInsertion(row as Omit<AssistantInsertionsTable, 'id'> & { id: number }));
  }

  /** How many insertions the attempt recorded. */
  async insertionCount(invitationId: number): Promise<number> {
    const row = await this.db
      .selectFrom('assistant_insertions')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('invitation_id', '=', invitationId)
      .executeTakeFirst();
    return Number(row?.count ?? 0);
  }

  /** Records an insertion from a reply the caller found answered on that question; undefined if a concurrent one took its number. */
  async recordInsertion(invitationId: number, questionId: number, input: AssistantInsertionInput, at: number): Promise<AssistantInsertionRecord | undefined> {
    const next = this.db.selectFrom('assistant_insertions').select(sql<number>`coalesce(max(seq), 0) + 1`.as('next')).where('invitation_id', '=', invitationId);
    const inserted = await this.db
      .insertInto('assistant_insertions')
      .values({
        invitation_id: invitationId,
        question_id: questionId,
        message_id: input.messageId,
        seq: next,
        at,
        chars: input.chars,
        line: input.line,
        col: input.column,
      })
      .onConflict((conflict) => conflict.doNothing())
      .returningAll()
      .executeTakeFirst();
    return inserted && toInsertion(inserted as Omit<AssistantInsertionsTable, 'id'> & { id: number });
  }
}
