import { REPORT_URL_KEY_SETTING, closeDeliveryAgents, newReportUrlKey, nextRetryDelayMs } from '@assay/delivery';
import { takeTestUrl, type ScoringBudget } from '@assay/domain';
import { DEFAULT_WORKERS, Sandbox, type CodeRunner, type Language, type RunLane } from '@assay/sandbox';
import type { Store } from '@assay/store';
import { createMailer, type Mailer } from './email/mailer.js';
import { EmailHealth, watchedMailer } from './email/email-health.js';
import { DeadlineSweeper } from './deadline-sweeper.js';
import { bulkInviteHandler } from './handlers/bulk-invite.js';
import { callbackHandler } from './handlers/callback.js';
import { emailHandler } from './handlers/email.js';
import { greenhousePatchHandler } from './handlers/greenhouse-patch.js';
import { linkEmailHandler } from './handlers/link-email.js';
import { expiryNoteHandler, reminderHandler } from './handlers/reminder.js';
import { decisionEmailHandler } from './handlers/decision-email.js';
import { REMINDER_SWEEP_MS, ReminderSweeper } from './reminder-sweeper.js';
import { RETENTION_SWEEP_MS, RetentionSweeper, retentionErasure, type RetentionCounts } from './retention-sweeper.js';
import { scoreHandler } from './handlers/score.js';
import { OutboxWorker, type Logger } from './outbox-worker.js';
import { ALL_LANGUAGES, type LanguageAvailabilities, type LanguageId } from '@assay/domain/languages';
import { languageAvailability, runnableLanguages, type LanguageSettings } from './language-availability.js';

export interface WorkerSettings {
  publicUrl: string;
  allowPrivateCallbacks: boolean;
  smtpUrl?: string | undefined;
  outboxDir: string;
  mailFrom: string;
  /** How long after a deadline late answers are still taken before the attempt is completed (default 60 s). */
  answerGraceMs?: number;
}

export interface AssembledWorker {
  worker: OutboxWorker;
  /** The sandbox it owns (scoring runs there), or undefined with a given `codeRunner`: /metrics watches its queue. */
  sandbox: Sandbox | undefined;
  /** Its own sandbox's languages, each with why not and how to enable it; undefined with a given `codeRunner`. */
  languages: LanguageAvailabilities | undefined;
  sweeper: DeadlineSweeper;
  /** Queues reminders and expiry notes as they fall due (issue 33 item 3). */
  reminders: ReminderSweeper;
  /** Applies the orgs' retention hourly (issue 51 item 2); `retention.lastCounts` and `.totals` are what metrics read. */
  retention: RetentionSweeper;
  mailer: Mailer;
  /** How its emails are going: `/readyz` and `/metrics` read it (issue 59 item 9). */
  emailHealth: EmailHealth;
  /** Starts polling for jobs and sweeping deadlines. */
  start(): void;
  /** Runs everything due now, deadlines included, until nothing is left (tests, and draining). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Scoring jobs a worker keeps in flight per sandbox thread: each attempt has one answer in the sandbox at a time,
 * so a few per thread keep the threads busy and give the fair queue attempts to choose between, while the rest
 * stay in the outbox for other worker processes (SKIP LOCKED) instead of waiting leased here.
 */
export const SCORES_PER_SANDBOX_WORKER = 4;

/** How often attempts whose time is up are completed without their candidate. */
export const DEADLINE_SWEEP_MS = 5_000;

/** Wires the outbox worker: callback, email, reminder and Greenhouse PATCH handlers, the retry schedule, the shared report-URL key, the sweeps. */
export const assembleWorker = (
  store: Store,
  settings: WorkerSettings,
  log: Logger,
  options: {
    now?: () => number;
    random?: () => number;
    workerId?: string;
    pollMs?: number;
    leaseMs?: number;
    /** Deliveries (callbacks, emails) in flight at once. */
    batchSize?: number;
    /** Scoring jobs in flight at once; default SCORES_PER_SANDBOX_WORKER × the default sandbox's workers. */
    scoreConcurrency?: number;
    /** How much sandbox time one answer may take when scored (ASSAY_SCORING_STOP_AFTER_TIMEOUTS). */
    scoringBudget?: ScoringBudget;
    mailer?: Mailer;
    /** Where each email attempt is reported (the server's, which its `/readyz` reads); a new one by default. */
    emailHealth?: EmailHealth;
    deliveryTimeoutMs?: number;
    /** Where coding answers are scored; by default a sandbox pool owned (and closed) by the worker. */
    codeRunner?: CodeRunner;
    /** Worker threads of that default sandbox (ASSAY_SANDBOX_WORKERS), and the shares of its lanes. */
    sandboxWorkers?: number;
    laneWeights?: Partial<Record<RunLane, number>>;
    /** Interpreters that default sandbox's workers keep ready once its lane is warmed (ASSAY_SANDBOX_PREWARM). */
    prewarm?: readonly Language[];
    /** Start the scoring threads (and their interpreters) now rather than at the first score (ASSAY_SANDBOX_PREWARM=python). */
    warmAtStart?: boolean;
    /** What the default sandbox offers (ASSAY_LANGUAGES, ASSAY_NATIVE_JAIL); default every language, jailed where it can. */
    languageSettings?: LanguageSettings;
    /** With `codeRunner`: the languages it runs (declared, and the scoring jobs leased by them). Unset: every job. */
    runs?: readonly LanguageId[];
    /** Told each retention sweep's counts (metrics). */
    onRetentionSweep?: (counts: RetentionCounts) => void;
  } = {},
): AssembledWorker => {
  const now = options.now ?? Date.now;
  const random = options.random ?? Math.random;
  const emailHealth = options.emailHealth ?? new EmailHealth();
  const mailer = watchedMailer(
    options.mailer ?? createMailer({ smtpUrl: settings.smtpUrl, outboxDir: settings.outboxDir, from: settings.mailFrom }),
    emailHealth,
    log,
    now,
    settings.outboxDir,
  );
  const reportUrlKey = () => store.settings.getOrCreate(REPORT_URL_KEY_SETTING, newReportUrlKey);
  const languageSettings = options.languageSettings ?? { languages: ALL_LANGUAGES, nativeJail: 'auto' };
  // SandboxOptions.languages and .nativeJail (issue 49) pass through to the sandbox that reads them.
  const sandboxOptions = {
    ...(options.sandboxWorkers === undefined ? {} : { workers: options.sandboxWorkers }),
    ...(options.laneWeights === undefined ? {} : { laneWeights: options.laneWeights }),
    prewarm: options.prewarm ?? [],
    languages: languageSettings.languages,
    nativeJail: languageSettings.nativeJail,
  };
  const sandbox = options.codeRunner ? undefined : new Sandbox(sandboxOptions);
  if (sandbox && options.warmAtStart) sandbox.warmUp('scoring');
  const runner = options.codeRunner ?? sandbox!;
  const languages = sandbox === undefined ? undefined : languageAvailability(sandbox, languageSettings);
  const runs = languages === undefined ? options.runs : runnableLanguages(languages);
  const sweeper = new DeadlineSweeper(store, now, log, settings.answerGraceMs);
  const reminders = new ReminderSweeper(store, now, log);
  const retention = new RetentionSweeper(store, retentionErasure(store, settings.outboxDir), now, log, options.onRetentionSweep);
  const worker = new OutboxWorker({
    store,
    log,
    now,
    handlers: {
      score: scoreHandler({ store, runner, now, ...(options.scoringBudget ? { budget: options.scoringBudget } : {}) }),
      callback: callbackHandler({
        store,
        publicUrl: settings.publicUrl,
        reportUrlKey,
        allowPrivate: settings.allowPrivateCallbacks,
        now,
        ...(options.deliveryTimeoutMs === undefined ? {} : { timeoutMs: options.deliveryTimeoutMs }),
      }),
      email: emailHandler({ store, mailer, publicUrl: settings.publicUrl, reportUrlKey, now }),
      link_email: linkEmailHandler({ store, mailer, takeTestUrl: (token) => takeTestUrl(settings.publicUrl, token), now }),
      reminder: reminderHandler({ store, mailer, publicUrl: settings.publicUrl, signingKey: reportUrlKey, now }),
      reminder_expired: expiryNoteHandler({ store, mailer, now }),
      decision_email: decisionEmailHandler({ store, mailer, now }),
      greenhouse_patch: greenhousePatchHandler({
        store,
        allowPrivate: settings.allowPrivateCallbacks,
        now,
        ...(options.deliveryTimeoutMs === undefined ? {} : { timeoutMs: options.deliveryTimeoutMs }),
      }),
      bulk_invite: bulkInviteHandler({ store, now }),
    },
    retryDelay: (failedAttempts, retryAfterMs) => nextRetryDelayMs(failedAttempts, random, retryAfterMs),
    ...(options.workerId ? { workerId: options.workerId } : {}),
    ...(options.pollMs ? { pollMs: options.pollMs } : {}),
    ...(options.leaseMs ? { leaseMs: options.leaseMs } : {}),
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    scoreConcurrency: options.scoreConcurrency ?? SCORES_PER_SANDBOX_WORKER * (options.sandboxWorkers ?? DEFAULT_WORKERS),
    ...(runs === undefined ? {} : { languages: runs }),
  });
  return {
    worker,
    sandbox,
    languages,
    sweeper,
    reminders,
    retention,
    mailer,
    emailHealth,
    start: () => {
      worker.start();
      sweeper.start(DEADLINE_SWEEP_MS);
      reminders.start(REMINDER_SWEEP_MS);
      retention.start(RETENTION_SWEEP_MS);
    },
    drain: async () => {
      await sweeper.sweep();
      await reminders.sweep();
      await worker.drain();
    },
    close: async () => {
      await sweeper.stop();
      await reminders.stop();
      await retention.stop();
      await worker.stop();
      mailer.close();
      await closeDeliveryAgents();
      await sandbox?.close();
    },
  };
};
