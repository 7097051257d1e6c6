// A namespace import: esbuild then keeps only what is used of zod (scripts/build.mjs, decision 107).
import * as z from 'zod';
import { CodingLanguage } from '@assay/domain/schemas';
import { storage } from '../lib/storage.js';

/** A run this browser started and has not shown yet: enough to follow it again after a reload (decision 1105). */
const PendingRun = z.object({ runId: z.string().min(1).max(100), kind: z.enum(['samples', 'custom']), language: CodingLanguage });
export type PendingRun = z.infer<typeof PendingRun>;

const PendingByQuestion = z.record(z.string(), PendingRun);

/**
 * The runs of one attempt still on their way, by question, in localStorage: a reload (or a tab that lost its
 * connection and was reopened) picks each up by its id, and the server answers its results while it keeps them (10
 * minutes after it ended; then 404.11 and the page says to run again). Cleared when a run's end is shown, and with
 * the rest of the attempt's copy when it ends.
 */
export class PendingRuns {
  constructor(private readonly key: string) {}

  get(questionId: number): PendingRun | null {
    return this.all()[String(questionId)] ?? null;
  }

  set(questionId: number, run: PendingRun): void {
    storage.set(this.key, JSON.stringify({ ...this.all(), [String(questionId)]: run }));
  }

  clear(questionId: number): void {
    const { [String(questionId)]: _gone, ...rest } = this.all();
    if (Object.keys(rest).length === 0) storage.remove(this.key);
    else storage.set(this.key, JSON.stringify(rest));
  }

  private all(): Record<string, PendingRun> {
    try {
      const parsed = PendingByQuestion.safeParse(JSON.parse(storage.get(this.key) ?? '{}'));
      return parsed.success ? parsed.data : {};
    } catch {
      return {};
    }
  }
}
