import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AssayApiError, type AssayClient } from '@assay/client';
import type { ReportDetails, TestLink } from '@assay/domain';
import { realImage } from '../../../packages/reports/test/hostile-images.js';
import { candidate, questionIdsOf, tokenOf } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 32, items 5 and 6 made visible: `/details` gives each departure and snapshot its evidence id and the
 * reviewer's latest outcome beside the raw signal, the PDF shows them and the history as an appendix, and
 * @assay/client reviews evidence and reads the history on the domain's codecs. Real HTTP through the app.
 */
describe.each(backends)('reviewed evidence and the history, visible on %s', (backend) => {
  let h: Harness;
  let panel: AssayClient;
  let invitationId = 0;
  const detailsOf = async () => expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));

  beforeAll(async () => {
    h = await startHarness(backend);
    panel = h.clientFor((await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' })).apiKey);
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
        body: { emailId: 'grace@example.com', fullName: 'Grace Hopper' },
      }),
    );
    invitationId = registered.testInvitationId;
    const api = candidate(h, tokenOf(registered.testUrl));
    const [single] = questionIdsOf(await api.client.start());
    expectSuccess(await api.answer(single!, { optionIds: [1] }));
    expectSuccess(await api.event('left', new Date().toISOString()));
    expectSuccess(await api.event('returned', new Date().toISOString()));
    expectSuccess(await api.snapshot(`data:image/jpeg;base64,${(await realImage('jpeg')).toString('base64')}`));
    expectSuccess(await api.submit());
  });
  afterAll(async () => {
    await h.close();
  });

  it('each departure and snapshot of /details has its evidence id, unreviewed (null) until a reviewer marks it', async () => {
    const { integrity } = await detailsOf();
    expect(integrity.departures).toHaveLength(1);
    expect(integrity.departures[0]).toMatchObject({ eventId: `departure-${Date.parse(integrity.departures[0]!.leftAt)}`, review: null });
    expect(integrity.snapshots).toEqual([
      {
        snapshotId: integrity.snapshots[0]!.snapshotId,
        takenAt: integrity.snapshots[0]!.takenAt,
        eventId: `snapshot-${integrity.snapshots[0]!.snapshotId}`,
        review: null,
      },
    ]);
  });

  it('the client reviews evidence by the ids /details gives, and /details shows the latest outcome beside the raw signal', async () => {
    const before = await detailsOf();
    const departure = before.integrity.departures[0]!.eventId!;
    const snapshot = before.integrity.snapshots[0]!.eventId!;
    const first = await panel.invitations.reviewEvidence(invitationId, departure, { outcome: 'dismissed', note: 'Answered the door.' });
    expect(first).toMatchObject({ eventId: departure, outcome: 'dismissed', note: 'Answered the door.', reviewedBy: { label: 'Panel A' } });
    await panel.invitations.reviewEvidence(invitationId, snapshot, { outcome: 'confirmed', note: 'Second person\nin view.' });
    const latest = await h.client.invitations.reviewEvidence(invitationId, departure, { outcome: 'confirmed' });
    expect(latest.note).toBe('');

    const after = await detailsOf();
    expect(after.integrity.departures[0]).toEqual({
      ...before.integrity.departures[0],
      review: { outcome: 'confirmed', note: '', by: latest.reviewedBy.label, at: latest.reviewedAt },
    });
    expect(after.integrity.snapshots[0]!.review).toMatchObject({ outcome: 'confirmed', note: 'Second person\nin view.', by: 'Panel A' });
    // The raw signal stays: a confirmed or dismissed departure is still counted.
    expect(after.integrity.wv).toBe(1);
  });

  it('the client refuses an id the attempt does not show with the 404.12 statuscode', async () => {
    const refused = await panel.invitations.reviewEvidence(invitationId, 'snapshot-999999', { outcome: 'dismissed' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AssayApiError);
    expect((refused as AssayApiError).statuscode).toBe('404.12');
  });

  it('the client reads the history oldest first, typed by kind', async () => {
    const history = await panel.invitations.history(invitationId);
    expect(history.testInvitationId).toBe(invitationId);
    const kinds = history.entries.map((entry) => entry.kind);
    expect(kinds.slice(0, 2)).toEqual(['created', 'started']);
    expect(kinds).toContain('submitted');
    const reviews = history.entries.flatMap((entry) => (entry.kind === 'evidence-reviewed' ? [entry.details.outcome] : []));
    expect(reviews).toEqual(['dismissed', 'confirmed', 'confirmed']);
    for (let index = 1; index < history.entries.length; index++) expect(history.entries[index]!.at >= history.entries[index - 1]!.at).toBe(true);
  });

  it('the PDF shows each reviewed outcome beside its signal and the history as an appendix, oldest first', async () => {
    const departure = (await detailsOf()).integrity.departures[0]!.eventId!;
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const lines = pdfText(pdf.rawPayload)
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter((line) => line !== '');
    const text = lines.join('\n');
    expect(text).toContain('Reviewed evidence');
    expect(text).toMatch(/Departure 1: left .* — Confirmed/);
    expect(text).toMatch(/Snapshot 1: taken .* — Confirmed\nby Panel A, .*\nSecond person\nin view\./);
    const appendix = lines.slice(lines.indexOf('Appendix: History'));
    expect(appendix.length).toBeGreaterThan(1);
    const at = (what: string) => appendix.findIndex((line) => line.includes(what));
    // The appendix names a departure by the time the candidate left (its id is that time in ms).
    const left = `Departure (left ${new Date(Number(departure.slice('departure-'.length))).toISOString().slice(11, 19)} UTC)`;
    const order = ['Invitation created', 'Attempt started', 'Attempt submitted', `${left} dismissed`, `${left} confirmed`].map(at);
    expect(order.every((index) => index > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(appendix.join('\n')).toContain('Panel A');
  });
});
