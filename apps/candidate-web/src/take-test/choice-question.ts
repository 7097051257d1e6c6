import type { CandidateChoiceQuestion } from '@assay/domain/candidate';
import { h } from '../lib/dom.js';
import { richInlineText } from '../lib/rich-text.js';
import type { QuestionContext } from './question-context.js';

/** The options of a single- or multiple-choice question, and a button to clear the answer. */
export function choiceOptions(question: CandidateChoiceQuestion, titleId: string, textId: string, context: QuestionContext): HTMLElement {
  const id = String(question.questionId);
  const single = question.type === 'single_choice';
  const selected = new Set(context.answer?.kind === 'choice' ? context.answer.optionIds : []);
  const inputs: HTMLInputElement[] = [];
  const onChange = () => {
    const optionIds = inputs.filter((input) => input.checked).map((input) => Number(input.value));
    context.onChange({ kind: 'choice', optionIds });
    clear.hidden = optionIds.length === 0;
  };
  const options = (question.options ?? []).map((option) => {
    const inputId = `option-${id}-${option.optionId}`;
    const input = h('input', {
      type: single ? 'radio' : 'checkbox',
      name: `answer-${id}`,
      id: inputId,
      value: String(option.optionId),
      'data-testid': `option-${id}-${option.optionId}`,
      checked: selected.has(option.optionId),
      onchange: onChange,
    });
    input.checked = selected.has(option.optionId);
    inputs.push(input);
    return h('label', { class: 'option', for: inputId }, input, h('span', { class: 'option-text' }, richInlineText(option.text)));
  });
  const clear = h(
    'button',
    {
      type: 'button',
      class: 'link-button',
      'data-testid': `clear-${id}`,
      hidden: selected.size === 0,
      onclick: () => {
        for (const input of inputs) input.checked = false;
        onChange();
        inputs[0]?.focus();
      },
    },
    single ? 'Clear my answer' : 'Clear my answers',
  );
  return h(
    'fieldset',
    { class: 'options', 'aria-labelledby': `${titleId} ${textId}` },
    h('p', { class: 'hint' }, single ? 'Choose one answer.' : 'Choose all the answers that apply.'),
    options,
    h('div', { class: 'options-footer' }, clear),
  );
}
