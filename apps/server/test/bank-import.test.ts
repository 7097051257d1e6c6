import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BankImportReport, TestDetails, TestList } from '@assay/domain';
import { expectFailure, expectSuccess } from './helpers/expectations.js';
import { backends, startHarness, type Harness } from './helpers/test-app.js';

const MOODLE = readFileSync(new URL('./fixtures/bank/moodle-bank.xml', import.meta.url), 'utf8');
const GIFT = readFileSync(new URL('./fixtures/bank/gift-bank.gift', import.meta.url), 'utf8');

/** Issue 62 item 6, "Bring your bank" (decisions 1473–1480): a Moodle XML or GIFT bank becomes a test, with a report. */
describe.each(backends)('importing a question bank on %s', (backend) => {
  let h: Harness;
  const importBank = (body: unknown, apiKey = h.org.apiKey, headers: Record<string, string> = {}) =>
    h.request({ method: 'POST', url: '/v2/org/tests/import-bank', apiKey, body, headers });
  const testCount = async () => expectSuccess<TestList>(await h.request({ method: 'GET', url: '/v2/org/tests', apiKey: h.org.apiKey })).testsCount;

  beforeAll(async () => {
    h = await startHarness(backend);
  });
  afterAll(() => h.close());

  it('imports a Moodle XML bank as a test, a section per category, and reads it back', async () => {
    const report = expectSuccess<BankImportReport>(await importBank({ format: 'moodle-xml', content: MOODLE, testName: 'SQL from Moodle' }));
    expect(report.importedCount).toBe(6);
    expect(report.skipped.map((item) => item.type)).toEqual(['description', 'matching', 'calculated']);
    expect(report.notCarried).toContainEqual({ index: 1, name: 'What SELECT returns', what: 'the general feedback' });
    const details = expectSuccess<TestDetails>(await h.request({ method: 'GET', url: `/v2/org/tests/${report.test.testId}`, apiKey: h.org.apiKey }));
    expect(details).toMatchObject({ testName: 'SQL from Moodle', questions: 6, duration: 12, testStatus: 'Active' });
    expect(details.sections.map((section) => [section.sectionName, section.questions])).toEqual([
      ['SQL basics', 4],
      ['Numbers', 2],
    ]);
    const stored = (await h.store.attempts.questions(report.test.testId)).map((question) => question.definition);
    expect(stored.map((question) => question.type)).toEqual(['single_choice', 'multiple_choice', 'single_choice', 'short_answer', 'short_answer', 'free_text']);
    expect(stored[0]).toMatchObject({
      marks: 2,
      negativeMarks: 1,
      text: 'What does this query return?\n\n```sql\nSELECT name FROM people WHERE age > 30;\n```',
    });
    expect(stored[3]).toMatchObject({ acceptedAnswers: [{ answer: 'ORDER BY', match: 'text' }, { match: 'pattern' }] });
  });

  it('imports a GIFT bank, naming the test after its first category', async () => {
    const report = expectSuccess<BankImportReport>(await importBank({ format: 'gift', content: GIFT, minutesPerQuestion: 1.5 }));
    expect(report.test).toMatchObject({ testName: 'Git', questions: 6, duration: 9 });
    expect(report.skipped).toEqual([{ index: 7, name: 'Match commands', type: 'Matching', why: 'matching questions have no Assay question type' }]);
  });

  it('refuses a bank it cannot read (400.136) naming the line, and stores nothing', async () => {
    const before = await testCount();
    const xml = expectFailure(await importBank({ format: 'moodle-xml', content: MOODLE.replace('</name>', '</nam>') }), '400.136');
    expect(xml.result).toMatch(/^The Moodle XML is not well-formed at line 18, column 5/);
    const gift = expectFailure(await importBank({ format: 'gift', content: '::Q:: Broken {=yes ~no: because}' }), '400.136');
    expect(gift.result).toMatch(/^The GIFT text cannot be read at line 1, column \d+/);
    expect(await testCount()).toBe(before);
  });

  it('refuses a bank with no question it can import (400.137), and a test that cannot be (400.138)', async () => {
    const only = '<quiz><question type="matching"><name><text>M</text></name><questiontext><text>Match</text></questiontext></question></quiz>';
    const none = expectFailure(await importBank({ format: 'moodle-xml', content: only }), '400.137');
    expect(none.result).toBe(
      'None of the bank\'s 1 questions can be imported, so no test was made. #1 "M" (matching): matching questions have no Assay question type.',
    );
    // Three categories of ten essays at an hour each: three sections of 600 minutes, more than a test may last.
    const long = [0, 1, 2]
      .map((part) => `$CATEGORY: part ${part}\n\n${Array.from({ length: 10 }, (_, at) => `::Q${at}:: Essay ${at}? {}`).join('\n\n')}`)
      .join('\n\n');
    const tooLong = expectFailure(await importBank({ format: 'gift', content: long, minutesPerQuestion: 60 }), '400.138');
    expect(tooLong.result).toContain('more than 1440 minutes');
  });

  it('refuses a format it does not read and control characters in the content (400.2)', async () => {
    expectFailure(await importBank({ format: 'qti', content: GIFT }), '400.2');
    expectFailure(await importBank({ format: 'gift', content: '::Q:: Fine? {T}\u001b' }), '400.2');
  });

  it('is for admin keys only (403.17 naming them), as importing a test is', async () => {
    const recruiter = await h.client.admin.keys.create(h.org.orgId, { role: 'recruiter', label: 'Recruiting' });
    const refused = expectFailure(await importBank({ format: 'gift', content: GIFT }, recruiter.apiKey), '403.17');
    expect(refused.result).toContain('admin');
  });

  it('is imported by @assay/client, whose refusals carry the statuscode', async () => {
    const report = await h.client.tests.importBank({ format: 'gift', content: GIFT, testName: 'Through the client' });
    expect(report).toMatchObject({ test: { testName: 'Through the client', questions: 6 }, importedCount: 6 });
    await expect(h.client.tests.importBank({ format: 'moodle-xml', content: '<quiz>' })).rejects.toMatchObject({ statuscode: '400.136' });
  });

  it('makes one test for one Idempotency-Key, answering the same report again', async () => {
    const before = await testCount();
    const headers = { 'idempotency-key': `bank-${backend}` };
    const first = expectSuccess<BankImportReport>(await importBank({ format: 'gift', content: GIFT }, h.org.apiKey, headers));
    const again = expectSuccess<BankImportReport>(await importBank({ format: 'gift', content: GIFT }, h.org.apiKey, headers));
    expect(again).toEqual(first);
    expect(await testCount()).toBe(before + 1);
  });
});
