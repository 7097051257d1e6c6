import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { ItemAnalysisScreen } from './ItemAnalysisScreen.js';

/** Issue 62 item 5 on the workbench: a test's item analysis at 80×24, its heading fixed and its questions scrolling. */
describe('ItemAnalysisScreen', () => {
  let org: TestOrg;
  let test: TestDetails;
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Item analysis screen');
    test = await importExample(org.client, 'sql-and-data-modelling');
    for (const email of ['ada@example.com', 'alan@example.com']) {
      const made = await org.client.invitations.register(test.testId, { emailId: email, fullName: email });
      await completeAttempt(org.client, made.takeTestURL);
    }
  });
  afterEach(() => screen?.unmount());

  it('shows a line a question with its attempts and says two attempts are too few, within 80 columns', async () => {
    screen = renderScreen(<ItemAnalysisScreen testId={test.testId} testName={test.testName} />, { client: org.client, size: { columns: 80, rows: 24 } });
    const frame = await screen.waitFor((text) => text.includes('attempts with final results') && text.includes('lines 1–'));
    expect(frame).toMatch(/#\s+QUESTION\s+VERSION\s+N\s+FAC\s+DISC\s+U-L\s+FLAGS/);
    expect(frame).toMatch(/^\s*1\s+\d+\s+[0-9a-f]{8}\s+\d\s+.*too few\s*$/m);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('says a capped pool and the question it retired, below the table', async () => {
    const question = (key: string) => ({
      type: 'single_choice' as const,
      key,
      text: `Question ${key}`,
      options: [{ text: 'yes', correct: true }, { text: 'no' }],
    });
    const capped = await org.client.tests.import({
      testName: 'Capped analysis',
      sections: [{ sectionName: 'Basics', sectionType: 'general', duration: 10, draw: 1, exposureCap: 1, questions: [question('one'), question('two')] }],
    } as Parameters<typeof org.client.tests.import>[0]);
    for (const email of ['first@example.com', 'second@example.com']) {
      const made = await org.client.invitations.register(capped.testId, { emailId: email, fullName: email });
      await completeAttempt(org.client, made.takeTestURL);
    }
    screen = renderScreen(<ItemAnalysisScreen testId={capped.testId} testName="Capped analysis" />, { client: org.client, size: { columns: 80, rows: 24 } });
    const frame = await screen.waitFor('Pool Basics: draw 1 · cap 1 · 1 retired');
    expect(frame).toMatch(/retired (one|two) \(shown 1\) on \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC/);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });
});
