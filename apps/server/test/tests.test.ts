import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleDefinition } from './helpers/fixtures.js';
import { backends, envelope, startHarness, type Harness } from './helpers/test-app.js';

describe.each(backends)('tests (4.1, 4.2, import) on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it('imports a definition and answers with the test and its sections', async () => {
    const response = await h.request({ method: 'POST', url: '/v2/org/tests', body: sampleDefinition });
    expect(response.statusCode).toBe(200);
    const body = envelope<Record<string, unknown>>(response);
    expect(body.statuscode).toBe('200.1');
    expect(body.result).toMatchObject({
      testName: 'Backend screening',
      duration: 60,
      questions: 3,
      testStatus: 'Active',
      sections: [
        { sectionName: 'Fundamentals', sectionType: 'General Questions', questions: 2, duration: 20 },
        { sectionName: 'Coding', sectionType: 'Coding Questions', questions: 1, duration: 40 },
      ],
    });
    expect(typeof body.result.testId).toBe('number');
    expect(body.result.accessKey).toMatch(/^[A-Za-z0-9_-]{16,}$/);
  });

  it('imports the same definition twice, and the second answer names the first test (sameContentAs); other content and other orgs do not count', async () => {
    const definition = { ...sampleDefinition, testName: 'Imported twice' };
    // Orgs of their own: the other tests count the harness org's tests.
    const client = h.clientFor((await h.createOrg('Twice importer')).apiKey);
    const first = await client.tests.import(definition);
    expect(first.sameContentAs).toBeNull();
    const second = await client.tests.import(definition);
    expect(second.testId).not.toBe(first.testId);
    expect(second.sameContentAs).toBe(first.testId);
    expect((await client.tests.import({ ...definition, testStatus: 'Inactive' })).sameContentAs).toBeNull();
    const other = await h.createOrg('Other importer');
    expect((await h.clientFor(other.apiKey).tests.import(definition)).sameContentAs).toBeNull();
  });

  it('lists tests with defaults page_size 20 and page_no 1, and counts them all', async () => {
    for (let i = 0; i < 21; i += 1) {
      await h.request({ method: 'POST', url: '/v2/org/tests', body: { ...sampleDefinition, testName: `Test ${i}` } });
    }
    const first = envelope<{ tests: unknown[]; testsCount: number }>(await h.request({ method: 'GET', url: '/v2/org/tests' }));
    expect(first.result.tests).toHaveLength(20);
    expect(first.result.testsCount).toBe(22);
    expect(Object.keys(first.result.tests[0] as object).sort()).toEqual(['accessKey', 'duration', 'questions', 'testId', 'testName', 'testStatus'].sort());
    const second = envelope<{ tests: unknown[] }>(await h.request({ method: 'GET', url: '/v2/org/tests?page_no=2' }));
    expect(second.result.tests).toHaveLength(2);
    const small = envelope<{ tests: unknown[] }>(await h.request({ method: 'GET', url: '/v2/org/tests?page_size=5&page_no=3' }));
    expect(small.result.tests).toHaveLength(5);
  });

  it('shows a test imported after a page was read: the last page grows, full pages stay as they were', async () => {
    const page = async (number: number) =>
      envelope<{ tests: { testName: string }[]; testsCount: number }>(await h.request({ method: 'GET', url: `/v2/org/tests?page_size=2&page_no=${number}` }))
        .result;
    // An odd count: the last page of two holds one test.
    const before = (await page(1)).testsCount;
    for (let i = 0; i < (before % 2 === 0 ? 1 : 2); i += 1) await h.importTest({ ...sampleDefinition, testName: `Paged ${i}` });
    const full = await page(1);
    const last = Math.ceil(full.testsCount / 2);
    const partial = await page(last);
    expect(partial.tests).toHaveLength(1);
    await h.importTest({ ...sampleDefinition, testName: 'Paged last' });
    expect(await page(1)).toEqual({ ...full, testsCount: full.testsCount + 1 });
    expect((await page(last)).tests.map((test) => test.testName)).toEqual([partial.tests[0]!.testName, 'Paged last']);
  });

  it('answers a page read again with the same JSON bytes and headers, the count as it is now (the body kept per page, decision 1405)', async () => {
    const read = () => h.request({ method: 'GET', url: '/v2/org/tests?page_size=3' });
    const first = await read();
    const again = await read();
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.body).toBe(first.body);
    const { testsCount } = envelope<{ testsCount: number }>(first).result;
    await h.importTest({ ...sampleDefinition, testName: 'Counted at once' });
    const after = envelope<{ tests: unknown[]; testsCount: number }>(await read()).result;
    expect(after).toEqual({ ...envelope<{ tests: unknown[] }>(first).result, testsCount: testsCount + 1 });
  });

  it('answers test details with sections, and 404.2 for an unknown test', async () => {
    const testId = await h.importTest(sampleDefinition);
    const details = envelope<{ sections: unknown[] }>(await h.request({ method: 'GET', url: `/v2/org/tests/${testId}` }));
    expect(details.result.sections).toHaveLength(2);
    const missing = await h.request({ method: 'GET', url: '/v2/org/tests/999999' });
    expect(missing.statusCode).toBe(404);
    expect(envelope(missing)).toMatchObject({ statuscode: '404.2', description: 'Test not found' });
    expect(typeof envelope(missing).result).toBe('string');
  });
});
