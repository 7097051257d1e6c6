import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportDetails } from '@assay/domain';
import { candidate, questionIdsOf, registerFor } from './helpers/candidate.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { pdfText } from './helpers/pdf-text.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { wordCountAnswer, wordCountTest } from './helpers/word-count-test.js';

const corpus = wordCountAnswer;

const definition = wordCountTest('Word counts');

/**
 * Issue 34, items 1 and 6 through the app: three candidates submit (one a disguised copy of another's answer), the
 * score job finds the pair, `/details` of both lists it with its regions and the other side's lines, the honest one
 * lists nothing, and the pair is reviewed through the evidence review like a departure or snapshot.
 */
describe.each(backends)('similarity between candidates in /details on %s', (backend) => {
  let h: Harness;
  const ids: Record<'original' | 'copy' | 'honest', number> = { original: 0, copy: 0, honest: 0 };
  const detailsOf = async (invitationId: number) =>
    expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${invitationId}/details` }));

  beforeAll(async () => {
    h = await startHarness(backend);
    const testId = await h.importTest(definition);
    const answers = { original: corpus('honest-d.js'), copy: corpus('copy-of-honest-d.js'), honest: corpus('honest-a.js') };
    for (const [who, code] of Object.entries(answers) as [keyof typeof ids, string][]) {
      const { token, invitationId } = await registerFor(h, testId, `${who}@example.com`, { fullName: `Candidate ${who}` });
      const api = candidate(h, token);
      const [questionId] = questionIdsOf(await api.client.start());
      expectSuccess(await api.answer(questionId!, { code }));
      expectSuccess(await api.submit());
      ids[who] = invitationId;
    }
    await h.drainJobs();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists the pair in both reports with the regions on both sides, and nothing for the honest answer', async () => {
    const copy = (await detailsOf(ids.copy)).integrity.similarity!;
    expect(copy).toHaveLength(1);
    const [pair] = copy;
    expect(pair).toMatchObject({ questionNumber: 1, otherTestInvitationId: ids.original, otherCandidateName: 'Candidate original', review: null });
    expect(pair!.eventId).toMatch(/^similarity-\d+$/);
    expect(pair!.score).toBeGreaterThanOrEqual(0.5);
    expect(pair!.regions.length).toBeGreaterThan(0);
    const originalLines = corpus('honest-d.js').split('\n');
    for (const region of pair!.regions) {
      expect(region.otherCode).toBe(originalLines.slice(region.otherLines.from - 1, region.otherLines.to).join('\n'));
    }
    const original = (await detailsOf(ids.original)).integrity.similarity!;
    expect(original.map((entry) => [entry.eventId, entry.otherTestInvitationId, entry.score])).toEqual([[pair!.eventId, ids.copy, pair!.score]]);
    expect((await detailsOf(ids.honest)).integrity.similarity).toEqual([]);
  });

  it('a reviewer confirms the pair on one invitation with a note; the other side keeps its own review', async () => {
    const eventId = (await detailsOf(ids.copy)).integrity.similarity![0]!.eventId!;
    expectSuccess(
      await h.request({
        method: 'PUT',
        url: `/v2/org/testinvitation/${ids.copy}/evidence/${eventId}`,
        body: { outcome: 'confirmed', note: 'Same helper, renamed.' },
      }),
    );
    expect((await detailsOf(ids.copy)).integrity.similarity![0]!.review).toMatchObject({ outcome: 'confirmed', note: 'Same helper, renamed.' });
    expect((await detailsOf(ids.original)).integrity.similarity![0]!.review).toBeNull();
    // The honest attempt shows no such pair: 404.12, as for any evidence its report does not list.
    expectFailure(
      await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${ids.honest}/evidence/${eventId}`, body: { outcome: 'dismissed' } }),
      '404.12',
    );
  });

  it('the PDF shows the pair with its review and the matching regions side by side', async () => {
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${ids.copy}/pdf` });
    expect(pdf.statusCode).toBe(200);
    const text = pdfText(pdf.rawPayload).replace(/[ \t]+/g, ' ');
    expect(text).toContain('Similar answers');
    expect(text).toMatch(new RegExp(`Q1 — Candidate original \\(invitation ${ids.original}\\): score [01]\\.\\d\\d`));
    expect(text).toContain('Confirmed');
    expect(text).toMatch(/This answer, lines \d+–\d+/);
    expect(text).toMatch(/Candidate original, lines \d+–\d+/);
    expect(text).toContain('picked.push(best);');
    expect(text).toContain('best.push(top);');
  });
});

/**
 * A class that shares one answer (decision 622): every candidate pairs with every other, so a report lists the 5
 * closest pairs of the question and counts the rest; every pair can be reviewed (decision 823).
 */
describe.each(backends)('a class sharing one answer on %s', (backend) => {
  let h: Harness;
  const invitations: number[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    const testId = await h.importTest({ ...definition, testName: 'Word counts, one answer for all' });
    for (let index = 0; index < 8; index++) {
      const { token, invitationId } = await registerFor(h, testId, `class${index}@example.com`, { fullName: `Student ${index}` });
      const api = candidate(h, token);
      const [questionId] = questionIdsOf(await api.client.start());
      expectSuccess(await api.answer(questionId!, { code: corpus('honest-d.js') }));
      expectSuccess(await api.submit());
      invitations.push(invitationId);
    }
    await h.drainJobs();
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists 5 pairs with their other sides, counts the other 2, says so in the PDF, and reviews an unlisted pair', async () => {
    const first = invitations[0]!;
    const details = expectSuccess<ReportDetails>(await h.request({ method: 'GET', url: `/v2/org/report/${first}/details` }));
    const listed = details.integrity.similarity ?? [];
    expect(listed).toHaveLength(5);
    expect(details.integrity.omittedSimilarPairs).toBe(2);
    for (const pair of listed) expect(pair.regions[0]!.otherCode).toContain('function');
    const pdf = await h.request({ method: 'GET', url: `/v2/org/report/${first}/pdf` });
    expect(pdfText(pdf.rawPayload).replace(/\s+/g, ' ')).toContain(
      `2 more pairs at or above 0.5 not listed: the 5 highest of each question are, and any reviewed. See all of them: assay similarity ${first}`,
    );
    const all = await h.store.similarity.pairsOf(h.org.orgId, first);
    expect(all).toHaveLength(7);
    const listedIds = new Set(listed.map((pair) => pair.eventId));
    const unlisted = all.find((pair) => !listedIds.has(`similarity-${pair.pairId}`))!;
    const body = { outcome: 'dismissed', note: 'Common answer.' };
    // Every pair is reviewable, the unlisted ones too (decision 823: `GET …/similarity` shows them; similarity-pairs.test.ts).
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${first}/evidence/similarity-${unlisted.pairId}`, body }));
    expectSuccess(await h.request({ method: 'PUT', url: `/v2/org/testinvitation/${first}/evidence/${listed[0]!.eventId}`, body }));
  });
});
