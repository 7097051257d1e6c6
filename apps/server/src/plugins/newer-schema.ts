import type { FastifyInstance, FastifyReply } from 'fastify';
import { mayBeSchemaChange } from '@assay/store';
import { sendFailure } from './error-envelope.js';
import { SHUTDOWN_RETRY_AFTER_SECONDS } from './shutting-down.js';

/** How often a running server asks whether a newer Assay migrated its database: one indexed read of a small table. */
export const SCHEMA_CHECK_INTERVAL_MS = 5_000;

/**
 * Notices that a newer Assay migrated the database under this running process (a rolling upgrade on PostgreSQL,
 * decision 858): by a periodic look at the migrations table, and at once when a statement fails the way a changed
 * schema makes it fail. From then on this process serves nothing (503.3, as while shutting down) and stops, so an
 * orchestrator starts the new build in its place; it never answers 500.1 for it.
 */
export class NewerSchemaGuard {
  #newer: string | undefined;
  #timer: NodeJS.Timeout | undefined;
  #onNewer: ((migration: string) => void) | undefined;

  constructor(
    private readonly newerSchema: () => Promise<string | undefined>,
    private readonly log: { error(object: object, message: string): void },
  ) {}

  /** The migration of the newer build once seen, else undefined. */
  get newer(): string | undefined {
    return this.#newer;
  }

  /** Asks the database now; true when a newer build migrated it. A failing read is no answer: the next look asks again. */
  async recheck(): Promise<boolean> {
    if (this.#newer) return true;
    const newer = await this.newerSchema().catch(() => undefined);
    if (!newer || this.#newer) return this.#newer !== undefined;
    this.#newer = newer;
    this.log.error({ migration: newer }, `database migrated by a newer Assay (migration ${newer}); stopping — start that version in this one's place`);
    this.#onNewer?.(newer);
    return true;
  }

  /** Looks every `intervalMs` until stopped; `onNewer` is told once (the process stops then). */
  watch(intervalMs: number, onNewer: (migration: string) => void): void {
    this.#onNewer = onNewer;
    this.#timer ??= setInterval(() => void this.recheck(), intervalMs).unref();
  }

  stop(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /** The answer while this process stops for a newer schema: try again, the new build (or another instance) answers. */
  refuse(reply: FastifyReply): FastifyReply {
    reply.header('connection', 'close').header('retry-after', String(SHUTDOWN_RETRY_AFTER_SECONDS));
    return sendFailure(
      reply,
      'shutting-down',
      `This server is stopping: the database was migrated by a newer Assay. Try again in ${SHUTDOWN_RETRY_AFTER_SECONDS} s.`,
    );
  }

  /** Whether a request's failure came from a newer schema (asked only for failures a schema change can cause). */
  async explains(error: unknown): Promise<boolean> {
    return mayBeSchemaChange(error) && (await this.recheck());
  }
}

/** Registers the guard: every request once it has seen a newer schema is refused; the timer ends with the app. */
export const guardAgainstNewerSchema = (app: FastifyInstance, newerSchema: () => Promise<string | undefined>): NewerSchemaGuard => {
  const guard = new NewerSchemaGuard(newerSchema, app.log);
  app.addHook('onRequest', (_request, reply, done) => {
    if (!guard.newer) return done();
    guard.refuse(reply);
  });
  app.addHook('onClose', async () => guard.stop());
  return guard;
};
