import type { CandidateCodingQuestion, CandidateSession } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';
import { richText } from '../lib/rich-text.js';
import { CodingQuestion } from './coding-question.js';
import type { QuestionContext } from './question-context.js';

/** The practice question of a test without code: built in, the same for every such test (decision 664). */
const PRACTICE = {
  text: 'Which of these numbers is a prime number?',
  options: ['4', '6', '7', '9'],
  right: 2,
} as const;

/**
 * An optional practice question on the landing page, before the clock starts: on a test with coding questions a small
 * coding one in the test's form and languages, run like any question's samples (decision 1125); otherwise a choice
 * question. Nothing of either is saved, recorded or scored.
 */
export function practiceQuestion(session: CandidateSession, runs: QuestionContext['runs']): HTMLElement {
  return session.practiceQuestion ? practiceCoding(session.practiceQuestion, runs) : practiceChoice();
}

/** The coding practice: the editor is fetched when the candidate opens it, not with the landing. */
function practiceCoding(question: CandidateCodingQuestion, runs: QuestionContext['runs']): HTMLElement {
  const context: QuestionContext = { answer: undefined, onChange: () => undefined, watchSaving: () => undefined, runs };
  const text = h('div', { class: 'question-text', id: 'practice-text' }, richText(question.text));
  const coding = new CodingQuestion(question, 0, context, text);
  const details = h(
    'details',
    { class: 'practice practice-coding', 'data-testid': 'practice' },
    h('summary', null, 'Try a practice coding question (not scored)'),
    h(
      'p',
      null,
      'See how the editor and the sample tests work before you start. Your code stays on this page: it is never saved or scored, and the timer does not start. Its runs count towards the limit on sample runs.',
    ),
    h('div', { class: 'question practice-question', 'data-testid': 'practice-coding' }, coding.element),
  );
  details.addEventListener('toggle', () => {
    if (details.open) coding.shown();
  });
  return details;
}

function practiceChoice(): HTMLElement {
  const result = new LiveRegion({ testId: 'practice-result', visible: true });
  const inputs = PRACTICE.options.map((text, index) => {
    const input = h('input', { type: 'radio', name: 'practice', id: `practice-${index}`, value: String(index), 'data-testid': `practice-option-${index}` });
    return { input, label: h('label', { class: 'option', for: `practice-${index}` }, input, h('span', { class: 'option-text' }, text)) };
  });
  const check = h(
    'button',
    {
      type: 'button',
      class: 'button button-secondary',
      'data-testid': 'practice-check',
      onclick: () => {
        const chosen = inputs.findIndex(({ input }) => input.checked);
        const right = PRACTICE.options[PRACTICE.right];
        if (chosen < 0) result.say('Choose an answer first.');
        else if (chosen === PRACTICE.right) result.say(`Right: ${right} is a prime number.`);
        else result.say(`Not quite: ${right} is the prime number here. Try another one if you like.`);
      },
    },
    'Check my answer',
  );
  return h(
    'details',
    { class: 'practice', 'data-testid': 'practice' },
    h('summary', null, 'Try a practice question (not scored)'),
    h(
      'p',
      null,
      'See how a question works before you start. Your choice stays on this page: it is never sent, stored or scored, and the timer does not start.',
    ),
    h(
      'fieldset',
      { class: 'options', 'aria-labelledby': 'practice-text' },
      h('p', { id: 'practice-text', class: 'practice-text' }, `Practice: ${PRACTICE.text}`),
      h('p', { class: 'hint' }, 'Choose one answer.'),
      inputs.map(({ label }) => label),
    ),
    h('div', { class: 'practice-actions' }, check),
    result.element,
  );
}
