import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportedTest, TestDetails } from '@assay/domain';
import type { LibraryItemDetails, LibraryList, ReadyTestList } from '@assay/domain/library';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

/**
 * Issue 62 items 1 and 2 (decisions 1481–1484): the open library through the API — filtered, whole, its ready tests —
 * and a new test made of a ready test or of chosen items, on each store, with the sources' attribution in its
 * description; refusals for what is not in the library, and for a key that may not import.
 */
describe.each(backends)('the library on %s', (backend) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());
  const get = <T>(url: string) => h.request({ method: 'GET', url }).then((response) => expectSuccess<T>(response));
  const importing = (body: unknown, apiKey?: string) => h.request({ method: 'POST', url: '/v2/org/library/import', body, ...(apiKey ? { apiKey } : {}) });

  it('lists items filtered by skill (any case), type, language and level together, paged, with every skill', async () => {
    const all = await get<LibraryList>('/v2/org/library?page_size=100');
    expect(all.itemsCount).toBeGreaterThanOrEqual(all.items.length);
    expect(all.skills).toEqual(
      expect.arrayContaining(['SQL', 'Git', 'HTTP', 'Linux', 'Python', 'JavaScript', 'Java', 'Data structures', 'Security', 'Testing']),
    );
    const sql = await get<LibraryList>('/v2/org/library?skill=sql&type=single_choice&level=junior');
    expect(sql.items.length).toBeGreaterThan(0);
    for (const item of sql.items) {
      expect(item.skills.map((skill) => skill.toLowerCase())).toContain('sql');
      expect([item.type, item.level]).toEqual(['single_choice', 'junior']);
      expect(item.licence).toEqual({ spdx: 'MIT', shareAlike: false });
    }
    const inC = await get<LibraryList>('/v2/org/library?language=c');
    expect(inC.items.length).toBeGreaterThan(0);
    expect(inC.items.every((item) => item.type === 'coding' && item.languages.includes('c'))).toBe(true);
    const firstPage = await get<LibraryList>('/v2/org/library?page_size=2');
    const secondPage = await get<LibraryList>('/v2/org/library?page_size=2&page_no=2');
    expect(firstPage.items.map((item) => item.id)).toEqual(all.items.slice(0, 2).map((item) => item.id));
    expect(secondPage.items.map((item) => item.id)).toEqual(all.items.slice(2, 4).map((item) => item.id));
    expectFailure(await h.request({ method: 'GET', url: '/v2/org/library?type=essay' }), '400.4');
  });

  it('answers one item whole with its explanation, and 404.126 for an id that is none', async () => {
    const item = await get<LibraryItemDetails>('/v2/org/library/items/leap-year');
    expect(item.source.name).toBe('exercism/problem-specifications');
    expect(item.explanation).toContain('400');
    expect(item.question).toMatchObject({ type: 'coding', functionName: 'isLeapYear' });
    expect((item.question.hiddenTests as unknown[]).length).toBeGreaterThan(0);
    const missing = expectFailure(await h.request({ method: 'GET', url: '/v2/org/library/items/no-such-item' }), '404.126');
    expect(missing.result).toContain('no-such-item');
  });

  it('imports a ready test as a new test of the org, with its sections, verdict bands and the sources named', async () => {
    const { tests } = await get<ReadyTestList>('/v2/org/library/tests');
    const java = tests.find((test) => test.id === 'backend-java-junior')!;
    expect(java.duration).toBe(java.sections.reduce((total, section) => total + section.duration, 0));
    const imported = expectSuccess<ImportedTest>(await importing({ readyTest: java.id, testName: 'Java juniors, spring' }));
    const details = await get<TestDetails>(`/v2/org/tests/${imported.testId}`);
    expect(details.testName).toBe('Java juniors, spring');
    expect(details.sections.map((section) => section.sectionName)).toEqual(java.sections.map((section) => section.sectionName));
    // Stored with the test, and shown on the candidate's landing page: the attribution the sources' licences ask for.
    const { description } = (await h.store.reports.testRecord(h.org.orgId, imported.testId))!;
    expect(description).toContain('Includes material from:');
    expect(description).toContain('exercism/problem-specifications');
    // The new test is the org's like any other: it lists, and another org does not see it.
    const other = await h.createOrg('Other library org');
    expectFailure(await h.request({ method: 'GET', url: `/v2/org/tests/${imported.testId}`, apiKey: other.apiKey }), '404.2');
  });

  it('makes a test of chosen items: the questions first, then the coding problems; refuses unknown and repeated ids', async () => {
    const imported = expectSuccess<ImportedTest>(await importing({ items: ['leap-year', 'git-staged-diff', 'sql-distinct-keyword'], testName: 'Chosen' }));
    const details = await get<TestDetails>(`/v2/org/tests/${imported.testId}`);
    expect(details.sections.map((section) => [section.sectionName, section.questions])).toEqual([
      ['Questions', 2],
      ['Coding', 1],
    ]);
    expect(expectFailure(await importing({ items: ['git-staged-diff', 'nope-one', 'nope-two'], testName: 'X' }), '400.139').result).toContain(
      'nope-one, nope-two',
    );
    expect(expectFailure(await importing({ items: ['git-staged-diff', 'git-staged-diff'], testName: 'X' }), '400.139').result).toContain('twice');
    expectFailure(await importing({ readyTest: 'no-such-test' }), '404.126');
    expectFailure(await importing({ items: [], testName: 'X' }), '400.2');
    expect(expectFailure(await importing({ items: ['git-staged-diff'] }), '400.2').result).toContain('needs a name');
    expect(expectFailure(await importing({ readyTest: 'data-analyst-sql', items: ['git-staged-diff'] }), '400.2').result).toContain('one of them');
  });

  it('adds items to an existing test as its next version, an attempt started before keeping its own (decision 1491)', async () => {
    const { testId } = expectSuccess<ImportedTest>(await importing({ items: ['git-staged-diff'], testName: 'Growing' }));
    const registered = await h.client.invitations.register(testId, { emailId: 'early@example.com', fullName: 'Early Bird' });
    const early = h.client.candidate(registered.takeTestURL.split('/t/')[1]!);
    await early.start();
    const adding = (body: unknown, id = testId, apiKey?: string) =>
      h.request({ method: 'POST', url: `/v2/org/tests/${id}/library-items`, body, ...(apiKey ? { apiKey } : {}) });
    expect(expectSuccess(await adding({ items: ['leap-year', 'sql-distinct-keyword'] }))).toEqual({ testId, version: 2, created: true });
    const details = await get<TestDetails>(`/v2/org/tests/${testId}`);
    expect(details.sections.map((section) => [section.sectionName, section.questions])).toEqual([
      ['Questions', 1],
      ['Questions', 1],
      ['Coding', 1],
    ]);
    expect((await early.session()).test.sections.map((section) => section.sectionName)).toEqual(['Questions']);
    expect(expectSuccess(await adding({ readyTest: 'data-analyst-sql' }))).toMatchObject({ testId, version: 3, created: true });
    expect(expectFailure(await adding({ items: ['nope-one'] }), '400.139').result).toContain('nope-one');
    expectFailure(await adding({ readyTest: 'no-such-test' }), '404.126');
    expect(expectFailure(await adding({ readyTest: 'data-analyst-sql', items: ['leap-year'] }), '400.2').result).toContain('one of them');
    const other = await h.createOrg('Other library org');
    expectFailure(await adding({ items: ['leap-year'] }, testId, other.apiKey), '404.2');
    expectFailure(await adding({ items: ['leap-year'] }, 99_999_999), '404.2');
  });

  it('lets a reviewer key read the library and refuses it an import, naming the roles that may', async () => {
    const reviewer = await h.client.admin.keys.create(h.org.orgId, { role: 'reviewer', label: 'Panel' });
    expectSuccess(await h.request({ method: 'GET', url: '/v2/org/library', apiKey: reviewer.apiKey }));
    const refused = expectFailure(await importing({ readyTest: 'data-analyst-sql' }, reviewer.apiKey), '403.17');
    expect(refused.result).toMatch(/admin/);
  });
});
