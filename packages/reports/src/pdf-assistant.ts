import type { ReportAi, ReportAiMessage, ReportDetails } from '@assay/domain';
import { displayInstant } from './format.js';
import { BOLD, INK, LEFT, MUTED, WARNING, WIDTH, heading, putWrapped, type Cursor, type Doc } from './pdf-layout.js';
import { drawTable, type Cell } from './pdf-table.js';
import type { TextBudget } from './pdf-text-budget.js';

/**
 * Excerpts, not the transcript (decision 1260): a message and a reply each within a budget of their own, and at most
 * so many of them drawn, so that 500 messages of 16,000-character replies stay a few pages; /details has them whole.
 */
export const ASSISTANT_BUDGETS = {
  message: { chars: 300, word: 120 },
  reply: { chars: 500, word: 120 },
} as const satisfies Record<string, TextBudget>;
export const MAX_DRAWN_MESSAGES = 40;
export const MAX_DRAWN_INSERTIONS = 100;

const time = (epochMs: number): string => displayInstant(epochMs).slice(11);

const STATE_WORDS: Record<ReportAiMessage['state'], string> = {
  answered: 'answered',
  withheld: 'reply withheld',
  failed: 'the model did not answer',
  cancelled: 'cancelled (the candidate left)',
  pending: 'still being answered',
};

const WITHHELD_WORDS = { solution: 'it carried a solution', unchecked: 'the check could not be made' } as const;

/** Whether the attempt's policy let the candidate use the assistant anywhere, or they did. */
export const assistantAllowed = (ai: ReportAi): boolean =>
  ai.policy.testPolicy !== 'none' || ai.policy.sections.some((section) => section.aiPolicy !== 'none') || ai.messages.length > 0 || ai.insertions.length > 0;

const replyLine = (message: ReportAiMessage): { text: string; color: string } | null => {
  if (message.state === 'failed') return { text: `Not answered: ${message.failure ?? '(erased)'}`, color: WARNING };
  if (message.reply === null) return null;
  if (message.state === 'withheld') {
    const why = message.withheldReason ? WITHHELD_WORDS[message.withheldReason] : 'withheld';
    return { text: `Reply withheld (${why}; the candidate did not see it): ${message.reply || '(erased)'}`, color: WARNING };
  }
  return { text: `Reply: ${message.reply || '(erased)'}`, color: MUTED };
};

const drawMessage = (doc: Doc, cursor: Cursor, message: ReportAiMessage): void => {
  cursor.ensure(44);
  const shared = message.sharedAnswer ? ` · shared their answer (${message.answerChars} characters)` : '';
  const tokens = `${message.promptTokens + message.completionTokens}${message.tokensEstimated ? ' (estimated)' : ''} tokens`;
  const head = `Message #${message.messageId} at ${time(message.askedAt)} · ${STATE_WORDS[message.state]}${shared} · ${tokens}`;
  cursor.y += putWrapped(doc, head, LEFT, cursor.y, WIDTH, { font: BOLD, size: 8.5 }) + 2;
  cursor.y += putWrapped(doc, `Candidate: ${message.text || '(erased)'}`, LEFT, cursor.y, WIDTH, { size: 8.5, budget: ASSISTANT_BUDGETS.message }) + 2;
  const reply = replyLine(message);
  if (reply) cursor.y += putWrapped(doc, reply.text, LEFT, cursor.y, WIDTH, { size: 8.5, color: reply.color, budget: ASSISTANT_BUDGETS.reply }) + 2;
  cursor.y += 4;
};

const drawInsertions = (doc: Doc, cursor: Cursor, ai: ReportAi, questionId: number, budget: { left: number }): void => {
  const insertions = ai.insertions.filter((insertion) => insertion.questionId === questionId);
  const drawn = insertions.slice(0, Math.max(budget.left, 0));
  budget.left -= drawn.length;
  if (drawn.length > 0) {
    const rows = drawn.map((insertion): Cell[] => [
      { text: `#${insertion.insertionId}` },
      { text: `message #${insertion.messageId}` },
      { text: String(insertion.chars), bold: true },
      { text: `line ${insertion.line}, column ${insertion.column}` },
      { text: time(insertion.at) },
    ]);
    const columns = [
      { header: 'Insertion', width: 60 },
      { header: 'From the reply to' },
      { header: 'Characters', width: 64, align: 'right' as const },
      { header: 'Where', width: 120 },
      { header: 'When (UTC)', width: 80 },
    ];
    drawTable(doc, cursor, columns, rows);
    cursor.y += 6;
  }
  if (drawn.length < insertions.length)
    cursor.y += putWrapped(doc, `… ${insertions.length - drawn.length} more insertions, see /details`, LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED }) + 4;
};

/**
 * The page "AI assistant" (issue 60 item 4; decision 1260): when the attempt's policy allowed the assistant or it was
 * used — the policy and its version, the models, the counts, then per question the messages and replies as excerpts
 * numbered as in /details, and the insertions with their size, place and time. Nothing when the policy was `none`.
 */
export const drawAssistant = (doc: Doc, cursor: Cursor, details: ReportDetails): void => {
  const { ai } = details;
  if (!ai || !assistantAllowed(ai)) return;
  cursor.newPage();
  heading(doc, cursor, 'AI assistant');
  const sections = ai.policy.sections.filter((section) => section.aiPolicy !== ai.policy.testPolicy);
  const exceptions = sections.length === 0 ? '' : ` (sections: ${sections.map((section) => `#${section.sectionId} ${section.aiPolicy}`).join(', ')})`;
  const policy = `Policy: ${ai.policy.testPolicy}${exceptions}, version ${ai.policy.version}; budget ${ai.policy.assistantMessages} messages and ${ai.policy.assistantTokens} tokens.`;
  cursor.y += putWrapped(doc, policy, LEFT, cursor.y, WIDTH, { size: 9.5 });
  cursor.y += putWrapped(doc, `Model: ${ai.models.length === 0 ? 'none answered' : ai.models.join(', ')}.`, LEFT, cursor.y, WIDTH, { size: 9.5 }) + 4;
  if (ai.messages.length === 0 && ai.insertions.length === 0) {
    cursor.y += putWrapped(doc, 'The assistant was not used.', LEFT, cursor.y, WIDTH, { size: 9.5, font: BOLD }) + 10;
    return;
  }
  const { totals } = ai;
  const counts =
    `${totals.messages} messages, ${totals.withheld} replies withheld, ${totals.failed} not answered; ` +
    `${totals.insertions} insertions into the answers (${totals.insertedChars} characters); ` +
    `${totals.promptTokens + totals.completionTokens} tokens (${totals.promptTokens} sent, ${totals.completionTokens} received).`;
  cursor.y += putWrapped(doc, counts, LEFT, cursor.y, WIDTH, { size: 9.5, color: INK });
  const where = 'Excerpts below; every message and reply in full, numbered alike, in GET /v2/org/report/{id}/details (ai.messages).';
  cursor.y += putWrapped(doc, where, LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED }) + 8;
  const numberOf = new Map(details.questions.map((question) => [question.questionId, question.number]));
  const messages = { left: MAX_DRAWN_MESSAGES };
  const insertions = { left: MAX_DRAWN_INSERTIONS };
  for (const question of ai.questions) {
    cursor.ensure(60);
    const head =
      `Q${numberOf.get(question.questionId) ?? '?'} · policy ${question.aiPolicy} · ${question.messages} messages, ${question.withheld} withheld · ` +
      `${question.insertions} insertions (${question.insertedChars} characters)`;
    cursor.y += putWrapped(doc, head, LEFT, cursor.y, WIDTH, { font: BOLD, size: 10 }) + 4;
    for (const message of ai.messages.filter((each) => each.questionId === question.questionId)) {
      if (messages.left-- > 0) drawMessage(doc, cursor, message);
    }
    drawInsertions(doc, cursor, ai, question.questionId, insertions);
  }
  if (messages.left < 0) {
    const more = `… ${-messages.left} more messages, see /details`;
    cursor.y += putWrapped(doc, more, LEFT, cursor.y, WIDTH, { size: 8.5, color: MUTED }) + 4;
  }
  cursor.y += 6;
};
