import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NotFoundError, PermissionDeniedError } from '@assay/client';
import type { PersonalData, TestLink } from '@assay/domain';
import { realImage } from '../../../packages/reports/test/hostile-images.js';
import { candidate, questionIdsOf, registerFor, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { wordCountAnswer, wordCountTest } from './helpers/word-count-test.js';

/**
 * Issue 51 item 3 (access, decisions 875–880): `POST /v2/org/candidates/export` hands over everything the org holds
 * about one address — two invitations, answers with code, a camera snapshot, departures and a paste, the stakeholder
 * email in the outbox — and nothing about anyone else: the other side of a similarity pair is an invitation id only.
 */
describe.each(backends)('the export of one person on %s', (backend) => {
  let h: Harness;
  const ids = { camera: 0, second: 0, grace: 0, otherOrg: 0 };
  let otherKey = '';
  const exportOf = (emailId: unknown, apiKey?: string) =>
    h.request({ method: 'POST', url: '/v2/org/candidates/export', body: { emailId }, ...(apiKey ? { apiKey } : {}) });

  beforeAll(async () => {
    h = await startHarness(backend, { ASSAY_OUTBOX_DIR: mkdtempSync(join(tmpdir(), 'assay-export-outbox-')) });
    const image = await realImage('jpeg');
    const wordCount = await h.importTest(wordCountTest('Word counts'));
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${wordCount}/testlinks`,
        body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring: 1, emailToStakeholder: 'hiring@example.com' },
      }),
    );
    const registered = expectSuccess<{ testInvitationId: number; testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${wordCount}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'alan@example.com', fullName: 'Alan Turing' },
      }),
    );
    ids.camera = registered.testInvitationId;
    const alan = candidate(h, tokenOf(registered.testUrl));
    const [coding] = questionIdsOf(await alan.client.start());
    expectSuccess(await alan.event('left', new Date().toISOString()));
    expectSuccess(await alan.event('returned', new Date().toISOString()));
    expectSuccess(await alan.event('paste', new Date().toISOString(), { questionId: coding!, chars: 400, lines: 12 }));
    expectSuccess(await alan.snapshot(`data:image/jpeg;base64,${image.toString('base64')}`));
    expectSuccess(await alan.answer(coding!, { code: wordCountAnswer('honest-d.js') }));
    expectSuccess(await alan.submit());

    // Grace copies Alan's answer: a similarity pair whose other side must stay hers.
    const grace = await registerFor(h, wordCount, 'grace@example.com', { fullName: 'Grace Hopper' });
    ids.grace = grace.invitationId;
    const graceApi = candidate(h, grace.token);
    const [graceCoding] = questionIdsOf(await graceApi.client.start());
    expectSuccess(await graceApi.answer(graceCoding!, { code: wordCountAnswer('copy-of-honest-d.js') }));
    expectSuccess(await graceApi.submit());

    // A second test, registered with the address spelled otherwise: the same person.
    const sample = await h.importTest();
    const second = await registerFor(h, sample, 'Alan@Example.COM', { fullName: 'Alan M. Turing' });
    ids.second = second.invitationId;
    const secondApi = candidate(h, second.token);
    const [single] = questionIdsOf(await secondApi.client.start());
    expectSuccess(await secondApi.answer(single!, { optionIds: [1] }));
    await h.drainJobs();

    // Another org holds the same address: none of it is this org's to hand over.
    const other = await h.createOrg('Other');
    otherKey = other.apiKey;
    const otherTest = await h.importTest(undefined, other.apiKey);
    ids.otherOrg = (
      await h.clientFor(other.apiKey).invitations.register(otherTest, { emailId: 'alan@example.com', fullName: 'Alan Elsewhere' })
    ).testInvitationId;
  });
  afterAll(async () => {
    await h.close();
  });

  it('holds both invitations with answers, code, events, the paste, the snapshot, history, deliveries and the outbox email', async () => {
    const data = expectSuccess<PersonalData>(await exportOf('ALAN@example.com'));
    expect(data).toMatchObject({ format: 'assay-personal-data/1', emailId: 'ALAN@example.com', holder: 'Acme', snapshotsOmitted: 0 });
    expect(data.candidates.map((c) => c.fullName).sort()).toEqual(['Alan M. Turing', 'Alan Turing']);
    expect(data.invitations.map((i) => i.testInvitationId)).toEqual([ids.camera, ids.second]);
    const [camera, second] = data.invitations as [PersonalData['invitations'][0], PersonalData['invitations'][0]];

    expect(camera.status).toBe('Completed');
    expect(camera.takeTestURL).toMatch(/\/t\/[\w-]{43,}$/);
    expect(camera.answers[0]!.code).toBe(wordCountAnswer('honest-d.js'));
    expect(camera.events.map((event) => event.kind)).toEqual(expect.arrayContaining(['left', 'returned']));
    expect(camera.questionSignals[0]).toMatchObject({ pastes: 1, pastedChars: 400 });
    expect(camera.snapshots).toHaveLength(1);
    // The image as stored (the server keeps its checked copy of what the camera sent).
    const [stored] = await h.store.attempts.snapshots(ids.camera);
    expect(camera.snapshots[0]).toMatchObject({ snapshotId: stored!.id, mediaType: 'image/jpeg', bytes: stored!.data.length });
    expect(Buffer.from(camera.snapshots[0]!.data!, 'base64').equals(Buffer.from(stored!.data))).toBe(true);
    expect(camera.history.map((entry) => entry.kind)).toEqual(expect.arrayContaining(['created', 'started', 'submitted']));
    expect(camera.deliveries.some((job) => job.kind === 'email' && job.target === 'hiring@example.com')).toBe(true);
    expect(second.answers).toEqual([expect.objectContaining({ optionIds: [1], code: null })]);
    expect(second.status).toBe('In progress');

    expect(data.outboxEmails.length).toBeGreaterThanOrEqual(1);
    expect(data.outboxEmails.every((email) => email.message.toLowerCase().includes('alan@example.com'))).toBe(true);
  });

  it('names the other side of a similarity pair by its invitation id only, and carries nothing of another person or org', async () => {
    const data = expectSuccess<PersonalData>(await exportOf('alan@example.com'));
    const camera = data.invitations.find((i) => i.testInvitationId === ids.camera)!;
    expect(camera.similarity).toEqual([expect.objectContaining({ otherTestInvitationId: ids.grace })]);
    const text = JSON.stringify(data);
    for (const foreign of ['Grace', 'grace@example.com', 'Alan Elsewhere', wordCountAnswer('copy-of-honest-d.js')]) expect(text).not.toContain(foreign);
    expect(data.invitations.map((i) => i.testInvitationId)).not.toContain(ids.otherOrg);

    // The other org sees its own candidate of that address, and only it.
    const theirs = expectSuccess<PersonalData>(await exportOf('alan@example.com', otherKey));
    expect(theirs.invitations.map((i) => i.testInvitationId)).toEqual([ids.otherOrg]);
    expect(theirs.outboxEmails).toEqual([]);
  });

  it('answers 404.52 for an address the org holds nothing under (another org’s too) and 400.2 for a malformed one', async () => {
    expectFailure(await exportOf('nobody@example.com'), '404.52');
    expectFailure(await exportOf('grace@example.com', otherKey), '404.52');
    expectFailure(await exportOf('not an address'), '400.2');
    expectFailure(await h.request({ method: 'POST', url: '/v2/org/candidates/export', body: {} }), '400.2');
  });

  it('is an admin key’s: a recruiter or reviewer key is refused with 403.17', async () => {
    for (const role of ['recruiter', 'reviewer'] as const) {
      const key = await h.client.admin.keys.create(h.org.orgId, { role });
      expectFailure(await exportOf('alan@example.com', key.apiKey), '403.17');
    }
  });

  it('is read by @assay/client: personalData.export, with NotFoundError and PermissionDeniedError', async () => {
    const data = await h.client.personalData.export('alan@example.com');
    expect(data.invitations.map((i) => i.testInvitationId)).toEqual([ids.camera, ids.second]);
    await expect(h.client.personalData.export('nobody@example.com')).rejects.toSatisfy(
      (error) => error instanceof NotFoundError && error.statuscode === '404.52',
    );
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer' });
    await expect(h.clientFor(reviewer.apiKey).personalData.export('alan@example.com')).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('keeps no answer under an Idempotency-Key: the personal data is not copied into idempotency_keys', async () => {
    const keyed = await h.request({
      method: 'POST',
      url: '/v2/org/candidates/export',
      body: { emailId: 'alan@example.com' },
      headers: { 'idempotency-key': 'export-1' },
    });
    expect(keyed.statusCode).toBe(200);
    expect(keyed.headers['idempotent-replayed']).toBeUndefined();
    const again = await h.request({
      method: 'POST',
      url: '/v2/org/candidates/export',
      body: { emailId: 'grace@example.com' },
      headers: { 'idempotency-key': 'export-1' },
    });
    expect(expectSuccess<PersonalData>(again).emailId).toBe('grace@example.com');
  });
});
