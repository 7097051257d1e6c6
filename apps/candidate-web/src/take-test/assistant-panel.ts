import type { CandidateAssistantApi } from '@assay/client';
import type { AiPolicy, AssistantStreamEvent } from '@assay/domain/ai';
import type { CodingLanguage } from './languages.js';
import { failureOf } from '../api/failure.js';
import { h, isBusy, replaceChildren, setBusy } from '../lib/dom.js';
import { LiveRegion } from '../lib/live-region.js';
import type { AssistantBudget } from './assistant-budget.js';
import { replySegments } from './assistant-reply.js';

/** What the panel needs of the question it sits beside. */
export interface AssistantQuestionHooks {
  readonly questionId: number;
  readonly policy: Exclude<AiPolicy, 'none'>;
  /**
   * The answer as the candidate has it now, and its language (coding): sent only when they choose to share it; null:
   * the server shares the saved answer.
   */
  currentAnswer(): { answer: string; language?: CodingLanguage } | null;
  /** Inserts code at the editor's cursor; answers where it starts. Absent: nothing to insert into (a written answer). */
  readonly insert?: (code: string) => { line: number; column: number };
  /** Messages sent on this question before the page loaded (the session says): shown again from the server. */
  readonly earlierMessages: number;
}

/** Said when the stream breaks or the model does not answer (issue 60 item 2): plain, and the test goes on. */
const NOT_ANSWERING = 'The assistant is not answering right now; your test goes on.';

const POLICY_HINT: Record<AssistantQuestionHooks['policy'], string> = {
  guarded: 'It explains, points at bugs and answers questions about syntax and concepts; it never writes the solution.',
  open: 'It may write code for you. Everything you send and insert is recorded.',
};

/**
 * The chat beside a question (issue 60 item 3, docs/ai.md "The assistant's API"): a message box (Enter sends,
 * Shift+Enter is a new line, Escape stops), the reply streamed as text nodes — never HTML, the reply is untrusted —
 * with "Insert into editor" on each code block once answered (recorded through the insertion route), a withheld
 * reply replaced by the server's sentence, the attempt's budget, and a polite live region that says when a reply
 * starts and ends, not each piece. A collapsible region (details), open on wide screens.
 */
export class AssistantPanel {
  readonly element: HTMLElement;
  private readonly log: HTMLOListElement;
  private readonly input: HTMLTextAreaElement;
  private readonly share: HTMLInputElement;
  private readonly send: HTMLButtonElement;
  private readonly stop: HTMLButtonElement;
  private readonly status: HTMLElement;
  private readonly news = new LiveRegion();
  private streaming: AbortController | null = null;

  constructor(
    private readonly api: CandidateAssistantApi,
    private readonly hooks: AssistantQuestionHooks,
    private readonly budget: AssistantBudget,
    unavailable: string | null,
  ) {
    const id = String(hooks.questionId);
    this.log = h('ol', { class: 'assistant-log', 'data-testid': `assistant-log-${id}`, 'aria-label': 'Conversation with the assistant' });
    this.input = h('textarea', {
      id: `assistant-input-${id}`,
      class: 'assistant-input',
      rows: 3,
      maxlength: 4000,
      'data-testid': `assistant-input-${id}`,
      'aria-describedby': `assistant-keys-${id}`,
      onkeydown: (event) => this.onKey(event as KeyboardEvent),
    });
    this.share = h('input', { type: 'checkbox', id: `assistant-share-${id}`, 'data-testid': `assistant-share-${id}` });
    this.send = h('button', { type: 'submit', class: 'button button-primary', 'data-testid': `assistant-send-${id}` }, 'Send');
    this.stop = h(
      'button',
      { type: 'button', class: 'button button-secondary', 'data-testid': `assistant-stop-${id}`, hidden: true, onclick: () => this.cancel() },
      'Stop',
    );
    this.status = h('p', { class: 'assistant-status', 'data-testid': `assistant-status-${id}`, role: 'status' }, unavailable ?? '');
    const remaining = h('p', { class: 'hint hint-small', 'data-testid': `assistant-budget-${id}` });
    budget.watch((words) => {
      remaining.textContent = words;
    });
    const form = h(
      'form',
      {
        class: 'assistant-form',
        onsubmit: (event) => {
          event.preventDefault();
          void this.ask();
        },
      },
      h('label', { for: `assistant-input-${id}` }, 'Your message to the assistant'),
      this.input,
      h('p', { id: `assistant-keys-${id}`, class: 'hint hint-small' }, 'Enter sends; Shift+Enter starts a new line; Escape stops a reply.'),
      h('p', { class: 'assistant-share' }, this.share, h('label', { for: `assistant-share-${id}` }, 'Share my current answer with the assistant')),
      h('p', { class: 'hint hint-small' }, 'Off by default: the assistant then sees the question and your messages only.'),
      h('div', { class: 'run-row' }, this.send, this.stop),
      remaining,
    );
    const details = h(
      'details',
      { class: 'assistant', 'data-testid': `assistant-${id}` },
      h('summary', { class: 'assistant-summary' }, hooks.policy === 'guarded' ? 'AI assistant (explains, never solves)' : 'AI assistant'),
      h('p', { class: 'hint' }, POLICY_HINT[hooks.policy]),
      this.log,
      this.status,
      this.news.element,
      form,
    );
    if (hooks.earlierMessages > 0) void this.restore();
    // Open beside the question on wide screens; one disclosure away on narrow ones.
    details.open = window.matchMedia?.('(min-width: 64rem)').matches ?? true;
    this.element = h('section', { class: 'assistant-region', 'aria-label': `AI assistant for question ${id}` }, details);
  }

  /** A reloaded page: the conversation so far, as the server kept it (a withheld reply as its sentence). */
  private async restore(): Promise<void> {
    try {
      const { messages } = await this.api.conversation(this.hooks.questionId);
      for (const message of messages) {
        const body = h('div', { class: 'assistant-reply' });
        if (message.state === 'withheld') body.append(h('p', { class: 'assistant-withheld', 'data-testid': 'assistant-withheld' }, message.reply ?? ''));
        else body.append(...this.segments(message.reply ?? message.failure ?? '', message.state === 'answered' ? message.messageId : null));
        this.log.append(
          h('li', { class: 'assistant-mine' }, h('span', { class: 'assistant-who' }, 'You'), h('p', null, message.text)),
          h('li', { class: 'assistant-theirs' }, h('span', { class: 'assistant-who' }, 'Assistant'), body),
        );
      }
    } catch {
      // The earlier messages stay on the server and in the report; the panel works without them.
      this.status.textContent = 'Your earlier messages to the assistant could not be loaded; they are kept.';
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Enter' && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      void this.ask();
    } else if (event.key === 'Escape' && this.streaming) {
      event.preventDefault();
      this.cancel();
    }
  }

  private cancel(): void {
    this.streaming?.abort();
  }

  private async ask(): Promise<void> {
    const message = this.input.value.trim();
    if (!message || this.streaming || isBusy(this.send)) return;
    const shared = this.share.checked;
    const current = shared ? this.hooks.currentAnswer() : null;
    const mine = h('li', { class: 'assistant-mine' }, h('span', { class: 'assistant-who' }, 'You'), h('p', null, message));
    const body = h('div', { class: 'assistant-reply' });
    const theirs = h('li', { class: 'assistant-theirs' }, h('span', { class: 'assistant-who' }, 'Assistant'), body);
    this.log.append(mine, theirs);
    this.streaming = new AbortController();
    setBusy(this.send, true, 'Sending…');
    this.stop.hidden = false;
    this.status.textContent = '';
    let text = '';
    let messageId: number | null = null;
    let ended = false;
    const draw = (insertable: boolean) => replaceChildren(body, ...this.segments(text, insertable ? messageId : null));
    const onEvent = (event: AssistantStreamEvent) => {
      switch (event.event) {
        case 'accepted':
          messageId = event.data.messageId;
          this.input.value = '';
          this.news.say('The assistant is replying.');
          break;
        case 'delta':
          text += event.data.text;
          draw(false);
          break;
        case 'checking':
          this.status.textContent = 'Checking the reply…';
          break;
        case 'withheld':
          text = '';
          replaceChildren(body, h('p', { class: 'assistant-withheld', 'data-testid': 'assistant-withheld' }, event.data.message));
          break;
        case 'done':
          ended = true;
          this.budget.set(event.data.remaining.messages);
          this.status.textContent = '';
          if (event.data.state === 'answered') draw(true);
          this.news.say(event.data.state === 'answered' ? 'The assistant has replied.' : 'The assistant’s reply was withheld.');
          break;
        case 'error':
          ended = true;
          if (event.data.remaining) this.budget.set(event.data.remaining.messages);
          this.status.textContent = event.data.kind === 'cancelled' ? 'Stopped.' : event.data.message;
          this.news.say(event.data.kind === 'cancelled' ? 'Stopped.' : event.data.message);
          break;
      }
    };
    try {
      await this.api.ask(
        this.hooks.questionId,
        { message, shareAnswer: shared, ...(current ? { answer: current.answer, ...(current.language ? { language: current.language } : {}) } : {}) },
        { onEvent, signal: this.streaming.signal },
      );
      if (!ended) this.failed(NOT_ANSWERING);
    } catch (error) {
      if (this.streaming.signal.aborted) this.failed('Stopped. Your message is kept; you can ask again.');
      else {
        const failure = failureOf(error);
        // A refusal says why in the server's words (budget, one at a time, off); no answer at all is the model's or the network's.
        this.failed(failure.status === 0 || failure.status >= 500 ? NOT_ANSWERING : failure.message);
        if (messageId === null) theirs.remove();
      }
    } finally {
      this.streaming = null;
      setBusy(this.send, false, 'Send');
      this.stop.hidden = true;
    }
  }

  private failed(sentence: string): void {
    this.status.textContent = sentence;
    this.news.say(sentence);
  }

  private segments(text: string, messageId: number | null): HTMLElement[] {
    return replySegments(text).map((segment) => {
      if (segment.kind === 'text') return h('p', { class: 'assistant-text' }, segment.text);
      const insert =
        messageId !== null && this.hooks.insert
          ? h('button', { type: 'button', class: 'button button-secondary button-small', 'data-testid': 'assistant-insert' }, 'Insert into editor')
          : null;
      insert?.addEventListener('click', () => void this.insertCode(insert, segment.code, messageId!));
      return h('div', { class: 'assistant-code' }, h('pre', { tabindex: '0', 'aria-label': 'Code from the assistant' }, h('code', null, segment.code)), insert);
    });
  }

  private async insertCode(button: HTMLButtonElement, code: string, messageId: number): Promise<void> {
    if (!this.hooks.insert || code.length === 0) return;
    const { line, column } = this.hooks.insert(code);
    this.news.say('Inserted into the editor.');
    try {
      await this.api.recordInsertion(this.hooks.questionId, { messageId, chars: code.length, line, column });
    } catch (error) {
      // The code is in the editor either way; the record is the hiring team's, the candidate is told it was not kept.
      this.status.textContent = `The insertion was made but not recorded: ${failureOf(error).message}`;
      button.focus();
    }
  }
}
