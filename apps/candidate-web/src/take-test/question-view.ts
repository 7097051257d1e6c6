import type { CandidateQuestion } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { formatNumber, plural } from '../lib/format.js';
import { richText } from '../lib/rich-text.js';
import { choiceOptions } from './choice-question.js';
import { CodingQuestion } from './coding-question.js';
import { AssistantPanel, type AssistantQuestionHooks } from './assistant-panel.js';
import { FollowUpPanel } from './follow-up-panel.js';
import type { QuestionContext } from './question-context.js';
import { writtenAnswer } from './written-question.js';

/** One question on the page. */
export interface QuestionView {
  readonly element: HTMLElement;
  /** Its head (number and marks), where the page puts its flag for review. */
  readonly head: HTMLElement;
  /** Its section is on screen now (the code editor loads then, not before). */
  shown(): void;
  /** The attempt is ending: no more edits. */
  lock(locked: boolean): void;
}

export function questionView(question: CandidateQuestion, number: number, context: QuestionContext): QuestionView {
  const id = String(question.questionId);
  const titleId = `question-title-${id}`;
  const textId = `question-text-${id}`;
  const head = h('div', { class: 'question-head' }, h('h3', { id: titleId, class: 'question-title' }, `Question ${number}`), marksOf(question));
  const element = h('article', { class: 'question', id: `question-${id}`, 'data-testid': `question-${id}`, 'data-type': question.type }, head);
  const text = h('div', { id: textId, class: 'question-text' }, richText(question.text));
  if (question.type === 'coding') {
    // The text goes in the problem's column, beside the editor on wide screens.
    const coding = new CodingQuestion(question, number, context, text);
    element.append(coding.element);
    const panel = assistantPanelOf(question.questionId, context, {
      currentAnswer: () => coding.currentCode(),
      insert: (code) => coding.insertAtCursor(code),
    });
    if (panel) coding.addToProblem(panel);
    if (context.followUps) element.append(new FollowUpPanel({ ...context.followUps, questionId: question.questionId }).element);
    return { element, head, shown: () => coding.shown(), lock: (locked) => coding.lock(locked) };
  }
  element.append(
    text,
    question.type === 'short_answer' || question.type === 'free_text'
      ? writtenAnswer(question, number, textId, context)
      : choiceOptions(question, titleId, textId, context),
  );
  // A written answer is shared as last saved (the server's copy): it is sent within a second of typing.
  const panel = assistantPanelOf(question.questionId, context, { currentAnswer: () => null });
  if (panel) element.append(panel);
  if (context.followUps && question.type === 'free_text') element.append(new FollowUpPanel({ ...context.followUps, questionId: question.questionId }).element);
  // Choices and written answers need nothing when shown; locking is the test view's `inert`.
  return { element, head, shown: () => undefined, lock: () => undefined };
}

/** The question's marks beside its title; nothing when the test hides question scores (the session carries none then). */
const marksOf = (question: CandidateQuestion): HTMLElement | null => {
  if (question.marks === undefined) return null;
  const marks = [plural(Number(formatNumber(question.marks)), 'mark')];
  if ((question.negativeMarks ?? 0) > 0) marks.push(`−${formatNumber(question.negativeMarks ?? 0)} for a wrong answer`);
  return h('span', { class: 'marks', 'data-testid': 'question-marks' }, marks.join(' · '));
};

/** The assistant's panel for a question the policy offers it on; null otherwise (no panel under `none`). */
const assistantPanelOf = (
  questionId: number,
  context: QuestionContext,
  hooks: Omit<AssistantQuestionHooks, 'questionId' | 'policy' | 'earlierMessages'>,
): HTMLElement | null => {
  const { assistant } = context;
  if (!assistant) return null;
  return new AssistantPanel(
    assistant.api,
    { questionId, policy: assistant.policy, earlierMessages: assistant.messages, ...hooks },
    assistant.budget,
    assistant.unavailable,
  ).element;
};
