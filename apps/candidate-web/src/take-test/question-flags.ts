import { storage } from '../lib/storage.js';

/** The question ids stored, whatever else the key holds (an old or edited value counts as no flags). Pure. */
export function parseFlags(stored: string | null): Set<string> {
  try {
    const value: unknown = JSON.parse(stored ?? '[]');
    return new Set(Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : []);
  } catch {
    return new Set();
  }
}

/**
 * The questions the candidate flagged for review: their own aid, kept in this browser for this attempt only
 * (decision 668). The server never hears of them, so they cannot score or report anything; they survive a reload
 * and go with the attempt's other local data when it ends.
 */
export class QuestionFlags {
  private readonly flagged: Set<string>;

  constructor(private readonly key: string) {
    this.flagged = parseFlags(storage.get(key));
  }

  has(questionId: string): boolean {
    return this.flagged.has(questionId);
  }

  /** Flags or unflags; answers whether it is flagged now. */
  toggle(questionId: string): boolean {
    if (this.flagged.has(questionId)) this.flagged.delete(questionId);
    else this.flagged.add(questionId);
    storage.set(this.key, JSON.stringify([...this.flagged]));
    return this.flagged.has(questionId);
  }

  static forget(key: string): void {
    storage.remove(key);
  }
}

/** A question's state in the navigator: "Answered", "Not answered", with ", flagged" when flagged. Pure. */
export const questionStateLabel = (answered: boolean, flagged: boolean): string => `${answered ? 'Answered' : 'Not answered'}${flagged ? ', flagged' : ''}`;
