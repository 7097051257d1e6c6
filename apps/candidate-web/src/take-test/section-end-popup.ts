import type { CandidateSection } from '@assay/domain/candidate';
import { answeredCount, questionsOf, type Answers } from '../answers.js';
import { h } from '../lib/dom.js';
import { plural } from '../lib/format.js';
import { Modal } from '../lib/modal.js';

const sectionLabel = (sections: readonly CandidateSection[], index: number): string =>
  sections.length > 1 ? `section ${index + 1}: ${sections[index]!.sectionName}` : sections[index]!.sectionName;

/** What the dialog says of the section being left: how much of it is unanswered, and that it can be reopened. */
export const sectionEndText = (section: CandidateSection, answers: Answers): string => {
  const total = questionsOf(section).length;
  const open = total - answeredCount(section, answers);
  const gaps =
    open === 0
      ? 'Every question in this section has an answer.'
      : `${open} of ${plural(total, 'question')} in this section ${open === 1 ? 'is' : 'are'} unanswered.`;
  return `${gaps} You can come back to it until you submit the test.`;
};

/**
 * The test's section-end popup (issue 52, `sectionEndPopup`; decision 965): leaving a section for another asks first,
 * naming what is unanswered in it. Keyboard first: the focus starts on going on (the move the candidate asked for),
 * Esc or "Stay" keeps them where they were and the focus returns to the control they used. Off: the move is made at once.
 */
export class SectionEndPopup {
  constructor(
    private readonly root: HTMLElement,
    private readonly enabled: boolean,
  ) {}

  leave(sections: readonly CandidateSection[], from: number, to: number, answers: Answers, go: () => void): void {
    const section = sections[from];
    if (!this.enabled || from === to || !section || !sections[to]) {
      go();
      return;
    }
    let going = false;
    const stay = h('button', { type: 'button', class: 'button button-secondary', 'data-testid': 'section-end-stay' }, 'Stay in this section');
    const onward = h('button', { type: 'button', class: 'button button-primary', 'data-testid': 'section-end-go' }, `Go to ${sectionLabel(sections, to)}`);
    const modal = new Modal({
      title: `End of ${sectionLabel(sections, from)}`,
      content: h('p', { 'data-testid': 'section-end-text' }, sectionEndText(section, answers)),
      actions: [stay, onward],
      testId: 'section-end-dialog',
      // After the focus has gone back to where the candidate was: the new section then takes it.
      onClose: () => queueMicrotask(() => going && go()),
    });
    stay.addEventListener('click', () => modal.close());
    onward.addEventListener('click', () => {
      going = true;
      modal.close();
    });
    modal.open(this.root, onward);
  }
}
