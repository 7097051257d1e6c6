import { budgetWords } from './assistant-reply.js';

/** The attempt's assistant budget, shared by every question's panel: one answer's `remaining` updates them all. */
export class AssistantBudget {
  private readonly listeners: ((words: string) => void)[] = [];

  constructor(
    private remaining: number,
    private readonly total: number,
  ) {}

  watch(listener: (words: string) => void): void {
    this.listeners.push(listener);
    listener(budgetWords(this.remaining, this.total));
  }

  set(remaining: number): void {
    this.remaining = remaining;
    for (const listener of this.listeners) listener(budgetWords(remaining, this.total));
  }
}
