import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { assembleWorker } from '@assay/jobs';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLog } from './helpers/receiver.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 48, item 11: a bulk upload's invitation email says who invited the candidate and until when, and no longer
 * that their address "was entered on the public registration page" (a recruiter uploaded it).
 */
describe.each(backends)('the bulk invitation email on %s', (backend) => {
  let h: Harness;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-bulk-'));

  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(async () => {
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('names the org and the row’s deadline in the org’s zone, and nothing of a public page', async () => {
    const testId = await h.importTest();
    const csv = 'email,name,linkExpiresAt\nrow.one@example.com,Row One,2099-01-06T17:30:00Z\n';
    const response = await h.request({
      method: 'POST',
      url: `/v2/org/tests/${testId}/invitations/bulk`,
      payload: csv,
      headers: { 'content-type': 'text/csv' },
    });
    expect(response.statusCode, response.body).toBe(200);
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: undefined, outboxDir }, silentLog);
    try {
      await worker.worker.drain();
      await worker.worker.drain();
    } finally {
      await worker.close();
    }
    const files = readdirSync(outboxDir).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(readFileSync(join(outboxDir, files[0]!)));
    expect((mail.to as { text: string }).text).toBe('row.one@example.com');
    expect(mail.text).toMatch(/Acme invites you to take "[^"]+"\. Open your test here:/);
    // In the org's zone (the harness org's is Asia/Kolkata): decision 782.
    expect(mail.text).toMatch(/It can be started until Tuesday, 6 January 2099 at 23:00 \(Asia\/Kolkata\)\./);
    expect(mail.text).toContain('You receive this because Acme invited you to this test.');
    expect(mail.text).not.toContain('public registration page');
  });
});
