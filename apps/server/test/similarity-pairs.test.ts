import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails, SimilarityPage } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { wordCountAnswer, wordCountTest } from './helpers/word-count-test.js';

const answer = wordCountAnswer('honest-d.js');

const definition = wordCountTest('Word counts, one answer for all');

/**
 * Issue 50 item 6 (decisions 822, 823): a class of 8 sharing one answer gives each attempt 7 pairs; its report lists
 * 5, and `GET …/similarity` answers all 7, paged, each reviewable, a reviewed one then listed by the report too.
 */
describe.each(backends)('every similarity pair of an attempt on %s', (backend) => {
  let h: Harness;
  const invitations: number[] = [];
  const similarity = (invitationId: number, query = '') => h.request({ method: 'GET', url: `/v2/org/testinvitation/${invitationId}/similarity${query}` });
  const details = async (invitationId: number) =>
    expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));

  beforeAll(async () => {
    h = await startHarness(backend);
    const testId = await h.importTest(definition);
    for (let index = 0; index < 8; index++) {
      const { token, invitationId } = await registerFor(h, testId, `class${index}@example.com`, { fullName: `Student ${index}` });
      const api = candidate(h, token);
      const [questionId] = questionIdsOf(await api.client.start());
      expectSuccess(await api.answer(questionId!, { code: answer }));
      expectSuccess(await api.submit());
      invitations.push(invitationId);
    }
    await h.drainJobs();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answers every pair, shaped as /details lists them, highest score first then by pair id, paged', async () => {
    const first = invitations[0]!;
    const all = expectSuccess<SimilarityPage>(await similarity(first, '?page_size=100'));
    expect(all.pairsCount).toBe(7);
    expect(all.pairs).toHaveLength(7);
    expect(new Set(all.pairs.map((pair) => pair.otherTestInvitationId))).toEqual(new Set(invitations.slice(1)));
    const order = [...all.pairs].sort((a, b) => b.score - a.score || a.pairId - b.pairId);
    expect(all.pairs.map((pair) => pair.pairId)).toEqual(order.map((pair) => pair.pairId));
    for (const pair of all.pairs) {
      expect(pair).toMatchObject({ eventId: `similarity-${pair.pairId}`, questionNumber: 1, review: null });
      expect(pair.otherCandidateName).toMatch(/^Student [1-7]$/);
      expect(pair.regions[0]!.otherCode).toContain('function');
    }
    const listed = (await details(first)).integrity.similarity ?? [];
    expect(listed).toHaveLength(5);
    for (const entry of listed) expect(all.pairs.find((pair) => pair.eventId === entry.eventId)).toMatchObject(entry);

    const second = expectSuccess<SimilarityPage>(await similarity(first, '?page_size=3&page_no=2'));
    expect(second.pairs.map((pair) => pair.pairId)).toEqual(all.pairs.slice(3, 6).map((pair) => pair.pairId));
    expect(expectSuccess<SimilarityPage>(await similarity(first, '?page_size=3&page_no=4'))).toEqual({ pairs: [], pairsCount: 7 });
    const questionId = all.pairs[0]!.questionId;
    expect(expectSuccess<SimilarityPage>(await similarity(first, `?questionId=${questionId}`)).pairsCount).toBe(7);
    expect(expectSuccess<SimilarityPage>(await similarity(first, `?questionId=${questionId + 1000}`))).toEqual({ pairs: [], pairsCount: 0 });
    // The client reads it too, page after page.
    const read = [];
    for await (const pair of h.client.reports.similarityAll(first)) read.push(pair.pairId);
    expect(read).toEqual(all.pairs.map((pair) => pair.pairId));
    expect((await h.client.reports.similarity(first, { page_size: 2 })).pairs.map((pair) => pair.pairId)).toEqual(read.slice(0, 2));
  });

  it('refuses a page size out of range with 400.4 and answers 404.4 for a missing or another org’s invitation', async () => {
    const first = invitations[0]!;
    expectFailure(await similarity(first, '?page_size=101'), '400.4');
    expectFailure(await similarity(first, '?page_no=0'), '400.4');
    expectFailure(await similarity(first, '?questionId=abc'), '400.4');
    expectFailure(await similarity(999_999), '404.4');
    const other = await h.createOrg('Other');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/testinvitation/${first}/similarity`, apiKey: other.apiKey }), '404.4');
  });

  it('reviews a pair the report does not list; the report then lists it with its review and counts it', async () => {
    const first = invitations[1]!;
    const listedBefore = new Set(((await details(first)).integrity.similarity ?? []).map((pair) => pair.eventId));
    const all = expectSuccess<SimilarityPage>(await similarity(first, '?page_size=100'));
    const unlisted = all.pairs.find((pair) => !listedBefore.has(pair.eventId))!;
    const body = { outcome: 'confirmed', note: 'Same answer as the rest of the class.' };
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${first}/evidence/${unlisted.eventId}`, body }));
    const after = expectSuccess<SimilarityPage>(await similarity(first, '?page_size=100'));
    expect(after.pairs.find((pair) => pair.pairId === unlisted.pairId)!.review).toMatchObject({ outcome: 'confirmed', note: body.note });
    const report = await details(first);
    expect(report.integrity.similarity!.map((pair) => pair.eventId)).toContain(unlisted.eventId);
    expect(report.integrity.similarity).toHaveLength(6);
    expect(report.integrity.omittedSimilarPairs).toBe(1);
    expect(report.integrity.summary?.similarAnswers).toMatchObject({ total: 7, confirmed: 1 });
    // A pair of another attempt is still no evidence of this one.
    const honest = expectSuccess<SimilarityPage>(await similarity(invitations[2]!, '?page_size=100'));
    const notOurs = honest.pairs.find((pair) => pair.otherTestInvitationId !== first)!;
    expectFailure(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${first}/evidence/${notOurs.eventId}`, body }), '404.12');
  });

  it('the PDF says where every pair is', async () => {
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${invitations[0]}/pdf` });
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain(`all of them: assay similarity ${invitations[0]}`);
  });
});
