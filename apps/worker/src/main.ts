#!/usr/bin/env node
import { z } from 'zod';
import { DEFAULT_ANSWER_GRACE_MS, MAX_ANSWER_GRACE_MS } from '@assay/domain';
import { DEFAULT_SCORING_WORKERS } from '@assay/sandbox';
import { openStore } from '@assay/store';
import { assembleWorker } from './assemble.js';

/** A worker process of its own, for scale-out on PostgreSQL: any number share the database. */
const Env = z.object({
  ASSAY_DATABASE_URL: z.string().min(1).default('sqlite:./data/assay.db'),
  ASSAY_PUBLIC_URL: z.url({ protocol: /^https?$/ }).default('http://localhost:3000'),
  ASSAY_ALLOW_PRIVATE_CALLBACKS: z.enum(['true', 'false']).default('false'),
  ASSAY_SMTP_URL: z.string().optional(),
  ASSAY_OUTBOX_DIR: z.string().default('./data/outbox'),
  ASSAY_MAIL_FROM: z.string().default('Assay <no-reply@assay.invalid>'),
  ASSAY_WORKER_ID: z.string().optional(),
  ASSAY_WORKER_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1_000),
  ASSAY_WORKER_LEASE_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(120_000),
  ASSAY_ANSWER_GRACE_MS: z.coerce.number().int().min(0).max(MAX_ANSWER_GRACE_MS).default(DEFAULT_ANSWER_GRACE_MS),
  ASSAY_SCORING_WORKERS: z.coerce.number().int().min(1).max(64).default(DEFAULT_SCORING_WORKERS),
});

const log = {
  info: (object: object, message?: string) => console.log(JSON.stringify({ level: 'info', msg: message, ...object })),
  warn: (object: object, message?: string) => console.warn(JSON.stringify({ level: 'warn', msg: message, ...object })),
  error: (object: object, message?: string) => console.error(JSON.stringify({ level: 'error', msg: message, ...object })),
};

const parsed = Env.safeParse(Object.fromEntries(Object.entries(process.env).filter(([, value]) => value !== '')));
if (!parsed.success) {
  console.error(`Invalid worker configuration: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  process.exit(1);
}
const env = parsed.data;
const store = await openStore(env.ASSAY_DATABASE_URL);
const assembled = assembleWorker(
  store,
  {
    publicUrl: env.ASSAY_PUBLIC_URL.replace(/\/+$/, ''),
    allowPrivateCallbacks: env.ASSAY_ALLOW_PRIVATE_CALLBACKS === 'true',
    smtpUrl: env.ASSAY_SMTP_URL,
    outboxDir: env.ASSAY_OUTBOX_DIR,
    mailFrom: env.ASSAY_MAIL_FROM,
    answerGraceMs: env.ASSAY_ANSWER_GRACE_MS,
  },
  log,
  {
    pollMs: env.ASSAY_WORKER_POLL_MS,
    leaseMs: env.ASSAY_WORKER_LEASE_MS,
    scoringWorkers: env.ASSAY_SCORING_WORKERS,
    ...(env.ASSAY_WORKER_ID ? { workerId: env.ASSAY_WORKER_ID } : {}),
  },
);
assembled.start();
log.info({ workerId: assembled.worker.workerId, mail: assembled.mailer.mode }, 'worker started');

const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker stopping');
  await assembled.close();
  await store.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
