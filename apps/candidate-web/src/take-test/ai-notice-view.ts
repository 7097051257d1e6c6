import type { CandidateSession } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { orgName } from '../views/who-is-asking.js';
import { aiNoticeWords } from './ai-notice-words.js';

/** The landing's AI notice and, where an assistant is offered, the acknowledgment Start waits for. */
export interface AiNotice {
  readonly element: HTMLElement;
  /** The candidate may start: nothing to acknowledge, or ticked. */
  ready(): boolean;
  /** The start says the candidate acknowledged it: the notice was shown (and ticked where asked; decision 1181). */
  readonly shown: boolean;
}

/**
 * Told before the clock starts (issue 60 item 1): which AI policy holds (per section when they differ), what is
 * recorded, and who runs the model — a labelled landmark, like the data notice. `onChange` follows the checkbox.
 */
export const aiNoticeSection = (session: CandidateSession, onChange: () => void): AiNotice | null => {
  const holder = session.dataNotice?.holder ?? orgName(session.org);
  const words = aiNoticeWords(session, holder);
  if (!words) return null;
  const checkbox = words.needsAcknowledgment
    ? h('input', { type: 'checkbox', id: 'ai-notice-ack', 'data-testid': 'ai-notice-ack', 'aria-describedby': 'ai-notice-ack-hint', onchange: onChange })
    : null;
  const element = h(
    'section',
    { class: 'ai-notice', 'aria-labelledby': 'ai-notice-heading', 'data-testid': 'ai-notice' },
    h('h2', { id: 'ai-notice-heading' }, 'AI in this test'),
    h(
      'ul',
      { class: 'rules', 'data-testid': 'ai-policy' },
      words.policy.map((line) => h('li', null, line)),
    ),
    words.model ? h('p', { 'data-testid': 'ai-model' }, words.model) : null,
    h('h3', null, 'What is recorded'),
    h(
      'ul',
      { class: 'recorded', 'data-testid': 'ai-recorded' },
      words.recorded.map((line) => h('li', null, line)),
    ),
    checkbox
      ? h(
          'p',
          { class: 'ai-notice-ack' },
          checkbox,
          h('label', { for: 'ai-notice-ack' }, 'I have read how AI may be used in this test and what is recorded.'),
          h('span', { id: 'ai-notice-ack-hint', class: 'sr-only' }, 'Start is enabled once this is ticked.'),
        )
      : null,
  );
  return { element, ready: () => checkbox?.checked ?? true, shown: true };
};
