import type { CandidateSession } from '@assay/domain/candidate';
import { h, safeHttpUrl } from '../lib/dom.js';
import type { RedirectCountdown } from './redirect-countdown.js';
import { terminatedLead, terminatedPartial } from './violation-words.js';
import { practiceResultView } from './practice-result-view.js';
import { contactPhrase, framed, orgName } from '../views/who-is-asking.js';

/** `terminated`: a violation limit of the test ended the attempt (the server decided; decision 942). */
export type FinishReason = 'submitted' | 'timeUp' | 'alreadyCompleted' | 'terminated';

const COMPLETE: Record<Exclude<FinishReason, 'terminated'>, string> = {
  submitted: 'Your answers have been submitted.',
  timeUp: 'Time is up, and your answers have been submitted.',
  alreadyCompleted: 'You have completed this test, and your answers have been submitted.',
};

const PARTIAL: Record<Exclude<FinishReason, 'terminated'>, string> = {
  submitted: 'Your test has been submitted, but your last changes to some answers could not be saved:',
  timeUp: 'Time is up and your test has been submitted, but your last changes to some answers did not reach us in time:',
  alreadyCompleted: 'You have completed this test, but your last changes to some answers could not be saved:',
};

/** How an ended attempt is told: a terminated one says so whenever the page is opened again. */
export const finishReasonOf = (session: CandidateSession, otherwise: FinishReason): FinishReason =>
  session.endReason === 'terminated' ? 'terminated' : otherwise;

/**
 * The end of an attempt. `lost` names the questions whose last edit never reached the server: the page says
 * so instead of claiming all is in. Just after a submit, `countdown` leads on to the organisation's
 * `redirectURL`; later visits get a plain link.
 */
export function finishedView(session: CandidateSession, reason: FinishReason, lost: string[], countdown: RedirectCountdown | null): HTMLElement {
  const redirect = safeHttpUrl(session.redirectURL);
  const name = session.candidate.fullName;
  const lead =
    lost.length === 0
      ? h('p', { class: 'lead', 'data-testid': 'finish-lead' }, reason === 'terminated' ? terminatedLead(session) : COMPLETE[reason])
      : [
          h('p', { class: 'lead', 'data-testid': 'not-saved-message' }, reason === 'terminated' ? terminatedPartial(session) : PARTIAL[reason]),
          h(
            'ul',
            { class: 'not-saved', 'data-testid': 'not-saved-list' },
            lost.map((label) => h('li', null, label)),
          ),
          h('p', { class: 'muted' }, 'Earlier saved versions of these answers, if any, are the ones that count.'),
        ];
  const main = h(
    'main',
    { class: 'page', id: 'main' },
    h(
      'div',
      { class: 'card finish', 'data-testid': 'thank-you', 'data-reason': reason },
      h('div', { class: 'finish-mark', 'aria-hidden': 'true' }, reason === 'terminated' ? '!' : '✓'),
      h('h1', { tabindex: '-1', 'data-testid': 'finish-heading' }, heading(reason, name)),
      lead,
      h('p', { class: 'muted' }, session.test.testName),
      practiceResultView(session),
      reason === 'terminated' ? nextAfterTermination(session) : whatHappensNext(session),
      countdown ? countdown.element : redirect ? h('p', null, h('a', { href: redirect }, 'Continue')) : h('p', null, 'You can close this page now.'),
    ),
  );
  return framed(session.org, main);
}

/** A terminated attempt is not thanked (issue 59): its heading says what happened, its lead why. */
const heading = (reason: FinishReason, name: string): string =>
  reason === 'terminated' ? 'Your test was ended early' : name ? `Thank you, ${name}` : 'Thank you';

/** After a terminated attempt: who decides now, and whom to tell when the candidate could not help it. */
const nextAfterTermination = (session: CandidateSession): HTMLElement =>
  h(
    'p',
    { class: 'next-steps', 'data-testid': 'next-steps' },
    `Your answers up to then are with ${orgName(session.org)}, who decide what happens next and will be in touch with you. If something you could not help caused this, tell them: `,
    contactPhrase(session.org),
    '.',
  );

/** After the test: where the answers are and who acts next (the page's footer says whom to ask meanwhile). */
const whatHappensNext = (session: CandidateSession): HTMLElement =>
  h(
    'p',
    { class: 'next-steps', 'data-testid': 'next-steps' },
    `Your answers are with ${orgName(session.org)}. They will be in touch with you about what happens next.`,
  );

export function cancelledView(session: CandidateSession): HTMLElement {
  const main = h(
    'main',
    { class: 'page', id: 'main' },
    h(
      'div',
      { class: 'card' },
      h('p', { class: 'eyebrow' }, session.test.testName),
      h('h1', { tabindex: '-1' }, 'This invitation has been cancelled'),
      h('p', { class: 'notice notice-warn', 'data-testid': 'access-message', role: 'status' }, session.access.message ?? 'This invitation has been cancelled.'),
      h('p', { class: 'muted', 'data-testid': 'next-steps' }, 'If you think this is a mistake, ', contactPhrase(session.org), '.'),
    ),
  );
  return framed(session.org, main);
}
