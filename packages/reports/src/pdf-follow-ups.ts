import type { ReportDetails } from '@assay/domain';
import { BOLD, LEFT, MUTED, WIDTH, put, putWrapped, type Cursor, type Doc } from './pdf-layout.js';

/** The most of one follow-up answer the PDF prints: /details has it whole. */
const ANSWER_CHARS = 800;

const MARK_WORDS = { accurate: 'explains accurately', partly: 'explains partly', not: 'does not explain' } as const;

/**
 * Authorship follow-ups on the integrity page (issue 60 item 6; docs/ai.md): each question asked about a submitted
 * answer, who wrote it, the candidate's answer, refused pastes and the reviewer's mark — evidence of authorship, never
 * points. Nothing when none were asked.
 */
export const drawFollowUps = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const followUps = details.ai?.followUps ?? [];
  if (followUps.length === 0) return;
  const numberOf = new Map(details.questions.map((question) => [question.questionId, question.number]));
  cursor.ensure(60);
  put(doc, 'Authorship follow-ups (evidence of authorship; marks never change the score)', LEFT, cursor.y, WIDTH, { font: BOLD, size: 10 });
  cursor.y += 16;
  for (const followUp of followUps) {
    cursor.ensure(48);
    const mark = followUp.mark === null ? 'not marked' : `marked: ${MARK_WORDS[followUp.mark]}`;
    const pastes = followUp.pastesRefused > 0 ? ` · ${followUp.pastesRefused} paste(s) refused` : '';
    const head = `Q${numberOf.get(followUp.questionId) ?? '?'}, follow-up ${followUp.position + 1} (${followUp.source === 'model' ? 'written by the model' : 'from a template'}) · ${mark}${pastes}`;
    cursor.y += putWrapped(doc, head, LEFT, cursor.y, WIDTH, { font: BOLD, size: 8.5 }) + 2;
    cursor.y += putWrapped(doc, followUp.text || '(erased)', LEFT, cursor.y, WIDTH, { size: 8.5 }) + 2;
    const answer = followUp.answer.length > ANSWER_CHARS ? `${followUp.answer.slice(0, ANSWER_CHARS)}…` : followUp.answer;
    const taken = followUp.answeredAt === null && followUp.answer !== '' ? ' (taken when the time was up)' : '';
    cursor.y += putWrapped(doc, `Answer${taken}: ${answer || '(none)'}`, LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED }) + 6;
  }
  cursor.y += 6;
};
