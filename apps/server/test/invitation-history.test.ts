import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EvidenceReview, HistoryEntry, InvitationHistory, ReportDetails, TestLink } from '@assay/domain';
import { assembleWorker } from '@assay/jobs';
import { realImage } from '../../../packages/reports/test/hostile-images.js';
import { candidate, questionIdsOf, tokenOf } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { silentLog, startReceiver } from './helpers/receiver.js';
import { startSmtpPeer } from './helpers/smtp-peer.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

type Key = { keyId: number; apiKey: string };

/**
 * Issue 32 items 5 and 6: an invitation's history, recorded where each thing happens and read oldest first, and a
 * reviewer's outcome on each departure and snapshot. Real HTTP through the app, a real SMTP server and callback
 * receiver for the deliveries, the real worker for scoring.
 */
describe.each(backends)('invitation history and reviewed evidence on %s', (backend) => {
  let h: Harness;
  let smtp: Awaited<ReturnType<typeof startSmtpPeer>>;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let recruiting: Key;
  let panel: Key;
  const outboxDir = `/tmp/assay-history-outbox-${backend}-${process.pid}`;
  const journey = { first: 0, second: 0, departure: '', snapshot: '' };

  const as = (key: Key, method: 'GET' | 'PUT', url: string, body?: unknown) =>
    h.request({ method, url, apiKey: key.apiKey, ...(body === undefined ? {} : { body }) });
  const historyOf = async (invitationId: number, key: Key = recruiting) =>
    expectSuccess<InvitationHistory>(await as(key, 'GET', `/v2/org/testinvitation/${invitationId}/history`)).entries;
  const review = (key: Key, invitationId: number, eventId: string, body: unknown) =>
    as(key, 'PUT', `/v2/org/testinvitation/${invitationId}/evidence/${eventId}`, body);
  const brief = (entry: HistoryEntry) => ({ kind: entry.kind, by: entry.by });

  beforeAll(async () => {
    h = await startHarness(backend);
    smtp = await startSmtpPeer();
    receiver = await startReceiver();
    recruiting = await h.client.admin.keys.create(h.org.orgId, { label: 'Recruiting' });
    panel = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });

    // Invite → open the link (twice) → start → answer (three saves) → leave and return → snapshot → submit → score.
    const testId = await h.importTest();
    const link = expectSuccess<TestLink>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks`,
        body: { testLinkName: 'Camera', timeZoneId: 1720, accessTime: 0, imageProctoring: 1, emailToStakeholder: 'hiring@example.com' },
      }),
    );
    const registered = expectSuccess<{ testInvitationId: number; testUrl: string }>(
      await h.request({
        method: 'POST',
        url: `/v2/org/tests/${testId}/testlinks/${link.testLinkId}/register`,
        body: { emailId: 'ada@example.com', fullName: 'Ada Lovelace', callbackURL: receiver.url },
        apiKey: recruiting.apiKey,
      }),
    );
    journey.first = registered.testInvitationId;
    const api = candidate(h, tokenOf(registered.testUrl));
    expectSuccess(await api.session());
    expectSuccess(await api.session());
    const [single, multiple] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [2] }));
    expectSuccess(await api.answer(multiple!, { optionIds: [1, 2] }));
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.event('left', new Date().toISOString()));
    expectSuccess(await api.event('returned', new Date().toISOString()));
    const snapshot = expectSuccess<{ snapshotId: number }>(await api.snapshot(`data:image/jpeg;base64,${(await realImage('jpeg')).toString('base64')}`));
    expectSuccess(await api.submit());
    const worker = assembleWorker(h.store, { ...h.config, smtpUrl: smtp.url, outboxDir }, silentLog);
    try {
      await worker.worker.drain();
    } finally {
      await worker.close();
    }
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${journey.first}/details` }));
    expect(details.integrity.departures).toHaveLength(1);
    journey.departure = `departure-${Date.parse(details.integrity.departures[0]!.leftAt)}`;
    journey.snapshot = `snapshot-${snapshot.snapshotId}`;
    expect(details.integrity.snapshots.map((shot) => `snapshot-${shot.snapshotId}`)).toEqual([journey.snapshot]);
  });
  afterAll(async () => {
    await receiver.close();
    await smtp.close();
    await h.close();
    rmSync(outboxDir, { recursive: true, force: true });
  });

  it('tells an invitation from invite to reattempt and cancel, in order, naming each key by its label', async () => {
    // The reviewer reviews the departure and downloads the PDF; Recruiting reattempts; the new attempt is cancelled.
    expectSuccess(await review(panel, journey.first, journey.departure, { outcome: 'dismissed', note: 'Answered the door.' }));
    expect((await as(panel, 'GET', `/v2/org/report/${journey.first}/pdf`)).statusCode).toBe(200);
    const reattempt = expectSuccess<{ testInvitationId: number }>(await as(recruiting, 'GET', `/v2/org/testinvitation/${journey.first}/reattempt`));
    journey.second = reattempt.testInvitationId;
    expectSuccess(await as(recruiting, 'GET', `/v2/org/testinvitation/${journey.first}/reattempt`));
    expectSuccess(await as(recruiting, 'GET', `/v2/org/testinvitation/${journey.second}/cancel`));

    const recruiter = { keyId: recruiting.keyId, label: 'Recruiting' };
    const reviewer = { keyId: panel.keyId, label: 'Panel A' };
    const first = await historyOf(journey.first);
    expect(first.map(brief)).toEqual([
      { kind: 'created', by: recruiter },
      { kind: 'link-opened', by: 'candidate' },
      { kind: 'started', by: 'candidate' },
      { kind: 'answers-saved', by: 'candidate' },
      { kind: 'submitted', by: 'candidate' },
      { kind: 'scored', by: 'system' },
      // The callback and the stakeholder email, each tried once by the worker (in whichever order it sent them).
      ...first.filter((entry) => entry.kind === 'delivery').map(brief),
      { kind: 'evidence-reviewed', by: reviewer },
      { kind: 'report-downloaded', by: reviewer },
      { kind: 'reattempted', by: recruiter },
    ]);
    const detailsOf = (kind: string) => first.filter((entry) => entry.kind === kind).map((entry) => entry.details);
    expect(detailsOf('created')).toEqual([{ via: 'test-link', previousInvitationId: null }]);
    expect(detailsOf('link-opened')).toEqual([{ count: 2, lastAt: expect.any(String) }]);
    expect(detailsOf('answers-saved')).toEqual([{ count: 3, lastAt: expect.any(String) }]);
    expect(detailsOf('scored')).toEqual([{ score: expect.any(Number), awaitingReview: 0 }]);
    expect(detailsOf('delivery').map((details) => details)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ channel: 'callback', outcome: 'delivered', statusCode: 200 }),
        expect.objectContaining({ channel: 'email', outcome: 'delivered' }),
      ]),
    );
    expect(detailsOf('delivery')).toHaveLength(2);
    expect(detailsOf('evidence-reviewed')).toEqual([{ eventId: journey.departure, outcome: 'dismissed' }]);
    expect(detailsOf('report-downloaded')).toEqual([{ format: 'pdf' }]);
    // A second reattempt answers the same new invitation and says nothing new.
    expect(detailsOf('reattempted')).toEqual([{ newInvitationId: journey.second }]);
    for (let index = 1; index < first.length; index++) expect(first[index]!.at >= first[index - 1]!.at).toBe(true);

    expect((await historyOf(journey.second, panel)).map((entry) => ({ ...brief(entry), details: entry.details }))).toEqual([
      { kind: 'created', by: recruiter, details: { via: 'reattempt', previousInvitationId: journey.first } },
      { kind: 'cancelled', by: recruiter, details: {} },
    ]);
  });

  it('keeps every review of a piece of evidence and answers the latest, for departures and snapshots', async () => {
    const dismissed = expectSuccess<EvidenceReview>(await review(panel, journey.first, journey.snapshot, { outcome: 'dismissed' }));
    expect(dismissed).toMatchObject({ eventId: journey.snapshot, outcome: 'dismissed', note: '', reviewedBy: { keyId: panel.keyId, label: 'Panel A' } });
    const confirmed = expectSuccess<EvidenceReview>(
      await review(recruiting, journey.first, journey.snapshot, { outcome: 'confirmed', note: 'Second person\nin view.' }),
    );
    expect(confirmed).toMatchObject({ outcome: 'confirmed', note: 'Second person\nin view.', reviewedBy: { keyId: recruiting.keyId, label: 'Recruiting' } });

    const latest = await h.store.evidenceReviews.latestOf(journey.first);
    expect(latest.get(journey.snapshot)?.outcome).toBe('confirmed');
    expect(latest.get(journey.departure)?.outcome).toBe('dismissed');
    const kept = await h.store.db.selectFrom('evidence_reviews').select('outcome').where('event_id', '=', journey.snapshot).orderBy('id').execute();
    expect(kept.map((row) => row.outcome)).toEqual(['dismissed', 'confirmed']);
    const reviewed = (await historyOf(journey.first)).filter((entry) => entry.kind === 'evidence-reviewed').map((entry) => entry.details);
    expect(reviewed.slice(-2)).toEqual([
      { eventId: journey.snapshot, outcome: 'dismissed' },
      { eventId: journey.snapshot, outcome: 'confirmed' },
    ]);
    // v2's counters stay raw: a dismissed departure still counts.
    const report = expectSuccess<{ wv: number }>(await h.request({ method: 'GET', url: `/v2/org/report/${journey.first}` }));
    expect(report.wv).toBe(1);
  });

  it('refuses unknown evidence 404.12, another org’s invitation 404.4, and a bad outcome 400.2 naming the field', async () => {
    for (const eventId of ['snapshot-999999', 'departure-1', 'photo-1', `snapshot-${journey.snapshot.slice(9)}0`]) {
      expectFailure(await review(panel, journey.first, eventId, { outcome: 'confirmed' }), '404.12');
    }
    // Evidence of another attempt of the same org is not this attempt's.
    expectFailure(await review(panel, journey.second, journey.snapshot, { outcome: 'confirmed' }), '404.12');
    const other = await h.createOrg('Other');
    const otherKey = { keyId: 0, apiKey: other.apiKey };
    expectFailure(await review(otherKey, journey.first, journey.snapshot, { outcome: 'confirmed' }), '404.4');
    expectFailure(await as(otherKey, 'GET', `/v2/org/testinvitation/${journey.first}/history`), '404.4');
    expectFailure(await as(recruiting, 'GET', '/v2/org/testinvitation/999999/history'), '404.4');
    const bad = expectFailure(await review(panel, journey.first, journey.snapshot, { outcome: 'ignored' }), '400.2');
    expect(bad.result).toMatch(/outcome/);
    const before = await h.store.db.selectFrom('evidence_reviews').select('id').execute();
    expectFailure(await review(panel, journey.first, journey.snapshot, { note: 'no outcome' }), '400.2');
    expect(await h.store.db.selectFrom('evidence_reviews').select('id').execute()).toEqual(before);
  });

  it('lets a reviewer key review evidence and read histories, and refuses it 403.17 on writes', async () => {
    expectSuccess(await review(panel, journey.first, journey.departure, { outcome: 'confirmed' }));
    await historyOf(journey.first, panel);
    for (const write of ['reattempt', 'cancel', 'reset']) {
      expectFailure(await as(panel, 'GET', `/v2/org/testinvitation/${journey.first}/${write}`), '403.17');
    }
  });

  it('names an Excel export on each completed invitation of the test, by the key that asked', async () => {
    const { testId } = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${journey.first}/details` })).test;
    const workbook = await as(panel, 'GET', `/v2/org/report/${testId}/excel`);
    expect(workbook.statusCode).toBe(200);
    const last = (await historyOf(journey.first)).at(-1)!;
    expect(last).toMatchObject({ kind: 'report-downloaded', by: { keyId: panel.keyId, label: 'Panel A' }, details: { format: 'excel' } });
    expect((await historyOf(journey.second)).map((entry) => entry.kind)).toEqual(['created', 'cancelled']);
    // Stored once for the export (decision 503), not once per invitation; the history above derives it.
    const exports = await h.store.db.selectFrom('test_exports').select(['test_id', 'format', 'key_id']).execute();
    expect(exports).toEqual([{ test_id: testId, format: 'excel', key_id: panel.keyId }]);
    const perInvitation = await h.store.db
      .selectFrom('invitation_history')
      .select('id')
      .where('kind', '=', 'report-downloaded')
      .where('details', 'like', '%excel%')
      .execute();
    expect(perInvitation).toEqual([]);
    // The PDF's appendix is made from the same history: the export is in it.
    const pdf = await as(panel, 'GET', `/v2/org/report/${journey.first}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await historyOf(journey.first)).slice(-2).map(({ details }) => details)).toEqual([{ format: 'excel' }, { format: 'pdf' }]);
  });

  it('starts the history of an invitation made before histories were kept with a reconstructed created entry', async () => {
    await h.store.db.deleteFrom('invitation_history').where('invitation_id', '=', journey.second).execute();
    const [created, ...rest] = await historyOf(journey.second);
    expect(rest).toEqual([]);
    expect(created).toMatchObject({ kind: 'created', by: 'system', reconstructed: true, details: { via: 'reattempt', previousInvitationId: journey.first } });
  });
});
