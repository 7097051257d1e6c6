import type { CandidateSession } from '@assay/domain/candidate';
import type { CandidateApi } from '../api/candidate-api.js';
import { failureOf } from '../api/failure.js';
import { focusHeading, h, isBusy, setBusy } from '../lib/dom.js';
import { orgName } from '../views/who-is-asking.js';

/** The server's limit (400.66 beyond); the box stops there. */
const TEXT_MAX = 2000;
const RATINGS: readonly [number, string][] = [
  [1, '1, poor'],
  [2, '2'],
  [3, '3'],
  [4, '4'],
  [5, '5, very good'],
];

/** The test asks for feedback (`candidateFeedback`, decision 967) and this attempt has not given any yet. */
export const asksForFeedback = (session: CandidateSession): boolean => session.displayMessages?.candidateFeedback === true && session.feedbackGiven === false;

/**
 * The finish page's optional question (issue 52): a rating 1–5 and a few words, sent once; Esc or Skip leaves it. The
 * way on to the organisation's page (`then`: the redirect countdown) starts only once it is answered or skipped, so
 * it never leaves under the candidate's typing. Nothing is asked when the test does not ask.
 */
export function askFeedback(root: HTMLElement, session: CandidateSession, api: CandidateApi, then: () => void): void {
  const before = root.querySelector('[data-testid="next-steps"]');
  if (!asksForFeedback(session) || !before) {
    then();
    return;
  }
  const error = h('p', { class: 'notice notice-error', role: 'alert', 'data-testid': 'feedback-error', hidden: true });
  const text = h('textarea', { id: 'feedback-text', name: 'text', rows: '4', maxlength: String(TEXT_MAX), 'data-testid': 'feedback-text' });
  const send = h('button', { type: 'submit', class: 'button button-primary', 'data-testid': 'feedback-send' }, 'Send feedback');
  const skip = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'feedback-skip' }, 'Skip');
  const form = h(
    'form',
    { class: 'feedback-form', novalidate: true },
    h(
      'fieldset',
      { class: 'feedback-rating' },
      h('legend', null, 'Your rating (1 is poor, 5 very good)'),
      RATINGS.map(([value, label]) =>
        h(
          'label',
          { class: 'feedback-choice' },
          h('input', { type: 'radio', name: 'rating', value: String(value), 'data-testid': `feedback-rating-${value}` }),
          label,
        ),
      ),
    ),
    h('label', { for: 'feedback-text' }, 'Anything else you want to tell them'),
    h('p', { class: 'muted', id: 'feedback-text-hint' }, `Up to ${TEXT_MAX.toLocaleString('en')} characters.`),
    text,
    error,
    h('div', { class: 'feedback-actions' }, skip, send),
  );
  text.setAttribute('aria-describedby', 'feedback-text-hint');
  const done = h('p', { class: 'notice', role: 'status', tabindex: '-1', 'data-testid': 'feedback-done', hidden: true });
  const block = h(
    'section',
    { class: 'feedback', 'aria-labelledby': 'feedback-title', 'data-testid': 'feedback' },
    h('h2', { id: 'feedback-title' }, 'How was this test?'),
    h('p', { class: 'muted' }, `Optional, and it does not change your result. It goes to ${orgName(session.org)}. Press Esc to skip.`),
    form,
    done,
  );
  before.before(block);

  let finished = false;
  const finish = (message: string | null) => {
    if (finished) return;
    finished = true;
    document.removeEventListener('keydown', onKey);
    form.remove();
    if (message === null) {
      block.remove();
      focusHeading(root.querySelector('h1'));
    } else {
      done.textContent = message;
      done.hidden = false;
      done.focus();
    }
    then();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || isBusy(send)) return;
    event.preventDefault();
    finish(null);
  };
  document.addEventListener('keydown', onKey);
  skip.addEventListener('click', () => finish(null));
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (isBusy(send)) return;
    const chosen = form.querySelector<HTMLInputElement>('input[name="rating"]:checked');
    const words = text.value.trim();
    if (!chosen && words === '') {
      error.textContent = 'Choose a rating or write something, or press Skip.';
      error.hidden = false;
      return;
    }
    error.hidden = true;
    setBusy(send, true, 'Sending…');
    try {
      await api.giveFeedback({ rating: chosen ? Number(chosen.value) : null, text: words === '' ? null : words });
      finish('Thank you for your feedback.');
    } catch (failure) {
      const { message, status } = failureOf(failure);
      setBusy(send, false, 'Send feedback');
      // Given meanwhile (another tab): nothing is lost, the page says so and moves on.
      if (status === 400 && /already given/.test(message)) finish('Your feedback was already received.');
      else {
        error.textContent = message;
        error.hidden = false;
      }
    }
  });
}
