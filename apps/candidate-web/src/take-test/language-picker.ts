import { h } from '../lib/dom.js';
import { languageName, type CodingLanguage } from './languages.js';

/** Keys that move the focus along the picker (never pick): the toolbar pattern of WAI-ARIA. */
const MOVES: Record<string, (index: number, count: number) => number> = {
  ArrowRight: (index, count) => (index + 1) % count,
  ArrowDown: (index, count) => (index + 1) % count,
  ArrowLeft: (index, count) => (index - 1 + count) % count,
  ArrowUp: (index, count) => (index - 1 + count) % count,
  Home: () => 0,
  End: (_index, count) => count - 1,
};

/**
 * The languages of a coding question as a toolbar of toggle buttons (aria-pressed) that wraps on narrow screens
 * (decision 752). Buttons rather than a select or radios: arrow keys on those change the value at once, and a
 * change here may ask a question. One Tab stop however many languages (the one in use): arrow keys, Home and End
 * move along the buttons, Enter or Space picks. `onPick` decides; `show` then marks the language in use.
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
            tabindex: language === current ? '0' : '-1',
            onclick: () => onPick(language),
          },
          languageName(language),
        ),
      ]),
    );
    const buttons = [...this.buttons.values()];
    this.element = h(
      'div',
      { class: 'language-picker', role: 'toolbar', 'aria-labelledby': labelId, 'data-testid': `language-picker-${questionId}` },
      h('span', { id: labelId, class: 'language-picker-label' }, 'Language'),
      buttons,
    );
    this.element.addEventListener('keydown', (event) => {
      const move = MOVES[event.key];
      const from = buttons.indexOf(event.target as HTMLButtonElement);
      if (!move || from < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      buttons[move(from, buttons.length)]!.focus();
    });
  }

  show(language: CodingLanguage): void {
    for (const [each, button] of this.buttons) {
      button.setAttribute('aria-pressed', String(each === language));
      button.tabIndex = each === language ? 0 : -1;
    }
  }
}
