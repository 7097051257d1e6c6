import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EVIDENCE_REVIEW_BOUND, GRADE_BOUND, HISTORY_BOUNDS, type InvitationHistory, type ReportDetails } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectSuccess } from './helpers/expectations.js';
import { pdfLines } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { writtenTest } from './helpers/written-attempts.js';

const CALLS = 500;

/**
 * Issue 48 item 2 (decisions 634, 635): every per-attempt record a key can add to is bounded like the proctoring log —
 * the first and the last of each stream kept, the rest counted — in what is stored, not only in what is read. A
 * reviewer key regrading one answer, reviewing one piece of evidence or downloading the PDF 500 times grows nothing.
 */
describe.each(backends)('per-attempt records stay bounded on %s', (backend) => {
  let h: Harness;
  let reviewer: { keyId: number; apiKey: string };
  let invitationId: number;
  let essay: number;
  let departure: string;

  beforeAll(async () => {
    h = await startHarness(backend);
    reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel A' });
    const testId = await h.importTest(writtenTest);
    const registered = await registerFor(h, testId, 'flood@example.com');
    invitationId = registered.invitationId;
    const api = candidate(h, registered.token);
    const [choice, short, written] = questionIdsOf(await api.client.start()) as [number, number, number];
    essay = written;
    expectSuccess(await api.answer(choice, { optionIds: [1] }));
    expectSuccess(await api.answer(short, { text: 'Lyon' }));
    expectSuccess(await api.answer(essay, { text: 'I would sort the list first.' }));
    expectSuccess(await api.event('left', new Date().toISOString()));
    expectSuccess(await api.event('returned', new Date(Date.now() + 5_000).toISOString()));
    expectSuccess(await api.submit());
    await h.drainJobs();
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));
    departure = details.integrity.departures[0]!.eventId!;
  });
  afterAll(() => h.close());

  const as = (method: 'GET' | 'PUT', url: string, body?: unknown) =>
    h.request({ method, url, apiKey: reviewer.apiKey, ...(body === undefined ? {} : { body }) });
  const history = async () => expectSuccess<InvitationHistory>(await as('GET', `/v2/org/testinvitation/${invitationId}/history`));
  const storedHistory = async (kind: string) =>
    (await h.store.db.selectFrom('invitation_history').select('id').where('invitation_id', '=', invitationId).where('kind', '=', kind).execute()).length;

  it(`${CALLS} regrades of one answer keep its first and latest grades, the current one counting, and a bounded history`, async () => {
    for (let call = 0; call < CALLS; call += 1) {
      expectSuccess(await as('PUT', `/v2/org/testinvitation/${invitationId}/grades/${essay}`, { marks: call % 2 === 0 ? 1 : 2 }));
    }
    const grades = await h.store.db
      .selectFrom('grades')
      .select(['marks', 'superseded_at'])
      .where('invitation_id', '=', invitationId)
      .where('question_id', '=', essay)
      .execute();
    expect(grades).toHaveLength(GRADE_BOUND.head + GRADE_BOUND.tail);
    expect(grades.filter((grade) => grade.superseded_at === null).map((grade) => Number(grade.marks))).toEqual([2]);
    expect((await h.store.grades.current(h.org.orgId, invitationId)).get(essay)?.marks).toBe(2);
    const { head, tail } = HISTORY_BOUNDS.graded;
    expect(await storedHistory('graded')).toBe(head + tail);
    const answer = await history();
    expect(answer.entries.filter((entry) => entry.kind === 'graded')).toHaveLength(head + tail);
    expect(answer.omitted).toContainEqual({ kind: 'graded', count: CALLS - head - tail });
  });

  it(`${CALLS} reviews of one departure keep its first and latest reviews, the latest counting, and a bounded history`, async () => {
    for (let call = 0; call < CALLS; call += 1) {
      const outcome = call === CALLS - 1 ? 'confirmed' : call % 2 === 0 ? 'dismissed' : 'confirmed';
      expectSuccess(await as('PUT', `/v2/org/testinvitation/${invitationId}/evidence/${departure}`, { outcome, note: `review ${call}` }));
    }
    const reviews = await h.store.db.selectFrom('evidence_reviews').select('note').where('invitation_id', '=', invitationId).orderBy('id').execute();
    expect(reviews).toHaveLength(EVIDENCE_REVIEW_BOUND.head + EVIDENCE_REVIEW_BOUND.tail);
    expect(reviews.at(0)?.note).toBe('review 0');
    expect(reviews.at(-1)?.note).toBe(`review ${CALLS - 1}`);
    expect((await h.store.evidenceReviews.latestOf(invitationId)).get(departure)).toMatchObject({ outcome: 'confirmed', note: `review ${CALLS - 1}` });
    const { head, tail } = HISTORY_BOUNDS['evidence-reviewed'];
    expect(await storedHistory('evidence-reviewed')).toBe(head + tail);
    expect((await history()).omitted).toContainEqual({ kind: 'evidence-reviewed', count: CALLS - head - tail });
  });

  it('PDF downloads by any key keep the first and last of their entries, and the PDF says how many are left out', async () => {
    const downloads = 60;
    for (let call = 0; call < downloads; call += 1) expect((await as('GET', `/v2/org/report/${invitationId}/pdf`)).statusCode).toBe(200);
    const { head, tail } = HISTORY_BOUNDS['report-downloaded'];
    expect(await storedHistory('report-downloaded')).toBe(head + tail);
    const answer = await history();
    expect(answer.omitted).toContainEqual({ kind: 'report-downloaded', count: downloads - head - tail });
    // The whole history, every kind: bounded by the sum of the kinds' bounds whatever was called.
    const stored = await h.store.db.selectFrom('invitation_history').select('id').where('invitation_id', '=', invitationId).execute();
    expect(stored.length).toBeLessThanOrEqual(Object.values(HISTORY_BOUNDS).reduce((sum, bound) => sum + bound.head + bound.tail, 0));
    expect(answer.entries.length).toBeLessThanOrEqual(stored.length + 1);
    const text = pdfLines((await as('GET', `/v2/org/report/${invitationId}/pdf`)).rawPayload).join('\n');
    expect(text).toContain(`… ${downloads - head - tail} more "report downloaded" entries not kept`);
    expect(text).toContain(`… ${CALLS - HISTORY_BOUNDS.graded.head - HISTORY_BOUNDS.graded.tail} more "graded" entries not kept`);
  });
});
