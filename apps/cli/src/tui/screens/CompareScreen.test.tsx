import type { TestDetails } from '@assay/domain/schemas';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { completeAttempt, importExample, newOrg, type TestOrg } from '../../../test/helpers/org.js';
import { renderScreen, widestLine, type Rendered } from '../../../test/helpers/render.js';
import { CompareScreen, compareCountText } from './CompareScreen.js';

/** Issue 61 item 4 on the workbench: three marked candidates side by side at 80×24, the facts fixed, the marks below. */
describe('CompareScreen', () => {
  let org: TestOrg;
  let test: TestDetails;
  const ids: number[] = [];
  let screen: Rendered | undefined;
  beforeAll(async () => {
    org = await newOrg('Compare screen');
    test = await importExample(org.client, 'sql-and-data-modelling');
    for (const [email, name] of [
      ['ada@example.com', 'Ada Lovelace'],
      ['alan@example.com', 'Alan Turing'],
      ['grace@example.com', 'Grace Hopper'],
    ] as const) {
      const made = await org.client.invitations.register(test.testId, { emailId: email, fullName: name });
      ids.push(made.testInvitationId);
      if (name !== 'Grace Hopper') await completeAttempt(org.client, made.takeTestURL);
    }
    await org.client.decisions.decide(ids[0]!, { decision: 'shortlisted', reason: 'Careful' });
  });
  afterEach(() => screen?.unmount());

  it('shows each candidate in a column with the facts and the marks of each question, within 80 columns', async () => {
    screen = renderScreen(<CompareScreen testId={test.testId} ids={ids} />, { client: org.client, size: { columns: 80, rows: 24 } });
    const frame = await screen.waitFor((text) => text.includes('Ada Lovelace') && text.includes('questions 1–'));
    expect(frame).toContain('Alan Turing');
    expect(frame).toContain('Grace Hopper');
    expect(frame).toMatch(/shortlist/);
    expect(frame).toMatch(/^ *marks/m);
    expect(widestLine(frame)).toBeLessThanOrEqual(80);
  });

  it('asks for 2 to 5 marks instead of asking the server', async () => {
    expect(compareCountText(3)).toBeNull();
    screen = renderScreen(<CompareScreen testId={test.testId} ids={[ids[0]!]} />, { client: org.client, size: { columns: 80, rows: 24 } });
    expect(await screen.waitFor('Mark 2 to 5 candidates')).toContain('(1 marked)');
    expect(compareCountText(6)).toContain('(6 marked)');
  });
});
