import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import type { TestLink } from '@assay/domain';
import { assembleWorker } from '@assay/jobs';
import { candidate, tokenOf } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { silentLog } from './helpers/receiver.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

describe.each(backends)('stakeholder email on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-'));

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  /** A candidate completes a test through a link whose emailToStakeholder is set. */
  const completeOnLink = async (stakeholder: string) => {
    const testId = await h.importTest();
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Mailed', accessTime: 0, emailToStakeholder: stakeholder },
      }),
    );
    const registered = expectSuccess<{ testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'mia@example.com', fullName: 'Mia <b>Wong</b>' },
      }),
    );
    const api = candidate(h, tokenOf(registered.testUrl));
    await api.client.start();
    expectSuccess(await api.submit());
  };

  it('sends the completion notice through a real SMTP server, with the score and a report link', async () => {
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: smtp.url, outboxDir }, silentLog);
    try {
      await completeOnLink('hiring.manager@example.com');
      await worker.worker.drain();
    } finally {
      await worker.close();
    }
    expect(smtp.received).toHaveLength(1);
    const [mail] = smtp.received;
    expect(mail!.subject).toContain('Mia <b>Wong</b>');
    expect((mail!.to as { text: string }).text).toBe('hiring.manager@example.com');
    expect(mail!.text).toContain('0 / 10');
    expect(mail!.html).toContain('Mia &lt;b&gt;Wong&lt;/b&gt;');
    expect(mail!.html).toMatch(/https:\/\/assay\.test\/v2\/reports\/\d+\/pdf\?expires=\d+&amp;signature=/);
  });

  it('writes .eml files to the outbox directory when no SMTP server is configured', async () => {
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: undefined, outboxDir }, silentLog);
    try {
      expect(worker.mailer.mode).toBe('files');
      await completeOnLink('files@example.com');
      await worker.worker.drain();
    } finally {
      await worker.close();
    }
    const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await simpleParser(readFileSync(join(outboxDir, files[0]!)));
    expect((parsed.to as { text: string }).text).toBe('files@example.com');
  });
});
