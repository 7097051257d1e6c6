import type { TestDetails } from '@assay/domain/schemas';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { candidateTokenOf } from '@assay/client';
import { exampleDefinition, importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { KEYS, renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { TestDetailsScreen } from './TestDetailsScreen.js';

describe('TestDetailsScreen against a real server', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Test details');
    test = await importExample(org.client, 'javascript-fundamentals');
  });
  afterEach(() => screen?.unmount());

  it('shows the test with its sections and opens links, invitations and registration', async () => {
    screen = renderScreen(<TestDetailsScreen testId={test.testId} />, { client: org.client });
    const frame = await screen.waitFor('JavaScript concepts');
    expect(frame).toContain('JavaScript Fundamentals');
    expect(frame).toContain('General Questions');
    expect(frame).toContain('Coding Questions');
    expect(frame).toContain(`Access key ${test.accessKey}`);
    expect(await screen.waitFor('Version 1')).not.toContain('version 1:');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    await screen.press('l', 'i', 'n');
    expect(screen.opened).toEqual([
      { screen: 'links', testId: test.testId, testName: 'JavaScript Fundamentals' },
      { screen: 'invitations', testId: test.testId, testName: 'JavaScript Fundamentals' },
      { screen: 'register', testId: test.testId, testName: 'JavaScript Fundamentals', link: null },
    ]);
  });

  it('says the current version and the attempts on each once the test has changed', async () => {
    const changed = await importExample(org.client, 'javascript-fundamentals');
    const registered = await org.client.invitations.register(changed.testId, { emailId: 'v1@example.com', fullName: 'On Version One' });
    await org.client.candidate(candidateTokenOf(registered.takeTestURL)).start();
    const definition = exampleDefinition('javascript-fundamentals') as Parameters<typeof org.client.tests.addVersion>[1];
    await org.client.tests.addVersion(changed.testId, { ...definition, testName: 'JavaScript Fundamentals, second edition' });
    screen = renderScreen(<TestDetailsScreen testId={changed.testId} />, { client: org.client });
    const frame = await screen.waitFor('Version 2 ·');
    expect(frame).toContain('JavaScript Fundamentals, second edition');
    expect(frame).toContain('Version 2 · version 1: 1 attempt, version 2: 0 attempts');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('says each capped pool at 80×24: its cap, the question retired and when, the one kept at the floor', async () => {
    const question = (key: string) => ({
      type: 'single_choice' as const,
      key,
      text: `Question ${key}`,
      options: [{ text: 'yes', correct: true }, { text: 'no' }],
    });
    const capped = await org.client.tests.import({
      testName: 'Capped pool',
      sections: [{ sectionName: 'Basics', sectionType: 'general', duration: 10, draw: 1, exposureCap: 1, questions: [question('first'), question('second')] }],
    } as Parameters<typeof org.client.tests.import>[0]);
    // The first start shows one question to its cap; the second retires it and shows the other, which the pool keeps.
    for (const email of ['one@example.com', 'two@example.com']) {
      const registered = await org.client.invitations.register(capped.testId, { emailId: email, fullName: 'Capped Candidate' });
      await org.client.candidate(candidateTokenOf(registered.takeTestURL)).start();
    }
    screen = renderScreen(<TestDetailsScreen testId={capped.testId} />, { client: org.client });
    const frame = await screen.waitFor('Pool Basics: draw 1 · cap 1 · 1 retired');
    expect(frame).toMatch(/retired (first|second) \(shown 1\) on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(frame).toMatch(/(first|second) \(shown 1\): cap reached, still asked/);
    expect(frame).toContain('cap reached, still asked: the pool would fall below its draw');
    expect(frame).toContain('Version 2 · version 1: 1 attempt, version 2: 1 attempt');
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
    expect(frame.split('\n').length).toBeLessThanOrEqual(24);
  });

  it('exports the Excel report to the path typed, with its outcome shown', async () => {
    screen = renderScreen(<TestDetailsScreen testId={test.testId} />, { client: org.client });
    await screen.waitFor('JavaScript concepts');
    await screen.press('x');
    await screen.waitFor(`Save to: assay-test-${test.testId}-report.xlsx`);
    await screen.expectChrome({ typing: true, modal: true });
    await screen.press(...Array<string>(5).fill(KEYS.backspace), 'book.xlsx', KEYS.enter);
    await screen.waitFor(new RegExp(`✓ Saved ${screen.downloadDir}/assay-test-\\d+-reportbook\\.xlsx`));
    // The workbook is streamed without a length: an activity bar moved beside the bytes received.
    expect(screen.frames.some((frame) => /Downloading assay-test-\d+-reportbook\.xlsx [░█]{10,} [\d.]+ (B|KiB)/.test(frame))).toBe(true);
    const bytes = readFileSync(join(screen.downloadDir, `assay-test-${test.testId}-reportbook.xlsx`));
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
  });

  it('cancels the export prompt with Esc', async () => {
    screen = renderScreen(<TestDetailsScreen testId={test.testId} />, { client: org.client });
    await screen.waitFor('JavaScript concepts');
    await screen.press('x');
    await screen.waitFor('Save to:');
    await screen.press(KEYS.escape);
    await screen.waitFor((frame) => !frame.includes('Save to:'));
    await screen.expectChrome({ modal: false });
  });

  it('shows an unknown test inline', async () => {
    screen = renderScreen(<TestDetailsScreen testId={987_654} />, { client: org.client });
    const frame = await screen.waitFor('✗ 404.2');
    expect(frame).toContain('987654');
  });
});
