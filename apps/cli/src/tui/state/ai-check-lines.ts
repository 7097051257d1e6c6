import { type AiCheck, type AiCheckQuestionResult, aiCheckSolved } from '@assay/domain/ai';
import { wrapLines } from '../../format/wrap-lines.js';
import { type AiCheckPanel, NOT_CHECKED_YET } from './ai-check-panel.js';

export interface AiCheckLine {
  readonly text: string;
  readonly tone?: 'head' | 'muted' | 'solved' | 'failure';
}

export interface AiCheckLayout {
  readonly testId: number;
  readonly width: number;
  /** The rows the panel may take: what the screen leaves below the sections. */
  readonly rows: number;
  /** Whether the key's role may start a check (`a` is offered only then). */
  readonly mayStart: boolean;
}

/** A coding (SQL included: its form) question: the ones the test screen lists, the others are counted (decision 1330). */
const isCoding = (result: AiCheckQuestionResult): boolean => result.type === 'coding';

const when = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** Where the check is: running (how far), done (when) or failed (why). */
const stateSentence = (check: AiCheck): string =>
  check.state === 'running'
    ? `checking… ${check.questionsChecked} of ${check.questionsTotal} questions done`
    : check.state === 'done'
      ? `done ${check.finishedAt ? when(check.finishedAt) : ''}`.trim()
      : `failed: ${check.problem ?? 'the check stopped'}`;

/** One coding question's line: its place in the test, and what the model did with its current version. */
const questionLine = (result: AiCheckQuestionResult, position: number): AiCheckLine => ({
  text: `${aiCheckSolved(result) ? '✱' : ' '} Q${position} coding · ${result.status === 'checked' ? `model ${result.summary}` : result.summary}`,
  ...(aiCheckSolved(result) ? { tone: 'solved' as const } : {}),
});

const checkLines = (check: AiCheck, testId: number): AiCheckLine[] => {
  const lines: AiCheckLine[] = [
    { text: `Check ${check.checkId} with ${check.model}, ${stateSentence(check)}`, ...(check.state === 'failed' ? { tone: 'failure' as const } : {}) },
  ];
  // Results come in the test's order, one per question, so a result's index is its question's place in the test.
  check.questions.forEach((result, index) => {
    if (isCoding(result)) lines.push(questionLine(result, index + 1));
  });
  const others = check.questions.filter((result) => !isCoding(result)).length;
  const left = check.questionsTotal - check.questions.length;
  if (check.state === 'running' && left > 0) lines.push({ text: `  checking… ${left} ${left === 1 ? 'question' : 'questions'} to go`, tone: 'muted' });
  if (others > 0) lines.push({ text: `  and ${others} choice or written: assay tests ai-check ${testId} --show`, tone: 'muted' });
  if (check.questions.some(aiCheckSolved))
    lines.push({ text: '✱ the model solved it at least once: so could a candidate with a model beside them', tone: 'muted' });
  return lines;
};

const panelLines = (panel: AiCheckPanel, { testId, mayStart }: AiCheckLayout): AiCheckLine[] => {
  const lines: AiCheckLine[] = [{ text: 'Which questions a model solves', tone: 'head' }];
  // The API's own words when it refuses (400.31: no model, or the org's switch is off; 409.103: one runs), first so
  // that a long list never hides them.
  if (panel.refusal) lines.push({ text: `✗ ${panel.refusal.label}: ${panel.refusal.message}`, tone: 'failure' });
  if (panel.starting) lines.push({ text: 'Starting a check…', tone: 'muted' });
  if (panel.check) lines.push(...checkLines(panel.check, testId));
  else if (panel.readFailure && panel.readFailure.label !== NOT_CHECKED_YET)
    lines.push({ text: `✗ ${panel.readFailure.label}: ${panel.readFailure.message}`, tone: 'failure' });
  else if (panel.reading && !panel.readFailure) lines.push({ text: 'Reading the latest check…', tone: 'muted' });
  else lines.push({ text: `Not checked${mayStart ? ': a asks the configured model to answer each question (docs/ai.md)' : ' yet'}`, tone: 'muted' });
  return lines;
};

/**
 * The panel as the lines it takes at `width`, each wrapped at spaces (nothing cut mid-word; a continuation indented),
 * at most `rows` of them:
 * a longer list ends with where to read it whole.
 */
export const aiCheckLines = (panel: AiCheckPanel, layout: AiCheckLayout): AiCheckLine[] => {
  const wrapped = panelLines(panel, layout).flatMap((line) => {
    const indent = /^ */.exec(line.text)![0];
    return wrapLines(line.text.trimStart(), layout.width - indent.length - 2).map((text, index) => ({
      ...line,
      text: `${indent}${index === 0 ? '' : '  '}${text}`,
    }));
  });
  if (wrapped.length <= layout.rows) return wrapped;
  const more: AiCheckLine = { text: `… the rest: assay tests ai-check ${layout.testId} --show`, tone: 'muted' };
  return [...wrapped.slice(0, Math.max(0, layout.rows - 1)), more];
};
