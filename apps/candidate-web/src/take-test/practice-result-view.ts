import type { CandidateSession, PracticeResult } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { formatNumber } from '../lib/format.js';

/**
 * The end of a practice test (decision 961): the score and how each question went, or, while the answers are being
 * scored, a link that opens this page again. Nothing for a test that is not practice.
 */
export function practiceResultView(session: CandidateSession): HTMLElement | null {
  if (!session.practiceTest) return null;
  const result = session.practiceResult;
  return h(
    'section',
    { class: 'notice notice-info practice-result', 'data-testid': 'practice-result', 'aria-labelledby': 'practice-result-title' },
    h('h2', { id: 'practice-result-title' }, 'Your practice result'),
    result?.scored ? scoredParts(result) : pendingParts(),
  );
}

const scoredParts = (result: PracticeResult): HTMLElement[] => [
  h(
    'p',
    { 'data-testid': 'practice-score' },
    `You scored ${formatNumber(result.score)} of ${formatNumber(result.maxScore)} (${formatNumber(result.percent)} %)${result.provisional ? ' so far: some answers are still to be marked by a person' : ''}.`,
  ),
  h(
    'ul',
    { class: 'practice-questions', 'data-testid': 'practice-questions' },
    result.questions.map((question) =>
      h('li', { 'data-outcome': question.outcome }, `Question ${question.number} (${question.sectionName}): ${question.outcome}`),
    ),
  ),
];

const pendingParts = (): HTMLElement[] => [
  h('p', { 'data-testid': 'practice-pending' }, 'Your answers are being scored; this takes a moment.'),
  h('p', null, h('a', { href: location.href, 'data-testid': 'practice-reload' }, 'Show my result')),
];
