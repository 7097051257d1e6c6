import { storage } from '../lib/storage.js';
import { AnswerSync } from './answer-sync.js';
import { PendingRuns } from './pending-runs.js';

/**
 * What this browser keeps of one invitation's attempt: the answers not yet saved (AnswerSync's offline copy), the
 * section shown last (a reload opens it again) and the flags for review.
 */
export class LocalAttempt {
  readonly answersKey: string;
  /** The candidate's flags for review, in this browser only (decision 668). */
  readonly flagsKey: string;
  /** Runs on their way, to follow again after a reload (decision 1105). */
  readonly pendingRuns: PendingRuns;
  private readonly sectionKey: string;
  private readonly runsKey: string;

  constructor(token: string) {
    this.answersKey = `assay.answers.${token}`;
    this.sectionKey = `assay.section.${token}`;
    this.flagsKey = `assay.flags.${token}`;
    this.runsKey = `assay.runs.${token}`;
    this.pendingRuns = new PendingRuns(this.runsKey);
  }

  /** The section shown last, when it is one of the test's `count`; else the first. */
  section(count: number): number {
    const stored = Number(storage.get(this.sectionKey));
    return Number.isInteger(stored) && stored >= 0 && stored < count ? stored : 0;
  }

  saveSection(index: number): void {
    storage.set(this.sectionKey, String(index));
  }

  /** The attempt has ended here: where the candidate was goes (the answers' copy is AnswerSync's to clear as it stops). */
  forgetPlace(): void {
    storage.remove(this.sectionKey);
    storage.remove(this.flagsKey);
    storage.remove(this.runsKey);
  }

  /** Nothing of an attempt that is over stays in this browser. */
  forget(): void {
    AnswerSync.clearLocal(this.answersKey);
    this.forgetPlace();
  }
}
