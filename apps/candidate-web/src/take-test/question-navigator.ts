import type { CandidateQuestion } from '@assay/domain/candidate';
import { focusHeading, h } from '../lib/dom.js';
import type { LiveRegion } from '../lib/live-region.js';
import { type QuestionFlags, questionStateLabel } from './question-flags.js';

/** One question as the navigator and its flag know it. */
interface Entry {
  readonly question: CandidateQuestion;
  readonly number: number;
  /** The question's article, and its heading (where a jump puts the focus). */
  readonly element: HTMLElement;
  readonly heading: HTMLElement | null;
  readonly flag: HTMLButtonElement;
  readonly state: HTMLElement;
  readonly link: HTMLButtonElement;
  answered: boolean;
}

/**
 * A section's questions at a glance (decision 668): a list of buttons, one per question, each saying its state
 * (answered, not answered, flagged) and jumping to it; and the "Flag for review" toggle in each question's head.
 */
export class QuestionNavigator {
  readonly element: HTMLElement;
  private readonly entries: Entry[] = [];

  constructor(
    sectionName: string,
    questions: { question: CandidateQuestion; number: number; element: HTMLElement; head: HTMLElement }[],
    private readonly flags: QuestionFlags,
    private readonly news: LiveRegion,
  ) {
    for (const { question, number, element, head } of questions) {
      const id = String(question.questionId);
      const flag = h('button', { type: 'button', class: 'flag-toggle', 'aria-pressed': String(flags.has(id)), 'data-testid': `flag-${id}` }, 'Flag for review');
      head.append(flag);
      const state = h('span', { class: 'question-nav-state' });
      const link = h(
        'button',
        { type: 'button', class: 'question-nav-item', 'data-testid': `nav-${id}` },
        h('span', { class: 'question-nav-number' }, `Question ${number}`),
        ' ',
        state,
      );
      const entry: Entry = { question, number, element, heading: element.querySelector('h3'), flag, state, link, answered: false };
      flag.addEventListener('click', () => this.toggle(entry));
      link.addEventListener('click', () => this.jump(entry));
      this.entries.push(entry);
      this.show(entry);
    }
    this.element = h(
      'nav',
      { class: 'question-nav', 'aria-label': `Questions in ${sectionName}`, 'data-testid': 'question-nav' },
      h(
        'ol',
        null,
        this.entries.map((entry) => h('li', null, entry.link)),
      ),
    );
    this.element.hidden = this.entries.length === 0;
  }

  /** Answered or not, as the page counts it. */
  showAnswered(isAnswered: (question: CandidateQuestion) => boolean): void {
    for (const entry of this.entries) {
      const answered = isAnswered(entry.question);
      if (answered === entry.answered) continue;
      entry.answered = answered;
      this.show(entry);
    }
  }

  private toggle(entry: Entry): void {
    const flagged = this.flags.toggle(String(entry.question.questionId));
    this.show(entry);
    this.news.say(flagged ? `Question ${entry.number} flagged for review.` : `Question ${entry.number} no longer flagged.`);
  }

  private jump(entry: Entry): void {
    entry.element.scrollIntoView({ block: 'start' });
    focusHeading(entry.heading);
  }

  private show(entry: Entry): void {
    const flagged = this.flags.has(String(entry.question.questionId));
    entry.flag.setAttribute('aria-pressed', String(flagged));
    entry.state.textContent = questionStateLabel(entry.answered, flagged);
    entry.link.dataset.state = entry.answered ? 'answered' : 'unanswered';
    entry.link.classList.toggle('flagged', flagged);
  }
}
