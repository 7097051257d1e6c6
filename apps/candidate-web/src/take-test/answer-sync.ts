import type { AnswerInput } from '@assay/domain/candidate';
import type { PendingAnswer } from '../answers.js';
import type { CandidateApi } from '../api/candidate-api.js';
import { failureOf, refusalOf, type Failure } from '../api/failure.js';
import type { ServerClock } from '../lib/clock.js';
import { storage } from '../lib/storage.js';

export type SaveState = 'idle' | 'saved' | 'saving' | 'offline' | 'rejected';

interface Entry extends PendingAnswer {
  version: number;
}

const RETRY_EVERY_MS = 5_000;

/** Refusals of an answer's content that the candidate mends by editing it (over the word limit): their text is kept. */
const KEPT_WHEN_REFUSED = new Set(['400.18']);

/** The answer with the instant it was made: the server keeps one made before the deadline that arrives a little after it. */
const withEditedAt = (entry: PendingAnswer): AnswerInput => ({ ...entry.body, editedAt: new Date(entry.editedAt).toISOString() });

/**
 * Sends answers as they change: one request at a time per question, the newest value last. Failures stay
 * queued (in memory and in localStorage) and are retried every few seconds and whenever the browser says
 * it is back online.
 */
export class AnswerSync {
  private readonly pending = new Map<string, Entry>();
  private readonly inFlight = new Set<string>();
  private readonly debounces = new Map<string, number>();
  private readonly waiters = new Set<() => void>();
  /** Edits the server refused for good (the time was up before they arrived): the finish page names them. */
  private readonly lost = new Set<string>();
  /**
   * Edits refused for their content (an essay over its word limit): never sent again until edited, but kept in the
   * offline copy, so that a reload shows the candidate's words (and sends them once more) instead of losing them.
   */
  private readonly refusedDrafts = new Map<string, PendingAnswer>();
  /** The server's words for each question whose edit it refused, until one of its edits is saved: never counted as answered. */
  private readonly refusals = new Map<string, string>();
  private version = 0;
  private failing = false;
  private rejection: string | null = null;
  private everSaved = false;
  private retryTimer: number | undefined;
  private stopped = false;
  private readonly onOnline = () => this.retryAll();
  private readonly onPageHide = () => this.sendBeacons();

  constructor(
    private readonly api: CandidateApi,
    private readonly clock: ServerClock,
    private readonly storageKey: string,
    private readonly onState: (state: SaveState, detail: { unsaved: number; message: string | null }) => void,
    /** A refusal that means the attempt is over (or gone): the page reloads the session. */
    private readonly onRefused: (failure: Failure) => void,
    /** One question's latest edit is in (null) or refused for good (the server's words). */
    private readonly onAnswerOutcome: (questionId: string, refusal: string | null) => void = () => undefined,
  ) {
    window.addEventListener('online', this.onOnline);
    window.addEventListener('pagehide', this.onPageHide);
    this.retryTimer = window.setInterval(() => {
      if (this.failing) this.retryAll();
    }, RETRY_EVERY_MS);
  }

  /** Unsynced edits left by an earlier visit of this page. */
  static readLocal(storageKey: string): Record<string, PendingAnswer> {
    const raw = storage.get(storageKey);
    if (!raw) return {};
    try {
      const parsed = JSON.parse(raw) as Record<string, PendingAnswer>;
      return parsed && typeof parsed === 'object' ? parsed : {};
    } catch {
      return {};
    }
  }

  static clearLocal(storageKey: string): void {
    storage.remove(storageKey);
  }

  /** Records an edit and sends it now, or after `debounceMs` of quiet (typing). */
  set(questionId: string, body: AnswerInput, options: { debounceMs?: number; editedAt?: number } = {}): void {
    if (this.stopped) return;
    this.pending.set(questionId, { body, editedAt: options.editedAt ?? this.clock.now(), version: ++this.version });
    this.refusedDrafts.delete(questionId);
    this.persist();
    this.rejection = null;
    const previous = this.debounces.get(questionId);
    if (previous !== undefined) window.clearTimeout(previous);
    if (options.debounceMs) {
      this.debounces.set(
        questionId,
        window.setTimeout(() => {
          this.debounces.delete(questionId);
          void this.send(questionId);
        }, options.debounceMs),
      );
      this.report();
    } else {
      this.debounces.delete(questionId);
      void this.send(questionId);
    }
  }

  get unsaved(): number {
    return this.pending.size;
  }

  /** Questions whose latest edit never reached the server: still queued, or refused after the deadline. */
  get notSaved(): string[] {
    return [...new Set([...this.pending.keys(), ...this.lost])];
  }

  /** Questions whose edit the server refused (over the word limit, too long…), with its words; cleared by a save. */
  get refused(): ReadonlyMap<string, string> {
    return this.refusals;
  }

  /** Sends everything now; resolves true when nothing is left unsaved, false after `timeoutMs`. */
  async flush(timeoutMs = 8_000): Promise<boolean> {
    for (const [questionId, timer] of this.debounces) {
      window.clearTimeout(timer);
      this.debounces.delete(questionId);
    }
    this.retryAll();
    if (this.pending.size === 0) return true;
    return new Promise<boolean>((resolve) => {
      const done = () => {
        if (this.pending.size > 0 && (this.inFlight.size > 0 || !this.failing)) return;
        this.waiters.delete(done);
        window.clearTimeout(timer);
        resolve(this.pending.size === 0);
      };
      const timer = window.setTimeout(() => {
        this.waiters.delete(done);
        resolve(this.pending.size === 0);
      }, timeoutMs);
      this.waiters.add(done);
    });
  }

  /** The attempt is over: stop sending and forget the offline copy. */
  stop(clearLocal: boolean): void {
    this.stopped = true;
    window.clearInterval(this.retryTimer);
    for (const timer of this.debounces.values()) window.clearTimeout(timer);
    this.debounces.clear();
    window.removeEventListener('online', this.onOnline);
    window.removeEventListener('pagehide', this.onPageHide);
    if (clearLocal) AnswerSync.clearLocal(this.storageKey);
  }

  private retryAll(): void {
    for (const questionId of this.pending.keys()) {
      if (!this.debounces.has(questionId)) void this.send(questionId);
    }
  }

  private async send(questionId: string): Promise<void> {
    if (this.stopped || this.inFlight.has(questionId)) return;
    const entry = this.pending.get(questionId);
    if (!entry) return;
    this.inFlight.add(questionId);
    this.report();
    try {
      const sentAt = this.clock.reading();
      const saved = await this.api.saveAnswer(Number(questionId), withEditedAt(entry));
      // `savedAt` is the server's clock at the save: every save re-syncs the countdown (decision 660).
      this.clock.sync(saved.savedAt, sentAt, this.clock.reading());
      this.everSaved = true;
      this.lost.delete(questionId);
      this.refusals.delete(questionId);
      this.failing = false;
      if (this.pending.get(questionId)?.version === entry.version) {
        this.pending.delete(questionId);
        this.persist();
        this.onAnswerOutcome(questionId, null);
      }
    } catch (error) {
      const failure = failureOf(error);
      if (failure.retryable) {
        this.failing = true;
      } else {
        // The server will not take this answer (the attempt ended, the question is gone, the body is bad):
        // sending it again cannot help.
        if (this.pending.get(questionId)?.version === entry.version) {
          this.pending.delete(questionId);
          if (KEPT_WHEN_REFUSED.has(refusalOf(error)?.statuscode ?? '')) this.refusedDrafts.set(questionId, { body: entry.body, editedAt: entry.editedAt });
          this.refusals.set(questionId, failure.message);
          this.persist();
          this.onAnswerOutcome(questionId, failure.message);
        }
        this.lost.add(questionId);
        this.rejection = failure.message;
        if (failure.status === 403 || failure.status === 404 || failure.status === 409) this.onRefused(failure);
      }
    } finally {
      this.inFlight.delete(questionId);
    }
    // A newer edit arrived while this one was on its way.
    const newer = this.pending.get(questionId);
    if (newer && newer.version !== entry.version && !this.debounces.has(questionId)) void this.send(questionId);
    this.report();
    for (const waiter of [...this.waiters]) waiter();
  }

  /** The page is going away: last-chance sends that outlive it. */
  private sendBeacons(): void {
    for (const [questionId, entry] of this.pending) {
      if (this.inFlight.has(questionId)) continue;
      this.api.saveAnswer(Number(questionId), withEditedAt(entry), { keepalive: true }).catch(() => undefined);
    }
  }

  private persist(): void {
    if (this.pending.size === 0 && this.refusedDrafts.size === 0) {
      storage.remove(this.storageKey);
      return;
    }
    const copy: Record<string, PendingAnswer> = Object.fromEntries(this.refusedDrafts);
    for (const [questionId, { body, editedAt }] of this.pending) copy[questionId] = { body, editedAt };
    storage.set(this.storageKey, JSON.stringify(copy));
  }

  private report(): void {
    const unsaved = this.pending.size;
    if (this.inFlight.size > 0 || (this.debounces.size > 0 && !this.failing)) this.onState('saving', { unsaved, message: null });
    else if (unsaved > 0 && this.failing) this.onState('offline', { unsaved, message: null });
    else if (this.rejection) this.onState('rejected', { unsaved, message: this.rejection });
    else if (unsaved > 0) this.onState('saving', { unsaved, message: null });
    else this.onState(this.everSaved ? 'saved' : 'idle', { unsaved, message: null });
  }
}
