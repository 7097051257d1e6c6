import { match } from 'ts-pattern';
import type { ReportAi, ReportAiMessage } from '@assay/domain/ai';
import { wrapLines } from '../../format/wrap-lines.js';
import { typed, type Keystroke } from '../input/keystroke.js';
import { taken, type KeyDecision } from '../input/key-decision.js';
import type { RemoteEvent } from './remote-state.js';
import { type ScrollEvent, scrollKeys } from './scroll-keys.js';

/** Whose transcript the screen reads: a report's (by invitation), or one reviewed answer's by its reference (blind). */
export type TranscriptSource = { testInvitationId: number } | { reference: string };

/** What the screen shows: the attempt's `ai` (null without an AI record) and, from a report, its questions' numbers. */
export interface TranscriptData {
  ai: ReportAi | null;
  numbers: ReadonlyMap<number, number>;
}

export type TranscriptEvent = RemoteEvent<TranscriptData> | ScrollEvent;

export const transcriptKeys = (stroke: Keystroke): KeyDecision<TranscriptEvent> =>
  match<Keystroke, KeyDecision<TranscriptEvent>>(stroke)
    .with(typed('r'), () => taken({ type: 'reload' }))
    .otherwise(() => scrollKeys(stroke));

/** One line of the screen; `tone` colours it (a withheld reply, a failure, an insertion). */
export interface TranscriptLine {
  text: string;
  tone?: 'head' | 'muted' | 'warning' | 'insertion';
}

const clock = (epochMs: number): string => new Date(epochMs).toISOString().slice(11, 19);
const clockOf = (iso: string): string => iso.slice(11, 19);
const INDENT = ' '.repeat(10);
const MARK_WORDS = { accurate: 'marked: explains accurately', partly: 'marked: explains partly', not: 'marked: does not explain' } as const;

const replyOf = (message: ReportAiMessage): TranscriptLine | null =>
  match(message)
    .with({ state: 'withheld' }, ({ reply, withheldReason }) => ({
      text: `Withheld (${withheldReason === 'solution' ? 'it carried a solution' : 'not checked'}; not shown to the candidate): ${reply || '(erased)'}`,
      tone: 'warning' as const,
    }))
    .with({ state: 'failed' }, ({ failure }) => ({ text: `Not answered: ${failure || '(erased)'}`, tone: 'warning' as const }))
    .with({ state: 'cancelled' }, () => ({ text: 'Cancelled: the candidate left while it was answered.', tone: 'muted' as const }))
    .with({ state: 'pending' }, () => ({ text: 'Still being answered.', tone: 'muted' as const }))
    .with({ state: 'answered' }, ({ reply }) => ({ text: `Reply: ${reply || '(erased)'}` }))
    .exhaustive();

/** A text wrapped after a time column: the first line starts with `lead`, the rest are indented under it. */
const block = (lead: string, text: string, width: number, tone?: TranscriptLine['tone']): TranscriptLine[] =>
  wrapLines(text, Math.max(10, width - INDENT.length)).map((line, index) => ({
    text: `${index === 0 ? lead.padEnd(INDENT.length) : INDENT}${line}`,
    ...(tone ? { tone } : {}),
  }));

/**
 * The transcript as lines at `width` cells (issue 60 item 4, decision 1264): the policy and model, the counts, then per
 * question its messages, replies (withheld ones with their text), insertions and follow-ups in the order they happened.
 * Nothing here names the candidate beyond what they wrote: a blind reviewer reads the same lines.
 */
export const transcriptLines = ({ ai, numbers }: TranscriptData, width: number): TranscriptLine[] => {
  if (!ai) return [{ text: 'No AI record: this attempt started before Assay recorded the AI policy, or has not started.', tone: 'muted' }];
  const exceptions = ai.policy.sections.filter((section) => section.aiPolicy !== ai.policy.testPolicy);
  const sections = exceptions.length === 0 ? '' : ` (sections: ${exceptions.map((section) => `#${section.sectionId} ${section.aiPolicy}`).join(', ')})`;
  const { totals } = ai;
  const lines: TranscriptLine[] = [
    ...wrapLines(`Policy ${ai.policy.testPolicy}${sections}, version ${ai.policy.version} · model ${ai.models.join(', ') || 'none answered'}`, width).map(
      (text) => ({ text }),
    ),
    ...wrapLines(
      `${totals.messages} messages · ${totals.withheld} withheld · ${totals.failed} not answered · ${totals.insertions} insertions (${totals.insertedChars} characters) · ${totals.promptTokens + totals.completionTokens} tokens`,
      width,
    ).map((text) => ({ text, tone: 'muted' as const })),
  ];
  const questionIds = [...new Set([...ai.questions.map((question) => question.questionId), ...ai.followUps.map((followUp) => followUp.questionId)])];
  if (questionIds.length === 0) {
    const allowed = ai.policy.testPolicy !== 'none' || ai.policy.sections.some((section) => section.aiPolicy !== 'none');
    return [...lines, { text: '' }, { text: allowed ? 'The assistant was not used.' : 'The policy offered no assistant.' }];
  }
  for (const questionId of questionIds) {
    const tally = ai.questions.find((question) => question.questionId === questionId);
    const name = numbers.has(questionId) ? `Q${numbers.get(questionId)}` : `Question ${questionId}`;
    lines.push({ text: '' });
    const counts = tally
      ? ` · ${tally.aiPolicy} · ${tally.messages} messages, ${tally.withheld} withheld · ${tally.insertions} insertions (${tally.insertedChars} characters)`
      : '';
    lines.push(...wrapLines(`${name}${counts}`, width).map((text) => ({ text, tone: 'head' as const })));
    const happened = [
      ...ai.messages.filter((message) => message.questionId === questionId).map((message) => ({ at: message.askedAt, message })),
      ...ai.insertions.filter((insertion) => insertion.questionId === questionId).map((insertion) => ({ at: insertion.at, insertion })),
    ].sort((left, right) => left.at - right.at);
    for (const entry of happened) {
      if ('message' in entry) {
        const { message } = entry;
        const shared = message.sharedAnswer ? ` (shared their answer, ${message.answerChars} characters)` : '';
        lines.push(...block(clock(message.askedAt), `#${message.messageId} Candidate${shared}: ${message.text || '(erased)'}`, width));
        const reply = replyOf(message);
        if (reply) lines.push(...block('', reply.text, width, reply.tone));
      } else {
        const { insertion } = entry;
        const where = `line ${insertion.line}, column ${insertion.column}`;
        lines.push(...block(clock(insertion.at), `Inserted ${insertion.chars} characters from #${insertion.messageId} at ${where}`, width, 'insertion'));
      }
    }
    for (const followUp of ai.followUps.filter((each) => each.questionId === questionId)) {
      const source = followUp.source === 'model' ? 'by the model' : 'from a template';
      const lead = followUp.servedAt ? clockOf(followUp.servedAt) : '';
      lines.push(
        ...block(
          lead,
          `Follow-up ${followUp.position + 1} (${source}, ${followUp.mark ? MARK_WORDS[followUp.mark] : 'not marked'}): ${followUp.text || '(erased)'}`,
          width,
        ),
      );
      lines.push(...block('', `Answer: ${followUp.answer || '(none)'}`, width, 'muted'));
    }
  }
  return lines;
};
