import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { silentLog, startSmtpPeer, type SmtpPeer } from '@assay/testing';
import { assembleWorker } from '../src/index.js';
import { openWorld, workerSettings, type World } from './world.js';

describe.each(['sqlite', 'postgres'] as const)('stakeholder emails from the jobs on %s', (backend) => {
  let world: World;
  let smtp: SmtpPeer;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-jobs-outbox-'));

  beforeAll(async () => {
    world = await openWorld(backend, inject('pgUrl'));
    smtp = await startSmtpPeer();
  });
  afterAll(async () => {
    await smtp.close();
    await world.dispose();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('mails a completion on a link with a stakeholder to a real SMTP server, with the score and a signed report link', async () => {
    const now = Date.now();
    const worker = assembleWorker(world.store, workerSettings(outboxDir, smtp.url), silentLog, { now: () => now });
    try {
      const testLinkId = await world.linkMailing('hiring.manager@example.com');
      const invitationId = await world.register({ testLinkId });
      await world.start(invitationId, now);
      await world.submit(invitationId, now);
      await worker.drain();
    } finally {
      await worker.close();
    }
    expect(smtp.delivered.map((message) => message.rcptTo)).toEqual([['hiring.manager@example.com']]);
    const [mail] = smtp.received;
    expect(mail!.subject).toContain('Candidate');
    expect(mail!.text).toContain('0 / 2');
    expect(mail!.html).toMatch(/https:\/\/assay\.test\/v2\/reports\/\d+\/pdf\?expires=\d+&amp;signature=/);
  });
});
