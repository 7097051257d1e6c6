import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openScratchStore, type Store } from '@assay/store';
import { silentLog } from '@assay/testing';
import { assembleWorker, createMailer, eraseWithOutbox, type Mailer, RetentionSweeper, retentionErasure } from '../src/index.js';
import { singleChoiceTest, workerSettings } from './world.js';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);

/**
 * Issue 59 point 2 (decisions 1000, 1001): an erasure removes the outbox files its own org's erased invitations wrote,
 * found by record, never by a substring of the files' text. Org A erasing `ann@x.test`, whose name is "Assay" (the
 * name every email's From header carries), leaves org B's email to `joann@x.test` and every other email; a file from
 * before the records goes only when it names the address exactly and carries that invitation's token or id.
 */
describe.each(['sqlite', 'postgres'] as const)('erasing the outbox by record on %s', (backend) => {
  let store: Store;
  let dispose: () => Promise<void>;
  const outboxDir = mkdtempSync(join(tmpdir(), 'assay-outbox-scope-'));
  let n = 0;

  /** A candidate invited `daysAgo` days ago and sent their link by the real worker, in files mode. */
  const invite = async (orgId: number, testId: number, email: string, fullName: string, daysAgo = 0) => {
    n += 1;
    const at = NOW - daysAgo * DAY;
    const registration = { orgId, testId, testLinkId: null, emailKey: email, email, fullName, callbackUrl: null, redirectUrl: null };
    const token = `scope-${backend}-token-${n}-${'x'.repeat(24)}`;
    const id = (await store.invitations.register(registration, () => token, at)).invitation.id;
    await store.jobs.add({ orgId, invitationId: id, kind: 'link_email', target: email }, at);
    return { id, token };
  };
  const sendAll = async (mailer?: Mailer) => {
    const worker = assembleWorker(store, workerSettings(outboxDir), silentLog, { now: () => NOW, ...(mailer ? { mailer } : {}) });
    try {
      await worker.drain();
    } finally {
      await worker.close();
    }
  };
  const filesTo = (address: string) => readdirSync(outboxDir).filter((name) => readFileSync(join(outboxDir, name), 'utf8').includes(`To: ${address}`));
  const org = async (name: string) => {
    const orgId = (await store.orgs.create({ name, email: `${name.toLowerCase()}@example.com`, timeZoneId: 1000 }, NOW - 900 * DAY)).id;
    const testId = (await store.tests.importDefinition(orgId, singleChoiceTest, `scope-${backend}-${name}`, NOW - 900 * DAY)).testId;
    return { orgId, testId };
  };

  beforeAll(async () => {
    ({ store, dispose } = await openScratchStore(backend, inject('pgUrl')));
  });
  afterAll(async () => {
    await dispose();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it("erases only the erased invitations' own emails: another org's joann@ stays, and so do all who are not named Assay", async () => {
    const a = await org('Alpha');
    const b = await org('Beta');
    const ann = await invite(a.orgId, a.testId, 'ann@x.test', 'Assay');
    await invite(a.orgId, a.testId, 'bea@x.test', 'Bea Keep');
    await invite(b.orgId, b.testId, 'joann@x.test', 'Jo Ann');
    await sendAll();
    expect(filesTo('ann@x.test')).toHaveLength(1);
    expect(filesTo('joann@x.test')).toHaveLength(1);
    // Written before the records existed (migration 048): one about Ann's invitation (its token), one naming her
    // address with nothing of hers, one to joann@ carrying Ann's invitation id as a substring of its own.
    writeFileSync(join(outboxDir, '2020-01-01T00-00-00.000Z-legacy-ann.eml'), `To: ann@x.test\r\n\r\nStart: https://assay.test/t/${ann.token}\r\n`);
    writeFileSync(join(outboxDir, '2020-01-01T00-00-01.000Z-legacy-other.eml'), 'To: hiring@x.test\r\n\r\nann@x.test wrote in about another company.\r\n');
    writeFileSync(join(outboxDir, '2020-01-01T00-00-02.000Z-legacy-joann.eml'), `To: joann@x.test\r\n\r\nInvitation ${ann.id} · Beta\r\n`);
    const before = readdirSync(outboxDir).length;

    const outcome = await eraseWithOutbox(store, outboxDir, a.orgId, [ann.id], { by: 'key 1 (admin)', scope: 'email', now: new Date(NOW) });
    expect(outcome).toMatchObject({ invitations: 1, outboxFiles: 2 });
    expect(readdirSync(outboxDir)).toHaveLength(before - 2);
    expect(filesTo('ann@x.test')).toEqual([]);
    expect(filesTo('joann@x.test')).toHaveLength(2);
    expect(filesTo('bea@x.test')).toHaveLength(1);
    expect(existsSync(join(outboxDir, '2020-01-01T00-00-01.000Z-legacy-other.eml'))).toBe(true);
    expect(await store.outboxEmails.filesOf(a.orgId, [ann.id])).toEqual([]);

    // Asked again (a retry), nothing else goes.
    expect(await eraseWithOutbox(store, outboxDir, a.orgId, [ann.id], { by: 'key 1 (admin)', scope: 'email', now: new Date(NOW) })).toMatchObject({
      invitations: 0,
      alreadyErased: 1,
      outboxFiles: 0,
    });
    expect(readdirSync(outboxDir)).toHaveLength(before - 2);
  });

  it('does the same in a retention sweep: the org that keeps its data keeps its emails', async () => {
    const a = await org('Sweeps');
    const b = await org('Keeps');
    await store.retention.setSettings(a.orgId, { endedDays: 100, mediaDays: 30, unstartedDays: 60 });
    await store.retention.setSettings(b.orgId, { endedDays: null, mediaDays: null, unstartedDays: null });
    await invite(a.orgId, a.testId, 'ann@y.test', 'Assay', 90);
    await invite(b.orgId, b.testId, 'joann@y.test', 'Assay', 90);
    await invite(b.orgId, b.testId, 'ann@y.test', 'Assay', 90);
    await sendAll();
    expect(filesTo('ann@y.test')).toHaveLength(2);

    const sweeper = new RetentionSweeper(store, retentionErasure(store, outboxDir), () => NOW, silentLog);
    expect((await sweeper.sweep()).erasedUnstarted).toBe(1);
    // Org B's email to the same address and its email to joann@ stay.
    expect(filesTo('ann@y.test')).toHaveLength(1);
    expect(filesTo('joann@y.test')).toHaveLength(1);
  });

  it('removes an email written while its invitation was being erased, which the erasure could not see yet', async () => {
    const a = await org('Racing');
    const cy = await invite(a.orgId, a.testId, 'cy@x.test', 'Cy Racer');
    const real = createMailer({ outboxDir, from: 'Assay <noreply@assay.test>' });
    // The email is rendered with Cy's name; the erasure commits and sweeps the outbox before the file is written.
    const racing: Mailer = {
      mode: 'files',
      close: () => real.close(),
      send: async (message) => {
        await eraseWithOutbox(store, outboxDir, a.orgId, [cy.id], { by: 'key 1 (admin)', scope: 'email', now: new Date(NOW) });
        return real.send(message);
      },
    };
    await sendAll(racing);
    expect(filesTo('cy@x.test')).toEqual([]);
    expect(readdirSync(outboxDir).some((name) => readFileSync(join(outboxDir, name), 'utf8').includes('Cy Racer'))).toBe(false);
  });
});
