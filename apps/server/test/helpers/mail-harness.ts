import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll } from 'vitest';
import { manualClock } from './candidate.js';
import { drainOutbox } from './drain-outbox.js';
import { startSmtpPeer } from './smtp-peer.js';
import { startHarness, type Backend, type Harness } from './test-app.js';

/** The recipient of a received email, as its To header reads. */
export const toOf = (mail: ParsedMail) => (mail.to as { text: string }).text;

/**
 * A server on a manual clock and a real SMTP peer, started before a file's tests and closed after them; `newMail` runs
 * one pass of a worker as `assay-worker` does (a fresh one each time) and answers the emails it sent.
 */
export const mailHarness = (backend: Backend, env: Record<string, string>, startAt: number, { sweeps = false } = {}) => {
  const clock = manualClock(startAt);
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-mail-harness-'));
  const started: { h?: Harness; smtp?: Awaited<ReturnType<typeof startSmtpPeer>> } = {};
  beforeAll(async () => {
    started.h = await startHarness(backend, env, clock.now);
    started.smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await started.smtp?.close();
    await started.h?.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });
  return {
    clock,
    harness: (): Harness => started.h!,
    /** Every email the peer has received so far. */
    received: (): ParsedMail[] => started.smtp!.received,
    newMail: async (): Promise<ParsedMail[]> => {
      const smtp = started.smtp!;
      const before = smtp.received.length;
      await drainOutbox(started.h!, smtp.url, outboxDir, { now: clock.now, sweeps });
      return smtp.received.slice(before);
    },
  };
};
