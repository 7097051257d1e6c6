import { h } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';

/** The practice question: built in, the same for every test (decision 664). */
const PRACTICE = {
  text: 'Which of these numbers is a prime number?',
  options: ['4', '6', '7', '9'],
  right: 2,
} as const;

/**
 * An optional practice question on the landing page, to see how a choice question works before the clock starts. It
 * is answered here and nowhere else: nothing is sent, stored or scored (decision 664).
 */
export function practiceQuestion(): HTMLElement {
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
