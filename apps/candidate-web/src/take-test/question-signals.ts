import { largeInsertionOf, textSize, type QuestionEventInput } from '@assay/domain/candidate';
import type { Answer } from '../answers.js';
import type { ServerClock } from '../lib/clock.js';
import { TypingMeters } from './typing-meters.js';

/** A change this soon after a paste into the same question is that paste (already told by its size). */
const PASTE_CHANGE_MS = 1_000;

const textOf = (answer: Answer | undefined): string => (answer?.kind === 'code' ? answer.code : answer?.kind === 'text' ? answer.text : '');

/**
 * What the page tells the server about each question (issue 34): which one is in front of the candidate (the one that
 * takes the focus, or the first of a section when it opens), pastes and large insertions by their size — never their
 * text — and the first keystroke of each answer. Everything is best effort: an event that cannot be sent (offline,
 * past the deadline) costs the report a figure, never the candidate.
 */
export class QuestionSignals {
  private inView: number | null = null;
  private readonly typed = new Set<number>();
  private readonly pastedAt = new Map<number, number>();
  private readonly typing: TypingMeters;

  constructor(
    private readonly send: (event: QuestionEventInput) => Promise<unknown>,
    private readonly clock: ServerClock,
  ) {
    this.typing = new TypingMeters(
      (event) => this.report(event),
      () => clock.now(),
    );
  }

  private report(event: QuestionEventInput): void {
    void this.send(event).catch(() => undefined);
  }

  /** Sends every open window of typing now (the answers are being sent before a submission). */
  flushTyping(): void {
    this.typing.flush();
  }

  /** `questionId` is now the question in front of the candidate (told once per change). */
  view(questionId: number): void {
    if (this.inView === questionId) return;
    // Leaving a question ends its window of typing: a departure or another question is no part of it.
    this.typing.flush();
    this.inView = questionId;
    this.report({ type: 'question', at: this.clock.iso(), questionId });
  }

  /** Follows a question's element: the focus coming into it, and pastes into its answer (their size). */
  watch(element: HTMLElement, questionId: number, questionText = ''): void {
    this.typing.know(questionId, questionText);
    element.addEventListener('focusin', () => this.view(questionId));
    element.addEventListener(
      'paste',
      (event) => {
        const text = event.clipboardData?.getData('text/plain') ?? '';
        if (text === '') return;
        this.pastedAt.set(questionId, Date.now());
        const questionWords = this.typing.questionWords(questionId, text);
        this.report({ type: 'paste', at: this.clock.iso(), questionId, ...textSize(text), ...(questionWords > 0 ? { questionWords } : {}) });
      },
      // Before the editor or the text box handles it.
      { capture: true },
    );
  }

  /**
   * The candidate changed an answer by typing (not a reset or a language switch): the first such change is the first
   * keystroke; one adding many characters at once that was not a paste is a large insertion.
   */
  typedChange(questionId: number, before: Answer | undefined, after: Answer): void {
    const pasted = this.pastedAt.get(questionId);
    const fromPaste = pasted !== undefined && Date.now() - pasted < PASTE_CHANGE_MS;
    const insertion = largeInsertionOf(textOf(before), textOf(after));
    this.typing.change(questionId, textOf(before), textOf(after), fromPaste ? 'pasted' : insertion !== null ? 'inserted' : 'typed');
    if (fromPaste) return;
    if (insertion !== null) {
      this.report({ type: 'insertion', at: this.clock.iso(), questionId, ...insertion });
      return;
    }
    if (this.typed.has(questionId)) return;
    this.typed.add(questionId);
    this.report({ type: 'keystroke', at: this.clock.iso(), questionId });
  }
}
