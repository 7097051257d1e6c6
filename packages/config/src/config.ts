import { z } from 'zod';
import { DEFAULT_ANSWER_GRACE_MS, DEFAULT_RUN_BUDGET, DEFAULT_SCORING_BUDGET, MAX_ANSWER_GRACE_MS, describeIssues } from '@assay/domain';
import { ADMIN_TOKEN_RULES, weaknessOf } from './admin-token.js';
import { ALL_LANGUAGES } from '@assay/domain/languages';
import { LanguagesSetting, RateLimitSetting, TrustProxySetting } from './settings.js';
import { ModelEnv, modelConnectionOf, modelEnvProblem } from './model-settings.js';

const flag = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((value) => ['true', '1', 'yes'].includes(value));

/**
 * Every setting of the server and the worker comes from the environment and is checked once, at start
 * (README, "Configuration"). One schema for both, so a `.env` that starts one starts the other.
 */
export const ConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
    HOST: z.string().min(1).default('127.0.0.1'),
    ASSAY_DATABASE_URL: z
      .string()
      .regex(/^(sqlite:.+|postgres(ql)?:\/\/.+)$/, { error: 'must be sqlite:PATH or postgres://user:password@host:port/database' })
      .default('sqlite:./data/assay.db'),
    ASSAY_DB_BUSY_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5_000),
    ASSAY_PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL such as https://assay.example.com' }).optional(),
    ASSAY_ADMIN_TOKEN: z
      .string()
      .min(ADMIN_TOKEN_RULES.minLength, { error: `must be at least ${ADMIN_TOKEN_RULES.minLength} characters` })
      .superRefine((token, context) => {
        const weakness = weaknessOf(token);
        if (weakness) context.addIssue({ code: 'custom', message: weakness });
      })
      .optional(),
    /** Enables /metrics (issue 51 item 6, decision 868): the bearer token scrapers send; held to the admin token's rules. */
    ASSAY_METRICS_TOKEN: z
      .string()
      .min(ADMIN_TOKEN_RULES.minLength, { error: `must be at least ${ADMIN_TOKEN_RULES.minLength} characters` })
      .superRefine((token, context) => {
        const weakness = weaknessOf(token);
        if (weakness) context.addIssue({ code: 'custom', message: weakness });
      })
      .optional(),
    /** Where an assay-worker process serves /metrics (it has no HTTP server otherwise); needs ASSAY_METRICS_TOKEN. */
    ASSAY_WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
    ASSAY_SEED_DEMO: flag.default(true),
    ASSAY_BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .max(50 * 1024 * 1024)
      .default(1024 * 1024),
    ASSAY_KEY_CACHE_TTL_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    ASSAY_ALLOW_PRIVATE_CALLBACKS: flag.default(false),
    ASSAY_SMTP_URL: z.url({ protocol: /^smtps?$/, error: 'must be smtp://user:password@host:port or smtps://…' }).optional(),
    ASSAY_OUTBOX_DIR: z.string().min(1).default('./data/outbox'),
    ASSAY_MAIL_FROM: z.string().min(3).default('Assay <no-reply@assay.invalid>'),
    ASSAY_RUN_WORKER: flag.default(true),
    ASSAY_WORKER_ID: z.string().min(1).max(200).optional(),
    ASSAY_WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
    ASSAY_WORKER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
    ASSAY_WORKER_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(50),
    /** The undo window of a decision email (issue 61 item 1): changing or clearing the decision within it sends nothing. */
    ASSAY_DECISION_EMAIL_DELAY_S: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 86_400)
      .default(600),
    ASSAY_ANSWER_GRACE_MS: z.coerce
      .number()
      .int()
      .min(0)
      .max(MAX_ANSWER_GRACE_MS, { error: `must be at most ${MAX_ANSWER_GRACE_MS} (the clock-skew tolerance)` })
      .default(DEFAULT_ANSWER_GRACE_MS),
    ASSAY_SAMPLE_RUNS_PER_WINDOW: z.coerce.number().int().min(1).max(10_000).default(DEFAULT_RUN_BUDGET.runs),
    ASSAY_SAMPLE_RUN_WINDOW_MS: z.coerce.number().int().min(1_000).max(86_400_000).default(DEFAULT_RUN_BUDGET.windowMs),
    ASSAY_SANDBOX_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    /** Former names of the sandbox's threads, read when ASSAY_SANDBOX_WORKERS is not set: the server's, and assay-worker's. */
    ASSAY_SAMPLE_RUN_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    ASSAY_SCORING_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
    ASSAY_SAMPLE_RUN_QUEUE: z.coerce.number().int().min(0).max(10_000).optional(),
    ASSAY_SAMPLE_RUN_MAX_WAIT_MS: z.coerce.number().int().min(1_000).max(600_000).optional(),
    ASSAY_SCORING_SHARE: z.coerce.number().int().min(1).max(99).default(50),
    ASSAY_SCORING_STOP_AFTER_TIMEOUTS: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_SCORING_BUDGET.stopAfterTimeouts),
    ASSAY_LANGUAGES: LanguagesSetting.optional(),
    ASSAY_NATIVE_JAIL: z.enum(['auto', 'off'], { error: 'must be auto or off' }).default('auto'),
    ASSAY_SANDBOX_PREWARM: z.enum(['on-demand', 'python', 'none'], { error: 'must be on-demand, python or none' }).default('on-demand'),
    ASSAY_WARM_COMPILERS: z.enum(['start', 'off'], { error: 'must be start or off' }).default('start'),
    ASSAY_EXPORT_THREADS: z.coerce.number().int().min(1).max(32).optional(),
    ASSAY_EXPORT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(64),
    ASSAY_EXPORT_PDF_TIME_BUDGET_MS: z.coerce.number().int().min(1).max(600_000).default(20_000),
    ASSAY_TRUST_PROXY: TrustProxySetting.prefault('false'),
    ASSAY_RATE_LIMIT_ORG_API: RateLimitSetting.prefault('600/1m'),
    ASSAY_RATE_LIMIT_CANDIDATE_API: RateLimitSetting.prefault('1200/1m'),
    ASSAY_RATE_LIMIT_CANDIDATE_TOKEN: RateLimitSetting.prefault('300/1m'),
    ASSAY_RATE_LIMIT_REGISTRATION: RateLimitSetting.prefault('30/10m'),
    ASSAY_RATE_LIMIT_LINK_EMAIL: RateLimitSetting.prefault('5/1h'),
    ASSAY_RATE_LIMIT_LINK_EMAIL_PER_LINK: RateLimitSetting.prefault('30/1h'),
    ASSAY_RATE_LIMIT_REPORT_URL: RateLimitSetting.prefault('30/1m'),
    ASSAY_RATE_LIMIT_BAD_API_KEY: RateLimitSetting.prefault('20/10m'),
    ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN: RateLimitSetting.prefault('10/10m'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    ASSAY_LOG_SUMMARY_SECONDS: z.coerce
      .number({ error: 'must be a whole number of seconds, from 1 to 86400' })
      .int({ error: 'must be a whole number of seconds, from 1 to 86400' })
      .min(1, { error: 'must be a whole number of seconds, from 1 to 86400' })
      .max(86_400, { error: 'must be a whole number of seconds, from 1 to 86400' })
      .default(60),
    ASSAY_LOG_BUFFER_BYTES: z.coerce
      .number({ error: 'must be a whole number of bytes, from 16384 to 1073741824' })
      .int({ error: 'must be a whole number of bytes, from 16384 to 1073741824' })
      .min(16 * 1024, { error: 'must be a whole number of bytes, from 16384 to 1073741824' })
      .max(1024 * 1024 * 1024, { error: 'must be a whole number of bytes, from 16384 to 1073741824' })
      .default(16 * 1024 * 1024),
    ...ModelEnv,
  })
  .superRefine((env, context) => {
    const modelProblem = modelEnvProblem(env);
    if (modelProblem) context.addIssue({ code: 'custom', path: [modelProblem.path], message: modelProblem.message });
    if (env.ASSAY_WORKER_METRICS_PORT !== undefined && env.ASSAY_METRICS_TOKEN === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['ASSAY_WORKER_METRICS_PORT'],
        message: 'needs ASSAY_METRICS_TOKEN: metrics are never served without a token (docs/metrics.md)',
      });
    }
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.ASSAY_DATABASE_URL,
    /** How long a statement waits for the database (a lock another process holds, a connection) before 503.4. */
    databaseBusyTimeoutMs: env.ASSAY_DB_BUSY_TIMEOUT_MS,
    publicUrl: (env.ASSAY_PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    adminToken: env.ASSAY_ADMIN_TOKEN,
    /** /metrics: served only with a token (decision 868); a worker's on its own port, a server's on its own port. */
    metrics: { token: env.ASSAY_METRICS_TOKEN, workerPort: env.ASSAY_WORKER_METRICS_PORT },
    /** The operator's model (docs/ai.md), or undefined: none configured. */
    ai: modelConnectionOf(env),
    seedDemo: env.ASSAY_SEED_DEMO,
    bodyLimitBytes: env.ASSAY_BODY_LIMIT_BYTES,
    keyCacheTtlMs: env.ASSAY_KEY_CACHE_TTL_MS,
    logLevel: env.LOG_LEVEL,
    /** How often the info-level summary of the requests served is written (none when no request came). */
    logSummaryMs: env.ASSAY_LOG_SUMMARY_SECONDS * 1000,
    /** The most log data waiting for a slow stdout; lines past it are dropped, counted and reported in one warn line. */
    logBufferBytes: env.ASSAY_LOG_BUFFER_BYTES,
    allowPrivateCallbacks: env.ASSAY_ALLOW_PRIVATE_CALLBACKS,
    smtpUrl: env.ASSAY_SMTP_URL,
    outboxDir: env.ASSAY_OUTBOX_DIR,
    mailFrom: env.ASSAY_MAIL_FROM,
    runWorker: env.ASSAY_RUN_WORKER,
    worker: { id: env.ASSAY_WORKER_ID, pollMs: env.ASSAY_WORKER_POLL_MS, leaseMs: env.ASSAY_WORKER_LEASE_MS, batchSize: env.ASSAY_WORKER_BATCH_SIZE },
    answerGraceMs: env.ASSAY_ANSWER_GRACE_MS,
    decisionEmailDelayMs: env.ASSAY_DECISION_EMAIL_DELAY_S * 1000,
    sampleRuns: {
      budget: { runs: env.ASSAY_SAMPLE_RUNS_PER_WINDOW, windowMs: env.ASSAY_SAMPLE_RUN_WINDOW_MS },
      /**
       * Sample runs that may wait beyond the free workers, and the longest expected wait admitted; past either, 503.2.
       * Unset, the sandbox's own defaults apply (`DEFAULT_MAX_QUEUED`, `DEFAULT_MAX_WAIT_MS` of @assay/sandbox).
       */
      maxQueued: env.ASSAY_SAMPLE_RUN_QUEUE,
      maxWaitMs: env.ASSAY_SAMPLE_RUN_MAX_WAIT_MS,
    },
    /**
     * One sandbox per process, its threads shared by sample runs and scoring: `serverWorkers` in a server,
     * `workerWorkers` in an assay-worker process (ASSAY_SANDBOX_WORKERS, else the setting's former name there).
     * Unset, the sandbox sizes itself (`DEFAULT_WORKERS`: the cores this process may use, at most 8).
     */
    sandbox: {
      serverWorkers: env.ASSAY_SANDBOX_WORKERS ?? env.ASSAY_SAMPLE_RUN_WORKERS,
      workerWorkers: env.ASSAY_SANDBOX_WORKERS ?? env.ASSAY_SCORING_WORKERS,
      /** Shares of worker time when both lanes wait (ASSAY_SCORING_SHARE percent to scoring). */
      laneWeights: { candidate: 100 - env.ASSAY_SCORING_SHARE, scoring: env.ASSAY_SCORING_SHARE },
      /** The languages this process's sandbox offers (ASSAY_LANGUAGES; default every language of the registry). */
      languages: env.ASSAY_LANGUAGES ?? ALL_LANGUAGES,
      /**
       * Native languages run only in a jail: `auto` jails them where the host can (bubblewrap, user namespaces),
       * `off` never runs them here (a host without user namespaces; the WebAssembly languages still run).
       */
      nativeJail: env.ASSAY_NATIVE_JAIL,
    },
    scoringBudget: { stopAfterTimeouts: env.ASSAY_SCORING_STOP_AFTER_TIMEOUTS },
    /** Interpreters the workers of a warmed-up sandbox lane keep ready (ASSAY_SANDBOX_PREWARM: anything but `none`). */
    sandboxPrewarm: env.ASSAY_SANDBOX_PREWARM === 'none' ? ([] as const) : (['python'] as const),
    /**
     * When the candidate lane's workers start: with the process (`python`), or when an attempt with a Python question
     * starts (`on-demand`, the default: an idle server holds no interpreter, a candidate reading the first question
     * gives them the seconds to warm up).
     */
    sandboxWarmAtStart: env.ASSAY_SANDBOX_PREWARM === 'python',
    /**
     * The native languages' compilers (the C and C++ runtimes and precompiled headers, the Rust runtime, javac's and mcs's
     * servers) are prepared in the background when the server starts (`start`, the default: the first run on a fresh
     * server otherwise waits 12–23 s for them), or by the first run that needs each (`off`). Decision 1045.
     */
    warmCompilersAtStart: env.ASSAY_WARM_COMPILERS === 'start',
    exportThreads: env.ASSAY_EXPORT_THREADS,
    exportQueue: env.ASSAY_EXPORT_QUEUE,
    /** A PDF render past this (from when a worker takes it) is stopped and answered 503.5 (decision 642). */
    pdfTimeBudgetMs: env.ASSAY_EXPORT_PDF_TIME_BUDGET_MS,
    trustProxy: env.ASSAY_TRUST_PROXY,
    rateLimits: {
      orgApi: env.ASSAY_RATE_LIMIT_ORG_API,
      /** Per client address: the candidate API's requests that no known take-test token vouches for (unknown tokens, link views). */
      candidateApi: env.ASSAY_RATE_LIMIT_CANDIDATE_API,
      /** Per take-test token, once it is known: an attempt's requests, and separately its submit. */
      candidateToken: env.ASSAY_RATE_LIMIT_CANDIDATE_TOKEN,
      registration: env.ASSAY_RATE_LIMIT_REGISTRATION,
      /** Link emails that public-link registrations of already-registered addresses cause, per client address and per link. */
      linkEmail: env.ASSAY_RATE_LIMIT_LINK_EMAIL,
      linkEmailPerLink: env.ASSAY_RATE_LIMIT_LINK_EMAIL_PER_LINK,
      /** Per client address for report links whose signature does not hold; per report for the ones that do. */
      reportUrl: env.ASSAY_RATE_LIMIT_REPORT_URL,
      badApiKey: env.ASSAY_RATE_LIMIT_BAD_API_KEY,
      badAdminToken: env.ASSAY_RATE_LIMIT_BAD_ADMIN_TOKEN,
    },
  }));
export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {}

/** Empty variables count as unset, so `PORT=` in a .env file falls back to the default. */
export const loadConfig = (env: NodeJS.ProcessEnv): Config => {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ConfigSchema.safeParse(present);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${describeIssues(parsed.error.issues)}`);
  return parsed.data;
};
