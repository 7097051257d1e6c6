import { MAX_TEXT_ANSWER_LENGTH, type CandidateFreeTextQuestion, type CandidateShortAnswerQuestion } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';
import { TYPING_SAVE_DELAY_MS, type QuestionContext } from './question-context.js';
import { tallyWords, wordNews, type WordTally } from './word-count.js';

/**
 * A written answer's box: one line for a short answer, a text area for an essay, saved as the candidate types (the
 * page's answer queue, like code). An essay shows its words counted as the server counts them; the server refuses an
 * essay over its limit, and its words then appear under the box while the text stays in it.
 */
export function writtenAnswer(
  question: CandidateShortAnswerQuestion | CandidateFreeTextQuestion,
  number: number,
  textId: string,
  context: QuestionContext,
): HTMLElement {
  const id = String(question.questionId);
  const essay = question.type === 'free_text';
  const limit = essay ? question.wordLimit : null;
  const boxId = `answer-${id}`;
  const hintId = `answer-hint-${id}`;
  const counterId = `word-count-${id}`;
  const refusalId = `answer-refusal-${id}`;

  const hint = h(
    'p',
    { id: hintId, class: 'hint' },
    essay ? (limit === null ? 'Write your answer below.' : `Write your answer below, in at most ${limit} words.`) : 'Type a short answer.',
  );
  // Read with the box (aria-describedby), not announced: `news` says when the count matters (against a limit).
  const counter = essay ? h('p', { id: counterId, class: 'word-count', 'data-testid': `word-count-${id}` }) : null;
  const news = limit === null ? null : new LiveRegion({ testId: `word-news-${id}` });
  // Empty, never `hidden`, while there is nothing to say: a description is read even from hidden elements.
  const refusal = h('p', { id: refusalId, class: 'field-error answer-refusal', 'data-testid': `answer-refusal-${id}` });
  const describedBy = [textId, hintId, counter ? counterId : null, refusalId].filter(Boolean).join(' ');
  const attrs = {
    id: boxId,
    class: essay ? 'written-box written-essay' : 'written-box',
    'data-testid': `answer-box-${id}`,
    maxlength: MAX_TEXT_ANSWER_LENGTH,
    'aria-describedby': describedBy,
    autocomplete: 'off',
  };
  const box = essay ? h('textarea', { ...attrs, rows: 10 }) : h('input', { ...attrs, type: 'text' });
  box.value = context.answer?.kind === 'text' ? context.answer.text : '';

  /** The counter as the text stands; null for a short answer, which has none. */
  let shown: WordTally | null = null;
  const count = () => {
    if (!counter) return;
    const tally = tallyWords(box.value, limit);
    const said = shown ? wordNews(shown.level, tally, limit) : null;
    shown = tally;
    counter.textContent = tally.label;
    counter.classList.toggle('word-count-over', tally.level === 'over');
    if (tally.level === 'over') box.setAttribute('aria-invalid', 'true');
    else box.removeAttribute('aria-invalid');
    if (said) news?.say(said);
  };
  count();
  box.addEventListener('input', () => {
    count();
    context.onChange({ kind: 'text', text: box.value }, TYPING_SAVE_DELAY_MS);
  });
  context.watchSaving((refused) => {
    refusal.textContent = refused ?? '';
  });

  return h(
    'div',
    { class: 'written-answer' },
    h('label', { for: boxId, class: 'written-label' }, `Your answer to Question ${number}`),
    hint,
    box,
    counter,
    refusal,
    news?.element,
  );
}
