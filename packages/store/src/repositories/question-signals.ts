import type { Kysely, Transaction } from 'kysely';
import {
  InsertionEvents,
  noSignals,
  PlaybackFrames,
  type PlaybackFrame,
  parseStored,
  recordInsertion,
  recordKeystroke,
  recordSave,
  recordTyping,
  TypingWindows,
  type PlacedQuestionEvent,
  viewQuestion,
  type AiUseFinding,
  type QuestionSignals,
} from '@assay/domain';
import type { Database } from '../database.js';
import type { QuestionSignalsTable } from '../tables/attempts.js';
import { takesWritesAt } from './attempt-writes.js';
import { testInvitationsPage } from './test-invitations-page.js';
import { aiUseFindingsOf, replaceAiUseFindings } from './ai-use-findings.js';

/** A question event as the server placed it on the attempt's clock (`at`, ms): the domain's `placeQuestionEvent`. */
export type QuestionSignalEvent = PlacedQuestionEvent;

const nullableNumber = (value: number | string | null): number | null => (value === null ? null : Number(value));

const toSignals = (row: QuestionSignalsTable): QuestionSignals => ({
  questionId: Number(row.question_id),
  timeMs: Number(row.time_ms),
  inViewSince: nullableNumber(row.in_view_since),
  firstViewedAt: nullableNumber(row.first_viewed_at),
  firstKeystrokeAt: nullableNumber(row.first_keystroke_at),
  pastes: Number(row.pastes),
  pastedChars: Number(row.pasted_chars),
  insertions: Number(row.insertions),
  events: parseStored(InsertionEvents, JSON.parse(row.events)),
  ...(row.typing === null ? {} : { typing: parseStored(TypingWindows, JSON.parse(row.typing)) }),
});

const columnsOf = (signals: QuestionSignals) => ({
  time_ms: signals.timeMs,
  in_view_since: signals.inViewSince,
  first_viewed_at: signals.firstViewedAt,
  first_keystroke_at: signals.firstKeystrokeAt,
  pastes: signals.pastes,
  pasted_chars: signals.pastedChars,
  insertions: signals.insertions,
  events: JSON.stringify(signals.events),
  typing: signals.typing === undefined ? null : JSON.stringify(signals.typing),
});

const write = async (trx: Transaction<Database>, invitationId: number, signals: QuestionSignals): Promise<void> => {
  const columns = columnsOf(signals);
  await trx
    .insertInto('question_signals')
    .values({ invitation_id: invitationId, question_id: signals.questionId, ...columns })
    .onConflict((conflict) => conflict.columns(['invitation_id', 'question_id']).doUpdateSet(columns))
    .execute();
};

/**
 * The code's history of a coding answer being saved, in the answer's transaction (so it stops with the answers at the
 * deadline): the domain's `recordSave` from the code saved before (none before the first frame) to `code`.
 */
export const recordPlaybackFrame = async (trx: Transaction<Database>, invitationId: number, questionId: number, code: string, now: number): Promise<void> => {
  const [row, previous] = await Promise.all([
    trx.selectFrom('code_playback').select('frames').where('invitation_id', '=', invitationId).where('question_id', '=', questionId).executeTakeFirst(),
    trx.selectFrom('answers').select('code').where('invitation_id', '=', invitationId).where('question_id', '=', questionId).executeTakeFirst(),
  ]);
  const frames = row === undefined ? [] : parseStored(PlaybackFrames, JSON.parse(row.frames));
  const next = recordSave(frames, frames.length === 0 ? '' : (previous?.code ?? ''), code, now);
  const value = JSON.stringify(next);
  await trx
    .insertInto('code_playback')
    .values({ invitation_id: invitationId, question_id: questionId, frames: value })
    .onConflict((conflict) => conflict.columns(['invitation_id', 'question_id']).doUpdateSet({ frames: value }))
    .execute();
};

/**
 * Per-question evidence of an attempt: what the page reported of each question (its windows of typing included), each
 * coding answer's history, and the AI-use findings the score job made of them.
 */
export class QuestionSignalsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * One question event, while the attempt takes writes (running, before its deadline): the invitation's row is
   * updated first, so it is locked on PostgreSQL and two events of one attempt apply one after the other. False: the
   * attempt does not take writes (nothing written).
   */
  async record(invitationId: number, event: QuestionSignalEvent, now: number): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const running = await trx
        .updateTable('invitations')
        .set((eb) => ({ status: eb.ref('status') }))
        .where('id', '=', invitationId)
        .where(takesWritesAt(now))
        .executeTakeFirst();
      if (Number(running.numUpdatedRows) !== 1) return false;
      const rowOf = async (questionId: number) =>
        trx.selectFrom('question_signals').selectAll().where('invitation_id', '=', invitationId).where('question_id', '=', questionId).executeTakeFirst();
      const found = await rowOf(event.questionId);
      const signals = found === undefined ? noSignals(event.questionId) : toSignals(found);
      switch (event.kind) {
        case 'question': {
          const inView = await trx
            .selectFrom('question_signals')
            .selectAll()
            .where('invitation_id', '=', invitationId)
            .where('in_view_since', 'is not', null)
            .executeTakeFirst();
          const { closed, opened } = viewQuestion(inView === undefined ? null : toSignals(inView), signals, event.at);
          if (closed) await write(trx, invitationId, closed);
          await write(trx, invitationId, opened);
          break;
        }
        case 'keystroke':
          await write(trx, invitationId, recordKeystroke(signals, event.at));
          break;
        case 'typing':
          await write(trx, invitationId, recordTyping(signals, event.window));
          break;
        default: {
          const { kind, at, chars, lines, questionWords } = event;
          await write(trx, invitationId, recordInsertion(signals, { kind, at, chars, lines, ...(questionWords === undefined ? {} : { questionWords }) }));
        }
      }
      return true;
    });
  }

  /** What the page reported of each question of the attempt (questions it never reported have no entry). */
  async ofAttempt(invitationId: number): Promise<Map<number, QuestionSignals>> {
    const rows = await this.db.selectFrom('question_signals').selectAll().where('invitation_id', '=', invitationId).execute();
    return new Map(rows.map((row) => [Number(row.question_id), toSignals(row)]));
  }

  /** The attempt's AI-use findings as the score job last made them (issue 60; migration 056), in time order. */
  async aiUse(invitationId: number): Promise<AiUseFinding[]> {
    return aiUseFindingsOf(this.db, invitationId);
  }

  /** Replaces the attempt's AI-use findings (the score job, each time it scores the attempt). */
  async replaceAiUse(invitationId: number, findings: readonly AiUseFinding[]): Promise<void> {
    await replaceAiUseFindings(this.db, invitationId, findings);
  }

  /** Each coding answer's history as kept, by question. */
  async playback(invitationId: number): Promise<Map<number, PlaybackFrame[]>> {
    const rows = await this.db.selectFrom('code_playback').select(['question_id', 'frames']).where('invitation_id', '=', invitationId).execute();
    return new Map(rows.map((row) => [Number(row.question_id), parseStored(PlaybackFrames, JSON.parse(row.frames))]));
  }

  /**
   * The Time per question sheet's facts of an org's test: each invitation (in id order, through `throughId`, as the
   * Candidates sheet holds them) with its clock and what the page reported of each question, a batch at a time.
   */
  async *timesOfTest(orgId: number, testId: number, throughId: number, batchSize = 1000): AsyncGenerator<AttemptTimes[]> {
    for (let afterId = 0; ; ) {
      const rows = await testInvitationsPage(this.db, orgId, testId, afterId, throughId, batchSize)
        .select([
          'invitations.id as id',
          'invitations.started_at as startedAt',
          'invitations.completed_at as completedAt',
          'invitations.deadline_at as deadline',
          'invitations.variant_seed as variantSeed',
          'candidates.email as email',
          'candidates.full_name as fullName',
        ])
        .execute();
      if (rows.length === 0) return;
      const started = rows.filter((row) => row.startedAt !== null).map((row) => Number(row.id));
      const signalRows = started.length === 0 ? [] : await this.db.selectFrom('question_signals').selectAll().where('invitation_id', 'in', started).execute();
      const byAttempt = new Map<number, Map<number, QuestionSignals>>();
      for (const row of signalRows) {
        const id = Number(row.invitation_id);
        const entry = byAttempt.get(id) ?? new Map<number, QuestionSignals>();
        entry.set(Number(row.question_id), toSignals(row));
        byAttempt.set(id, entry);
      }
      yield rows.map((row) => ({
        invitationId: Number(row.id),
        email: row.email,
        fullName: row.fullName,
        startedAt: nullableNumber(row.startedAt),
        completedAt: nullableNumber(row.completedAt),
        deadline: nullableNumber(row.deadline),
        variantSeed: nullableNumber(row.variantSeed),
        signals: byAttempt.get(Number(row.id)) ?? new Map(),
      }));
      afterId = Number(rows[rows.length - 1]!.id);
    }
  }
}

/** One invitation of a test as the Time per question sheet reads it. */
export interface AttemptTimes {
  readonly invitationId: number;
  readonly email: string;
  readonly fullName: string;
  readonly startedAt: number | null;
  readonly completedAt: number | null;
  readonly deadline: number | null;
  /** The seed of the attempt's variant (decision 572); null before the start. */
  readonly variantSeed: number | null;
  readonly signals: ReadonlyMap<number, QuestionSignals>;
}
