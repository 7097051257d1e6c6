import type { AssistantModelStatus } from '@assay/domain/ai';
import type { ModelProbe } from '@assay/ai';

/** How long what a probe (or a real request) found is trusted before the model is asked again (decision 1171). */
export const MODEL_STATUS_TTL_MS = 15_000;

/** What /readyz says of the model (absent fields: not configured). */
export interface ModelReadiness {
  readonly configured: boolean;
  readonly model: string | null;
  /** Whether it answered when last asked; null when it has not been asked yet (or is being asked now). */
  readonly answers: boolean | null;
  readonly checkedAt: string | null;
  /** Why it does not answer, in words without the key or the server's body. */
  readonly problem: string | null;
}

interface Seen {
  readonly answers: boolean;
  readonly at: number;
  readonly problem: string | null;
}

/**
 * Whether the operator's model answers, for the start banner, /readyz and the candidate's session: a probe's
 * finding (`ModelClient.probe`) or a real request's, trusted for 15 seconds, then asked again in the background by
 * whoever reads it. One probe at a time. A model that does not answer never makes the server unready.
 */
export class ModelStatus {
  readonly #probe: (signal: AbortSignal) => Promise<ModelProbe>;
  readonly #now: () => number;
  readonly #name: string;
  readonly #host: string;
  #seen: Seen | undefined;
  #probing: Promise<void> | undefined;

  constructor(name: string, baseUrl: string, probe: (signal: AbortSignal) => Promise<ModelProbe>, now: () => number) {
    this.#name = name;
    this.#host = new URL(baseUrl).hostname;
    this.#probe = probe;
    this.#now = now;
  }

  /** What the session tells the candidate now; a stale finding starts a probe for the next reader. */
  current(): AssistantModelStatus {
    if (!this.#fresh()) void this.#refresh();
    return { configured: true, name: this.#name, host: this.#host, answers: this.#seen?.answers ?? null };
  }

  /** Probes when the last finding is stale, waiting at most `waitMs` for it (readiness must answer quickly). */
  async readiness(waitMs: number): Promise<ModelReadiness> {
    if (!this.#fresh()) {
      const probing = this.#refresh();
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([probing, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
      clearTimeout(timer);
    }
    const seen = this.#seen;
    return {
      configured: true,
      model: this.#name,
      answers: seen?.answers ?? null,
      checkedAt: seen ? new Date(seen.at).toISOString() : null,
      problem: seen?.problem ?? null,
    };
  }

  /** A real request got an answer, or failed for a reason of the model's (not the candidate's leaving). */
  noteAnswered(): void {
    this.#seen = { answers: true, at: this.#now(), problem: null };
  }

  noteFailed(problem: string): void {
    this.#seen = { answers: false, at: this.#now(), problem };
  }

  #fresh(): boolean {
    return this.#seen !== undefined && this.#now() - this.#seen.at < MODEL_STATUS_TTL_MS;
  }

  #refresh(): Promise<void> {
    this.#probing ??= this.#probe(AbortSignal.timeout(MODEL_STATUS_TTL_MS))
      .then((probe) => {
        if (probe.answers) this.noteAnswered();
        else this.noteFailed(probe.failure.message);
      })
      .catch((error: unknown) => this.noteFailed(error instanceof Error ? error.message : 'The probe failed.'))
      .finally(() => {
        this.#probing = undefined;
      });
    return this.#probing;
  }
}

/** /readyz of a server without a model. */
export const NO_MODEL_READINESS: ModelReadiness = { configured: false, model: null, answers: null, checkedAt: null, problem: null };
