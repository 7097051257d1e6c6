import type { CandidateFollowUps } from '@assay/domain/ai';
import { h } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';
import { type FollowUpHooks, TYPING_SAVE_DELAY_MS } from './question-context.js';

type FollowUp = CandidateFollowUps['followUps'][number];

const clock = (seconds: number): string => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;

/**
 * "Submit this answer" under a coding or written question, then its follow-ups one at a time (decision 1220): the
 * question, a box that refuses paste (each try counted, decision 1228), a timer, and a send button. The text is saved
 * as typed; when the timer reaches zero the last save stands and the next follow-up is asked.
 */
export class FollowUpPanel {
  readonly element: HTMLElement;
  private readonly list = h('ol', { class: 'follow-up-list' });
  private readonly news: LiveRegion;
  private readonly submit: HTMLButtonElement;
  private timer: number | undefined;
  private saveTimer: number | undefined;

  constructor(private readonly hooks: FollowUpHooks) {
    const id = hooks.questionId;
    this.news = new LiveRegion({ testId: `follow-up-news-${id}` });
    this.submit = h(
      'button',
      { type: 'button', class: 'secondary follow-up-submit', 'data-testid': `submit-answer-${id}`, onclick: () => void this.start() },
      'Submit this answer',
    );
    const note = h(
      'p',
      { class: 'hint' },
      `When you submit this answer you are asked ${hooks.count === 1 ? 'one short question' : `${hooks.count} short questions`} about it, ${clock(hooks.seconds)} each, in your test's time. Pasting is blocked there.`,
    );
    this.element = h(
      'section',
      { class: 'follow-ups', 'aria-label': `Follow-up questions on question ${id}`, 'data-testid': `follow-ups-${id}` },
      h('h4', { class: 'follow-up-title' }, 'Follow-up questions'),
      note,
      this.submit,
      this.list,
      this.news.element,
    );
    // A reloaded page finds the follow-ups already asked.
    void hooks.api.read(id).then(
      (state) => state.followUps.length > 0 && this.render(state),
      () => undefined,
    );
  }

  private async start(): Promise<void> {
    this.submit.disabled = true;
    this.news.say('Submitting your answer…');
    try {
      await this.hooks.flush();
      const state = await this.hooks.api.submit(this.hooks.questionId);
      if (state.followUps.length === 0) {
        this.news.say('Your answer is submitted.');
        this.submit.disabled = false;
        return;
      }
      this.render(state);
    } catch {
      this.submit.disabled = false;
      this.news.say('Your answer could not be submitted; try again.');
    }
  }

  private render(state: CandidateFollowUps): void {
    window.clearInterval(this.timer);
    this.submit.hidden = true;
    this.list.replaceChildren(...state.followUps.filter((followUp) => followUp.state !== 'waiting').map((followUp) => this.item(followUp)));
    const open = state.followUps.find((followUp) => followUp.state === 'open');
    if (open) this.news.say(`Follow-up ${open.position + 1} of ${state.followUps.length}: ${open.text ?? ''}`);
    else this.news.say('The follow-up questions are done.');
  }

  private item(followUp: FollowUp): HTMLElement {
    const key = `${this.hooks.questionId}-${followUp.position}`;
    const label = h('p', { class: 'follow-up-question', id: `follow-up-q-${key}` }, followUp.text ?? '');
    if (followUp.state === 'closed')
      return h('li', { 'data-testid': `follow-up-${key}` }, label, h('p', { class: 'follow-up-answer-done' }, followUp.answer || '(no answer)'));
    const box = h('textarea', {
      class: 'written-box follow-up-box',
      rows: 4,
      'aria-labelledby': `follow-up-q-${key}`,
      'data-testid': `follow-up-answer-${key}`,
      autocomplete: 'off',
    });
    box.value = followUp.answer;
    const refusePaste = (event: Event) => {
      event.preventDefault();
      event.stopPropagation();
      this.news.say('Pasting is blocked in follow-up questions: type your answer.');
      void this.hooks.api.refusedPaste(this.hooks.questionId, followUp.position).catch(() => undefined);
    };
    box.addEventListener('paste', refusePaste);
    box.addEventListener('drop', refusePaste);
    box.addEventListener('input', () => {
      window.clearTimeout(this.saveTimer);
      this.saveTimer = window.setTimeout(() => void this.save(followUp.position, box.value, false), TYPING_SAVE_DELAY_MS);
    });
    let left = followUp.secondsLeft;
    const timer = h('span', { class: 'follow-up-timer', 'data-testid': `follow-up-timer-${key}` }, `${clock(left)} left`);
    this.timer = window.setInterval(() => {
      left = Math.max(0, left - 1);
      timer.textContent = `${clock(left)} left`;
      if (left === 30) this.news.say('30 seconds left on this follow-up.');
      if (left === 0) {
        window.clearInterval(this.timer);
        void this.save(followUp.position, box.value, false).finally(() => void this.refresh());
      }
    }, 1_000);
    const send = h(
      'button',
      { type: 'button', 'data-testid': `follow-up-send-${key}`, onclick: () => void this.save(followUp.position, box.value, true) },
      'Send answer',
    );
    return h('li', { 'data-testid': `follow-up-${key}` }, label, box, h('div', { class: 'follow-up-actions' }, timer, send));
  }

  private async save(position: number, answer: string, final: boolean): Promise<void> {
    window.clearTimeout(this.saveTimer);
    try {
      const state = await this.hooks.api.save(this.hooks.questionId, position, { answer, final });
      if (final) this.render(state);
    } catch {
      // Closed (409.100): the last save stands; the page moves on with the server's state.
      if (final) await this.refresh();
    }
  }

  private async refresh(): Promise<void> {
    try {
      this.render(await this.hooks.api.read(this.hooks.questionId));
    } catch {
      this.news.say('The follow-up questions could not be loaded; they will be asked again when the page reloads.');
    }
  }
}
