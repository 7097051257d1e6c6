import { h } from '../lib/dom.js';
import { languageName, type CodingLanguage } from './languages.js';

/**
 * The languages of a coding question as a group of toggle buttons (aria-pressed). Buttons rather than a
 * select or radios: arrow keys on those change the value at once, and a change here may ask a question.
 * `onPick` decides; `show` then marks the language in use.
 */
export class LanguagePicker {
  readonly element: HTMLElement;
  private readonly buttons: Map<CodingLanguage, HTMLButtonElement>;

  constructor(questionId: string, languages: CodingLanguage[], current: CodingLanguage, onPick: (language: CodingLanguage) => void) {
    const labelId = `language-label-${questionId}`;
    this.buttons = new Map(
      languages.map((language) => [
        language,
        h(
          'button',
          {
            type: 'button',
            class: 'language-option',
            'data-testid': `language-${questionId}-${language}`,
            'aria-pressed': String(language === current),
            onclick: () => onPick(language),
          },
          languageName(language),
        ),
      ]),
    );
    this.element = h(
      'div',
      { class: 'language-picker', role: 'group', 'aria-labelledby': labelId, 'data-testid': `language-picker-${questionId}` },
      h('span', { id: labelId, class: 'language-picker-label' }, 'Language'),
      [...this.buttons.values()],
    );
  }

  show(language: CodingLanguage): void {
    for (const [each, button] of this.buttons) button.setAttribute('aria-pressed', String(each === language));
  }
}
