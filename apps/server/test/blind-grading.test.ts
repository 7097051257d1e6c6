import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyMayDo, type ReviewGradeRecorded, type ReviewQueue } from '@assay/domain';
import { orgRouteCapabilities, routeKeyOf } from '../src/auth/route-capabilities.js';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';
import { submitWritten, writtenTest } from './helpers/written-attempts.js';
import { fetchDocument, operationsOf } from './openapi/served-document.js';

/**
 * Issue 48, item 10: blind grading hides who the candidate is. The blind queue names each answer by an opaque
 * reference (decision 656), grading takes that reference, and a blind-reviewer key reads nothing that names a
 * candidate (decision 655).
 */
describe.each(backends)('blind grading on %s', (backend) => {
  let h: Harness;
  let testId: number;
  let blindKey: { keyId: number; apiKey: string };
  const attempts: Awaited<ReturnType<typeof submitWritten>>[] = [];

  beforeAll(async () => {
    h = await startHarness(backend);
    testId = await h.importTest(writtenTest);
    blindKey = await h.client.admin.keys.create(h.org.orgId, { role: 'blind-reviewer', label: 'Panel C' });
    // The essays name no one: what a candidate writes is the one thing blind cannot hide (docs/security.md).
    for (const [index, name] of ['Grace', 'Edsger'].entries()) {
      attempts.push(
        await submitWritten(h, testId, `${name.toLowerCase()}@example.com`, { short: 'Lyon', essay: `Essay ${index}, in words.` }, { fullName: name }),
      );
    }
    await h.drainJobs();
  });
  afterAll(() => h.close());

  const queue = async (query: string, apiKey?: string) =>
    expectSuccess<ReviewQueue>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review${query}`, ...(apiKey ? { apiKey } : {}) }));
  const gradeBy = (reference: string, body: unknown, apiKey?: string) =>
    h.request({ method: 'PUT', url: `/v2/org/review/${reference}/grade`, body, ...(apiKey ? { apiKey } : {}) });
  /** Anything that tells whose an answer is: a name, an address, an invitation id in any field. */
  const identifying = /Grace|Edsger|@example\.com|"testInvitationId":\d|"invitationId"/;

  it('lists the blind queue without invitation ids: each answer by a reference of its own that is not its id', async () => {
    const seeing = await queue('?page_size=100');
    const blind = await queue('?blind=true&page_size=100');
    expect(blind.items).toHaveLength(4);
    expect(blind.items.every((item) => item.testInvitationId === null && item.candidate === null)).toBe(true);
    const raw = await h.request({ method: 'GET', url: `/v2/org/tests/${testId}/review?blind=true&by=candidate` });
    expect(raw.body).not.toMatch(identifying);
    const references = blind.items.map((item) => item.reference);
    expect(new Set(references).size).toBe(4);
    // The same answer keeps its reference, blind or not, on every read (review-reference.test.ts: no id can be read from it).
    expect(references).toEqual(seeing.items.map((item) => item.reference));
    expect((await queue('?blind=true&page_size=100')).items.map((item) => item.reference)).toEqual(references);
  });

  it('grades by reference: the grade lands on that answer, and the answer names no invitation', async () => {
    const blind = await queue('?blind=true&by=candidate&page_size=100', blindKey.apiKey);
    const item = blind.items.find((each) => each.questionId === attempts[0]!.essay)!;
    const recorded = expectSuccess<ReviewGradeRecorded>(await gradeBy(item.reference, { marks: 3, comment: 'clear' }, blindKey.apiKey));
    expect(recorded).toMatchObject({ reference: item.reference, questionId: item.questionId, grade: { marks: 3, gradedBy: { label: 'Panel C' } } });
    expect(recorded).not.toHaveProperty('testInvitationId');
    const seeing = await queue('?page_size=100');
    const graded = seeing.items.find((each) => each.reference === item.reference)!;
    expect(graded.grade).toMatchObject({ marks: 3, comment: 'clear' });
    expect(attempts.map((attempt) => attempt.invitationId)).toContain(graded.testInvitationId);
  });

  it('answers a made-up, a malformed and another org’s reference like a missing answer, naming no invitation', async () => {
    const [item] = (await queue('?blind=true')).items;
    const madeUp = expectFailure(await gradeBy('A'.repeat(22), { marks: 1 }), '404.4');
    expect(madeUp.result).not.toMatch(/invitation \d/);
    const other = await h.createOrg('Other');
    expectFailure(await gradeBy(item!.reference, { marks: 1 }, other.apiKey), '404.4');
    expectFailure(await gradeBy('37', { marks: 1 }), '400.3');
  });

  it('answers a blind-reviewer key blind even when it asks to see', async () => {
    const asked = await queue('?blind=false&page_size=100', blindKey.apiKey);
    expect(asked.blind).toBe(true);
    expect(asked.items.every((item) => item.testInvitationId === null && item.candidate === null)).toBe(true);
  });

  it('refuses a blind-reviewer key the reports and every route that names a candidate (403.17), and shows no candidate on the rest', async () => {
    const [attempt] = attempts;
    for (const url of [`/v2/org/report/${attempt!.invitationId}`, `/v2/org/report/${attempt!.invitationId}/details`, `/v2/org/report/${testId}/excel`]) {
      const refused = expectFailure(await h.request({ method: 'GET', url, apiKey: blindKey.apiKey }), '403.17');
      expect(refused.result).toMatch(/^A blind-reviewer key may not /);
    }
    const routes = operationsOf(await fetchDocument(h))
      .filter(({ path }) => path.startsWith('/v2/org/'))
      .map(({ method, path }) => ({ method: method.toUpperCase(), url: path.replace(/\{(\w+)\}/g, ':$1') }));
    const ids: Record<string, number> = { testId, testInvitationId: attempt!.invitationId, questionId: attempt!.essay, testLinkId: 1, jobId: 1 };
    for (const route of routes) {
      const capability = orgRouteCapabilities[routeKeyOf(route.method, route.url)]!;
      const url = route.url.replace(/:(\w+)/g, (_, name: string) => String(ids[name] ?? 'x'));
      if (!keyMayDo('blind-reviewer', capability)) {
        const response = await h.request({ method: route.method as 'GET', url, apiKey: blindKey.apiKey, ...(route.method === 'GET' ? {} : { body: {} }) });
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(403);
      } else if (route.method === 'GET') {
        const response = await h.request({ method: 'GET', url, apiKey: blindKey.apiKey });
        expect(response.body, `${route.method} ${route.url}`).not.toMatch(identifying);
      }
    }
  });
});
